package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SketchComparisonTest {
  private static final SketchParameters SIMHASH =
      new SketchParameters(
          SketchParameters.DEFAULT_SHINGLE_UNIT,
          SketchParameters.DEFAULT_WORD_SHINGLE_SIZE,
          SketchParameters.SIMHASH_HASHES,
          SketchParameters.SIMHASH_BITS,
          SketchScheme.SIMHASH,
          SketchParameters.DEFAULT_SEED);

  @Test
  void eachSchemeNamesItsRule() {
    for (SketchScheme scheme : SketchScheme.values()) {
      SketchComparison expected =
          scheme == SketchScheme.SIMHASH
              ? SketchComparison.HAMMING
              : SketchComparison.JACCARD_ESTIMATE;
      assertEquals(expected, scheme.comparison(), scheme.parameterValue());
      assertEquals(scheme != SketchScheme.SIMHASH, scheme.comparison().setsDecide());
    }
  }

  @Test
  void hammingIsOneMinusDistanceOver64() {
    // fingerprints 3 bits apart
    Sketch a = new Sketch(SIMHASH, new long[] {0b1011L}, 10);
    Sketch b = new Sketch(SIMHASH, new long[] {0b0100L << 4 | 0b1011L ^ 0b11L}, 12);
    double expected = 1 - Long.bitCount(a.value(0) ^ b.value(0)) / 64.0;
    assertEquals(expected, SketchComparison.HAMMING.similarity(a, b), 0);
    assertEquals(expected, a.similarity(b), 0);
    assertEquals(0, a.similarity(new Sketch(SIMHASH, new long[] {0b1011L}, 0)), 0);
    assertThrows(
        IllegalArgumentException.class,
        () -> a.similarity(new Sketch(SIMHASH.withSeed(7), new long[] {0b1011L}, 10)));
  }

  @Test
  void jaccardEstimateIsTheShareOfAgreeingValues() {
    SketchParameters p = SketchParameters.DEFAULT.withHashes(4).withBits(64);
    Sketch a = new Sketch(p, new long[] {1, 2, 3, 4}, 20);
    Sketch b = new Sketch(p, new long[] {1, 2, 3, 9}, 20);
    assertEquals(0.75, SketchComparison.JACCARD_ESTIMATE.similarity(a, b), 0);
    assertEquals(Jaccard.estimate(a, b).estimate(), a.similarity(b), 0);
    assertTrue(a.similarity(a) == 1.0);
    assertFalse(SketchComparison.HAMMING.setsDecide());
  }
}
