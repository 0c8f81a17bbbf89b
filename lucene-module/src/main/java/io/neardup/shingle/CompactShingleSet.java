package io.neardup.shingle;

/**
 * The compact form of a shingle set kept for exact verification: the upper 32 bits of each distinct
 * 64-bit fingerprint, ascending and distinct. Half the bytes of the fingerprints and merged twice
 * as fast; two distinct shingles of a pair of texts share their upper halves with probability
 * 2<sup>-32</sup>, so the Jaccard similarity of compact sets differs from that of the full
 * fingerprints by at most one shingle in one of about 2<sup>32</sup> / (|A| · |B|) pairs.
 */
public final class CompactShingleSet {
  private CompactShingleSet() {}

  /**
   * Writes the compact form of fingerprints given in ascending signed order into {@code out} and
   * returns its size. The upper halves of ascending signed longs are ascending signed ints, so no
   * sort is needed, only the removal of equal neighbours.
   *
   * @param sorted fingerprints in {@code [0, count)}, ascending
   * @param out at least {@code count} ints
   */
  public static int compact(long[] sorted, int count, int[] out) {
    int n = 0;
    for (int i = 0; i < count; i++) {
      int v = (int) (sorted[i] >>> 32);
      if (n == 0 || out[n - 1] != v) {
        out[n++] = v;
      }
    }
    return n;
  }

  /** The number of values two ascending distinct arrays have in common. */
  public static int intersection(int[] a, int sizeA, int[] b, int sizeB) {
    return intersection(a, 0, sizeA, b, 0, sizeB);
  }

  /**
   * As {@link #intersection(int[], int, int[], int)}, for slices {@code [from, to)} of the arrays.
   */
  public static int intersection(int[] a, int fromA, int toA, int[] b, int fromB, int toB) {
    int i = fromA;
    int j = fromB;
    int common = 0;
    while (i < toA && j < toB) {
      int x = a[i];
      int y = b[j];
      // branch-light merge: both indexes move on equality
      common += x == y ? 1 : 0;
      i += x <= y ? 1 : 0;
      j += y <= x ? 1 : 0;
    }
    return common;
  }

  /**
   * The Jaccard similarity of two compact sets; 0 when either is empty, as {@link
   * io.neardup.sketch.Jaccard#exact}.
   */
  public static double jaccard(int[] a, int sizeA, int[] b, int sizeB) {
    if (sizeA == 0 || sizeB == 0) {
      return 0;
    }
    int common = intersection(a, sizeA, b, sizeB);
    return (double) common / (sizeA + sizeB - common);
  }

  /** A 64-bit hash of a compact set, equal for equal sets. */
  public static long hash(int[] set, int size) {
    long h = 0x9E3779B97F4A7C15L ^ size;
    for (int i = 0; i < size; i++) {
      h = (h ^ (set[i] & 0xFFFFFFFFL)) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 29;
    }
    return io.neardup.util.Mix.fmix64(h);
  }
}
