package io.neardup.cli.input;

import io.neardup.cli.output.RunSummary;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.ExplainedText;
import io.neardup.web.boilerplate.MainText;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.boilerplate.SiteTemplates;
import io.neardup.web.boilerplate.TextBlock;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.jsoup.nodes.Document;

/** Turns pages into main text on the reading thread, and counts what it sets aside. */
final class Pages {
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
  // why the boilerplate removal is not the one asked for or the default, for the summary
  String why = "";
  // whether records get their boilerplate fraction as a field
  boolean keepFraction;
  // whether records come with their blocks and why each was kept (for a report)
  boolean explain;
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
      text(html, url, id, null, null);
      return new CorpusReader.Record(id, "", fields, location);
    }
    Map<String, Object> fraction = keepFraction ? fields : null;
    if (!explain) {
      return CorpusReader.Record.deferred(
          id, () -> text(html, url, id, fraction, null), fields, location);
    }
    CorpusReader.Record[] record = new CorpusReader.Record[1];
    record[0] =
        CorpusReader.Record.deferred(
            id, () -> text(html, url, id, fraction, e -> record[0].explained(e)), fields, location);
    return record[0];
  }

  /**
   * The main text of a page.
   *
   * @param url its URL, or null if unknown
   * @param id its id, which stands in for the URL in grouping pages by site
   * @param fields the record's fields, which get its boilerplate fraction, or null
   * @param explained gets the page's blocks and why each was kept, or null
   */
  String text(
      String html,
      String url,
      String id,
      Map<String, Object> fields,
      Consumer<ExplainedText> explained) {
    Document document = HtmlDecoder.parse(html, url);
    MainTextExtractor extractor = this.extractor.get();
    List<TextBlock> blocks = extractor.blocks(document);
    String group = templates == null ? null : SiteTemplates.group(url != null ? url : id);
    if (learning) {
      templates.learn(group, blocks);
      return "";
    }
    boolean[] template = templates == null ? null : templates.template(group, blocks);
    // why each block was kept costs a little more: only for --keep-text and reports
    ExplainedText why =
        keepText != null || explained != null ? extractor.explain(blocks, template) : null;
    MainText main = why != null ? why.main() : extractor.extract(blocks, template);
    if (explained != null) {
      explained.accept(why);
    }
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
      fields.putIfAbsent(WebCorpus.BOILERPLATE_FIELD, main.boilerplateFraction());
    }
    if (keepText != null) {
      keep(id, url, why);
    }
    return main.text();
  }

  /** Writes main texts into {@code dir} (created if needed), and {@code dir/pages.tsv}. */
  void keepText(Path dir) throws IOException {
    Files.createDirectories(dir);
    keepText = dir;
    keptPages = Files.newBufferedWriter(dir.resolve(WebCorpus.KEPT_PAGES), StandardCharsets.UTF_8);
    keptPages.write("file\tid\turl\tcontent_words\ttotal_words\tboilerplate_fraction\n");
  }

  private void keep(String id, String url, ExplainedText why) {
    String file = WebCorpus.keptName(id);
    MainText main = why.main();
    try {
      Files.writeString(keepText.resolve(file), main.text(), StandardCharsets.UTF_8);
      Files.writeString(
          keepText.resolve(file + WebCorpus.KEPT_BLOCKS_SUFFIX),
          blocks(why),
          StandardCharsets.UTF_8);
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

  /**
   * Every block of the page, kept or dropped, with the features it was judged by and the reason the
   * extraction gives.
   */
  private static String blocks(ExplainedText why) {
    MainText main = why.main();
    StringBuilder out = new StringBuilder("kept\twords\tlink_density\tlandmark\treason\ttext\n");
    for (int i = 0; i < main.blocks().size(); i++) {
      TextBlock b = main.blocks().get(i);
      out.append(main.content()[i] ? '+' : '-')
          .append('\t')
          .append(b.words())
          .append('\t')
          .append(String.format(Locale.ROOT, "%.2f", b.linkDensity()))
          .append('\t')
          .append(b.landmark().name().toLowerCase(Locale.ROOT))
          .append('\t')
          .append(why.reasons().get(i))
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
            "web pages: %s read (boilerplate %s%s): %,d of %,d words kept as main text (%.1f"
                + " %%)%s",
            RunSummary.count(read, "page"),
            boilerplate,
            why,
            kept,
            total,
            total == 0 ? 0.0 : 100.0 * kept / total,
            noText == 0 ? "" : "; " + RunSummary.count(noText, "page") + " with no main text"));
    if (templates != null) {
      notes.add(
          String.format(
              Locale.ROOT,
              "site templates: %,d of %s (host and path up to the last /) had %d distinct pages"
                  + " or more to learn from; their %s lost %,d words of template, the other %s"
                  + " got local removal only",
              templates.learntGroups(),
              RunSummary.count(templates.groups(), "group"),
              SiteTemplates.DEFAULT_MIN_PAGES,
              RunSummary.count(templatePages.sum(), "page"),
              templateWords.sum(),
              RunSummary.count(read - templatePages.sum(), "page")));
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
