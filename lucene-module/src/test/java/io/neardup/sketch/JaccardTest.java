package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JaccardTest {

  @Test
  void exactJaccard() {
    assertEquals(
        3.0 / 8, Jaccard.exact(new long[] {1, 2, 3, 4}, new long[] {1, 2, 3, 5, 6, 7, 8}), 0);
    assertEquals(1.0, Jaccard.exact(new long[] {-5, 9}, new long[] {-5, 9}), 0);
    assertEquals(0.0, Jaccard.exact(new long[] {}, new long[] {}), 0);
    assertEquals(0.0, Jaccard.exact(new long[] {1}, new long[] {2}), 0);
    assertEquals(
        0.5, Jaccard.exactUnsorted(new long[] {3, 1, 2}, new long[] {2, 3, 4, 1, 5, 6}), 0);
  }

  @Test
  void estimateWithBounds() {
    JaccardEstimate e = Jaccard.fromMatches(96, 128, 64, 0.95);
    assertEquals(0.75, e.estimate(), 0);
    assertTrue(e.lower() < 0.75 && e.upper() > 0.75);
    // Wilson interval for p = 0.75, n = 128, z = 1.96: [0.668, 0.817]
    assertEquals(0.6684, e.lower(), 0.001);
    assertEquals(0.8171, e.upper(), 0.001);
    assertEquals(96, e.matches());
    assertEquals(128, e.hashes());
    JaccardEstimate all = Jaccard.fromMatches(128, 128, 64, 0.95);
    assertEquals(1.0, all.estimate(), 0);
    assertEquals(1.0, all.upper(), 1e-12);
    assertTrue(all.lower() > 0.97);
    JaccardEstimate none = Jaccard.fromMatches(0, 128, 64, 0.95);
    assertEquals(0.0, none.lower(), 1e-12);
    assertTrue(none.upper() < 0.03);
  }

  @Test
  void bBitCorrectionRemovesChanceAgreement() {
    // with 8 bits, unrelated values agree 1/256 of the time: that agreement rate means similarity 0
    assertEquals(0.0, Jaccard.fromMatches(1, 256, 8, 0.95).estimate(), 1e-12);
    double p = 0.5 + 0.5 / 256;
    assertEquals(
        0.5, Jaccard.fromMatches((int) Math.round(p * 1024), 1024, 8, 0.95).estimate(), 0.001);
    assertEquals(Jaccard.minMatches(0.8, 128, 64), 103); // ceil(0.8 * 128) = 103
    assertTrue(
        Jaccard.fromMatches(Jaccard.minMatches(0.8, 128, 8), 128, 8, 0.95).estimate() >= 0.8);
    assertTrue(
        Jaccard.fromMatches(Jaccard.minMatches(0.8, 128, 8) - 1, 128, 8, 0.95).estimate() < 0.8);
  }

  @Test
  void emptySketchesAreNobodysDuplicate() {
    SketchParameters p = SketchParameters.DEFAULT;
    Sketch empty = Sketch.empty(p);
    assertEquals(0.0, Jaccard.estimate(empty, empty).estimate(), 0);
    Sketch some = new Sketcher(p).sketch(1, 2, 3);
    assertEquals(0.0, Jaccard.estimate(empty, some).upper(), 0);
    assertEquals(1.0, Jaccard.estimate(some, new Sketcher(p).sketch(3, 2, 1, 1)).estimate(), 0);
  }

  @Test
  void incompatibleSketchesAreNotCompared() {
    Sketch a = new Sketcher(SketchParameters.DEFAULT).sketch(1, 2);
    Sketch b = new Sketcher(SketchParameters.DEFAULT.withSeed(5)).sketch(1, 2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Jaccard.estimate(a, b));
    assertTrue(e.getMessage().startsWith("Incompatible sketches"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Jaccard.fromMatches(5, 4, 64, 0.95));
    assertThrows(IllegalArgumentException.class, () -> Jaccard.fromMatches(1, 4, 64, 1.0));
  }

  @Test
  void normalQuantile() {
    assertEquals(1.959964, Jaccard.normalQuantile(0.975), 1e-6);
    assertEquals(-2.326348, Jaccard.normalQuantile(0.01), 1e-6);
    assertEquals(0.0, Jaccard.normalQuantile(0.5), 1e-12);
  }
}
