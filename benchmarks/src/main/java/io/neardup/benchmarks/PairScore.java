package io.neardup.benchmarks;

import io.neardup.testkit.ExactTruth;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Scores the pairs a near-duplicate finder reported against the exact truth of {@link ExactTruth}.
 *
 * <p>With {@code J} a pair's exact Jaccard similarity (below the truth's floor when the truth lacks
 * the pair), threshold {@code t} and tolerance {@code d}:
 *
 * <ul>
 *   <li><b>strict</b>: the true pairs are those with {@code J >= t}; precision is the share of
 *       reported pairs that are true, recall the share of true pairs reported, F1 their harmonic
 *       mean;
 *   <li><b>tolerant</b>: pairs with {@code t - d <= J <= t + d} are neutral: neither required nor
 *       counted against. Required pairs have {@code J > t + d}, wrong ones {@code J < t - d}.
 *       Tolerant precision = reported required / (reported pairs − reported neutral ones); tolerant
 *       recall = reported required / required; tolerant F1 their harmonic mean.
 * </ul>
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.neardup.benchmarks.PairScore TRUTH PAIRS [--threshold
 * 0.8] [--tolerance 0.05] [--min-score S] [--truth-floor 0.5]}: the truth must have been built with
 * a floor of at most {@code t - d}. PAIRS is TSV {@code id_a<TAB>id_b<TAB>score} with an optional
 * header line; with {@code --min-score} only pairs whose score is at least S count as reported (the
 * datasketch peer writes all its candidates with their estimates). Prints one line of {@code
 * key=value} fields.
 */
public final class PairScore {
  /** Threshold scored at, by default. */
  public static final double DEFAULT_THRESHOLD = 0.8;

  /** Half-width of the neutral band of the tolerant scores, by default. */
  public static final double DEFAULT_TOLERANCE = 0.05;

  // similarities are read from 6-decimal text: compare with a margin far below any real gap
  private static final double EPSILON = 1e-9;

  private PairScore() {}

  /**
   * Counts of one scoring.
   *
   * @param reported pairs reported
   * @param truePairs pairs with {@code J >= t}
   * @param truePositives reported pairs with {@code J >= t}
   * @param required pairs with {@code J > t + d}
   * @param reportedRequired reported pairs with {@code J > t + d}
   * @param reportedNeutral reported pairs with {@code t - d <= J <= t + d}
   */
  public record Score(
      long reported,
      long truePairs,
      long truePositives,
      long required,
      long reportedRequired,
      long reportedNeutral) {

    public double precision() {
      return ratio(truePositives, reported);
    }

    public double recall() {
      return ratio(truePositives, truePairs);
    }

    public double f1() {
      return harmonic(precision(), recall());
    }

    public double tolerantPrecision() {
      return ratio(reportedRequired, reported - reportedNeutral);
    }

    public double tolerantRecall() {
      return ratio(reportedRequired, required);
    }

    public double tolerantF1() {
      return harmonic(tolerantPrecision(), tolerantRecall());
    }

    private static double ratio(long a, long b) {
      return b == 0 ? 1.0 : (double) a / b;
    }

    private static double harmonic(double p, double r) {
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println(
          "usage: PairScore TRUTH PAIRS [--threshold 0.8] [--tolerance 0.05] [--min-score S]"
              + " [--truth-floor 0.5]");
      System.exit(2);
    }
    double t = DEFAULT_THRESHOLD;
    double d = DEFAULT_TOLERANCE;
    double minScore = Double.NEGATIVE_INFINITY;
    double floor = ExactTruth.DEFAULT_FLOOR;
    for (int i = 2; i < args.length; i++) {
      switch (args[i]) {
        case "--threshold" -> t = Double.parseDouble(args[++i]);
        case "--tolerance" -> d = Double.parseDouble(args[++i]);
        case "--min-score" -> minScore = Double.parseDouble(args[++i]);
        case "--truth-floor" -> floor = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (floor > t - d + EPSILON) {
      throw new IllegalArgumentException(
          "the truth must hold every pair from t - d = "
              + (t - d)
              + ", but its floor is "
              + floor
              + ": rebuild it with a lower --floor");
    }
    Map<String, Double> truth = new HashMap<>();
    read(Path.of(args[0]), Double.NEGATIVE_INFINITY, truth);
    Map<String, Double> reported = new HashMap<>();
    read(Path.of(args[1]), minScore, reported);
    Score s = score(truth, reported.keySet(), t, d);
    System.out.printf(
        Locale.ROOT,
        "reported=%d true=%d tp=%d precision=%.4f recall=%.4f f1=%.4f required=%d"
            + " reported_required=%d reported_neutral=%d tolerant_precision=%.4f"
            + " tolerant_recall=%.4f tolerant_f1=%.4f%n",
        s.reported(),
        s.truePairs(),
        s.truePositives(),
        s.precision(),
        s.recall(),
        s.f1(),
        s.required(),
        s.reportedRequired(),
        s.reportedNeutral(),
        s.tolerantPrecision(),
        s.tolerantRecall(),
        s.tolerantF1());
  }

  /**
   * Scores reported pairs.
   *
   * @param truth exact similarity by {@link #key(String, String)}, every pair with {@code J >= t -
   *     d}
   * @param reported keys of the reported pairs
   */
  public static Score score(Map<String, Double> truth, Set<String> reported, double t, double d) {
    long truePairs = 0;
    long required = 0;
    for (double j : truth.values()) {
      if (j >= t - EPSILON) {
        truePairs++;
      }
      if (j > t + d + EPSILON) {
        required++;
      }
    }
    long tp = 0;
    long reportedRequired = 0;
    long reportedNeutral = 0;
    for (String key : reported) {
      Double j = truth.get(key);
      if (j == null) {
        continue;
      }
      if (j >= t - EPSILON) {
        tp++;
      }
      if (j > t + d + EPSILON) {
        reportedRequired++;
      } else if (j >= t - d - EPSILON) {
        reportedNeutral++;
      }
    }
    return new Score(reported.size(), truePairs, tp, required, reportedRequired, reportedNeutral);
  }

  /** The key of an unordered pair of ids. */
  public static String key(String x, String y) {
    return x.compareTo(y) <= 0 ? x + '\t' + y : y + '\t' + x;
  }

  /** Reads a pairs TSV into {@code out}, keeping the pairs whose score is at least minScore. */
  static void read(Path file, double minScore, Map<String, Double> out) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      boolean first = true;
      while ((line = r.readLine()) != null) {
        String[] cols = line.split("\t");
        if (cols.length < 3) {
          continue;
        }
        double score;
        try {
          score = Double.parseDouble(cols[2]);
        } catch (NumberFormatException e) {
          if (first) {
            first = false;
            continue;
          }
          throw new IllegalArgumentException("bad score in " + file + ": " + line);
        }
        first = false;
        if (score >= minScore - EPSILON) {
          out.put(key(cols[0], cols[1]), score);
        }
      }
    }
  }
}
