package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.util.Mix;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RehashedOnePermutationTest {

  /**
   * The definition, computed the slow way: round after round, one at a time, each bin keeps its
   * smallest (round, hash) pair, until no bin is empty.
   */
  private static long[] reference(long[] set, int k) {
    long[] round = new long[k];
    long[] hash = new long[k];
    Arrays.fill(round, -1);
    int empty = k;
    for (int r = 0; empty > 0; r++) {
      long multiplier = r == 0 ? 1 : Mix.fmix64(RehashedOnePermutation.ROUND_SEED + r) | 1;
      for (long element : set) {
        long h = element * multiplier;
        int bin = (int) (((h >>> 32) * k) >>> 32);
        long top = h >>> (64 - RehashedOnePermutation.HASH_BITS);
        if (round[bin] < 0) {
          round[bin] = r;
          hash[bin] = top;
          empty--;
        } else if (round[bin] == r && top < hash[bin]) {
          hash[bin] = top;
        }
      }
    }
    long[] values = new long[k];
    for (int i = 0; i < k; i++) {
      values[i] = Mix.fmix64(round[i] << RehashedOnePermutation.HASH_BITS | hash[i]);
    }
    return values;
  }

  private static long[] values(RehashedOnePermutation oph, long[] set, int k) {
    oph.clear();
    for (long element : set) {
      oph.add(element);
    }
    long[] out = new long[k];
    oph.values(out, -1L);
    return out;
  }

  @Test
  void equalsTheRoundByRoundDefinition() {
    SplittableRandom random = new SplittableRandom(21);
    for (int k : new int[] {1, 7, 100, 128, 1024}) {
      RehashedOnePermutation oph = new RehashedOnePermutation(k);
      // around the sizes where the first pass runs one, two or many rounds
      for (int n : new int[] {1, 2, 3, 5, 46, 127, 128, 129, 500, 709, 710, 711, 5000}) {
        long[] set = random.longs(n).toArray();
        assertArrayEquals(reference(set, k), values(oph, set, k), "k " + k + ", n " + n);
      }
    }
  }

  @Test
  void repeatsAndOrderChangeNothing() {
    SplittableRandom random = new SplittableRandom(5);
    RehashedOnePermutation oph = new RehashedOnePermutation(128);
    for (int n : new int[] {1, 10, 300, 3000}) {
      long[] set = random.longs(n).toArray();
      long[] expected = values(oph, set, 128);
      long[] repeated = new long[3 * n];
      for (int i = 0; i < repeated.length; i++) {
        repeated[i] = set[random.nextInt(n)];
      }
      // every element at least once, in another order, with repeats
      System.arraycopy(set, 0, repeated, 0, n);
      for (int i = repeated.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        long t = repeated[i];
        repeated[i] = repeated[j];
        repeated[j] = t;
      }
      assertArrayEquals(expected, values(oph, repeated, 128), "n " + n);
      assertEquals(repeated.length, oph.size());
    }
  }

  @Test
  void anEmptySetHasNoValues() {
    RehashedOnePermutation oph = new RehashedOnePermutation(8);
    assertThrows(IllegalStateException.class, () -> oph.values(new long[8], -1L));
  }
}
