package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.testkit.WebRehosting;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Near-duplicate pairs on real documentation sites of many page generators, against the truth of
 * each page's main content (issue 24): the text of its generator's content container, declared per
 * site in a manifest ({@code benchmarks/web-sites.tsv}) and never shown to the extractor. {@code
 * benchmarks/web-sites.sh} drives it:
 *
 * <ol>
 *   <li>{@code prepare}: copies the sites' pages (those that have their container) into {@code
 *       WORK/pages/SITE/}, adds pages re-hosted under another site's template with a few words
 *       edited ({@link WebRehosting}), and writes each page's container text to {@code
 *       WORK/main.jsonl} and its site and generator to {@code WORK/pages.tsv};
 *   <li>the script runs {@code neardup truth} on {@code main.jsonl} and {@code neardup dedup} on
 *       the pages with each {@code --boilerplate};
 *   <li>{@code score}: pair precision, recall and F1 ({@link PairScore}) per generator and overall.
 *       A pair counts for the generator of each of its two pages (a re-hosted copy belongs to its
 *       host site), so a cross-generator pair counts in both rows and once overall.
 * </ol>
 *
 * <pre>
 * java -cp benchmarks.jar io.neardup.benchmarks.WebSiteQuality prepare --sites DIR --manifest TSV
 *     --work WORK [--rehosted 120] [--min-words 150] [--edit-rate 0.01] [--seed 20261127]
 * java -cp benchmarks.jar io.neardup.benchmarks.WebSiteQuality score --work WORK --truth TRUTH
 *     [--threshold 0.8] MODE=PAIRS...
 * </pre>
 */
public final class WebSiteQuality {
  private static final String OVERALL = "all";

  private WebSiteQuality() {}

