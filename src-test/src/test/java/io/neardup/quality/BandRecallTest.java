package io.neardup.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CorpusGenerator;
import io.neardup.testkit.ExactTruth;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * End-to-end recall of the band tokens on a generated corpus, without an index: every document is
 * analysed with {@link NearDupAnalyzer}, documents sharing a band token form candidate pairs, and
 * the candidates are compared with the exact similarities of {@link ExactTruth}. For the default
 * threshold 0.8 and for 0.5 and 0.9:
 *
 * <p>(a) Recall: at least 99 % of the pairs with exact Jaccard ≥ t + 0.05 share a band token, and
 * also of those pairs without the exact copies (J = 1, found trivially). The bands chosen for t
 * give P(t + 0.05) ≥ 0.999, so a correct library misses about one such pair in a thousand; 99 %
 * leaves room for a few misses among the few hundred pairs of the corpus, and any real loss of
 * recall (a band token that differs between equal sketches, a wrong banding) fails.
 *
 * <p>(b) Candidate count: the number of candidate pairs is what the LSH curve predicts, Σ P(J) over
 * the pairs, within 6 sd + 1 %, where sd = sqrt(Σ P(J)(1 − P(J))) is the spread of a sum of
 * independent events (pairs with P near 0 or 1 add nothing to it). Pairs of one family share
 * documents, so their events are positively dependent: over 9 generated corpora (8 of 800
 * documents, this one) the count deviated by up to 3.4 sd, hence 6; the 1 % is for the slightly
 * steeper curve of SuperMinHash for small sets (measured in {@code BandCollisionTest}). This is
 * tighter than a Poisson-style 10 % + 4 sqrt(predicted), which would let a library that emits half
 * of its bands pass (its count is 8 to 12.5 sd low, while recall at t + 0.05 stays above 99 %:
 * 0.998 at t = 0.8). Pairs of unrelated documents that share only a site template are checked
 * apart, because their candidate events are strongly dependent: when the template's shingles hold
 * the minimum values of a band, all documents of that template get the same band token at once, so
 * their count swings widely around its mean. Over 8 corpus seeds (800 documents, threshold 0.5) it
 * ranged from 0.67 to 1.9 times the prediction with SuperMinHash (mean 1.20) and from 0.46 to 1.6
 * with classic MinHash (mean 1.01), so the spread is the dependence, not the sketch; the other
 * pairs stayed within 1 % at threshold 0.5 and 5 % at 0.8. Template-only pairs must stay within a
 * factor of 3 of the prediction (plus 4 sqrt(predicted)), which still catches a curve that is wrong
 * for low similarities.
 */
class BandRecallTest {
  private static final double RECALL = 0.99;
  private static final double COUNT_SD = 6;
  private static final double COUNT_RELATIVE = 0.01;
  private static final double TEMPLATE_COUNT_FACTOR = 3;

  private static List<CorpusGenerator.Document> corpus;
  private static ExactTruth truth;

  @BeforeAll
  static void generate() {
    long start = System.nanoTime();
    corpus = new CorpusGenerator(CorpusGenerator.Config.defaults()).generate();
    long generated = System.nanoTime();
    truth = ExactTruth.table(CorpusGenerator.texts(corpus));
    long computed = System.nanoTime();

    int[] familySizes = new int[corpus.size()];
    for (CorpusGenerator.Document d : corpus) {
      familySizes[d.family()]++;
    }
    long families = Arrays.stream(familySizes).filter(size -> size > 1).count();
    long singletons = Arrays.stream(familySizes).filter(size -> size == 1).count();
    long withTemplate = corpus.stream().filter(d -> d.template() >= 0).count();
    System.out.printf(
        Locale.ROOT,
        "%nCorpus: %d documents, %d families of 2 or more, %d singletons, %d with a site"
            + " template; generated in %.1f s, exact Jaccard of %d pairs in %.1f s%n",
        corpus.size(),
        families,
        singletons,
        withTemplate,
        (generated - start) / 1e9,
        ExactTruth.pairCount(truth.size()),
        (computed - generated) / 1e9);

    // The corpus must spread pair similarities over 0.3-1.0, or the checks below would be
    // vacuous: at least 40 pairs in every tenth from 0.3 up.
    long[] histogram = new long[12];
    truth.forEachPair(0.0, (a, b, s) -> histogram[bin(s)]++);
    StringBuilder line = new StringBuilder("pairs by exact Jaccard:");
    for (int bin = 0; bin < histogram.length; bin++) {
      line.append(' ').append(binLabel(bin)).append(": ").append(histogram[bin]);
    }
    System.out.println(line);
    for (int bin = bin(0.3); bin <= bin(0.95); bin++) {
      assertTrue(histogram[bin] >= 40, "too few pairs with similarity in " + binLabel(bin));
    }
  }

