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
 * element again with the round number, into a random bin. A bin's value is the smallest (round,
 * hash) pair over all elements and rounds, rounds first: a MinHash of the set under one random
 * order of the (element, round) pairs, so a bin of two sets agrees exactly when the union's first
 * pair in that bin belongs to a shared element, with probability J. Rounds stop once every bin of
 * the set is filled, which cannot change a value, since later rounds only bring larger pairs.
 *
 * <p>Why not optimal densification (Shrivastava, ICML 2017), where an empty bin borrows the value
 * of the first non-empty bin of a fixed probe sequence? It is exact per bin too, but two elements
 * falling into one bin hide one of them from every bin, so for small sets the k values sample fewer
 * elements than the set has: measured at 10 shingles and J = 0.3, its RMSE was 1.24 times the bound
 * sqrt(J(1 − J)/k) of classic MinHash. Rehashing gives every element another chance in every round.
 *
 * <p>The elements are shingle fingerprints, already the output of a 64-bit mixing function, so
 * round 0, the first, takes them as they are. Round r derives an element's hash by one
 * multiplication with an odd constant of that round (a bijection, so distinct elements keep
 * distinct hashes). A pair is kept as one signed 64-bit key, the round in the top bits above the
 * hash's high {@value #HASH_BITS} bits, so that "rounds first" is a plain comparison: each element
 * of each round costs one multiplication for its bin and one branch-free minimum, and no bin needs
 * to be marked closed. Since rounds after the last one needed change nothing, rounds run in passes
 * and the bins are checked once per pass; the first pass runs about (k / n)·ln(2k) rounds, which
 * fill every bin of a set of n elements at least half of the time. A set of n ≥ k·ln(2k) elements
 * (about 710 at k = 128) needs one round; a smaller one about k·ln k / n rounds over its n elements
 * (some 700 element hashes at k = 128, whatever n). The fingerprints are kept in an array,
 * duplicates included, until {@link #values}.
 *
 * <p>A bin's value is the MurmurHash3 finaliser of the key that won the bin: values of different
 * (element, round) pairs agree at b bits by chance with probability about 2<sup>-b</sup>,
 * independently from bin to bin, which is the chance the estimator corrects for. Not thread-safe.
 */
final class RehashedOnePermutation {
  /** Seeds the multipliers of the rounds after the first. */
  static final long ROUND_SEED = 0x4f50482d6d756c74L;

  /** Bits of a hash kept in a key, below the round. */
  static final int HASH_BITS = 48;

  /**
   * Last round with a key of its own; later rounds share it, and values stay a function of the set.
   * They are practically never reached: a set of one element fills k = 128 bins in about 700 rounds
   * on average, and all of them within 32 766 rounds but with probability 10<sup>−100</sup>; at k =
   * 1024, the largest, 10<sup>−10</sup>.
   */
  private static final int MAX_ROUND = (1 << (63 - HASH_BITS)) - 2;

  /** Marks an empty bin: larger than every key. */
  private static final long EMPTY = Long.MAX_VALUE;

  /**
   * The multipliers of the first rounds, computed once: a set of one element needs about k·ln k
   * rounds (some 700 at k = 128) to fill every bin.
   */
  private static final long[] ROUND_MULTIPLIERS = new long[2048];

  static {
    ROUND_MULTIPLIERS[0] = 1; // the first round takes the elements as they are
    for (int r = 1; r < ROUND_MULTIPLIERS.length; r++) {
      ROUND_MULTIPLIERS[r] = Mix.fmix64(ROUND_SEED + r) | 1;
    }
  }

  private final int k;
  private final long[] minima;
  private long[] hashes = new long[64];
  private int size;

  RehashedOnePermutation(int k) {
    this.k = k;
    this.minima = new long[k];
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

  /** Adds one element, a well-mixed 64-bit fingerprint; duplicates do not change the values. */
  void add(long element) {
    if (size == hashes.length) {
      hashes = Arrays.copyOf(hashes, size * 2);
    }
    hashes[size++] = element;
  }

  /**
   * Writes the k values of the current set, each masked with {@code mask}, into {@code out}. The
   * set must have at least one element.
   */
  void values(long[] out, long mask) {
    if (size == 0) {
      throw new IllegalStateException("the sketch of an empty set has no values");
    }
    // Rounds run in passes, and bins are checked only after a pass: rounds beyond the last one
    // needed change no value, so a pass may run more. The first runs enough rounds that the
    // set's bins are all filled at least half the time: about (k / n) · ln(2k) rounds.
    int rounds = (int) Math.min(MAX_ROUND, Math.ceil(k * Math.log(2.0 * k) / size));
    int round = 0;
    do {
      for (int end = round + rounds; round < end; round++) {
        round(round);
      }
      rounds = Math.max(1, k / size);
    } while (anyEmpty());
    for (int i = 0; i < k; i++) {
      out[i] = Mix.fmix64(minima[i]) & mask;
    }
  }

  /** Offers every element's (round, hash) pair to its bin of that round. */
  private void round(int round) {
    long multiplier = roundMultiplier(round);
    long roundKey = (long) Math.min(round, MAX_ROUND) << HASH_BITS;
    for (int e = 0; e < size; e++) {
      long h = hashes[e] * multiplier;
      int bin = bin(h);
      // branch-free: whether a pair is its bin's new minimum is a coin flip the CPU cannot predict
      minima[bin] = Math.min(minima[bin], roundKey | h >>> (64 - HASH_BITS));
    }
  }

  private boolean anyEmpty() {
    long all = 0;
    for (int i = 0; i < k; i++) {
      all |= minima[i] == EMPTY ? 1 : 0;
    }
    return all != 0;
  }

  /** The odd multiplier of an element's hash in {@code round}: 1 in round 0, the first. */
  private static long roundMultiplier(int round) {
    return round < ROUND_MULTIPLIERS.length
        ? ROUND_MULTIPLIERS[round]
        : Mix.fmix64(ROUND_SEED + round) | 1;
  }

  /** Multiply-shift range reduction of the high 32 bits. */
  private int bin(long h) {
    return (int) (((h >>> 32) * k) >>> 32);
  }
}
