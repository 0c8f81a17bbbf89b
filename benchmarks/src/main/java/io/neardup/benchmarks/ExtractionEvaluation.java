package io.neardup.benchmarks;

import io.neardup.web.boilerplate.BlockClassifier;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Main-text extraction ({@code --boilerplate local}, {@link MainTextExtractor}) scored against
 * public labelled main-content datasets, beside the scores other extractors published on the same
 * pages. See {@code benchmarks/README.md}, "Main-text extraction", and {@code
 * benchmarks/extraction-eval.sh}, which fetches nothing itself: it reads the datasets from bare
 * clones of their public repositories.
 *
 * <p>Pages are known by the SHA-256 of their HTML file, as in the published scores, and split by
 * it: a page whose hash starts with a hex digit below 4 (a quarter) is held out, the rest is for
 * tuning. The table gives both.
 *
 * <pre>
 * java -cp benchmarks.jar io.neardup.benchmarks.ExtractionEvaluation --data DIR [--published DIR]
 *     [--datasets a,b] [--dump DIR] [--speed ROUNDS] [--check-scorer MODEL_OUTPUTS_DIR] [--rules]
 * </pre>
 */
public final class ExtractionEvaluation {
  /** The extractors whose published scores are shown, in this order. */
  static final List<String> PUBLISHED =
      List.of("trafilatura", "readability", "resiliparse", "boilerpipe", "justext", "goose3");

  /** How a dataset labels a page's main content. */
  enum Gold {
    /** CleanEval's text: a {@code URL:} line, then paragraphs marked {@code <p>}, {@code <h>}, … */
    CLEANEVAL,
    /** Plain text. */
    PLAIN,
    /** The page annotated by hand: elements of the classes {@code x-nc-sel1} to {@code 3}. */
    ANNOTATED_HTML,
    /** The expected main content as HTML. */
    HTML
  }

  record Dataset(String name, List<String> dirs, Gold gold) {}

  static final List<Dataset> DATASETS =
      List.of(
          new Dataset("cleaneval", List.of("cleaneval-dev", "cleaneval-final"), Gold.CLEANEVAL),
          new Dataset("cleanportaleval", List.of("CleanPortalEval-master"), Gold.CLEANEVAL),
          new Dataset("dragnet", List.of("dragnet_data"), Gold.PLAIN),
          new Dataset("l3s-gn1", List.of("page-signal-master"), Gold.ANNOTATED_HTML),
          new Dataset("readability", List.of("readability"), Gold.HTML));

  record Page(String dataset, String id, String name, byte[] html, String gold) {
    boolean heldOut() {
      return Character.digit(id.charAt(0), 16) < 4;
    }
  }

  /** Sums of per-page scores. */
  static final class Mean {
    int pages;
    double p;
    double r;
    double f;

    void add(double precision, double recall, double f1) {
      pages++;
      p += precision;
      r += recall;
      f += f1;
    }

    String cells() {
      return pages == 0
          ? "– | – | –"
          : String.format(Locale.ROOT, "%.3f | %.3f | %.3f", p / pages, r / pages, f / pages);
    }

    String f1() {
      return pages == 0 ? "–" : String.format(Locale.ROOT, "%.3f", f / pages);
    }
  }

