package io.neardup.signature;

import io.neardup.util.Mix;
import java.util.Arrays;
import java.util.List;

/**
 * Method {@code simhash}: Charikar's 64-bit SimHash (<i>Similarity estimation techniques from
 * rounding algorithms</i>, STOC 2002) of a document's weighted features, searched as Manku, Jain
 * and Das Sarma do (<i>Detecting near-duplicates for web crawling</i>, WWW 2007): the 64 bits are
 * cut into h + 1 blocks, so that two fingerprints within Hamming distance h agree on at least one
 * whole block (pigeonhole); each block, tagged with its number, is a bucket key, and candidates are
 * verified by their exact Hamming distance. Parameters: the largest Hamming distance h ({@code
 * --max-hamming}, default {@value #DEFAULT_MAX_HAMMING}, at most {@value #MAX_HAMMING}: beyond,
 * blocks of one bit make every pair a candidate) and the shingle size of the features. Per document
 * O(64 · features); 8 bytes stored; h + 1 keys.
 */
public final class SimHash {
  /** Default largest Hamming distance of near-duplicates (Manku et al.: 3 of 64 bits). */
  public static final int DEFAULT_MAX_HAMMING = 3;

  /** The largest h accepted. */
  public static final int MAX_HAMMING = 32;

  private SimHash() {}

  /** Checks h. */
  public static int checkMaxHamming(int h) {
    if (h < 0 || h > MAX_HAMMING) {
      throw new IllegalArgumentException(
          "max-hamming must be in [0, " + MAX_HAMMING + "], got " + h);
    }
    return h;
  }

  /**
   * The SimHash of features with 64-bit hashes and positive weights: bit i is set when the weights
   * of the features with bit i set outweigh those without. No features give 0.
   */
  public static long fingerprint(long[] hashes, double[] weights, int n) {
    double[] v = new double[64];
    for (int f = 0; f < n; f++) {
      long h = hashes[f];
      double w = weights[f];
      for (int i = 0; i < 64; i++) {
        v[i] += ((h >>> i) & 1) != 0 ? w : -w;
      }
    }
    long fp = 0;
    for (int i = 0; i < 64; i++) {
      if (v[i] > 0) {
        fp |= 1L << i;
      }
    }
    return fp;
  }

  /**
   * The SimHash of a document's word shingles of {@code shingleSize} terms, each weighted by its
   * number of occurrences (a text shorter than a shingle is one shingle); empty without terms. A
   * shingle's hash combines the hashes of its terms in order, so no shingle string is built.
   */
  public static long[] ofTerms(List<String> terms, int shingleSize, long seed) {
    if (shingleSize < 1) {
      throw new IllegalArgumentException("shingle-size must be >= 1, got " + shingleSize);
    }
    if (terms.isEmpty()) {
      return new long[0];
    }
    int size = terms.size();
    long[] termHashes = new long[size];
    for (int i = 0; i < size; i++) {
      termHashes[i] = Hash64.of(terms.get(i), seed);
    }
    int shingles = Math.max(1, size - shingleSize + 1);
    long[] hashes = new long[shingles];
    for (int i = 0; i < shingles; i++) {
      long h = seed ^ 0x73696d68617368L;
      for (int j = i; j < Math.min(size, i + shingleSize); j++) {
        h = Mix.fmix64(h * 0x9E3779B97F4A7C15L + termHashes[j]);
      }
      hashes[i] = h;
    }
    // equal shingles are one feature weighted by their count
    Arrays.sort(hashes);
    // the weights are counts, so each bit's sum of +w and -w is 2 * (weight with the bit) minus the
    // total, summed exactly in longs: the bits of fingerprint(hashes, weights, n), without doubles
    long[] withBit = new long[64];
    for (int i = 0; i < shingles; ) {
      int j = i + 1;
      while (j < shingles && hashes[j] == hashes[i]) {
        j++;
      }
      long h = hashes[i];
      long w = j - i;
      for (int b = 0; b < 64; b++) {
        withBit[b] += ((h >>> b) & 1) * w;
      }
      i = j;
    }
    long fp = 0;
    for (int b = 0; b < 64; b++) {
      if (2 * withBit[b] - shingles > 0) {
        fp |= 1L << b;
      }
    }
    return new long[] {fp};
  }

  /**
   * The SimHash of a set of features of weight 1 each, such as the distinct shingle fingerprints a
   * Lucene analysis chain sketches: {@code hashes[0, n)} must be distinct.
   */
  public static long fingerprint(long[] hashes, int n) {
    int[] ones = new int[64];
    for (int f = 0; f < n; f++) {
      long h = hashes[f];
      for (int i = 0; i < 64; i++) {
        ones[i] += (int) ((h >>> i) & 1);
      }
    }
    long fp = 0;
    for (int i = 0; i < 64; i++) {
      // as the weighted form: set when the features with the bit outweigh those without
      if (2 * ones[i] > n) {
        fp |= 1L << i;
      }
    }
    return fp;
  }

  /**
   * The similarity 1 − d/64 of fingerprints at Hamming distance d, the scale on which SimHash
   * near-duplicates meet the thresholds and scores of the other methods (exact in binary).
   */
  public static double similarity(int distance) {
    return 1 - distance / 64.0;
  }

  /**
   * The largest Hamming distance whose {@linkplain #similarity(int) similarity} reaches {@code
   * minSimilarity}: the inverse of {@link #similarity(int)}.
   */
  public static int maxDistance(double minSimilarity) {
    return (int) Math.floor(64 * (1 - minSimilarity) + 1e-9);
  }

  /** The Hamming distance of two fingerprints. */
  public static int distance(long a, long b) {
    return Long.bitCount(a ^ b);
  }

  /**
   * The h + 1 bucket keys of a fingerprint: block j (bits [64·j/(h+1), 64·(j+1)/(h+1))) tagged with
   * j and mixed. Fingerprints within distance h share at least one key.
   */
  public static long[] blockKeys(long fingerprint, int maxHamming) {
    int blocks = checkMaxHamming(maxHamming) + 1;
    long[] keys = new long[blocks];
    for (int j = 0; j < blocks; j++) {
      int from = 64 * j / blocks;
      int to = 64 * (j + 1) / blocks;
      int width = to - from;
      long mask = width == 64 ? -1L : (1L << width) - 1;
      long block = (fingerprint >>> from) & mask;
      keys[j] = io.neardup.util.Mix.fmix64(block * 0x9E3779B97F4A7C15L + j + 1) ^ j;
    }
    return keys;
  }
}
