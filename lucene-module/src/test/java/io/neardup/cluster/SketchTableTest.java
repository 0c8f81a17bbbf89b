package io.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.lsh.Banding;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SketchTableTest {

  /**
   * Counts agree with {@link Jaccard#estimate} for every width, including k that does not fill the
   * last packed word, and values whose lanes are all ones (where a carry between lanes would show).
   */
  @ParameterizedTest
  @CsvSource({"8, 128", "8, 13", "16, 128", "16, 7", "32, 128", "32, 9", "64, 128", "64, 1"})
  void countsLikeTheEstimator(int bits, int hashes) {
    SketchParameters p = SketchParameters.DEFAULT.withBits(bits).withHashes(hashes);
    SplittableRandom random = new SplittableRandom(bits * 1000L + hashes);
    int n = 40;
    Sketch[] sketches = new Sketch[n];
    SketchTable table = new SketchTable(p, n + 1);
    long mask = bits == 64 ? -1L : (1L << bits) - 1;
    for (int d = 0; d < n; d++) {
      long[] values = new long[hashes];
      Sketch base = d > 0 ? sketches[random.nextInt(d)] : null;
      for (int i = 0; i < hashes; i++) {
        if (base != null && random.nextInt(4) != 0) {
          values[i] = base.value(i); // related sketches, so that many values agree
        } else {
          values[i] = random.nextInt(3) == 0 ? mask : random.nextLong() & mask;
        }
      }
      sketches[d] = new Sketch(p, values, 1 + random.nextInt(1000));
      table.set(d, sketches[d]);
    }
    for (int a = 0; a < n; a++) {
      for (int i = 0; i < hashes; i++) {
        assertEquals(sketches[a].value(i), table.value(a, i));
      }
      for (int b = 0; b < n; b++) {
        assertEquals(
            Jaccard.estimate(sketches[a], sketches[b]).matches(), table.countMatches(a, b));
      }
      assertEquals(sketches[a].shingleCount(), table.shingleCount(a));
    }
    assertFalse(table.has(n));
    assertEquals(-1, table.countMatches(0, n));
  }

  @ParameterizedTest
  @CsvSource({"8", "32", "64"})
  void bandAgreementFollowsTheValues(int bits) {
    SketchParameters p = SketchParameters.DEFAULT.withBits(bits).withHashes(12);
    Banding banding = new Banding(3, 4);
    long[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    long[] y = {1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 11, 12};
    SketchTable table = new SketchTable(p, 2);
    table.set(0, new Sketch(p, x, 12));
    table.set(1, new Sketch(p, y, 12));
    assertTrue(table.bandAgrees(0, 1, banding, 0));
    assertFalse(table.bandAgrees(0, 1, banding, 1));
    assertTrue(table.bandAgrees(0, 1, banding, 2));
  }

  @Test
  void emptySketchesMatchNothing() {
    SketchParameters p = SketchParameters.DEFAULT;
    SketchTable table = new SketchTable(p, 2);
    table.set(0, Sketch.empty(p));
    table.set(1, Sketch.empty(p));
    assertTrue(table.has(0));
    assertFalse(table.hasShingles(0));
    assertEquals(-1, table.countMatches(0, 1));
    assertEquals(0, table.shingleCount(1));
  }

  @Test
  void rejectsOtherParameters() {
    SketchTable table = new SketchTable(SketchParameters.DEFAULT, 2);
    SketchParameters other = SketchParameters.DEFAULT.withSeed(7);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> table.set(0, Sketch.empty(other)));
    assertTrue(e.getMessage().startsWith("Incompatible sketch"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> table.set(2, Sketch.empty(SketchParameters.DEFAULT)));
    assertEquals("document must be in [0, 2), got 2", e.getMessage());
  }
}
