package io.neardup.sketch;

import io.neardup.util.Mix;
import java.util.Arrays;

/**
 * One-permutation hashing whose empty bins are filled by hashing the set again, the engine of
 * {@link SketchScheme#OPH}.
 *
 * <p>One-permutation hashing (Li, Owen and Zhang, <i>One permutation hashing</i>, NIPS 2012) hashes
 * each element once: the hash picks one of k bins, and each bin keeps the smallest hash that fell
 * into it. Two sets agree in a bin exactly when the smallest element of their union in that bin is
 * in both, so a bin that is non-empty for the union agrees with probability J. A set of fewer than
 * about 5k elements leaves bins empty; those are filled as in fast similarity sketching (Dahlgaard,
 * Knudsen and Thorup, <i>Fast similarity sketching</i>, FOCS 2017): round r = 1, 2, … hashes every
 * element again with the round number, into a random bin, and a bin still empty at the start of
 * round r takes the smallest round-r hash that falls into it. A bin's value is thus the smallest
 * (round, hash) pair over all elements and rounds, rounds first: a MinHash of the set under one
 * random order of the (element, round) pairs, so a bin of two sets agrees exactly when the union's
 * first pair in that bin belongs to a shared element, with probability J. Rounds stop once every
 * bin of the set is filled, which cannot change a value, since later rounds only bring larger
 * pairs.
 *
 * <p>Why not optimal densification (Shrivastava, ICML 2017), where an empty bin borrows the value
 * of the first non-empty bin of a fixed probe sequence? It is exact per bin too, but two elements
 * falling into one bin hide one of them from every bin, so for small sets the k values sample fewer
 * elements than the set has: measured at 10 shingles and J = 0.3, its RMSE was 1.24 times the bound
 * sqrt(J(1 − J)/k) of classic MinHash. Rehashing gives every element another chance in every round.
 *
 * <p>Cost: one hash (the MurmurHash3 finaliser), one multiplication and one branch-free minimum per
 * element in the first round. Later rounds derive an element's hash for round r from its first hash
 * by one multiplication with an odd constant of that round (a bijection, so distinct elements keep
 * distinct hashes), and touch only the bins still open: for a set of n &lt; k·ln k elements about
 * k·ln k / n rounds over the n elements (some 700 multiplications at k = 128 whatever n). The
 * first-round hashes are kept in an array, duplicates included, for those rounds.
 *
 * <p>A bin's value is the MurmurHash3 finaliser of the hash that won the bin: values of different
 * (element, round) pairs agree at b bits by chance with probability 2<sup>-b</sup>, independently
 * from bin to bin, which is the chance the estimator corrects for. Not thread-safe.
 */
final class RehashedOnePermutation {
  /** Seeds the element hash, so that values are unrelated to the fingerprints themselves. */
  private static final long SEED = 0x4f50482d726f756eL;

  /** Seeds the multipliers of the rounds after the first. */
  private static final long ROUND_SEED = 0x4f50482d6d756c74L;

  /** Marks an empty bin; the minima are stored biased (h ^ MIN_VALUE) for signed comparison. */
  private static final long EMPTY = Long.MAX_VALUE;

  private final int k;
  private final long[] minima;
  private final boolean[] isOpen;
  private final int[] openBins;
  private long[] hashes = new long[64];
  private int size;

  RehashedOnePermutation(int k) {
    this.k = k;
    this.minima = new long[k];
    this.isOpen = new boolean[k];
    this.openBins = new int[k];
    Arrays.fill(minima, EMPTY);
  }

  /** Forgets the current set. */
  void clear() {
    Arrays.fill(minima, EMPTY);
    size = 0;
  }

  /** Number of elements added since the last {@link #clear()}, duplicates included. */
  int size() {
    return size;
  }

  /** Adds one element; duplicates do not change the values. */
  void add(long element) {
    if (size == hashes.length) {
      hashes = Arrays.copyOf(hashes, size * 2);
    }
    long h = Mix.fmix64(element ^ SEED);
    hashes[size++] = h;
    int bin = bin(h);
    // branch-free: whether a hash is a bin's new minimum is a coin flip the CPU cannot predict
    minima[bin] = Math.min(minima[bin], h ^ Long.MIN_VALUE);
  }

  /**
   * Writes the k values of the current set, each masked with {@code mask}, into {@code out}. The
   * set must have at least one element.
   */
  void values(long[] out, long mask) {
    if (size == 0) {
      throw new IllegalStateException("the sketch of an empty set has no values");
    }
    int open = 0;
    for (int i = 0; i < k; i++) {
      boolean empty = minima[i] == EMPTY;
      isOpen[i] = empty;
      if (empty) {
        openBins[open++] = i;
      }
    }
    for (int round = 1; open > 0; round++) {
      long multiplier = Mix.fmix64(ROUND_SEED + round) | 1;
      for (int e = 0; e < size; e++) {
        long h = hashes[e] * multiplier;
        int bin = bin(h);
        if (isOpen[bin]) {
          minima[bin] = Math.min(minima[bin], h ^ Long.MIN_VALUE);
        }
      }
      int stillOpen = 0;
      for (int t = 0; t < open; t++) {
        int i = openBins[t];
        if (minima[i] == EMPTY) {
          openBins[stillOpen++] = i;
        } else {
          isOpen[i] = false;
        }
      }
      open = stillOpen;
    }
    for (int i = 0; i < k; i++) {
      out[i] = Mix.fmix64(minima[i] ^ Long.MIN_VALUE) & mask;
    }
  }

  /** Multiply-shift range reduction of the high 32 bits. */
  private int bin(long h) {
    return (int) (((h >>> 32) * k) >>> 32);
  }
}
