package io.neardup.signature;

/**
 * Method {@code min-m}: Broder's sketch option 1 (000; Broder, <i>On the resemblance and
 * containment of documents</i>, 1997): one permutation Π of the shingle fingerprints, and the
 * sketch F<sub>m</sub>(d) = the m smallest values of Π(S(d)). The estimator |min<sub>m</sub>(F(a) ∪
 * F(b)) ∩ F(a) ∩ F(b)| / |min<sub>m</sub>(F(a) ∪ F(b))| is unbiased for the Jaccard similarity of
 * the shingle sets, with the standard error of a sample of m without replacement, about
 * √(J(1−J)/m). Fingerprints are the 32-bit compact shingle set; Π is a seeded bijection on 32 bits
 * (ascending in signed order, itself a fixed relabelling). Clustering follows the steps of 000: the
 * ⟨value, document⟩ entries sorted by value give the documents sharing each value, their pairs
 * (each once) are the candidates, the estimator stands in for the count of common values, and
 * union-find joins the pairs that reach the threshold. Parameter: m ({@code --min-m}, default
 * {@value #DEFAULT_M}). Per document O(n log n) for n shingles; m ints stored.
 */
public final class MinM {
  /** Default sketch size m (000, 001: about 200). */
  public static final int DEFAULT_M = 200;

  private MinM() {}

  /** Checks m. */
  public static int checkM(int m) {
    if (m < 1) {
      throw new IllegalArgumentException("min-m must be >= 1, got " + m);
    }
    return m;
  }

  /** Π: a seeded bijection of the 32-bit fingerprints. */
  public static int permute(int fingerprint, long seed) {
    return Hash64.fmix32(fingerprint ^ (int) seed ^ (int) (seed >>> 32));
  }

  /** The sketch of a set of distinct fingerprints: its m smallest permuted values, ascending. */
  public static int[] sketch(int[] fingerprints, int size, int m, long seed) {
    checkM(m);
    int[] p = new int[size];
    for (int i = 0; i < size; i++) {
      p[i] = permute(fingerprints[i], seed);
    }
    java.util.Arrays.sort(p);
    return java.util.Arrays.copyOf(p, Math.min(m, size));
  }

  /**
   * Broder's estimate from two sketches (ascending): of the m smallest values of their union, the
   * share that is in both. 0 when both are empty.
   */
  public static double estimate(int[] a, int lengthA, int[] b, int lengthB, int m) {
    int i = 0;
    int j = 0;
    int union = 0;
    int both = 0;
    while (union < m && (i < lengthA || j < lengthB)) {
      if (j == lengthB || (i < lengthA && a[i] < b[j])) {
        i++;
      } else if (i == lengthA || b[j] < a[i]) {
        j++;
      } else {
        i++;
        j++;
        both++;
      }
      union++;
    }
    return union == 0 ? 0 : (double) both / union;
  }
}
