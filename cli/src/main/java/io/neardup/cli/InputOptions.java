package io.neardup.cli;

import java.nio.file.Path;
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
          "JSONL file (one JSON object per line) or directory of UTF-8 text files (the id is the"
              + " path relative to it; hidden files are skipped).")
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
      names = "--on-error",
      paramLabel = "skip|fail",
      defaultValue = "fail",
      description =
          "What a bad record (invalid JSON, missing or duplicate id, missing text) does: skip it"
              + " and go on, or fail the run (default: ${DEFAULT-VALUE}). Either way it is reported"
              + " with its line number.")
  OnError onError;
}
