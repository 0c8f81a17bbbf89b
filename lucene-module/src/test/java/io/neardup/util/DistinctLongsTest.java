package io.neardup.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DistinctLongsTest {

  /** What the bucket sort replaces: a full sort, then the removal of equal neighbours. */
  private static long[] reference(long[] values, int count) {
    long[] sorted = Arrays.copyOf(values, count);
    Arrays.sort(sorted);
    return Arrays.stream(sorted).distinct().toArray();
  }

  private static void check(DistinctLongs sorter, long[] values) {
    long[] expected = reference(values, values.length);
    long[] actual = values.clone();
    int distinct = sorter.sortDistinct(actual, actual.length);
    assertArrayEquals(expected, Arrays.copyOf(actual, distinct), () -> values.length + " values");
  }

  @Test
  void equalsSortThenDistinctOnMixedValues() {
    Random random = new Random(7);
    DistinctLongs sorter = new DistinctLongs();
    for (int n : new int[] {0, 1, 2, 47, 48, 49, 100, 1000, 4096, 70_000, 300_000}) {
      long[] values = new long[n];
      for (int i = 0; i < n; i++) {
        values[i] = Mix.fmix64(random.nextLong());
      }
      check(sorter, values);
      // repeats: a text repeats some of its shingles
      for (int i = 0; i < n; i++) {
        values[i] = values[random.nextInt(Math.max(1, n / 3))];
      }
      check(sorter, values);
    }
  }

  @Test
  void skewedValuesAndExtremes() {
    Random random = new Random(11);
    DistinctLongs sorter = new DistinctLongs();
    long[] one = new long[5000];
    Arrays.fill(one, 42);
    check(sorter, one);
    long[] small = new long[5000];
    for (int i = 0; i < small.length; i++) {
      small[i] = random.nextInt(1000) - 500; // every value in the two middle buckets
    }
    check(sorter, small);
    long[] extremes = new long[3000];
    for (int i = 0; i < extremes.length; i++) {
      extremes[i] =
          switch (i % 4) {
            case 0 -> Long.MIN_VALUE + random.nextInt(3);
            case 1 -> Long.MAX_VALUE - random.nextInt(3);
            case 2 -> random.nextInt(3) - 1;
            default -> random.nextLong();
          };
    }
    check(sorter, extremes);
    long[] descending = new long[2000];
    for (int i = 0; i < descending.length; i++) {
      descending[i] = Long.MAX_VALUE - i * 0x0100_0000_0000_0000L / 7;
    }
    check(sorter, descending);
  }
}
