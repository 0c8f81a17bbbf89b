package io.neardup.canonical;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
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

  @Test
  void parsesTheOldForms() {
    assertEquals(CanonicalPolicy.BEST_SCORE, CanonicalPolicy.parse("score"));
    assertEquals(ASC, CanonicalPolicy.parse("f"));
    assertEquals(ASC, CanonicalPolicy.parse("f:asc"));
    assertEquals(ASC, CanonicalPolicy.parse("f:earliest"));
    assertEquals(DESC, CanonicalPolicy.parse("f:desc"));
    assertEquals(DESC, CanonicalPolicy.parse("f:HIGHEST"));
    assertEquals(CanonicalPolicy.highest("earliest"), CanonicalPolicy.parse("earliest:desc"));
    assertEquals("f:desc", DESC.toString());
    assertEquals("score", CanonicalPolicy.BEST_SCORE.toString());
  }

  @Test
  void parsesNamedPoliciesWithTheirDefaultFields() {
    assertEquals(
        CanonicalPolicy.lowest(CanonicalPolicy.BOILERPLATE_FIELD),
        CanonicalPolicy.parse("boilerplate"));
    assertEquals(CanonicalPolicy.lowest("date"), CanonicalPolicy.parse("earliest"));
    assertEquals(CanonicalPolicy.lowest("published"), CanonicalPolicy.parse("earliest:published"));
    assertEquals(CanonicalPolicy.highest("popularity"), CanonicalPolicy.parse("popularity"));
    assertEquals(CanonicalPolicy.highest("inlinks"), CanonicalPolicy.parse("popularity:inlinks"));
    assertEquals(CanonicalPolicy.lowest("bp"), CanonicalPolicy.parse("boilerplate:bp"));
  }

  @Test
  void parsesChainsEndingInScore() {
    CanonicalPolicy chain = CanonicalPolicy.parse("earliest, popularity:inlinks ,score");
    assertEquals(CanonicalPolicy.lowest("date").then(CanonicalPolicy.highest("inlinks")), chain);
    assertEquals(List.of("date", "inlinks"), chain.fields());
    assertEquals(chain, CanonicalPolicy.parse(chain.toString()));
    assertEquals("date:asc,inlinks:desc", chain.toString());
  }

  @Test
  void refusesBadChainsNamingTheProblem() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse("score,earliest"));
    assertEquals(
        "canonical [score] must come last, as it breaks the ties the keys before it leave, got"
            + " [score,earliest]",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse("earliest,,f"));
    assertTrue(e.getMessage().endsWith("got [earliest,,f]"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse("f:up"));
    assertEquals(
        "canonical order must be one of [asc, desc, earliest, latest, lowest, highest], got [up]"
            + " in [f:up]",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse("earliest,date"));
    assertEquals(
        "canonical field [date] must appear once, got [date:asc, date:asc]", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse(" "));
    assertThrows(IllegalArgumentException.class, () -> CanonicalPolicy.parse(":asc"));
  }

  @Test
  void oneKeyIsItsOwnValue() {
    assertEquals(5L, ASC.key(new Object[] {5L}));
    assertEquals(null, CanonicalPolicy.BEST_SCORE.key(new Object[0]));
    assertThrows(IllegalArgumentException.class, () -> ASC.key(new Object[] {1L, 2L}));
  }

  /** A chain's byte key orders documents as comparing key by key does, on random values. */
  @Test
  void chainKeysOrderLikeKeyByKeyComparison() {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(3);
      List<CanonicalPolicy.Key> keys = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        keys.add(new CanonicalPolicy.Key("f" + k, random.nextBoolean()));
      }
      CanonicalPolicy chain = new CanonicalPolicy(keys);
      Object[][] docs = new Object[20][];
      for (int d = 0; d < docs.length; d++) {
        docs[d] = new Object[n];
        for (int k = 0; k < n; k++) {
          docs[d][k] = randomValue(random);
        }
      }
      for (Object[] a : docs) {
        for (Object[] b : docs) {
          int expected = 0;
          for (int k = 0; k < n && expected == 0; k++) {
            expected = new CanonicalPolicy(List.of(keys.get(k))).compare(a[k], b[k]);
          }
          int actual = chain.compare(chain.key(a), chain.key(b));
          assertEquals(
              Integer.signum(expected),
              Integer.signum(actual),
              Arrays.deepToString(a) + " vs " + Arrays.deepToString(b) + " by " + chain);
        }
      }
    }
  }

  private static Object randomValue(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> null;
      case 1 -> (long) (random.nextInt(5) - 2) * (random.nextBoolean() ? 1 : Long.MAX_VALUE / 3);
      case 2 -> {
        byte[] b = new byte[random.nextInt(3)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) (random.nextInt(3) - 1); // 0x00, 0x01 and 0xff, the escape's edge cases
        }
        yield b;
      }
      default -> ("v" + random.nextInt(3)).getBytes(StandardCharsets.UTF_8);
    };
  }
}
