package io.neardup.signature;

/**
 * Method {@code mod-n}: Broder's sketch option 2 (000): V<sub>n</sub>(d) = the permuted shingle
 * fingerprints ≡ 0 mod n, a sample of about 1/n of the shingles whose size grows with the text.
 * |V(a) ∩ V(b)| / |V(a) ∪ V(b)| estimates the Jaccard similarity of the shingle sets; its error
 * shrinks with the sample, so it is loose for short texts (a text of under n shingles may have an
 * empty sample and is then nobody's near-duplicate). Candidates are the documents that share a
 * value. Parameter: n ({@code --mod-n}, default {@value #DEFAULT_N}). Per document O(n) for n
 * shingles; about |S(d)| / n ints stored: memory grows with the texts, unlike min-m's.
 */
public final class ModN {
  /** Default modulus n. */
  public static final int DEFAULT_N = 8;

  private ModN() {}

  /** Checks n. */
  public static int checkN(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("mod-n must be >= 1, got " + n);
    }
    return n;
  }

  /** The sample of a set of distinct fingerprints: permuted values ≡ 0 mod n, ascending. */
  public static int[] sample(int[] fingerprints, int size, int n, long seed) {
    checkN(n);
    int[] out = new int[Math.min(size, 16)];
    int k = 0;
    for (int i = 0; i < size; i++) {
      int p = MinM.permute(fingerprints[i], seed);
      if (Integer.remainderUnsigned(p, n) == 0) {
        if (k == out.length) {
          out = java.util.Arrays.copyOf(out, Math.max(16, 2 * k));
        }
        out[k++] = p;
      }
    }
    int[] sample = java.util.Arrays.copyOf(out, k);
    java.util.Arrays.sort(sample);
    return sample;
  }
}
