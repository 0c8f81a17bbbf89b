package io.neardup.cli;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.util.Futures;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainText;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.boilerplate.SiteTemplates;
import io.neardup.web.boilerplate.TextBlock;
import io.neardup.web.html.HtmlDecoder;
import io.neardup.web.warc.WarcPages;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.GZIPInputStream;
import org.jsoup.nodes.Document;
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
final class WebCorpus {
  /** The field of a page's URL, when asked for. */
  static final String URL_FIELD = "url";

  /** The field of a WARC record's capture time (ISO-8601, UTC, seconds), when asked for. */
  static final String DATE_FIELD = CanonicalPolicy.DATE_FIELD;

  /** The field of a page's fraction of boilerplate words, when asked for. */
  static final String BOILERPLATE_FIELD = CanonicalPolicy.BOILERPLATE_FIELD;

  private WebCorpus() {}

  /** What kind of input the options name. */
  enum Kind {
    TEXT,
    HTML_FILES,
    HTML_JSONL,
    WARC
  }

  /** The kind of input, from the options, the file's name and its first bytes. */
  static Kind kind(InputOptions input) throws IOException {
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
  static void check(CommandSpec spec, InputOptions input) throws IOException {
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
    try {
      boilerplate =
          input.boilerplate == null ? Boilerplate.DEFAULT : Boilerplate.parse(input.boilerplate);
    } catch (IllegalArgumentException e) {
      throw new CliFailure("--boilerplate: " + e.getMessage());
    }
    SiteTemplates templates = null;
    if (boilerplate == Boilerplate.SITE) {
      // pass 1: every page's blocks counted in its group; bad records wait for pass 2's report
      templates = new SiteTemplates();
      learn(reader(kind, input, new Pages(boilerplate, templates, true)));
    }
    Pages pages = new Pages(boilerplate, templates, false);
    pages.keepFraction = input.fields().contains(BOILERPLATE_FIELD);
    if (input.keepText != null) {
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

  /** Turns pages into main text on the reading thread, and counts what it sets aside. */
  static final class Pages {
    private final Boilerplate boilerplate;
    private final ThreadLocal<MainTextExtractor> extractor;
    private final SiteTemplates templates;
    private final boolean learning;
    private final Map<String, Long> setAside = new TreeMap<>();
    private final LongAdder pages = new LongAdder();
    private final LongAdder empty = new LongAdder();
    private final LongAdder contentWords = new LongAdder();
    private final LongAdder totalWords = new LongAdder();
    private final LongAdder templatePages = new LongAdder();
    private final LongAdder templateWords = new LongAdder();
    // whether records get their boilerplate fraction as a field
    private boolean keepFraction;
    // --keep-text: where main texts go, and the list of pages
    private Path keepText;
    private java.io.BufferedWriter keptPages;

    /**
     * @param templates the site templates ({@code --boilerplate site}), or null
     * @param learning whether this is the pass that learns them: pages are counted, not extracted
     */
    Pages(Boilerplate boilerplate, SiteTemplates templates, boolean learning) {
      this.boilerplate = boilerplate;
      this.extractor = ThreadLocal.withInitial(() -> new MainTextExtractor(boilerplate));
      this.templates = templates;
      this.learning = learning;
    }

    /**
     * A page as a record. Its main text is extracted by the analysis thread that first asks for it;
     * when learning site templates, asking for its text counts its blocks and gives an empty text.
     */
    CorpusReader.Record record(
        String id, String html, String url, Map<String, Object> fields, String location) {
      if (learning) {
        text(html, url, id, null);
        return new CorpusReader.Record(id, "", fields, location);
      }
      Map<String, Object> fraction = keepFraction ? fields : null;
      return CorpusReader.Record.deferred(
          id, () -> text(html, url, id, fraction), fields, location);
    }

    /**
     * The main text of a page.
     *
     * @param url its URL, or null if unknown
     * @param id its id, which stands in for the URL in grouping pages by site
     * @param fields the record's fields, which get its boilerplate fraction, or null
     */
    String text(String html, String url, String id, Map<String, Object> fields) {
      Document document = HtmlDecoder.parse(html, url);
      MainTextExtractor extractor = this.extractor.get();
      List<TextBlock> blocks = extractor.blocks(document);
      String group = templates == null ? null : SiteTemplates.group(url != null ? url : id);
      if (learning) {
        templates.learn(group, blocks);
        return "";
      }
      boolean[] template = templates == null ? null : templates.template(group, blocks);
      MainText main = extractor.extract(blocks, template);
      if (template != null) {
        templatePages.increment();
        for (int i = 0; i < template.length; i++) {
          templateWords.add(template[i] ? blocks.get(i).words() : 0);
        }
      }
      pages.increment();
      contentWords.add(main.contentWords());
      totalWords.add(main.totalWords());
      if (main.text().isEmpty()) {
        empty.increment();
      }
      if (fields != null) {
        fields.putIfAbsent(BOILERPLATE_FIELD, main.boilerplateFraction());
      }
      if (keepText != null) {
        keep(id, url, main);
      }
      return main.text();
    }

    /** Writes main texts into {@code dir} (created if needed), and {@code dir/pages.tsv}. */
    void keepText(Path dir) throws IOException {
      Files.createDirectories(dir);
      keepText = dir;
      keptPages = Files.newBufferedWriter(dir.resolve(KEPT_PAGES), StandardCharsets.UTF_8);
      keptPages.write("file\tid\turl\tcontent_words\ttotal_words\tboilerplate_fraction\n");
    }

    private void keep(String id, String url, MainText main) {
      String file = keptName(id);
      try {
        Files.writeString(keepText.resolve(file), main.text(), StandardCharsets.UTF_8);
        Files.writeString(
            keepText.resolve(file + KEPT_BLOCKS_SUFFIX), blocks(main), StandardCharsets.UTF_8);
        String line =
            String.format(
                Locale.ROOT,
                "%s\t%s\t%s\t%d\t%d\t%.4f\n",
                file,
                tsv(id),
                url == null ? "" : tsv(url),
                main.contentWords(),
                main.totalWords(),
                main.boilerplateFraction());
        synchronized (this) {
          keptPages.write(line);
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("--keep-text: cannot write " + keepText, e);
      }
    }

    /** Every block of the page, kept or dropped, with the features it was judged by. */
    private static String blocks(MainText main) {
      StringBuilder out = new StringBuilder("kept\twords\tlink_density\tlandmark\ttext\n");
      for (int i = 0; i < main.blocks().size(); i++) {
        io.neardup.web.boilerplate.TextBlock b = main.blocks().get(i);
        out.append(main.content()[i] ? '+' : '-')
            .append('\t')
            .append(b.words())
            .append('\t')
            .append(String.format(Locale.ROOT, "%.2f", b.linkDensity()))
            .append('\t')
            .append(b.landmark().name().toLowerCase(Locale.ROOT))
            .append('\t')
            .append(tsv(b.text()))
            .append('\n');
      }
      return out.toString();
    }

    private static String tsv(String s) {
      return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    /** Closes the list of kept texts. */
    void close() throws IOException {
      if (keptPages != null) {
        keptPages.close();
      }
    }

    void setAside(String reason) {
      setAside.merge(reason, 1L, Long::sum);
    }

    List<String> notes() {
      List<String> notes = new ArrayList<>();
      long read = pages.sum();
      long kept = contentWords.sum();
      long total = totalWords.sum();
      long noText = empty.sum();
      notes.add(
          String.format(
              Locale.ROOT,
              "web pages: %s read (boilerplate %s): %,d of %,d words kept as main text (%.1f %%)%s",
              Clustering.count(read, "page"),
              boilerplate,
              kept,
              total,
              total == 0 ? 0.0 : 100.0 * kept / total,
              noText == 0 ? "" : "; " + Clustering.count(noText, "page") + " with no main text"));
      if (templates != null) {
        notes.add(
            String.format(
                Locale.ROOT,
                "site templates: %,d of %s (host and path up to the last /) had %d distinct pages"
                    + " or more to learn from; their %s lost %,d words of template, the other %s"
                    + " got local removal only",
                templates.learntGroups(),
                Clustering.count(templates.groups(), "group"),
                SiteTemplates.DEFAULT_MIN_PAGES,
                Clustering.count(templatePages.sum(), "page"),
                templateWords.sum(),
                Clustering.count(read - templatePages.sum(), "page")));
      }
      if (!setAside.isEmpty()) {
        long skipped = setAside.values().stream().mapToLong(Long::longValue).sum();
        List<String> reasons = new ArrayList<>();
        setAside.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .forEach(
                e -> reasons.add(String.format(Locale.ROOT, "%s: %,d", e.getKey(), e.getValue())));
        notes.add(
            String.format(
                Locale.ROOT,
                "not HTML pages, skipped: %,d (%s)",
                skipped,
                String.join(", ", reasons)));
      }
      return notes;
    }
  }

  /** The list of the pages whose main text {@code --keep-text} wrote. */
  static final String KEPT_PAGES = "pages.tsv";

  /**
   * Appended to a page's main-text file for the file of its blocks, kept ({@code +}) and dropped
   * ({@code -}), one a line with words, link density and landmark: why two pages were or were not
   * paired.
   */
  static final String KEPT_BLOCKS_SUFFIX = ".blocks.tsv";

  /**
   * The file of a page's main text: its id with characters other than letters, digits, dots and
   * dashes replaced, cut to a length every file system takes, and a hash of the whole id, so
   * different ids never share a file.
   */
  static String keptName(String id) {
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

  private static Map<String, Object> fields(Set<String> wanted, String url, String date) {
    Map<String, Object> fields = new LinkedHashMap<>();
    if (url != null && wanted.contains(URL_FIELD)) {
      fields.put(URL_FIELD, url);
    }
    if (date != null && wanted.contains(DATE_FIELD)) {
      fields.put(DATE_FIELD, date);
    }
    return fields;
  }

  /** The .html/.htm files under a directory, in the order of their relative paths. */
  static final class HtmlFiles extends CorpusReader {
    private final Path root;
    private final URI base;
    private final Pages pages;
    private final Set<String> wanted;
    private final List<Path> files;
    private int next;

    HtmlFiles(Path root, String baseUrl, Pages pages, Set<String> wanted) throws IOException {
      super(root);
      this.root = root;
      String problem = baseUrl == null ? null : baseUrlProblem(baseUrl);
      if (problem != null) {
        throw new CliFailure("--base-url " + problem);
      }
      this.base =
          baseUrl == null ? null : URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
      this.pages = pages;
      this.wanted = wanted;
      this.files = files(root);
    }

    @Override
    Record read() throws IOException, BadRecord {
      while (next < files.size()) {
        Path file = files.get(next++);
        if (!isHtmlName(file)) {
          pages.setAside("file not named .html or .htm");
          continue;
        }
        String id = relative(root, file);
        String location = printable(file.toString());
        checkId(location, id);
        long bytes = Files.size(file);
        if (bytes > MAX_RECORD_BYTES) {
          throw new BadRecord(
              location,
              "page must be at most "
                  + MAX_RECORD_BYTES
                  + " bytes ("
                  + MAX_RECORD_SIZE
                  + "), got "
                  + bytes);
        }
        String url = url(id);
        String html = HtmlDecoder.decode(Files.readAllBytes(file), null).html();
        return pages.record(id, html, url, fields(wanted, url, null), location);
      }
      return null;
    }

    private String url(String id) {
      if (base == null) {
        return null;
      }
      try {
        return base.resolve(new URI(null, null, id, null)).toString();
      } catch (URISyntaxException e) {
        return null; // a file name no URL can hold: its links stay relative
      }
    }

    @Override
    List<String> notes() {
      return pages.notes();
    }

    @Override
    long position() {
      return next;
    }

    @Override
    long size() {
      return files.size();
    }

    @Override
    public void close() throws IOException {
      pages.close();
    }
  }

  /** JSONL whose records hold a page's HTML in {@code --html-field}. */
  static final class HtmlJsonLines extends CorpusReader {
    private final CorpusReader lines;
    private final String urlField;
    private final Set<String> wanted;
    private final Pages pages;

    HtmlJsonLines(InputOptions input, Pages pages, Set<String> wanted) throws IOException {
      super(input.input);
      Set<String> fields = new java.util.LinkedHashSet<>(wanted);
      if (input.urlField != null) {
        fields.add(input.urlField);
      }
      String problem = CorpusReader.unreadable(input.input);
      if (problem != null) {
        throw new CliFailure(problem);
      }
      JsonLines lines = new JsonLines(input.input, input.idField, input.htmlField, fields);
      lines.textKind = "html";
      this.lines = lines;
      this.urlField = input.urlField;
      this.wanted = wanted;
      this.pages = pages;
    }

    @Override
    Record read() throws IOException, BadRecord {
      Record r = lines.read();
      if (r == null) {
        return null;
      }
      String url = null;
      Map<String, Object> fields = new LinkedHashMap<>(r.fields());
      if (urlField != null) {
        Object value = wanted.contains(urlField) ? fields.get(urlField) : fields.remove(urlField);
        if (value != null && !(value instanceof String)) {
          throw new BadRecord(
              r.location(), "url field [" + urlField + "] must be a string, got [" + value + "]");
        }
        url = (String) value;
      }
      return pages.record(r.id(), r.text(), url, fields, r.location());
    }

    @Override
    List<String> notes() {
      return pages.notes();
    }

    @Override
    long position() {
      return lines.position();
    }

    @Override
    long size() {
      return lines.size();
    }

    @Override
    public void close() throws IOException {
      try {
        lines.close();
      } finally {
        pages.close();
      }
    }
  }

  /** The HTML responses of a WARC file; the id is the WARC-Target-URI. */
  static final class WarcFile extends CorpusReader {
    private final WarcPages warc;
    private final Pages pages;
    private final Set<String> wanted;
    private final long size;
    private long offset;

    WarcFile(Path file, Pages pages, Set<String> wanted) throws IOException {
      super(file);
      this.size = Files.size(file);
      this.warc = new WarcPages(file, MAX_RECORD_BYTES);
      this.pages = pages;
      this.wanted = wanted;
    }

    @Override
    Record read() throws IOException, BadRecord {
      while (true) {
        WarcPages.Entry entry;
        try {
          entry = warc.next();
        } catch (WarcPages.CorruptWarcException e) {
          throw new BadRecord(name + " at byte offset " + e.offset(), e.getMessage());
        } catch (WarcPages.PageTooLargeException e) {
          throw new BadRecord(name + " at byte offset " + e.offset(), e.getMessage());
        }
        if (entry == null) {
          return null;
        }
        offset = entry.offset();
        String location = name + " at byte offset " + entry.offset();
        if (entry instanceof WarcPages.Skipped skipped) {
          pages.setAside(skipped.reason());
          continue;
        }
        WarcPages.Page page = (WarcPages.Page) entry;
        if (page.url() == null) {
          throw new BadRecord(location, "record has no WARC-Target-URI to be its id");
        }
        checkId(location, page.url());
        String html = HtmlDecoder.decode(page.body(), page.contentType()).html();
        String date =
            page.date() == null ? null : page.date().truncatedTo(ChronoUnit.SECONDS).toString();
        return pages.record(
            page.url(), html, page.url(), fields(wanted, page.url(), date), location);
      }
    }

    @Override
    List<String> notes() {
      return pages.notes();
    }

    @Override
    long position() {
      return Math.min(offset, size);
    }

    @Override
    long size() {
      return size;
    }

    @Override
    public void close() throws IOException {
      try {
        warc.close();
      } finally {
        pages.close();
      }
    }
  }
}
