package io.neardup.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** Where the documents come from and what to do with bad records. */
final class InputOptions {
  /** What happens to a bad input record. */
  enum OnError {
    /** Report the record and go on; the summary counts it. */
    SKIP,
    /** Report the record and stop with exit code 1. */
    FAIL
  }

  @Option(
      names = "--input",
      required = true,
      paramLabel = "FILE",
      description =
          "JSONL file (one JSON object per line; read gzip-compressed too) or directory of UTF-8"
              + " text files (the id is the path relative to it; hidden files are skipped). A"
              + " record (line or file) must be valid UTF-8 and at most "
              + CorpusReader.MAX_RECORD_SIZE
              + "; an id must not be blank or hold a tab or line break.")
  Path input;

  @Option(
      names = "--id-field",
      paramLabel = "NAME",
      defaultValue = "id",
      description = "JSONL field of the unique document id (default: ${DEFAULT-VALUE}).")
  String idField;

  @Option(
      names = "--text-field",
      paramLabel = "NAME",
      defaultValue = "text",
      description = "JSONL field of the text (default: ${DEFAULT-VALUE}).")
  String textField;

  @Option(
      names = "--fields",
      paramLabel = "NAME",
      split = ",",
      description =
          "JSONL fields to index besides the id and the text, for the --canonical FIELD:asc|desc"
              + " policies of later clusters and search commands (default: none, and dedup indexes"
              + " the field of its own --canonical). No other field is read or checked.")
  List<String> fields = new ArrayList<>();

  /** Fields other options of the command need, e.g. the field of --canonical. */
  private final Set<String> wanted = new LinkedHashSet<>();

  @Option(
      names = "--on-error",
      paramLabel = "skip|fail",
      defaultValue = "fail",
      description =
          "What a bad record (invalid JSON or UTF-8, missing, bad or duplicate id, missing text)"
              + " does: skip it and go on, or fail the run (default: ${DEFAULT-VALUE}). Either way"
              + " it is reported with its line number, and a run whose records are all bad fails.")
  OnError onError;

  /** Asks for one more JSONL field to be read and indexed. */
  void want(String field) {
    wanted.add(field);
  }

  /** The JSONL fields to read besides the id and the text: --fields and those asked for. */
  Set<String> fields() {
    Set<String> all = new LinkedHashSet<>(fields);
    all.addAll(wanted);
    return all;
  }
}
