package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ExactTruthTest {
  /** Sets drawn from a small universe, many of them edited copies of earlier ones. */
  private static long[][] randomSets(SplittableRandom random, int n) {
    long[][] sets = new long[n][];
    for (int i = 0; i < n; i++) {
      long[] set;
      if (i > 0 && random.nextInt(3) == 0) {
        long[] base = sets[random.nextInt(i)];
        set = base.clone();
        int edits = random.nextInt(1 + set.length / 4);
        for (int e = 0; e < edits && set.length > 0; e++) {
          set[random.nextInt(set.length)] = random.nextLong(400);
        }
      } else {
        set = random.longs(random.nextInt(40), 0, 400).toArray();
      }
      sets[i] = Arrays.stream(set).sorted().distinct().toArray();
    }
    return sets;
  }

  @Test
  void allPairsEqualsBruteForce() {
    SplittableRandom random = new SplittableRandom(42);
    for (double floor : new double[] {0.3, 0.5, 0.8, 1.0}) {
      long[][] sets = randomSets(random, 300);
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < sets.length; i++) {
        ids.add(String.format("t%03d", i));
      }
      List<ExactTruth.Pair> expected = new ArrayList<>();
      for (int x = 0; x < sets.length; x++) {
        for (int y = x + 1; y < sets.length; y++) {
          if (sets[x].length == 0 || sets[y].length == 0) {
            continue;
          }
          long[] other = sets[y];
          long common =
              Arrays.stream(sets[x]).filter(v -> Arrays.binarySearch(other, v) >= 0).count();
          double j = (double) common / (sets[x].length + sets[y].length - common);
          if (j >= floor) {
            expected.add(new ExactTruth.Pair(ids.get(x), ids.get(y), j));
          }
        }
      }
      assertFalse(expected.isEmpty());
      assertEquals(expected, ExactTruth.allPairs(ids, sets, floor), "floor " + floor);
    }
  }

  @Test
  void badFloor() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ExactTruth.allPairs(List.of(), new long[0][], 0));
    assertEquals("floor must be in (0, 1], got 0.0", e.getMessage());
  }

  @Test
  void datasketchShinglesFollowPythonsLowerAndWordSplit() {
    // "A_b, c-d ÉTÉ 2²" -> a_b c d été 2²: five tokens, one shingle
    long[] one = ExactTruth.datasketchShingles("A_b, c-d ÉTÉ 2²");
    long[] same = ExactTruth.datasketchShingles("a_b c d été 2²!!");
    assertEquals(1, one.length);
    assertArrayEquals(one, same);
    assertEquals(2, ExactTruth.datasketchShingles("one two three four five six").length);
    assertEquals(1, ExactTruth.datasketchShingles("too short").length);
    assertEquals(0, ExactTruth.datasketchShingles(" -- ").length);
    assertTrue(ExactTruth.isPythonWordChar('_'));
    assertFalse(ExactTruth.isPythonWordChar('-'));
    assertFalse(ExactTruth.isPythonWordChar('\u0301'));
  }
}