  /** One site of the manifest. */
  record Site(String name, String generator, String path, String container) {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      usage();
    }
    Map<String, String> options = new HashMap<>();
    List<String> rest = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        if (i + 1 >= args.length) {
          usage();
        }
        options.put(args[i].substring(2), args[++i]);
      } else {
        rest.add(args[i]);
      }
    }
    switch (args[0]) {
      case "prepare" ->
          prepare(
              Path.of(required(options, "sites")),
              readManifest(Path.of(required(options, "manifest"))),
              Path.of(required(options, "work")),
              Integer.parseInt(options.getOrDefault("rehosted", "120")),
              Integer.parseInt(options.getOrDefault("min-words", "150")),
              Double.parseDouble(options.getOrDefault("edit-rate", "0.01")),
              Long.parseLong(options.getOrDefault("seed", "20261127")),
              System.out);
      case "score" -> {
        Map<String, Path> modes = new LinkedHashMap<>();
        for (String r : rest) {
          int eq = r.indexOf('=');
          if (eq <= 0) {
            usage();
          }
          modes.put(r.substring(0, eq), Path.of(r.substring(eq + 1)));
        }
        score(
            Path.of(required(options, "work")),
            Path.of(required(options, "truth")),
            Double.parseDouble(options.getOrDefault("threshold", "0.8")),
            modes,
            System.out);
      }
      default -> usage();
    }
  }

  private static String required(Map<String, String> options, String name) {
    String v = options.get(name);
    if (v == null) {
      System.err.println("WebSiteQuality: --" + name + " is required");
      usage();
    }
    return v;
  }

  private static void usage() {
    System.err.println(
        "usage: WebSiteQuality prepare --sites DIR --manifest TSV --work WORK [--rehosted N]"
            + " [--min-words N] [--edit-rate R] [--seed S]\n"
            + "       WebSiteQuality score --work WORK --truth TRUTH [--threshold T] MODE=PAIRS...");
    System.exit(2);
  }

  /** Reads the manifest: package, generator, path in the package, container; # comments. */
  static List<Site> readManifest(Path tsv) throws IOException {
    List<Site> sites = new ArrayList<>();
    for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      if (f.length != 4) {
        throw new IllegalArgumentException(
            tsv
                + ": expected 4 tab-separated columns (package, generator, path, container): "
                + line);
      }
      sites.add(new Site(f[0], f[1], f[2], f[3]));
    }
    return sites;
  }

  static void prepare(
      Path fetched,
      List<Site> sites,
      Path work,
      int rehosted,
      int minWords,
      double editRate,
      long seed,
      PrintStream out)
      throws IOException {
    Path pages = work.resolve("pages");
    if (Files.exists(work)) {
      throw new IllegalArgumentException(work + " exists: remove it first");
    }
    Map<String, Site> byName = new LinkedHashMap<>();
    for (Site s : sites) {
      byName.put(s.name(), s);
      Path from = fetched.resolve(s.name());
      if (!Files.isDirectory(from)) {
        throw new IllegalArgumentException(
            "no site " + from + " (fetch it with bin/fetch-web-docs)");
      }
      copyPages(from, pages.resolve(s.name()), s.container());
    }
    List<Path> copies =
        WebRehosting.rehost(
            pages, site -> byName.get(site).container(), rehosted, minWords, editRate, seed);
    Set<Path> copied = new HashSet<>(copies);
    JsonMapper json = new JsonMapper();
    Map<String, int[]> stats = new TreeMap<>(); // site: pages, re-hosted copies, container words
    try (BufferedWriter main = Files.newBufferedWriter(work.resolve("main.jsonl"));
        BufferedWriter tsv = Files.newBufferedWriter(work.resolve("pages.tsv"));
        Stream<Path> walk = Files.walk(pages)) {
      tsv.write("id\tsite\tgenerator\trehosted\tcontainer_words\n");
      for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
        String id = pages.relativize(p).toString().replace('\\', '/');
        Site site = byName.get(id.substring(0, id.indexOf('/')));
        Element container = Jsoup.parse(p.toFile(), null).selectFirst(site.container());
        String text = container == null ? "" : shown(container);
        int words = text.isBlank() ? 0 : text.trim().split("\\s+").length;
        Map<String, String> record = new LinkedHashMap<>();
        record.put("id", id);
        record.put("text", text);
        main.write(json.writeValueAsString(record));
        main.write('\n');
        boolean copy = copied.contains(p);
        tsv.write(
            id
                + '\t'
                + site.name()
                + '\t'
                + site.generator()
                + '\t'
                + (copy ? 1 : 0)
                + '\t'
                + words
                + '\n');
        int[] s = stats.computeIfAbsent(site.generator() + '\t' + site.name(), k -> new int[3]);
        s[0]++;
        s[1] += copy ? 1 : 0;
        s[2] += words;
      }
    }
    out.println("| generator | site | pages | of them re-hosted here | container words per page |");
    out.println("|---|---|---|---|---|");
    for (var e : stats.entrySet()) {
      int[] s = e.getValue();
      out.printf(
          Locale.ROOT,
          "| %s | %d | %d | %.0f |%n",
          e.getKey().replace("\t", " | "),
          s[0],
          s[1],
          (double) s[2] / s[0]);
    }
  }

  /**
   * The text a reader sees in a container: without the elements its markup hides (the {@code
   * hidden} attribute, an inline {@code display: none} or {@code visibility: hidden}), such as a
   * search panel that a script shows on demand.
   */
  static String shown(Element container) {
    Element copy = container.clone();
    for (Element hidden : copy.select(HIDDEN)) {
      if (hidden != copy) {
        hidden.remove();
      }
    }
    return copy.text();
  }

  private static final String HIDDEN =
      "[hidden], [style~=(?i)display\\s*:\\s*none], [style~=(?i)visibility\\s*:\\s*hidden]";

  /** Copies the pages of a site that have its container (other files are left out). */
  private static void copyPages(Path from, Path to, String container) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
        String name = p.getFileName().toString();
        if (!(name.endsWith(".html") || name.endsWith(".htm")) || name.startsWith(".")) {
          continue;
        }
        Document d = Jsoup.parse(p.toFile(), null);
        if (d.selectFirst(container) == null) {
          continue;
        }
        Path target = to.resolve(from.relativize(p).toString());
        Files.createDirectories(target.getParent());
        Files.copy(p, target);
      }
    }
  }

  static void score(
      Path work, Path truthFile, double threshold, Map<String, Path> modes, PrintStream out)
      throws IOException {
    Map<String, String> generatorOf = new HashMap<>();
    Set<String> rehosted = new HashSet<>();
    Set<String> generators = new java.util.TreeSet<>();
    List<String> lines = Files.readAllLines(work.resolve("pages.tsv"), StandardCharsets.UTF_8);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t");
      generatorOf.put(f[0], f[2]);
      generators.add(f[2]);
      if (f[3].equals("1")) {
        rehosted.add(f[0]);
      }
    }
    Map<String, Double> truth = new HashMap<>();
    PairScore.read(truthFile, Double.NEGATIVE_INFINITY, truth);
    List<String> rows = new ArrayList<>(generators);
    rows.add(OVERALL);
    Map<String, Map<String, PairScore.Score>> scores = new LinkedHashMap<>();
    Map<String, long[]> rehostedFound = new LinkedHashMap<>();
    for (var mode : modes.entrySet()) {
      Map<String, Double> reported = new HashMap<>();
      PairScore.read(mode.getValue(), Double.NEGATIVE_INFINITY, reported);
      Map<String, PairScore.Score> byRow = new LinkedHashMap<>();
      for (String row : rows) {
        byRow.put(
            row,
            PairScore.score(
                only(truth, row, generatorOf),
                only(reported, row, generatorOf).keySet(),
                threshold,
                PairScore.DEFAULT_TOLERANCE));
      }
      scores.put(mode.getKey(), byRow);
      long[] r = new long[2];
      for (var e : truth.entrySet()) {
        if (e.getValue() >= threshold - 1e-9 && involves(e.getKey(), rehosted)) {
          r[0]++;
          r[1] += reported.containsKey(e.getKey()) ? 1 : 0;
        }
      }
      rehostedFound.put(mode.getKey(), r);
    }
    StringBuilder head = new StringBuilder("| generator | true pairs |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (String mode : modes.keySet()) {
      head.append(" ").append(mode).append(" P / R / F1 |");
      rule.append("---|");
    }
    out.println(head);
    out.println(rule);
    for (String row : rows) {
      StringBuilder line =
          new StringBuilder("| ")
              .append(row.equals(OVERALL) ? "**all**" : row)
              .append(" | ")
              .append(scores.values().iterator().next().get(row).truePairs())
              .append(" |");
      for (String mode : modes.keySet()) {
        PairScore.Score s = scores.get(mode).get(row);
        line.append(
            String.format(
                Locale.ROOT,
                " %.3f / %.3f / %s%.3f%s |",
                s.precision(),
                s.recall(),
                row.equals(OVERALL) ? "**" : "",
                s.f1(),
                row.equals(OVERALL) ? "**" : ""));
      }
      out.println(line);
    }
    out.println();
    for (String mode : modes.keySet()) {
      PairScore.Score s = scores.get(mode).get(OVERALL);
      long[] r = rehostedFound.get(mode);
      out.printf(
          Locale.ROOT,
          "--boilerplate %s: %d pairs reported, %d of %d true pairs (%d of %d involving a re-hosted"
              + " copy); tolerant (J within %.2f of %.1f neutral) P / R / F1 %.3f / %.3f / %.3f%n",
          mode,
          s.reported(),
          s.truePositives(),
          s.truePairs(),
          r[1],
          r[0],
          PairScore.DEFAULT_TOLERANCE,
          threshold,
          s.tolerantPrecision(),
          s.tolerantRecall(),
          s.tolerantF1());
    }
  }

  /** The pairs of a table row: one of whose pages is of that generator (all pairs overall). */
  private static Map<String, Double> only(
      Map<String, Double> pairs, String row, Map<String, String> generatorOf) {
    if (row.equals(OVERALL)) {
      return pairs;
    }
    Map<String, Double> out = new HashMap<>();
    for (var e : pairs.entrySet()) {
      String[] ids = e.getKey().split("\t");
      if (row.equals(generatorOf.get(ids[0])) || row.equals(generatorOf.get(ids[1]))) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private static boolean involves(String pair, Set<String> pages) {
    String[] ids = pair.split("\t");
    return pages.contains(ids[0]) || pages.contains(ids[1]);
  }
}
