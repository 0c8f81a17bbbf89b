package io.neardup.cli.input;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.Options;
import io.neardup.cli.output.CliFailure;
import io.neardup.util.Futures;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.SiteTemplates;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Web pages as records: a directory of HTML files, JSONL with an HTML field, or a WARC file. Each
 * page becomes a record whose text is its main text ({@code --boilerplate}); records that are not
 * HTML pages are set aside and counted in the summary ({@link CorpusReader#notes()}).
 *
 * <p>A page's fields may include {@code url}, {@code date} (the WARC-Date, for WARC input) and
 * {@code boilerplate_fraction} (the fraction of its words the extraction set aside, 0 to 1) when
 * {@code --fields} or {@code --canonical} asks for them: {@code --canonical earliest} and {@code
 * --canonical boilerplate} read the last two.
 */
public final class WebCorpus {
  /** The field of a page's URL, when asked for. */
  public static final String URL_FIELD = "url";

  /** The field of a WARC record's capture time (ISO-8601, UTC, seconds), when asked for. */
  static final String DATE_FIELD = CanonicalPolicy.DATE_FIELD;

  /** The field of a page's fraction of boilerplate words, when asked for. */
  public static final String BOILERPLATE_FIELD = CanonicalPolicy.BOILERPLATE_FIELD;

  private WebCorpus() {}

  /** What kind of input the options name. */
  public enum Kind {
    TEXT,
    HTML_FILES,
    HTML_JSONL,
    WARC
  }

  /** The kind of input, from the options, the file's name and its first bytes. */
  public static Kind kind(InputOptions input) throws IOException {
    Path path = input.input;
    if (Files.isDirectory(path)) {
      if (input.baseUrl != null || input.boilerplate != null) {
        return Kind.HTML_FILES;
      }
      return onlyHtml(path) ? Kind.HTML_FILES : Kind.TEXT;
    }
    if (isWarc(path)) {
      return Kind.WARC;
    }
    return input.htmlField != null ? Kind.HTML_JSONL : Kind.TEXT;
  }

  /** Checks the web options against the input; every failure is a usage error naming the option. */
  public static void check(CommandSpec spec, InputOptions input) throws IOException {
    input.boilerplate(spec);
    if (!Files.exists(input.input)) {
      return; // the caller names the missing input
    }
    Kind kind = kind(input);
    if (input.urlField != null && input.htmlField == null) {
      throw Options.invalid(
          spec, "--url-field", "needs --html-field, the JSONL field of the page's HTML");
    }
    if (input.htmlField != null && kind != Kind.HTML_JSONL) {
      throw Options.invalid(
          spec, "--html-field", "applies to a JSONL file, got " + describe(kind, input.input));
    }
    if (input.baseUrl != null) {
      if (kind != Kind.HTML_FILES) {
        throw Options.invalid(
            spec,
            "--base-url",
            "applies to a directory of HTML pages, got " + describe(kind, input.input));
      }
      String problem = baseUrlProblem(input.baseUrl);
      if (problem != null) {
        throw Options.invalid(spec, "--base-url", problem);
      }
    }
    if (input.keepText != null) {
      if (kind == Kind.TEXT) {
        throw Options.invalid(
            spec,
            "--keep-text",
            "applies to HTML input (a directory of .html files, JSONL with --html-field, a WARC"
                + " file), got the text input "
                + input.input);
      }
      if (Files.exists(input.keepText) && !Files.isDirectory(input.keepText)) {
        throw Options.invalid(
            spec, "--keep-text", "must be a directory, got the file " + input.keepText);
      }
      if (input
          .keepText
          .toAbsolutePath()
          .normalize()
          .equals(input.input.toAbsolutePath().normalize())) {
        throw Options.invalid(
            spec, "--keep-text", "must not be the input directory, got " + input.keepText);
      }
    }
    if (input.boilerplate != null && kind == Kind.TEXT) {
      throw Options.invalid(
          spec,
          "--boilerplate",
          "applies to HTML input (a directory of .html files, JSONL with --html-field, a WARC"
              + " file), got the text input "
              + input.input);
    }
  }

  private static String describe(Kind kind, Path path) {
    return switch (kind) {
      case WARC -> "the WARC file " + path;
      case HTML_FILES, TEXT -> (Files.isDirectory(path) ? "the directory " : "the file ") + path;
      case HTML_JSONL -> "the JSONL file " + path;
    };
  }

  /** Why a base URL is not usable, or null if it is. */
  static String baseUrlProblem(String url) {
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme();
      if (scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
          || uri.getHost() == null) {
        return "must be an absolute http or https URL, got [" + url + "]";
      }
      return null;
    } catch (URISyntaxException e) {
      return "must be an absolute http or https URL, got [" + url + "] (" + e.getReason() + ")";
    }
  }

  /**
   * Opens web input, or returns null if the input is text.
   *
   * @throws CliFailure if an option value is wrong (commands check them before, as usage errors)
   */
  static CorpusReader open(InputOptions input) throws IOException {
    Kind kind = kind(input);
    if (kind == Kind.TEXT) {
      return null;
    }
    Boilerplate boilerplate;
    String why = "";
    try {
      boilerplate =
          input.boilerplate == null ? Boilerplate.DEFAULT : Boilerplate.parse(input.boilerplate);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--boilerplate: " + e.getMessage());
    }
    if (input.boilerplate == null && kind == Kind.HTML_JSONL && input.urlField == null) {
      // site groups pages by URL: without URLs every page would share one group, and a text on
      // half of them would be taken for template and lost
      boilerplate = Boilerplate.LOCAL;
      why = ", not the default site: no --url-field to group pages by";
    }
    SiteTemplates templates = null;
    if (boilerplate == Boilerplate.SITE) {
      // pass 1: every page's blocks counted in its group; bad records wait for pass 2's report
      templates = new SiteTemplates();
      learn(reader(kind, input, new Pages(boilerplate, templates, true)));
    }
    Pages pages = new Pages(boilerplate, templates, false);
    pages.why = why;
    pages.keepFraction = input.fields().contains(BOILERPLATE_FIELD);
    pages.explain = input.readForReport();
    if (input.keepText != null && !input.readForReport()) {
      // a report reads the pages it shows once more, after the run wrote them all
      pages.keepText(input.keepText);
    }
    return reader(kind, input, pages);
  }

  /**
   * Reads every page of the learning pass: one thread reads, the others parse and count the pages'
   * blocks (parsing is what costs).
   */
  private static void learn(CorpusReader learn) throws IOException {
    int threads = Runtime.getRuntime().availableProcessors();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "neardup-site-templates");
              t.setDaemon(true);
              return t;
            });
    // a bound on the pages read ahead of the parsers, so memory stays a few pages per thread
    Semaphore ahead = new Semaphore(4 * threads);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    try (learn) {
      while (failure.get() == null) {
        CorpusReader.Record record;
        try {
          record = learn.read();
        } catch (CorpusReader.BadRecord bad) {
          continue; // reported when the pages are read for real
        }
        if (record == null) {
          break;
        }
        ahead.acquireUninterruptibly();
        pool.execute(() -> {
          try {
            record.text();
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          } finally {
            ahead.release();
          }
        });
      }
    } finally {
      pool.shutdown();
      try {
        if (!pool.awaitTermination(1, TimeUnit.DAYS)) {
          throw new IOException("learning site templates did not end");
        }
      } catch (InterruptedException e) {
        pool.shutdownNow();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while learning site templates", e);
      }
    }
    if (failure.get() != null) {
      Futures.rethrow(failure.get());
    }
  }

  private static CorpusReader reader(Kind kind, InputOptions input, Pages pages)
      throws IOException {
    Set<String> fields = input.fields();
    return switch (kind) {
      case HTML_FILES -> new HtmlFiles(input.input, input.baseUrl, pages, fields);
      case HTML_JSONL -> new HtmlJsonLines(input, pages, fields);
      case WARC -> new WarcFile(input.input, pages, fields);
      case TEXT -> throw new AssertionError();
    };
  }

  static boolean isHtmlName(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".html") || name.endsWith(".htm");
  }

  /** Whether a directory's non-hidden files are all HTML pages (and it has some). */
  private static boolean onlyHtml(Path root) throws IOException {
    List<Path> files = CorpusReader.files(root);
    return !files.isEmpty() && files.stream().allMatch(WebCorpus::isHtmlName);
  }

  /** A WARC file by its name, or by its first bytes ({@code WARC/}, plain or gzip-compressed). */
  static boolean isWarc(Path file) throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".warc") || name.endsWith(".warc.gz")) {
      return true;
    }
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(5);
    }
    if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
        head = in.readNBytes(5);
      } catch (IOException e) {
        return false; // not readable as gzip: the JSONL reader reports it
      }
    }
    return new String(head, StandardCharsets.ISO_8859_1).equals("WARC/");
  }

  /** The list of the pages whose main text {@code --keep-text} wrote. */
  public static final String KEPT_PAGES = "pages.tsv";

  /**
   * Appended to a page's main-text file for the file of its blocks, kept ({@code +}) and dropped
   * ({@code -}), one a line with words, link density, landmark and the extraction's reason ({@link
   * io.neardup.web.boilerplate.BlockReason}): why two pages were or were not paired.
   */
  public static final String KEPT_BLOCKS_SUFFIX = ".blocks.tsv";

  /**
   * The file of a page's main text: its id with characters other than letters, digits, dots and
   * dashes replaced, cut to a length every file system takes, and a hash of the whole id, so
   * different ids never share a file.
   */
  public static String keptName(String id) {
    StringBuilder name = new StringBuilder();
    for (int i = 0; i < id.length() && name.length() < 100; i++) {
      char c = id.charAt(i);
      name.append(
          (c >= 'a' && c <= 'z')
                  || (c >= 'A' && c <= 'Z')
                  || (c >= '0' && c <= '9')
                  || c == '.'
                  || c == '-'
              ? c
              : '_');
    }
    long h = io.neardup.util.Mix.fmix64(id.hashCode() * 0x9E3779B97F4A7C15L + id.length());
    return name + "-" + String.format(Locale.ROOT, "%08x", (int) h) + ".txt";
  }

  static Map<String, Object> fields(Set<String> wanted, String url, String date) {
    Map<String, Object> fields = new LinkedHashMap<>();
    if (url != null && wanted.contains(URL_FIELD)) {
      fields.put(URL_FIELD, url);
    }
    if (date != null && wanted.contains(DATE_FIELD)) {
      fields.put(DATE_FIELD, date);
    }
    return fields;
  }
}
