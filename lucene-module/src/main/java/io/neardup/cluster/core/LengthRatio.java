package io.neardup.cluster.core;

/**
 * The length-ratio bound of Jaccard similarity: for sets of sizes a ≤ b, |A ∩ B| ≤ a and |A ∪ B| ≥
 * b, so J(A, B) ≤ a / b. Two sets whose sizes differ by more than the threshold allows can never be
 * near-duplicates, which rules a pair out without looking at its elements (Chaudhuri, Ganti and
 * Kaushik, <i>A primitive operator for similarity joins in data cleaning</i>, ICDE 2006).
 */
public final class LengthRatio {
  private LengthRatio() {}

  /**
   * The largest Jaccard similarity two sets of these sizes can have: min / max, and 0 when either
   * is empty (consistent with {@link io.neardup.sketch.Jaccard#exact}).
   *
   * @throws IllegalArgumentException if a size is negative
   */
  public static double maxJaccard(long sizeA, long sizeB) {
    if (sizeA < 0 || sizeB < 0) {
      throw new IllegalArgumentException("set sizes must be >= 0, got " + sizeA + " and " + sizeB);
    }
    if (sizeA == 0 || sizeB == 0) {
      return 0;
    }
    return (double) Math.min(sizeA, sizeB) / Math.max(sizeA, sizeB);
  }

  /** Whether two sets of these sizes can reach Jaccard similarity {@code threshold}. */
  public static boolean canReach(long sizeA, long sizeB, double threshold) {
    return maxJaccard(sizeA, sizeB) >= threshold;
  }
}
