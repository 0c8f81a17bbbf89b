package io.neardup.lsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import org.junit.jupiter.api.Test;

class BandingTest {

  @Test
  void seedWorkedExampleEightyPercent() {
    // 100 values = 20 bands x 5 rows; a pair at 80 %: 0.8^5 = 0.328 per band, missed with (1 -
    // 0.328)^20 = 0.00035
    Banding b = new Banding(20, 5);
    assertEquals(0.32768, Math.pow(0.8, 5), 1e-12);
    // the lecture rounds 0.32768 to 0.328 before raising to the 20th power
    assertEquals(0.00035, Math.pow(1 - 0.328, 20), 0.000005);
    assertEquals(0.00035, b.missProbability(0.8), 0.00001);
    assertEquals(1 - 0.00035, b.candidateProbability(0.8), 0.00001);
  }

  @Test
  void seedWorkedExampleNinetyPercent() {
    // 0.9^5 = 0.59049 per band; the lecture's count of the other 10 bands all differing: (1 -
    // 0.59049)^10 = 0.000133
    assertEquals(0.59049, Math.pow(0.9, 5), 1e-12);
    assertEquals(0.000133, new Banding(10, 5).missProbability(0.9), 0.0000005);
    // with all 20 bands a 90 % pair is missed only with probability (0.40951)^20
    assertEquals(Math.pow(0.40951, 20), new Banding(20, 5).missProbability(0.9), 1e-12);
  }

  @Test
  void seedWorkedExampleFortyPercent() {
    // 0.4^5 = 0.01024 per band; no band agrees with (1 - 0.01024)^20 = 0.81395, so 18.6 % become
    // candidates
    Banding b = new Banding(20, 5);
    assertEquals(0.01024, Math.pow(0.4, 5), 1e-12);
    assertEquals(0.81395, b.missProbability(0.4), 0.000005);
    assertEquals(0.18605, b.candidateProbability(0.4), 0.000005);
  }

  @Test
  void curveEnds() {
    Banding b = new Banding(18, 7);
    assertEquals(0, b.candidateProbability(0));
    assertEquals(1, b.candidateProbability(1));
    double previous = 0;
    for (int i = 1; i <= 100; i++) {
      double p = b.candidateProbability(i / 100.0);
      assertTrue(p >= previous, "P(s) must be monotone");
      previous = p;
    }
    assertEquals(Math.pow(1.0 / 18, 1.0 / 7), b.inflection(), 1e-12);
  }

  @Test
  void tuningFavoursRecallAtTheThreshold() {
    assertEquals(new Banding(18, 7), Banding.forThreshold(0.8, 128));
    assertEquals(new Banding(10, 12), Banding.forThreshold(0.9, 128));
    assertEquals(new Banding(42, 3), Banding.forThreshold(0.5, 128));
    for (int k : new int[] {16, 64, 100, 128, 200, 256, 512}) {
      for (double t = 0.3; t < 0.99; t += 0.05) {
        Banding b = Banding.forThreshold(t, k);
        assertTrue(b.valuesUsed() <= k);
        if (b.rows() > 1) {
          assertTrue(
              b.candidateProbability(t) >= Banding.DEFAULT_RECALL_AT_THRESHOLD, b + " at " + t);
          Banding more = new Banding(k / (b.rows() + 1), b.rows() + 1);
          assertTrue(
              b.rows() == k
                  || more.bands() == 0
                  || more.candidateProbability(t) < Banding.DEFAULT_RECALL_AT_THRESHOLD,
              "the largest r meeting the recall target is chosen");
        }
      }
    }
  }

  @Test
  void ratesAgreeWithTheCurve() {
    Banding b = Banding.forThreshold(0.8, 128);
    assertTrue(b.falseNegativeRate(0.8) < 0.002, "FN above 0.8: " + b.falseNegativeRate(0.8));
    assertTrue(b.falsePositiveRate(0.8) < 0.25, "FP below 0.8: " + b.falsePositiveRate(0.8));
    // one band of one row: P(s) = s, so the FP rate below 0.5 is the mean of s over [0, 0.5] and
    // the FN rate
    // above it the mean of 1 - s over [0.5, 1]; both are 0.25
    Banding one = new Banding(1, 1);
    assertEquals(0.25, one.falsePositiveRate(0.5), 1e-9);
    assertEquals(0.25, one.falseNegativeRate(0.5), 1e-9);
  }

  @Test
  void invalidValuesNameTheParameter() {
    ParameterException e = assertThrows(ParameterException.class, () -> new Banding(0, 5));
    assertEquals(Parameter.BANDS, e.parameter());
    assertEquals("bands must be at least 1, got [0]", e.getMessage());
    e = assertThrows(ParameterException.class, () -> Banding.forThreshold(1.5, 128));
    assertEquals("threshold must be in (0, 1], got [1.5]", e.getMessage());
    e = assertThrows(ParameterException.class, () -> new Banding(20, 7).checkFits(128));
    assertEquals(
        "bands must be such that bands * rows <= hashes (128), got [20 (rows=7, bands * rows=140)]",
        e.getMessage());
    assertEquals(
        "threshold must be in (0, 1], got [NaN]",
        assertThrows(ParameterException.class, () -> Banding.checkThreshold(Double.NaN))
            .getMessage());
  }
}