  public static void main(String[] args) throws IOException {
    Path data = null;
    Path published = null;
    Path dump = null;
    Path checkScorer = null;
    Set<String> only = null;
    int speedRounds = 0;
    boolean rules = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(args[++i]);
        case "--published" -> published = Path.of(args[++i]);
        case "--dump" -> dump = Path.of(args[++i]);
        case "--datasets" -> only = Set.of(args[++i].split(","));
        case "--speed" -> speedRounds = Integer.parseInt(args[++i]);
        case "--rules" -> rules = true;
        case "--check-scorer" -> checkScorer = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option [" + args[i] + "]");
      }
    }
    if (data == null) {
      throw new IllegalArgumentException("--data DIR is required");
    }
    PrintStream out = System.out;
    List<Page> pages = new ArrayList<>();
    for (Dataset d : DATASETS) {
      if (only == null || only.contains(d.name())) {
        pages.addAll(read(data, d));
      }
    }
    if (checkScorer != null) {
      checkScorer(pages, checkScorer, published, out);
      return;
    }
    if (speedRounds > 0) {
      speed(pages, speedRounds, out);
      return;
    }
    // --rules: the hand-set rules alone, without the learned model that re-decides their verdicts
    evaluate(
        pages,
        published,
        dump,
        out,
        rules
            ? new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null))
            : new MainTextExtractor(Boilerplate.LOCAL));
  }

  static void evaluate(
      List<Page> pages, Path published, Path dump, PrintStream out, MainTextExtractor extractor)
      throws IOException {
    Map<String, Mean[]> rouge = new LinkedHashMap<>(); // dataset -> tune, held out, all
    Map<String, Mean[]> bag = new LinkedHashMap<>();
    Map<String, Map<String, Mean[]>> others = new LinkedHashMap<>();
    Map<String, Map<String, double[]>> publishedScores = new HashMap<>();
    if (dump != null) {
      Files.createDirectories(dump);
    }
    StringBuilder perPage = new StringBuilder("dataset\tpage\tid\tsplit\tprecision\trecall\tf1\n");
    for (Page page : pages) {
      String text = extractor.extract(HtmlDecoder.decode(page.html(), null).html(), "").text();
      ExtractionScore.Prf s = ExtractionScore.rougeLsum(text, page.gold());
      ExtractionScore.Prf b = ExtractionScore.bagOfTokens(text, page.gold());
      int split = page.heldOut() ? 1 : 0;
      Mean[] m = rouge.computeIfAbsent(page.dataset(), k -> means());
      m[split].add(s.precision(), s.recall(), s.f1());
      m[2].add(s.precision(), s.recall(), s.f1());
      Mean[] mb = bag.computeIfAbsent(page.dataset(), k -> means());
      mb[split].add(b.precision(), b.recall(), b.f1());
      mb[2].add(b.precision(), b.recall(), b.f1());
      perPage.append(
          String.format(
              Locale.ROOT,
              "%s\t%s\t%s\t%s\t%.4f\t%.4f\t%.4f%n",
              page.dataset(),
              page.name(),
              page.id(),
              split == 1 ? "held-out" : "tune",
              s.precision(),
              s.recall(),
              s.f1()));
      if (published != null) {
        for (String model : PUBLISHED) {
          Map<String, double[]> scores =
              publishedScores.computeIfAbsent(
                  page.dataset() + "/" + model, k -> readPublished(published, k));
          double[] p = scores.get(page.id());
          if (p != null) {
            Mean[] pm =
                others
                    .computeIfAbsent(page.dataset(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(model, k -> means());
            pm[split].add(p[0], p[1], p[2]);
            pm[2].add(p[0], p[1], p[2]);
          }
        }
      }
      if (dump != null) {
        Path dir = dump.resolve(page.dataset());
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(page.name() + ".out.txt"), text);
        Files.writeString(dir.resolve(page.name() + ".gold.txt"), page.gold());
      }
    }
    if (dump != null) {
      Files.writeString(dump.resolve("pages.tsv"), perPage);
    }
    out.println("## Main-text extraction against labelled main content");
    out.println();
    out.println(
        "ROUGE-LSum precision | recall | F1, means over pages (white-space tokens; see"
            + " ExtractionScore). neardup: `--boilerplate local`. tune / held out: split by page hash.");
    out.println();
    out.println(
        "| dataset | pages (held out) | neardup tune P | R | F1 | neardup held-out P | R | F1 |"
            + " neardup all P | R | F1 | bag-of-tokens F1 |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    Mean[] total = means();
    Mean[] totalBag = means();
    for (Map.Entry<String, Mean[]> e : rouge.entrySet()) {
      Mean[] m = e.getValue();
      out.printf(
          Locale.ROOT,
          "| %s | %d (%d) | %s | %s | %s | %s |%n",
          e.getKey(),
          m[2].pages,
          m[1].pages,
          m[0].cells(),
          m[1].cells(),
          m[2].cells(),
          bag.get(e.getKey())[2].f1());
      for (int i = 0; i < 3; i++) {
        total[i].add(m[i].p / m[i].pages, m[i].r / m[i].pages, m[i].f / m[i].pages);
        Mean b = bag.get(e.getKey())[i];
        totalBag[i].add(b.p / b.pages, b.r / b.pages, b.f / b.pages);
      }
    }
    out.printf(
        Locale.ROOT,
        "| **mean of datasets** | | %s | %s | %s | %s |%n",
        total[0].cells(),
        total[1].cells(),
        total[2].cells(),
        totalBag[2].f1());
    if (!others.isEmpty()) {
      out.println();
      out.println(
          "ROUGE-LSum F1 on the same pages, all (held out): neardup beside the scores published"
              + " with the benchmark of Bevendorff et al. 2023 (per-page files, matched by hash).");
      out.println();
      StringBuilder header = new StringBuilder("| dataset | neardup |");
      StringBuilder rule = new StringBuilder("|---|---|");
      for (String model : PUBLISHED) {
        header.append(' ').append(model).append(" |");
        rule.append("---|");
      }
      out.println(header);
      out.println(rule);
      Map<String, Mean[]> modelTotals = new TreeMap<>();
      for (Map.Entry<String, Mean[]> e : rouge.entrySet()) {
        StringBuilder row =
            new StringBuilder("| ")
                .append(e.getKey())
                .append(" | ")
                .append(e.getValue()[2].f1())
                .append(" (")
                .append(e.getValue()[1].f1())
                .append(") |");
        Map<String, Mean[]> byModel = others.getOrDefault(e.getKey(), Map.of());
        for (String model : PUBLISHED) {
          Mean[] pm = byModel.get(model);
          row.append(' ')
              .append(pm == null ? "–" : pm[2].f1() + " (" + pm[1].f1() + ")")
              .append(" |");
          if (pm != null) {
            Mean[] t = modelTotals.computeIfAbsent(model, k -> means());
            for (int i = 0; i < 3; i++) {
              t[i].add(pm[i].p / pm[i].pages, pm[i].r / pm[i].pages, pm[i].f / pm[i].pages);
            }
          }
        }
        out.println(row);
      }
      StringBuilder row =
          new StringBuilder("| **mean of datasets** | ")
              .append(total[2].f1())
              .append(" (")
              .append(total[1].f1())
              .append(") |");
      for (String model : PUBLISHED) {
        Mean[] t = modelTotals.get(model);
        row.append(' ').append(t == null ? "–" : t[2].f1() + " (" + t[1].f1() + ")").append(" |");
      }
      out.println(row);
      out.println();
      out.println("Published precision | recall | F1 over all these pages:");
      out.println();
      out.println("| dataset | extractor | P | R | F1 |");
      out.println("|---|---|---|---|---|");
      for (Map.Entry<String, Mean[]> e : rouge.entrySet()) {
        out.printf(Locale.ROOT, "| %s | neardup | %s |%n", e.getKey(), e.getValue()[2].cells());
        for (Map.Entry<String, Mean[]> m : others.getOrDefault(e.getKey(), Map.of()).entrySet()) {
          out.printf(
              Locale.ROOT, "| %s | %s | %s |%n", e.getKey(), m.getKey(), m.getValue()[2].cells());
        }
      }
    }
  }

  private static Mean[] means() {
    return new Mean[] {new Mean(), new Mean(), new Mean()};
  }

  /**
   * Decode + parse against decode + parse + extract by the rules alone and against decode + parse +
   * extract with the learned block model (the default), in turn, round after round.
   */
  static void speed(List<Page> pages, int rounds, PrintStream out) {
    MainTextExtractor[] extractors = {
      null,
      new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null)),
      new MainTextExtractor(Boilerplate.LOCAL)
    };
    long bytes = 0;
    for (Page p : pages) {
      bytes += p.html().length;
    }
    long sink = 0;
    List<double[]> results = new ArrayList<>();
    for (int round = 0; round < rounds + 2; round++) {
      long[] time = new long[extractors.length];
      for (int turn = 0; turn < extractors.length; turn++) {
        // each chain runs first, second and third in turn, so that a drift is shared
        int chain = (round + turn) % extractors.length;
        MainTextExtractor extractor = extractors[chain];
        long t0 = System.nanoTime();
        for (Page p : pages) {
          String html = HtmlDecoder.decode(p.html(), null).html();
          if (extractor == null) {
            sink += HtmlDecoder.parse(html, "").childNodeSize();
          } else {
            sink += extractor.extract(html, "").text().length();
          }
        }
        time[chain] += System.nanoTime() - t0;
      }
      if (round >= 2) { // the first rounds warm the JIT up
        double[] r = new double[time.length];
        for (int c = 0; c < time.length; c++) {
          r[c] = bytes / 1e6 / (time[c] / 1e9);
        }
        results.add(r);
      }
    }
    out.printf(
        Locale.ROOT,
        "%d pages, %.1f MB of HTML, one thread, %d rounds%n",
        pages.size(),
        bytes / 1e6,
        rounds);
    double[] parse = sorted(results, r -> r[0]);
    out.printf(Locale.ROOT, "decode+parse: median %.1f MB/s%n", parse[parse.length / 2]);
    String[] names = {"", "rules alone", "rules and learned block model (default)"};
    for (int c = 1; c < names.length; c++) {
      int chain = c;
      double[] extract = sorted(results, r -> r[chain]);
      double[] ratio = sorted(results, r -> r[0] / r[chain] - 1);
      out.printf(
          Locale.ROOT,
          "decode+parse+extract, %s: median %.1f MB/s (min %.1f);"
              + " extraction adds median %+.0f %% (quartiles %+.0f %% .. %+.0f %%) to parsing%n",
          names[c],
          extract[extract.length / 2],
          extract[0],
          100 * ratio[ratio.length / 2],
          100 * ratio[ratio.length / 4],
          100 * ratio[ratio.length * 3 / 4]);
    }
    out.println(sink > 0 ? "" : "(nothing read)");
  }

  private static double[] sorted(
      List<double[]> results, java.util.function.ToDoubleFunction<double[]> f) {
    return results.stream().mapToDouble(f).sorted().toArray();
  }

  /**
   * Scores the published outputs of other extractors with {@link ExtractionScore} beside the
   * published per-page scores: how close this scorer is to the benchmark's.
   */
  static void checkScorer(List<Page> pages, Path outputs, Path published, PrintStream out)
      throws IOException {
    Map<String, Page> byId = new HashMap<>();
    for (Page p : pages) {
      byId.put(p.dataset() + "/" + p.id(), p);
    }
    out.println("| dataset | extractor | pages | published F1 | this scorer's F1 |");
    out.println("|---|---|---|---|---|");
    for (Dataset d : DATASETS) {
      for (String model : PUBLISHED) {
        Path file = outputs.resolve(d.name()).resolve(model + ".jsonl");
        if (!Files.isRegularFile(file)) {
          continue;
        }
        Map<String, double[]> scores =
            published == null ? Map.of() : readPublished(published, d.name() + "/" + model);
        Mean ours = new Mean();
        Mean theirs = new Mean();
        for (String line : Files.readAllLines(file)) {
          var node = JSON.readTree(line);
          String id = node.path("page_id").asText();
          Page page = byId.get(d.name() + "/" + id);
          double[] p = scores.get(id);
          if (page == null || p == null) {
            continue;
          }
          ExtractionScore.Prf s =
              ExtractionScore.rougeLsum(node.path("plaintext").asText(""), page.gold());
          ours.add(s.precision(), s.recall(), s.f1());
          theirs.add(p[0], p[1], p[2]);
        }
        out.printf(
            Locale.ROOT,
            "| %s | %s | %d | %s | %s |%n",
            d.name(),
            model,
            ours.pages,
            theirs.f1(),
            ours.f1());
      }
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /** Page hash to precision, recall, F1 from {@code rouge/DATASET/rouge_MODEL.csv}. */
  static Map<String, double[]> readPublished(Path dir, String datasetAndModel) {
    String[] dm = datasetAndModel.split("/");
    Path file = dir.resolve(dm[0]).resolve("rouge_" + dm[1] + ".csv");
    Map<String, double[]> scores = new HashMap<>();
    if (!Files.isRegularFile(file)) {
      return scores;
    }
    try {
      List<String> lines = Files.readAllLines(file);
      // hash_key,model,prec,rec,f1,scorer,dataset
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.split(",");
        scores.put(
            f[0],
            new double[] {
              Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4])
            });
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return scores;
  }

  static List<Page> read(Path root, Dataset d) throws IOException {
    List<Page> pages = new ArrayList<>();
    for (String sub : d.dirs()) {
      Path goldDir = root.resolve(sub).resolve("GoldStandard");
      Path inputDir = root.resolve(sub).resolve("input");
      if (!Files.isDirectory(goldDir)) {
        throw new IllegalArgumentException(
            "no dataset at [" + goldDir + "]: see extraction-eval.sh");
      }
      List<Path> golds;
      try (Stream<Path> s = Files.list(goldDir)) {
        golds = s.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
      }
      for (Path g : golds) {
        String name = g.getFileName().toString().replaceFirst("\\.txt$", "");
        Path input = inputDir.resolve(name + ".html");
        if (!Files.isRegularFile(input)) {
          continue;
        }
        byte[] html = Files.readAllBytes(input);
        String gold = gold(d.gold(), text(Files.readAllBytes(g)));
        pages.add(new Page(d.name(), sha256(html), sub + "-" + name, html, gold));
      }
    }
    return pages;
  }

  private static final Pattern URL_LINE = Pattern.compile("\\A\\s*URL:[^\\n]*\\n");
  private static final Pattern CLEANEVAL_MARK =
      Pattern.compile("<(?:p|h|l|P|H|L)>", Pattern.MULTILINE);

  static String gold(Gold kind, String raw) {
    return switch (kind) {
      case PLAIN -> raw;
      case CLEANEVAL -> {
        String s = URL_LINE.matcher(raw).replaceFirst("");
        s = CLEANEVAL_MARK.matcher(s).replaceAll("\n");
        yield Parser.unescapeEntities(s, false);
      }
      case HTML -> blockText(Jsoup.parse(raw).body());
      case ANNOTATED_HTML -> annotated(Jsoup.parse(raw));
    };
  }

  private static final Set<String> BLOCKS =
      Set.of(
          "address",
          "article",
          "aside",
          "blockquote",
          "br",
          "dd",
          "div",
          "dl",
          "dt",
          "fieldset",
          "figcaption",
          "figure",
          "footer",
          "form",
          "h1",
          "h2",
          "h3",
          "h4",
          "h5",
          "h6",
          "header",
          "hr",
          "li",
          "main",
          "nav",
          "ol",
          "p",
          "pre",
          "section",
          "table",
          "td",
          "th",
          "tr",
          "ul");

  /** An element's text with a line break at every block boundary. */
  static String blockText(Element root) {
    StringBuilder sb = new StringBuilder();
    NodeTraversor.traverse(
        new NodeVisitor() {
          @Override
          public void head(Node node, int depth) {
            if (node instanceof TextNode t) {
              sb.append(t.getWholeText());
            } else if (node instanceof Element e && BLOCKS.contains(e.normalName())) {
              sb.append('\n');
            }
          }

          @Override
          public void tail(Node node, int depth) {
            if (node instanceof Element e && BLOCKS.contains(e.normalName())) {
              sb.append('\n');
            }
          }
        },
        root);
    return sb.toString();
  }

  /** The text of the leaf elements marked as content (classes {@code x-nc-sel1} to {@code 3}). */
  static String annotated(Document doc) {
    StringBuilder sb = new StringBuilder();
    for (Element e : doc.select(".x-nc-sel1, .x-nc-sel2, .x-nc-sel3")) {
      if (e.childNodeSize() != 1 || !(e.childNode(0) instanceof TextNode t)) {
        continue;
      }
      Element parent = e.parent();
      if (parent != null && BLOCKS.contains(parent.normalName())) {
        sb.append('\n');
      }
      sb.append(t.getWholeText().strip()).append(' ');
    }
    return sb.toString().strip();
  }

  /** By its byte order mark, else UTF-8 if valid, else windows-1252. */
  static String text(byte[] bytes) {
    if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
      return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
    }
    if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff) {
      return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE);
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return new String(bytes, java.nio.charset.Charset.forName("windows-1252"));
    }
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
