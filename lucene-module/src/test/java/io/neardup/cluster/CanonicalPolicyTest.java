package io.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CanonicalPolicyTest {
  private static final CanonicalPolicy ASC = CanonicalPolicy.lowest("f");
  private static final CanonicalPolicy DESC = CanonicalPolicy.highest("f");

  @Test
  void valuesBeatMissingOnesInBothDirections() {
    assertTrue(ASC.compare(1L, null) < 0);
    assertTrue(DESC.compare(null, 1L) > 0);
    assertEquals(0, ASC.compare(null, null));
  }

  @Test
  void numbersAreSignedAndBytesUnsigned() {
    assertTrue(ASC.compare(-1L, 2L) < 0);
    assertTrue(DESC.compare(-1L, 2L) > 0);
    assertTrue(ASC.compare(new byte[] {(byte) 0x80}, new byte[] {1}) > 0);
    assertTrue(DESC.compare(new byte[] {(byte) 0x80}, new byte[] {1}) < 0);
  }

  @Test
  void numbersBeatBytesWhateverTheDirection() {
    assertTrue(ASC.compare(5L, new byte[] {1}) < 0);
    assertTrue(DESC.compare(5L, new byte[] {1}) < 0);
    assertTrue(DESC.compare(new byte[] {1}, 5L) > 0);
  }

  @Test
  void scoreNeverDecidesByValue() {
    assertEquals(0, CanonicalPolicy.BEST_SCORE.compare(1L, null));
    assertArrayEquals(
        new int[] {0, 1, 2}, CanonicalPolicy.BEST_SCORE.order(new Object[] {3L, 1L, 2L}));
  }

  @Test
  void orderKeepsRankForTies() {
    Object[] values = {2L, null, 1L, 2L, 1L};
    assertArrayEquals(new int[] {2, 4, 0, 3, 1}, ASC.order(values));
    assertArrayEquals(new int[] {0, 3, 2, 4, 1}, DESC.order(values));
  }
}
