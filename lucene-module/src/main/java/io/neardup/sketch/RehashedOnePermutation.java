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
 * <p>Cost: one hash, one multiplication and one comparison per element in the first round, and for
 * a set of n &lt; k·ln k elements about k·ln k / n further rounds over the n elements (some 700
 * hashes at k = 128 whatever n), so O(n + k log k) with a small constant. The elements are kept in
 * an array (duplicates included) for those rounds.
 *
 * <p>A bin's value is the low bits of the 64-bit hash of its (element, round) pair, while the bin
 * comes from the high bits, so b-bit values of different pairs agree by chance with probability
 * 2<sup>-b</sup>, independently from bin to bin: the chance the estimator corrects for. Not
 * thread-safe.
 */
final class RehashedOnePermutation {
  /** Seeds the pair hash, so that values are unrelated to the fingerprints themselves. */
  private static final long SEED = 0x4f50482d726f756eL;

  /** Added once per round to the element before mixing (odd, the golden ratio). */
  private static final long ROUND_STEP = 0x9E3779B97F4A7C15L;

  /** Marks an empty bin; the minima are stored biased (h ^ MIN_VALUE) for signed comparison. */
  private static final long EMPTY = Long.MAX_VALUE;

  private final int k;
  private final long[] minima;
  private final int[] rounds;
  private long[] elements = new long[64];
  private int size;

  RehashedOnePermutation(int k) {
    this.k = k;
    this.minima = new long[k];
    this.rounds = new int[k];
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
    if (size == elements.length) {
      elements = Arrays.copyOf(elements, size * 2);
    }
    elements[size++] = element;
    long h = Mix.fmix64(element ^ SEED);
    int bin = bin(h);
    long biased = h ^ Long.MIN_VALUE;
    if (biased < minima[bin]) {
      minima[bin] = biased;
    }
  }

  /**
   * Writes the k values of the current set, each masked with {@code mask}, into {@code out}. The
   * set must have at least one element.
   */
  void values(long[] out, long mask) {
    if (size == 0) {
      throw new IllegalStateException("the sketch of an empty set has no values");
    }
    int empty = 0;
    for (int i = 0; i < k; i++) {
      if (minima[i] == EMPTY) {
        rounds[i] = -1;
        empty++;
      } else {
        rounds[i] = 0;
      }
    }
    for (int round = 1; empty > 0; round++) {
      long step = round * ROUND_STEP;
      for (int e = 0; e < size; e++) {
        long h = Mix.fmix64((elements[e] ^ SEED) + step);
        int bin = bin(h);
        int binRound = rounds[bin];
        long biased = h ^ Long.MIN_VALUE;
        if (binRound < 0) {
          rounds[bin] = round;
          minima[bin] = biased;
          empty--;
        } else if (binRound == round && biased < minima[bin]) {
          minima[bin] = biased;
        }
      }
    }
    for (int i = 0; i < k; i++) {
      out[i] = (minima[i] ^ Long.MIN_VALUE) & mask;
    }
  }

  /** Multiply-shift range reduction of the high 32 bits: the low bits stay free for the value. */
  private int bin(long h) {
    return (int) (((h >>> 32) * k) >>> 32);
  }
}