  @ParameterizedTest(name = "threshold {0}")
  @ValueSource(doubles = {0.8, 0.5, 0.9})
  void bandTokensFindNearDuplicates(double threshold) throws IOException {
    // The default settings are the ones of threshold 0.8; the others differ only in the banding.
    assertEquals(0.8, NearDupSettings.DEFAULT.threshold());
    NearDupSettings settings =
        threshold == NearDupSettings.DEFAULT.threshold()
            ? NearDupSettings.DEFAULT
            : NearDupSettings.builder().threshold(threshold).build();
    Banding banding = settings.banding();
    boolean[] candidate = candidatePairs(settings);

    double above = threshold + 0.05;
    // Index 0: pairs that share only a site template; 1: all other pairs.
    long[] observed = new long[2];
    double[] predicted = new double[2];
    double[] variance = new double[2];
    long[] near = new long[2]; // pairs with J >= t + 0.05: [J < 1, J = 1]
    long[] found = new long[2];
    long[] pairsByBin = new long[12];
    long[] observedByBin = new long[12];
    double[] predictedByBin = new double[12];
    List<String> missed = new ArrayList<>();
    truth.forEachPair(
        0.0,
        (a, b, s) -> {
          boolean isCandidate = candidate[ExactTruth.pairIndex(a, b)];
          double p = banding.candidateProbability(s);
          int kind = templateOnly(a, b) ? 0 : 1;
          predicted[kind] += p;
          variance[kind] += p * (1 - p);
          int bin = bin(s);
          pairsByBin[bin]++;
          predictedByBin[bin] += p;
          if (isCandidate) {
            observed[kind]++;
            observedByBin[bin]++;
          }
          if (s >= above) {
            int copy = s >= 1 ? 1 : 0;
            near[copy]++;
            if (isCandidate) {
              found[copy]++;
            } else if (missed.size() < 10) {
              missed.add(String.format(Locale.ROOT, "%d-%d (J=%.3f)", a, b, s));
            }
          }
        });

    double recall = (double) (found[0] + found[1]) / (near[0] + near[1]);
    double recallNotCopies = (double) found[0] / near[0];
    double tolerance = COUNT_SD * Math.sqrt(variance[1]) + COUNT_RELATIVE * predicted[1];
    double templateSlack = 4 * Math.sqrt(predicted[0]);
    System.out.printf(
        Locale.ROOT,
        "%nthreshold %.2f, %s, P(%.2f) = %.5f: recall at J >= %.2f: %d of %d = %.4f"
            + " (J < 1: %d of %d = %.4f; J = 1: %d of %d)%n"
            + "candidate pairs %d, predicted %.1f; other than template-only: %d, predicted %.1f"
            + " (sd %.1f, allowed ±%.1f); template-only: %d, predicted %.1f%n",
        threshold,
        banding,
        above,
        banding.candidateProbability(above),
        above,
        found[0] + found[1],
        near[0] + near[1],
        recall,
        found[0],
        near[0],
        recallNotCopies,
        found[1],
        near[1],
        observed[0] + observed[1],
        predicted[0] + predicted[1],
        observed[1],
        predicted[1],
        Math.sqrt(variance[1]),
        tolerance,
        observed[0],
        predicted[0]);
    System.out.printf(Locale.ROOT, "%12s %9s %9s %10s%n", "J", "pairs", "observed", "predicted");
    for (int bin = 0; bin < pairsByBin.length; bin++) {
      System.out.printf(
          Locale.ROOT,
          "%12s %9d %9d %10.1f%n",
          binLabel(bin),
          pairsByBin[bin],
          observedByBin[bin],
          predictedByBin[bin]);
    }
    if (!missed.isEmpty()) {
      System.out.println("missed: " + missed);
    }

    // Enough pairs above the threshold that 99 % is a real bound (at most 1 miss per 100).
    assertTrue(near[0] >= 100, "too few non-identical pairs at J >= " + above + ": " + near[0]);
    assertTrue(
        recall >= RECALL,
        String.format(Locale.ROOT, "recall %.4f < %.2f at J >= %.2f", recall, RECALL, above));
    assertTrue(
        recallNotCopies >= RECALL,
        String.format(
            Locale.ROOT, "recall %.4f < %.2f at %.2f <= J < 1", recallNotCopies, RECALL, above));
    assertTrue(
        Math.abs(observed[1] - predicted[1]) <= tolerance,
        String.format(
            Locale.ROOT,
            "%d candidate pairs (other than template-only), LSH curve predicts %.1f ± %.1f",
            observed[1],
            predicted[1],
            tolerance));
    assertTrue(
        observed[0] <= TEMPLATE_COUNT_FACTOR * predicted[0] + templateSlack
            && observed[0] >= predicted[0] / TEMPLATE_COUNT_FACTOR - templateSlack,
        String.format(
            Locale.ROOT,
            "%d template-only candidate pairs, LSH curve predicts %.1f (allowed factor %.0f)",
            observed[0],
            predicted[0],
            TEMPLATE_COUNT_FACTOR));
  }

