package io.neardup.cli.eval;

import io.neardup.cli.output.ResultFiles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Precision, recall and F1 of reported near-duplicate pairs against ground truth, per threshold: at
 * threshold t the true pairs are the truth pairs with similarity ≥ t, the reported ones the pairs
 * with similarity ≥ t, and a reported pair is correct if it is a true pair. Pairs are unordered.
 */
public final class PairEvaluation {
  private PairEvaluation() {}

  /**
   * The scores at one threshold.
   *
   * @param threshold the similarity threshold
   * @param truth true pairs at the threshold
   * @param reported reported pairs at the threshold
   * @param correct reported pairs that are true pairs
   */
  public record Row(double threshold, long truth, long reported, long correct) {
    /** Correct / reported; NaN when nothing is reported. */
    public double precision() {
      return reported == 0 ? Double.NaN : (double) correct / reported;
    }

    /** Correct / true; NaN when there is no true pair. */
    public double recall() {
      return truth == 0 ? Double.NaN : (double) correct / truth;
    }

    /** The harmonic mean of precision and recall; NaN when either is undefined. */
    public double f1() {
      double p = precision();
      double r = recall();
      if (Double.isNaN(p) || Double.isNaN(r)) {
        return Double.NaN;
      }
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
  }

  private record Key(String a, String b) {}

  /** Scores {@code reported} against {@code truth} at each threshold. */
  public static List<Row> evaluate(
      List<ResultFiles.Pair> truth, List<ResultFiles.Pair> reported, double[] thresholds) {
    Map<Key, Double> truthBySimilarity = new HashMap<>();
    for (ResultFiles.Pair p : truth) {
      truthBySimilarity.put(new Key(p.a(), p.b()), p.similarity());
    }
    Map<Key, Double> reportedBySimilarity = new HashMap<>();
    for (ResultFiles.Pair p : reported) {
      reportedBySimilarity.put(new Key(p.a(), p.b()), p.similarity());
    }
    List<Row> rows = new ArrayList<>();
    for (double t : thresholds) {
      long trueCount = truthBySimilarity.values().stream().filter(s -> s >= t).count();
      long reportedCount = 0;
      long correct = 0;
      for (Map.Entry<Key, Double> e : reportedBySimilarity.entrySet()) {
        if (e.getValue() >= t) {
          reportedCount++;
          Double s = truthBySimilarity.get(e.getKey());
          if (s != null && s >= t) {
            correct++;
          }
        }
      }
      rows.add(new Row(t, trueCount, reportedCount, correct));
    }
    return rows;
  }
}
