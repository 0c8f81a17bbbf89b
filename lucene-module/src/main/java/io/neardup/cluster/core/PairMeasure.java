package io.neardup.cluster.core;

/**
 * How the clustering core compares the sets of two documents: a similarity in [0, 1], an optional
 * bound from the set sizes alone, and the test against the threshold. The sets are whatever a
 * method stores per document as ints (a compact shingle set, sketch values, a SimHash fingerprint,
 * signatures); {@link PairMeasures} has the built-ins. Implementations must be thread-safe and must
 * not keep the arrays they are handed.
 *
 * <pre>{@code
 * new Clusterer(spill, PairMeasures.hamming(), PairMeasures.hammingThreshold(3), 4)
 * }</pre>
 */
public interface PairMeasure {
  /** The similarity of two sets in [0, 1], whether or not it reaches any threshold. */
  double similarity(int[] a, int lengthA, int[] b, int lengthB);

  /**
   * Whether two sets of these lengths can reach {@code threshold} at all; false rules the pair out
   * without reading its sets. Default true.
   */
  default boolean canReach(int lengthA, int lengthB, double threshold) {
    return true;
  }

  /**
   * Whether two sets of these lengths that share {@code sharedKeys} bucket keys can reach {@code
   * threshold}; -1 keys when unknown. Default: {@link #canReach(int, int, double)}.
   */
  default boolean canReach(int lengthA, int lengthB, int sharedKeys, double threshold) {
    return canReach(lengthA, lengthB, threshold);
  }

  /** The similarity of two sets if it reaches {@code threshold}, else -1. */
  default double ifReaches(int[] a, int lengthA, int[] b, int lengthB, double threshold) {
    double s = similarity(a, lengthA, b, lengthB);
    return s >= threshold ? s : -1;
  }

  /** A short name for messages and summaries, such as {@code exact Jaccard}. */
  String describe();
}
