package io.neardup.cli.eval;

import io.neardup.signature.Method;
import java.util.Locale;

/**
 * One method's figures in a comparison ({@code neardup compare}): its pairs and clusters scored
 * against the truth, its cost.
 */
public record MethodScores(
    Method method,
    long candidatePairs,
    long reportedPairs,
    PairEvaluation.Row pairs,
    BCubedEvaluation.Scores clusters,
    double seconds,
    double bytesPerDocument) {
  /** A score as the comparison prints it: four decimals, {@code -} for none. */
  public static String score(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
  }
}