  /** Marks the pairs of documents that share at least one band token. */
  private static boolean[] candidatePairs(NearDupSettings settings) throws IOException {
    Map<String, List<Integer>> postings = new HashMap<>();
    try (Analyzer analyzer = new NearDupAnalyzer(settings)) {
      for (CorpusGenerator.Document d : corpus) {
        for (String token : bandTokens(analyzer, d.text())) {
          postings.computeIfAbsent(token, k -> new ArrayList<>()).add(d.id());
        }
      }
    }
    boolean[] candidate = new boolean[ExactTruth.pairCount(corpus.size())];
    for (List<Integer> docs : postings.values()) {
      for (int i = 0; i < docs.size(); i++) {
        for (int j = i + 1; j < docs.size(); j++) {
          candidate[ExactTruth.pairIndex(docs.get(i), docs.get(j))] = true;
        }
      }
    }
    return candidate;
  }

  private static List<String> bandTokens(Analyzer analyzer, String text) throws IOException {
    List<String> tokens = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("dup", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        if (NearDupFilter.TYPE_BAND.equals(type.type())) {
          tokens.add(term.toString());
        }
      }
      ts.end();
    }
    return tokens;
  }

  /** Two documents of different families with the same site template. */
  private static boolean templateOnly(int a, int b) {
    CorpusGenerator.Document x = corpus.get(a);
    CorpusGenerator.Document y = corpus.get(b);
    return x.family() != y.family() && x.template() >= 0 && x.template() == y.template();
  }

  /** Histogram bin of a similarity: 0, then tenths [0, 0.1) ... [0.9, 1), then 1. */
  private static int bin(double s) {
    return s <= 0 ? 0 : s >= 1 ? 11 : 1 + (int) (s * 10);
  }

  private static String binLabel(int bin) {
    return bin == 0
        ? "0"
        : bin == 11 ? "1" : String.format(Locale.ROOT, "[%.1f,%.1f)", (bin - 1) / 10.0, bin / 10.0);
  }
}
