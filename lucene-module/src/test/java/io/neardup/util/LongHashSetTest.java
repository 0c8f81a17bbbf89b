package io.neardup.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LongHashSetTest {

  @Test
  void behavesLikeAHashSet() {
    Random random = new Random(1);
    LongHashSet set = new LongHashSet();
    for (int round = 0; round < 5; round++) {
      Set<Long> reference = new HashSet<>();
      set.clear();
      int n = round == 2 ? 3 : 50_000;
      for (int i = 0; i < n; i++) {
        long v = random.nextInt(3) == 0 ? random.nextInt(100) : random.nextLong();
        assertEquals(reference.add(v), set.add(v));
      }
      assertEquals(reference.size(), set.size());
      for (long v : reference) {
        assertTrue(set.contains(v));
      }
      Set<Long> fromValues = new HashSet<>();
      for (int i = 0; i < set.size(); i++) {
        fromValues.add(set.values()[i]);
      }
      assertEquals(reference, fromValues);
      assertFalse(set.contains(Long.MIN_VALUE + 12345));
    }
  }

  @Test
  void zeroIsAnOrdinaryMember() {
    LongHashSet set = new LongHashSet();
    assertFalse(set.contains(0));
    assertTrue(set.add(0));
    assertFalse(set.add(0));
    assertTrue(set.contains(0));
    assertEquals(1, set.size());
    set.clear();
    assertFalse(set.contains(0));
    assertEquals(0, set.size());
  }
}
