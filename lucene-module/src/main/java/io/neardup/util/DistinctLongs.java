package io.neardup.util;

import java.util.Arrays;

/**
 * Sorts an array of well-mixed longs (hash values, such as shingle fingerprints) and drops repeats,
 * in place: the result is that of {@link Arrays#sort(long[], int, int)} followed by the removal of
 * equal neighbours. One counting pass distributes the values into about n buckets by their top
 * bits, so each bucket holds a handful of values, sorted by insertion; a bucket that receives more
 * (many repeats, or values that are not well mixed) is sorted with {@link Arrays#sort}, so the
 * worst case stays O(n log n). Not thread-safe: one instance per analysis chain, its buffers
 * reused.
 */
public final class DistinctLongs {
  /** A bucket larger than this is sorted by {@link Arrays#sort} rather than by insertion. */
  private static final int INSERTION_MAX = 32;

  /** Below this many values, one {@link Arrays#sort} costs less than distributing them. */
  private static final int SMALL = 48;

  private static final int MAX_BITS = 16;

  private long[] scratch = new long[256];
  private int[] starts = new int[257];

  /**
   * Sorts {@code values[0, count)} ascending (signed order) and moves the distinct values to its
   * front.
   *
   * @return the number of distinct values, now in {@code values[0, return)}
   */
  public int sortDistinct(long[] values, int count) {
    if (count < SMALL) {
      Arrays.sort(values, 0, count);
      return dropRepeats(values, count);
    }
    // about one bucket per value: floor(log2(count)) bits
    int bits = Math.min(MAX_BITS, 31 - Integer.numberOfLeadingZeros(count));
    int buckets = 1 << bits;
    int shift = 64 - bits;
    if (starts.length < buckets + 1) {
      starts = new int[buckets + 1];
    } else {
      Arrays.fill(starts, 0, buckets + 1, 0);
    }
    if (scratch.length < count) {
      scratch = new long[Math.max(count, scratch.length * 2)];
    }
    int[] start = starts;
    long[] tmp = scratch;
    // the sign bit flipped, so that buckets follow signed order
    for (int i = 0; i < count; i++) {
      start[(int) ((values[i] ^ Long.MIN_VALUE) >>> shift) + 1]++;
    }
    for (int b = 0; b < buckets; b++) {
      start[b + 1] += start[b];
    }
    // scatter; start[b] ends as the end of bucket b, which is the start of bucket b + 1
    for (int i = 0; i < count; i++) {
      long v = values[i];
      tmp[start[(int) ((v ^ Long.MIN_VALUE) >>> shift)]++] = v;
    }
    int distinct = 0;
    int from = 0;
    for (int b = 0; b < buckets; b++) {
      int to = start[b];
      if (to - from > INSERTION_MAX) {
        Arrays.sort(tmp, from, to);
      } else {
        for (int i = from + 1; i < to; i++) {
          long v = tmp[i];
          int j = i - 1;
          while (j >= from && tmp[j] > v) {
            tmp[j + 1] = tmp[j];
            j--;
          }
          tmp[j + 1] = v;
        }
      }
      // equal values share a bucket, so only neighbours within it can repeat
      for (int i = from; i < to; i++) {
        long v = tmp[i];
        if (i == from || tmp[i - 1] != v) {
          values[distinct++] = v;
        }
      }
      from = to;
    }
    return distinct;
  }

  private static int dropRepeats(long[] sorted, int count) {
    int distinct = 0;
    for (int i = 0; i < count; i++) {
      if (distinct == 0 || sorted[distinct - 1] != sorted[i]) {
        sorted[distinct++] = sorted[i];
      }
    }
    return distinct;
  }
}
