package io.neardup.cli.options;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** Where the documents come from and what to do with bad records. */
public final class InputOptions {
  /** What happens to a bad input record. */
  public enum OnError {
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
          "JSONL file (one JSON object per line; read gzip-compressed too), directory of UTF-8"
              + " text files (the id is the path relative to it; hidden files are skipped),"
              + " directory of .html/.htm pages (when it holds only those, or with --base-url or"
              + " --boilerplate), or WARC file (.warc, .warc.gz: its HTML responses, the id is the"
              + " WARC-Target-URI). A record (line or file) must be at most a 16th of the heap"
              + " (64 MiB with the default 1 GB; NEARDUP_JAVA_OPTS=-Xmx... raises it), a web"
              + " page a 32nd; text must be valid UTF-8; an id must not be blank or hold a tab or"
              + " line break.")
  public Path input;

  @Option(
      names = "--id-field",
      paramLabel = "NAME",
      defaultValue = "id",
      description = "JSONL field of the unique document id (default: ${DEFAULT-VALUE}).")
  public String idField;

  @Option(
      names = "--text-field",
      paramLabel = "NAME",
      defaultValue = "text",
      description = "JSONL field of the text (default: ${DEFAULT-VALUE}).")
  public String textField;

  @Option(
      names = "--html-field",
      paramLabel = "NAME",
      description =
          "JSONL field holding a web page's HTML, read instead of --text-field: the page's main"
              + " text (see --boilerplate) is what is compared (default: none, the input is text).")
  public String htmlField;

  @Option(
      names = "--url-field",
      paramLabel = "NAME",
      description =
          "JSONL field holding the URL of the page in --html-field: its links resolve against it"
              + " and --boilerplate site groups pages by it (default: none; pages are then grouped"
              + " by their ids).")
  public String urlField;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description =
          "For a directory of HTML pages: the URL the directory is served at; a page's URL is it"
              + " followed by the page's relative path. Reads the directory as HTML pages.")
  public String baseUrl;

  @Option(
      names = "--boilerplate",
      paramLabel = "none|local|site",
      description =
          "What of a web page's text is compared: local keeps the blocks a per-page classifier"
              + " finds to be content (text and link density, word counts, position, HTML5/ARIA"
              + " landmarks), dropping navigation, headers, footers and sidebars; site first drops"
              + " the blocks that recur on half the pages of a site directory (host and path up to"
              + " the last /; learnt in a first pass over the input), then applies local; none"
              + " keeps all visible text (default for HTML input: site; local for JSONL pages"
              + " without --url-field, which site would need to group them).")
  public String boilerplate;

  @Option(
      names = "--keep-text",
      paramLabel = "DIR",
      description =
          "Write the main text of each web page into DIR, one file a page, and DIR/pages.tsv with"
              + " each page's file, id, URL, words kept, words in all and boilerplate fraction,"
              + " to see what was compared, and beside each page's file FILE.blocks.tsv with its"
              + " blocks in order, kept (+) or dropped (-) and the reason the extraction gives"
              + " (link-dense, template, outside-region, ...), to see why.")
  public java.nio.file.Path keepText;

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
      names = "--languages",
      paramLabel = "any|auto|LIST",
      description =
          "Language pre-filter on the (main) text: any (default) identifies nothing; auto"
              + " identifies each document's language and compares documents only with documents"
              + " of their own language; a list of ISO 639-1 or 639-3 codes (en,de or eng,deu;"
              + " und for texts too short to tell) also sets aside the documents of other"
              + " languages, counted in the summary.")
  String languages;

  @Option(
      names = "--on-error",
      paramLabel = "skip|fail",
      defaultValue = "fail",
      description =
          "What a bad record (invalid JSON or UTF-8, missing, bad or duplicate id, missing text)"
              + " does: skip it and go on, or fail the run (default: ${DEFAULT-VALUE}). Either way"
              + " it is reported with its line number, and a run whose records are all bad fails.")
  public OnError onError;

  /** The boilerplate removal asked for, or the default; a bad name is a usage error. */
  public io.neardup.web.boilerplate.Boilerplate boilerplate(
      picocli.CommandLine.Model.CommandSpec spec) {
    if (boilerplate == null) {
      return io.neardup.web.boilerplate.Boilerplate.DEFAULT;
    }
    try {
      return io.neardup.web.boilerplate.Boilerplate.parse(boilerplate);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--boilerplate", e.getMessage());
    }
  }

  /**
   * The language pre-filter asked for, or null for none; a bad code is a usage error naming the
   * option.
   */
  public LanguageFilter languages(picocli.CommandLine.Model.CommandSpec spec) {
    if (languages == null || languages.equals("any")) {
      return null;
    }
    try {
      return LanguageFilter.parse(languages);
    } catch (IllegalArgumentException e) {
      throw Options.invalid(spec, "--languages", e.getMessage());
    }
  }

  /** A new language pre-filter (with its own counts) for options already checked, or null. */
  public LanguageFilter languageFilter() {
    return languages == null || languages.equals("any") ? null : LanguageFilter.parse(languages);
  }

  // the input is read once more for a report: pages come with their blocks, --keep-text is done
  private boolean forReport;

  /**
   * Marks the input as read once more for a report, after the run: web pages then come with their
   * blocks and why each was kept ({@code CorpusReader.Record#explained}), and {@code --keep-text}
   * (written by the run) is not written again.
   */
  public void forReport() {
    forReport = true;
  }

  /** Whether the input is read for a report (see {@link #forReport()}). */
  public boolean readForReport() {
    return forReport;
  }

  /** Asks for one more JSONL field to be read and indexed. */
  public void want(String field) {
    wanted.add(field);
  }

  /** The JSONL fields to read besides the id and the text: --fields and those asked for. */
  public Set<String> fields() {
    Set<String> all = new LinkedHashSet<>(fields);
    all.addAll(wanted);
    return all;
  }
}
