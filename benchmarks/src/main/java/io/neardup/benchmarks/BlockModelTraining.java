package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.neardup.web.boilerplate.BlockClassifier;
import io.neardup.web.boilerplate.BlockFeatures;
import io.neardup.web.boilerplate.BlockModel;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.boilerplate.TextBlock;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Trains the {@link BlockModel} that re-decides the rules' verdicts, on WCXB's development pages
 * (Foley 2026, CC-BY-4.0; the test split is left for evaluation): each page's blocks as {@link
 * MainTextExtractor} reads them, their {@link BlockFeatures}, and as label whether most of a
 * block's word pairs are in the page's labelled main text. Gradient boosting of the logistic loss
 * with small regression trees over quantile bins of the features, each block weighted by the square
 * root of its words (the benchmark scores words); seeded, so the same data give the same model.
 * {@code --snippets DIR} adds the pages of trafilatura's evaluation set (Apache-2.0, as {@code
 * benchmarks/snippet-eval.sh} exports it) that {@link SnippetEvaluation#inTrainingHalf} puts in the
 * training half: news, blogs and magazines, mostly German, whose labels are segments to keep and to
 * drop. A block holding a segment to keep is main text, one holding a segment to drop within the
 * labelled text is not, the others are not learnt from ({@link #readSnippets}); each counts {@code
 * --snippet-weight} times (default {@value #SNIPPET_WEIGHT}), as such a page has a few labelled
 * blocks where a WCXB page has a hundred. {@code --folds K} first reports, over K parts of the
 * pages each held out in turn, the benchmark's word-level F1 of the rules and of models trained on
 * the other parts at a few thresholds and with and without the gate ({@link
 * BlockClassifier#redecide}); {@code --out} prints each feature's share of the split gain. {@code
 * --ceiling} instead prints, for both splits, the F1 of the rules, of the labels and of the best
 * selection of each page's blocks: how much a better decision per block could gain.
 *
 * <p>Usage: {@code BlockModelTraining --data DIR [--out FILE] [--folds K] [--trees N] [--depth D]
 * [--rate R] [--features I,J,..] [--snippets DIR [--snippet-weight W]] [--ceiling]} ({@code
 * --features}: train on these features only)
 */
public final class BlockModelTraining {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern WORD = Pattern.compile("\\w+", Pattern.UNICODE_CHARACTER_CLASS);
  private static final int BINS = 64;

  /**
   * A page's blocks, the rules' verdicts, the features (null for a block not learnt from) and
   * labels; {@code truth} the labelled words (empty for a page labelled by segments); each block
   * weighted {@code weight} times the square root of its words.
   */
  record Page(
      String id,
      List<TextBlock> blocks,
      boolean[] rules,
      double[][] x,
      boolean[] y,
      List<String> truth,
      double weight) {}

  /** How many times a block of a page labelled by segments counts (see the class comment). */
  static final double SNIPPET_WEIGHT = 20;

  /** The shortest segment that labels a block: shorter ones (a date, a word) occur anywhere. */
  private static final int MIN_SEGMENT = 8;

  /** The shortest line that a segment holds when the segment spans it and more. */
  private static final int MIN_LINE = 20;

  private BlockModelTraining() {}

  public static void main(String[] args) throws IOException {
    Path data = null;
    Path out = null;
    int folds = 0;
    int trees = 30;
    int depth = 3;
    double rate = 0.35;
    boolean[] only = null;
    boolean ceiling = false;
    Path snippets = null;
    double snippetWeight = SNIPPET_WEIGHT;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--folds" -> folds = Integer.parseInt(args[++i]);
        case "--trees" -> trees = Integer.parseInt(args[++i]);
        case "--depth" -> depth = Integer.parseInt(args[++i]);
        case "--rate" -> rate = Double.parseDouble(args[++i]);
        case "--features" -> only = features(args[++i]);
        case "--ceiling" -> ceiling = true;
        case "--snippets" -> snippets = Path.of(args[++i]);
        case "--snippet-weight" -> snippetWeight = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("unknown option [" + args[i] + "]");
      }
    }
    if (!(snippetWeight > 0) || Double.isInfinite(snippetWeight)) {
      throw new IllegalArgumentException(
          "--snippet-weight must be a positive number, got [" + snippetWeight + "]");
    }
    if (data == null) {
      throw new IllegalArgumentException(
          "--data DIR is required: WCXB as benchmarks/wcxb-eval.sh exports it (DIR/dev, DIR/test)");
    }
    if (ceiling) {
      for (String split : List.of("dev", "test")) {
        ceiling(split, read(data.resolve(split)));
      }
      return;
    }
    List<Page> pages = read(data.resolve("dev"));
    System.err.printf(Locale.ROOT, "BlockModelTraining: %d development pages%n", pages.size());
    List<Page> extra = snippets == null ? List.of() : readSnippets(snippets, snippetWeight);
    if (snippets != null) {
      System.err.printf(
          Locale.ROOT,
          "BlockModelTraining: %d pages of trafilatura's evaluation set (their training half),"
              + " %d labelled blocks%n",
          extra.size(),
          extra.stream().mapToLong(p -> Arrays.stream(p.x()).filter(x -> x != null).count()).sum());
    }
    if (folds > 1) {
      double[] rulesSum = new double[3];
      double[][] grid = new double[GRID.length][3];
      // each page's F1 per setting, in the order of pages, for the spread of the differences
      double[][] perPage = new double[GRID.length][pages.size()];
      for (int f = 0; f < folds; f++) {
        List<Page> train = new ArrayList<>(extra);
        for (int i = 0; i < pages.size(); i++) {
          if (i % folds != f) {
            train.add(pages.get(i));
          }
        }
        BlockModel model = train(train, trees, depth, rate, only, null);
        for (int at = f; at < pages.size(); at += folds) {
          Page p = pages.get(at);
          double[] scores = new double[p.x().length];
          for (int i = 0; i < scores.length; i++) {
            scores[i] = p.x()[i] == null ? Double.NaN : model.score(p.x()[i]);
          }
          add(rulesSum, score(p, p.rules()));
          for (int g = 0; g < GRID.length; g++) {
            double[] prf =
                score(
                    p,
                    BlockClassifier.redecide(
                        p.blocks(),
                        p.rules(),
                        scores,
                        p.x(),
                        GRID[g][0],
                        GRID[g][1],
                        GRID[g][2] > 0));
            add(grid[g], prf);
            perPage[g][at] = prf[2];
          }
        }
      }
      int m = pages.size();
      System.err.printf(
          Locale.ROOT,
          "cross-validated (%d folds): rules F1 %.4f (P %.4f, R %.4f)%n",
          folds,
          rulesSum[2] / m,
          rulesSum[0] / m,
          rulesSum[1] / m);
      int best = 0;
      for (int g = 1; g < GRID.length; g++) {
        best = grid[g][2] > grid[best][2] ? g : best;
      }
      for (int g = 0; g < GRID.length; g++) {
        // the standard error of the mean of the per-page differences to the best setting: how far
        // apart two settings are beside how much their pages' F1 differ
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < m; i++) {
          double d = perPage[g][i] - perPage[best][i];
          sum += d;
          squares += d * d;
        }
        double mean = sum / m;
        double error = Math.sqrt(Math.max(0, squares / m - mean * mean) / (m - 1));
        System.err.printf(
            Locale.ROOT,
            "  model, drop at <= %+.2f, keep above %+.2f, %s: F1 %.4f (P %.4f, R %.4f),"
                + " %+.4f ± %.4f against the best%n",
            GRID[g][0],
            GRID[g][1],
            GRID[g][2] > 0 ? "gated" : "every page",
            grid[g][2] / m,
            grid[g][0] / m,
            grid[g][1] / m,
            mean,
            error);
      }
    }
    if (out != null) {
      double[] gain = new double[BlockFeatures.COUNT];
      List<Page> all = new ArrayList<>(pages);
      all.addAll(extra);
      BlockModel model = train(all, trees, depth, rate, only, gain);
      double sum = Arrays.stream(gain).sum();
      Integer[] order = new Integer[gain.length];
      for (int f = 0; f < order.length; f++) {
        order[f] = f;
      }
      Arrays.sort(order, (a, b) -> Double.compare(gain[b], gain[a]));
      StringBuilder importance = new StringBuilder("feature importance (share of the split gain):");
      for (int f : order) {
        if (gain[f] > 0) {
          importance.append(String.format(Locale.ROOT, " %d:%.3f", f, gain[f] / sum));
        }
      }
      System.err.println(importance);
      Files.createDirectories(out.toAbsolutePath().getParent());
      try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
        List<String> header =
            new ArrayList<>(
                List.of(
                    "Block model of neardup's main-text extraction"
                        + " (io.neardup.web.boilerplate.BlockModel).",
                    "Trained by benchmarks/src/main/java/io/neardup/benchmarks/BlockModelTraining.java"
                        + " on the",
                    "development split of WCXB, the Web Content Extraction Benchmark (Murrough Foley,"
                        + " 2026,",
                    "https://github.com/Murrough-Foley/web-content-extraction-benchmark, CC-BY-4.0)"
                        + (extra.isEmpty() ? "." : ",")));
        if (!extra.isEmpty()) {
          header.add(
              "and on the training half of trafilatura's evaluation set (Adrien Barbaresi,"
                  + " https://github.com/adbar/trafilatura,");
          header.add("tests/evaldata.json and its pages, Apache-2.0).");
        }
        header.add(
            String.format(
                Locale.ROOT,
                "%d + %d pages; BlockModelTraining --trees %d --depth %d --rate %s%s"
                    + " (benchmarks/README.md, 'The learned block model').",
                pages.size(),
                extra.size(),
                trees,
                depth,
                rate,
                extra.isEmpty() ? "" : " --snippet-weight " + snippetWeight));
        model.write(w, header);
      }
      System.err.println("BlockModelTraining: wrote " + out);
    }
  }

  /** The thresholds and gate the cross-validation compares: drop at, keep above, gated. */
  private static final double[][] GRID = {
    {-0.5, 0.5, 1},
    {-0.5, 0.75, 1},
    {-0.5, 1, 1},
    {-0.75, 0.75, 1},
    {-1, 1, 1},
    {-1, 0.75, 1},
    {-0.75, 1, 1},
    {-0.75, 0.5, 1},
    {-1, 0.5, 1},
    {-0.25, 0.75, 1},
    {-1.25, 1.25, 1},
    {-1.5, 1.5, 1},
    {-0.25, 0.5, 1},
    {0, 0, 1},
    {-1, 2, 1},
    {-1, 1.5, 1},
    {-0.75, 1.5, 1},
    {-0.5, 1.5, 1},
    {-0.25, 1, 1},
    {0, 1, 1},
    {0.25, 1, 1},
    {0.5, 1, 1},
    {-0.5, 0.5, 0},
    {-0.5, 0.75, 0},
    {-1, 1, 0},
    {0, 0, 0}
  };

  private static boolean[] features(String list) {
    boolean[] only = new boolean[BlockFeatures.COUNT];
    for (String f : list.split(",")) {
      only[Integer.parseInt(f.trim())] = true;
    }
    return only;
  }

  private static void add(double[] sum, double[] prf) {
    for (int i = 0; i < 3; i++) {
      sum[i] += prf[i];
    }
  }

  /** The benchmark's word-level precision, recall and F1 of the blocks kept. */
  private static double[] score(Page p, boolean[] content) {
    Map<String, Integer> truth = new HashMap<>();
    for (String t : p.truth()) {
      truth.merge(t, 1, Integer::sum);
    }
    int predicted = 0;
    int overlap = 0;
    for (int i = 0; i < content.length; i++) {
      if (!content[i]) {
        continue;
      }
      for (String t : tokens(p.blocks().get(i).text())) {
        predicted++;
        Integer c = truth.get(t);
        if (c != null && c > 0) {
          overlap++;
          truth.put(t, c - 1);
        }
      }
    }
    int reference = p.truth().size();
    if (reference == 0) {
      return predicted == 0 ? new double[] {1, 1, 1} : new double[] {0, 0, 0};
    }
    if (predicted == 0 || overlap == 0) {
      return new double[] {0, 0, 0};
    }
    double precision = (double) overlap / predicted;
    double recall = (double) overlap / reference;
    return new double[] {precision, recall, 2 * precision * recall / (precision + recall)};
  }

  /**
   * Prints how far a decision per block can go on a split: the benchmark's word F1 of the rules
   * alone, of the blocks the training labels keep, and of the selection of blocks that scores best
   * on each page ({@link #bestSelection}), a bound for any extractor that keeps or drops these
   * blocks whole.
   */
  private static void ceiling(String split, List<Page> pages) {
    double[] rules = new double[3];
    double[] labels = new double[3];
    double[] best = new double[3];
    for (Page p : pages) {
      add(rules, score(p, p.rules()));
      add(labels, score(p, p.y()));
      add(best, score(p, bestSelection(p.blocks(), p.y(), p.truth())));
    }
    int m = pages.size();
    String[] names = {"the rules alone", "the blocks the labels keep", "the best selection"};
    double[][] sums = {rules, labels, best};
    for (int k = 0; k < names.length; k++) {
      System.err.printf(
          Locale.ROOT,
          "%s (%d pages), %s: F1 %.4f (P %.4f, R %.4f)%n",
          split,
          m,
          names[k],
          sums[k][2] / m,
          sums[k][0] / m,
          sums[k][1] / m);
    }
  }

  /**
   * The blocks whose selection maximises the page's word F1, from {@code start}: blocks are turned
   * on or off one at a time while that raises it (greedy: a bound that a better search could raise
   * a little).
   */
  static boolean[] bestSelection(List<TextBlock> blocks, boolean[] start, List<String> truth) {
    Map<String, Integer> index = new HashMap<>();
    for (String t : truth) {
      index.putIfAbsent(t, index.size());
    }
    int[] reference = new int[index.size()];
    for (String t : truth) {
      reference[index.get(t)]++;
    }
    // each block's words by their index in the label, -1 for a word the label lacks
    int[][] tokens = new int[blocks.size()][];
    for (int i = 0; i < tokens.length; i++) {
      List<String> t = tokens(blocks.get(i).text());
      tokens[i] = new int[t.size()];
      for (int k = 0; k < t.size(); k++) {
        Integer at = index.get(t.get(k));
        tokens[i][k] = at == null ? -1 : at;
      }
    }
    boolean[] on = start.clone();
    int[] predicted = new int[reference.length];
    long total = 0;
    long overlap = 0;
    for (int i = 0; i < on.length; i++) {
      if (on[i]) {
        for (int t : tokens[i]) {
          total++;
          if (t >= 0 && predicted[t]++ < reference[t]) {
            overlap++;
          }
        }
      }
    }
    int ref = truth.size();
    boolean improved = true;
    while (improved && ref > 0) {
      improved = false;
      for (int i = 0; i < on.length; i++) {
        if (tokens[i].length == 0) {
          continue;
        }
        long newOverlap = overlap;
        long newTotal = total + (on[i] ? -tokens[i].length : tokens[i].length);
        for (int t : tokens[i]) {
          if (t < 0) {
            continue;
          }
          if (on[i]) {
            newOverlap -= --predicted[t] < reference[t] ? 1 : 0;
          } else {
            newOverlap += predicted[t]++ < reference[t] ? 1 : 0;
          }
        }
        // the page's F1 is 2 overlap / (total + ref): compared without division, exactly
        if (newOverlap * (total + ref) > overlap * (newTotal + ref)) {
          on[i] = !on[i];
          overlap = newOverlap;
          total = newTotal;
          improved = true;
        } else {
          for (int t : tokens[i]) { // undo
            if (t >= 0) {
              predicted[t] += on[i] ? 1 : -1;
            }
          }
        }
      }
    }
    return on;
  }

  private static List<String> tokens(String text) {
    List<String> tokens = new ArrayList<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      tokens.add(m.group());
    }
    return tokens;
  }

  private static List<Page> read(Path split) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(split.resolve("ground-truth"))) {
      files = new ArrayList<>(s.filter(p -> p.toString().endsWith(".json")).sorted().toList());
    }
    MainTextExtractor extractor =
        new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null));
    List<Page> pages = new ArrayList<>();
    for (Path file : files) {
      String id = file.getFileName().toString().replaceFirst("\\.json$", "");
      JsonNode label = JSON.readTree(file.toFile());
      byte[] raw;
      try (InputStream in =
          new GZIPInputStream(
              Files.newInputStream(split.resolve("html").resolve(id + ".html.gz")))) {
        raw = in.readAllBytes();
      }
      List<String> truth = tokens(label.path("ground_truth").path("main_content").asText(""));
      List<TextBlock> blocks;
      try {
        blocks =
            extractor.blocks(
                HtmlDecoder.parse(
                    HtmlDecoder.decode(raw, null).html(), label.path("url").asText("")));
      } catch (RuntimeException e) {
        System.err.println("BlockModelTraining: page " + id + " left out: " + e);
        continue;
      }
      Set<String> pairs = new HashSet<>();
      Set<String> words = new HashSet<>(truth);
      for (int i = 1; i < truth.size(); i++) {
        pairs.add(truth.get(i - 1) + " " + truth.get(i));
      }
      boolean[] rules = new boolean[blocks.size()];
      double[][] x = BlockClassifier.features(blocks, rules);
      boolean[] y = new boolean[blocks.size()];
      for (int i = 0; i < y.length; i++) {
        List<String> t = tokens(blocks.get(i).text());
        if (t.size() == 1) {
          y[i] = words.contains(t.get(0));
        } else if (t.size() > 1) {
          int in = 0;
          for (int k = 1; k < t.size(); k++) {
            in += pairs.contains(t.get(k - 1) + " " + t.get(k)) ? 1 : 0;
          }
          y[i] = 2 * in >= t.size() - 1;
        }
      }
      pages.add(new Page(id, blocks, rules, x, y, truth, 1));
    }
    return pages;
  }

  /**
   * The training half of trafilatura's evaluation set: each block holding a segment to keep is main
   * text, each holding a segment to drop between the first and the last block to keep is not. A
   * segment "holds" a block too when the block is a line of at least 20 characters within it, as a
   * segment may span several blocks. Not learnt from: a block holding both or neither, headings,
   * and the blocks before and after the text. What a page's title, lead, byline and the lines after
   * its text are depends on a labelled set's convention (trafilatura gives the title, author and
   * date apart from the text); learnt from, they taught the model to drop the titles and first
   * lines of short reference pages, which tell them apart, and the last command of a manual's
   * chapter.
   */
  static List<Page> readSnippets(Path dir, double weight) throws IOException {
    if (!Files.isRegularFile(dir.resolve("evaldata.json"))) {
      throw new IllegalArgumentException(
          "--snippets "
              + dir
              + ": no evaldata.json (trafilatura's tests folder as benchmarks/snippet-eval.sh"
              + " exports it)");
    }
    JsonNode all = JSON.readTree(dir.resolve("evaldata.json").toFile());
    MainTextExtractor extractor =
        new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null));
    List<Page> pages = new ArrayList<>();
    for (var it = all.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> page = it.next();
      String file = page.getValue().path("file").asText();
      if (!SnippetEvaluation.inTrainingHalf(file)) {
        continue;
      }
      Path html = SnippetEvaluation.page(dir, file);
      if (html == null) {
        System.err.println("BlockModelTraining: no page [" + file + "] in " + dir + ", left out");
        continue;
      }
      List<TextBlock> blocks;
      try {
        blocks =
            extractor.blocks(
                HtmlDecoder.parse(
                    HtmlDecoder.decode(Files.readAllBytes(html), null).html(), page.getKey()));
      } catch (RuntimeException e) {
        System.err.println("BlockModelTraining: page " + file + " left out: " + e);
        continue;
      }
      String[] text = new String[blocks.size()];
      for (int i = 0; i < text.length; i++) {
        text[i] = SnippetEvaluation.fold(blocks.get(i).text());
      }
      boolean[] keep = new boolean[blocks.size()];
      boolean[] drop = new boolean[blocks.size()];
      for (String kind : List.of("with", "without")) {
        for (JsonNode segment : page.getValue().path(kind)) {
          String s = SnippetEvaluation.fold(segment.asText());
          if (s.length() < MIN_SEGMENT) {
            continue;
          }
          for (int i = 0; i < text.length; i++) {
            if (text[i].contains(s) || (text[i].length() >= MIN_LINE && s.contains(text[i]))) {
              (kind.equals("with") ? keep : drop)[i] = true;
            }
          }
        }
      }
      boolean[] rules = new boolean[blocks.size()];
      double[][] x = BlockClassifier.features(blocks, rules);
      // only what lies within the labelled text is learnt from (see the method's comment)
      int first = 0;
      while (first < keep.length && !keep[first]) {
        first++;
      }
      int last = keep.length - 1;
      while (last >= 0 && !keep[last]) {
        last--;
      }
      for (int i = 0; i < x.length; i++) {
        if (keep[i] == drop[i] || blocks.get(i).heading() || (drop[i] && (i < first || i > last))) {
          x[i] = null;
        }
      }
      pages.add(new Page(file, blocks, rules, x, keep, List.of(), weight));
    }
    return pages;
  }

  /** Gradient boosting of the logistic loss, blocks weighted by the square root of their words. */
  static BlockModel train(
      List<Page> pages, int trees, int depth, double rate, boolean[] only, double[] gain) {
    int n = 0;
    for (Page p : pages) {
      for (int i = 0; i < p.blocks().size(); i++) {
        n += p.x()[i] != null && p.blocks().get(i).words() > 0 ? 1 : 0;
      }
    }
    int d = BlockFeatures.COUNT;
    double[][] x = new double[n][];
    double[] y = new double[n];
    double[] w = new double[n];
    int r = 0;
    for (Page p : pages) {
      long total = 0;
      for (TextBlock b : p.blocks()) {
        total += b.words();
      }
      for (int i = 0; i < p.blocks().size(); i++) {
        int words = p.blocks().get(i).words();
        if (words > 0 && p.x()[i] != null) {
          x[r] = p.x()[i];
          y[r] = p.y()[i] ? 1 : 0;
          // the square root of its words: long blocks count more, as they do in a page's F1, but
          // not so much that the many short lines a page's verdict turns on count for nothing
          w[r] = Math.sqrt(words) * p.weight();
          r++;
        }
      }
    }
    // candidate thresholds: quantiles of each feature's values
    double[][] cuts = new double[d][];
    byte[][] bin = new byte[d][n];
    for (int f = 0; f < d; f++) {
      double[] v = new double[n];
      for (int i = 0; i < n; i++) {
        v[i] = x[i][f];
      }
      Arrays.sort(v);
      List<Double> c = new ArrayList<>();
      for (int q = 1; q < BINS; q++) {
        double t = v[(int) ((long) q * (n - 1) / BINS)];
        if (c.isEmpty() || t > c.get(c.size() - 1)) {
          c.add(t);
        }
      }
      if (!c.isEmpty() && c.get(c.size() - 1) >= v[n - 1]) {
        c.remove(c.size() - 1);
      }
      cuts[f] =
          only != null && !only[f]
              ? new double[0]
              : c.stream().mapToDouble(Double::doubleValue).toArray();
      for (int i = 0; i < n; i++) {
        int j = Arrays.binarySearch(cuts[f], x[i][f]);
        bin[f][i] = (byte) (j >= 0 ? j : -j - 1);
      }
    }
    double pos = 0;
    double all = 0;
    for (int i = 0; i < n; i++) {
      pos += w[i] * y[i];
      all += w[i];
    }
    double bias = Math.log(pos / (all - pos));
    double[] score = new double[n];
    Arrays.fill(score, bias);
    int[][] feature = new int[trees][];
    double[][] threshold = new double[trees][];
    int[][] left = new int[trees][];
    int[][] right = new int[trees][];
    double[][] value = new double[trees][];
    double[] g = new double[n];
    double[] h = new double[n];
    Random random = new Random(42);
    for (int t = 0; t < trees; t++) {
      for (int i = 0; i < n; i++) {
        double p = 1 / (1 + Math.exp(-score[i]));
        g[i] = w[i] * (p - y[i]);
        h[i] = w[i] * Math.max(p * (1 - p), 1e-6);
      }
      int[] rows = new int[n];
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (random.nextDouble() < 0.7) {
          rows[m++] = i;
        }
      }
      Tree tree = new Tree(gain);
      tree.grow(Arrays.copyOf(rows, m), 0, depth, g, h, bin, cuts);
      feature[t] = tree.feature.stream().mapToInt(Integer::intValue).toArray();
      threshold[t] = tree.threshold.stream().mapToDouble(Double::doubleValue).toArray();
      left[t] = tree.left.stream().mapToInt(Integer::intValue).toArray();
      right[t] = tree.right.stream().mapToInt(Integer::intValue).toArray();
      value[t] = tree.value.stream().mapToDouble(v -> v * rate).toArray();
      for (int k = 0; k < value[t].length; k++) {
        value[t][k] = (double) (float) value[t][k];
      }
      BlockModel one =
          new BlockModel(
              d,
              0,
              new int[][] {feature[t]},
              new double[][] {threshold[t]},
              new int[][] {left[t]},
              new int[][] {right[t]},
              new double[][] {value[t]});
      for (int i = 0; i < n; i++) {
        score[i] += one.score(x[i]);
      }
    }
    return new BlockModel(d, bias, feature, threshold, left, right, value);
  }

  private static final class Tree {
    private static final double LAMBDA = 1;
    private static final double MIN_HESSIAN = 5;
    final List<Integer> feature = new ArrayList<>();
    final List<Double> threshold = new ArrayList<>();
    final List<Integer> left = new ArrayList<>();
    final List<Integer> right = new ArrayList<>();
    final List<Double> value = new ArrayList<>();
    private final double[] gain;

    Tree(double[] gain) {
      this.gain = gain;
    }

    int grow(
        int[] rows, int level, int depth, double[] g, double[] h, byte[][] bin, double[][] cuts) {
      int node = feature.size();
      feature.add(-1);
      threshold.add(0.0);
      left.add(0);
      right.add(0);
      double gs = 0;
      double hs = 0;
      for (int i : rows) {
        gs += g[i];
        hs += h[i];
      }
      value.add(-gs / (hs + LAMBDA));
      if (level >= depth || hs < 2 * MIN_HESSIAN) {
        return node;
      }
      double base = gs * gs / (hs + LAMBDA);
      double bestGain = 1e-9;
      int bestF = -1;
      int bestJ = -1;
      double[] hg = new double[BINS + 1];
      double[] hh = new double[BINS + 1];
      for (int f = 0; f < cuts.length; f++) {
        if (cuts[f].length == 0) {
          continue;
        }
        Arrays.fill(hg, 0);
        Arrays.fill(hh, 0);
        byte[] bf = bin[f];
        for (int i : rows) {
          hg[bf[i]] += g[i];
          hh[bf[i]] += h[i];
        }
        double gl = 0;
        double hl = 0;
        for (int j = 0; j < cuts[f].length; j++) {
          gl += hg[j];
          hl += hh[j];
          double gr = gs - gl;
          double hr = hs - hl;
          if (hl < MIN_HESSIAN || hr < MIN_HESSIAN) {
            continue;
          }
          double gain = gl * gl / (hl + LAMBDA) + gr * gr / (hr + LAMBDA) - base;
          if (gain > bestGain) {
            bestGain = gain;
            bestF = f;
            bestJ = j;
          }
        }
      }
      if (bestF < 0) {
        return node;
      }
      int nl = 0;
      for (int i : rows) {
        nl += bin[bestF][i] <= bestJ ? 1 : 0;
      }
      int[] lr = new int[nl];
      int[] rr = new int[rows.length - nl];
      int a = 0;
      int b = 0;
      for (int i : rows) {
        if (bin[bestF][i] <= bestJ) {
          lr[a++] = i;
        } else {
          rr[b++] = i;
        }
      }
      if (gain != null) {
        gain[bestF] += bestGain;
      }
      feature.set(node, bestF);
      threshold.set(node, cuts[bestF][bestJ]);
      value.set(node, 0.0);
      left.set(node, grow(lr, level + 1, depth, g, h, bin, cuts));
      right.set(node, grow(rr, level + 1, depth, g, h, bin, cuts));
      return node;
    }
  }
}
