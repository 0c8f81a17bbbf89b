package io.neardup.cluster.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.sketch.Jaccard;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LengthRatioTest {

  @Test
  void boundIsTheSizeRatio() {
    assertEquals(0.8, LengthRatio.maxJaccard(4, 5), 0);
    assertEquals(0.8, LengthRatio.maxJaccard(5, 4), 0);
    assertEquals(1.0, LengthRatio.maxJaccard(7, 7), 0);
    assertEquals(0.0, LengthRatio.maxJaccard(0, 7), 0);
    assertEquals(0.0, LengthRatio.maxJaccard(0, 0), 0);
  }

  @Test
  void canReachIsInclusive() {
    assertTrue(LengthRatio.canReach(4, 5, 0.8));
    assertFalse(LengthRatio.canReach(3, 5, 0.8));
    assertFalse(LengthRatio.canReach(0, 0, 0.1));
  }

  @Test
  void rejectsNegativeSizes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LengthRatio.maxJaccard(-1, 3));
    assertEquals("set sizes must be >= 0, got -1 and 3", e.getMessage());
  }

  @Test
  void neverBelowTheExactSimilarity() {
    SplittableRandom random = new SplittableRandom(42);
    for (int round = 0; round < 2000; round++) {
      long[] a = randomSet(random);
      long[] b = randomSet(random);
      double exact = Jaccard.exact(a, b);
      assertTrue(LengthRatio.maxJaccard(a.length, b.length) >= exact);
      assertTrue(LengthRatio.canReach(a.length, b.length, exact) || exact == 0);
    }
  }

  private static long[] randomSet(SplittableRandom random) {
    TreeSet<Long> set = new TreeSet<>();
    int n = random.nextInt(40);
    while (set.size() < n) {
      set.add((long) random.nextInt(60));
    }
    return set.stream().mapToLong(Long::longValue).toArray();
  }
}
