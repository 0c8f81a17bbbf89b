package io.neardup.signature;

import io.neardup.util.Mix;
import java.util.Arrays;

/**
 * Hands a method's per-document values to the clustering core: 64-bit signatures become a set of
 * two ints per value (high half first, ascending as signed longs) and one bucket key each; 32-bit
 * sketch values (min-m, mod-n) one key each.
 */
public final class Signatures {
  private Signatures() {}

  /** The set of distinct 64-bit values: two ints each, ascending. */
  public static int[] asSet(long[] values) {
    long[] sorted = Arrays.stream(values).sorted().distinct().toArray();
    int[] set = new int[2 * sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      set[2 * i] = (int) (sorted[i] >>> 32);
      set[2 * i + 1] = (int) sorted[i];
    }
    return set;
  }

  /** One bucket key per 64-bit value (only the keys' upper 32 bits make buckets). */
  public static long[] keys(long[] values) {
    long[] keys = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      keys[i] = Mix.fmix64(values[i] ^ 0x5851F42D4C957F2DL);
    }
    return keys;
  }

  /** One bucket key per 32-bit sketch value. */
  public static long[] keys(int[] values, int size) {
    long[] keys = new long[size];
    for (int i = 0; i < size; i++) {
      keys[i] = Mix.fmix64(values[i] + 0x2545F4914F6CDD1DL);
    }
    return keys;
  }
}
