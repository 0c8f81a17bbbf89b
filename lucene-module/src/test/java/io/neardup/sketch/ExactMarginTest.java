package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExactMarginTest {
  @Test
  void theMarginCoversTheEstimatesAPairAtTheThresholdCanGive() {
    ExactMargin m = ExactMargin.of(0.8, 128, 32);
    // 102.4 agreements expected at 0.8, standard deviation 4.5: about five of them either side
    assertTrue(m.rejectBelow() >= 76 && m.rejectBelow() <= 84, m.toString());
    assertTrue(m.acceptFrom() >= 122 && m.acceptFrom() <= 128, m.toString());
    assertTrue(m.needsExact(Jaccard.minMatches(0.8, 128, 32)));
    assertTrue(m.needsExact(Jaccard.minMatches(0.8, 128, 32) - 10));
    assertFalse(m.needsExact(m.rejectBelow() - 1));
    assertFalse(m.needsExact(m.acceptFrom()));
  }

  @Test
  void aPairAtTheThresholdFallsOutsideTheMarginAtMostWithTheStatedProbability() {
    for (double t : new double[] {0.5, 0.7, 0.8, 0.9, 0.95}) {
      for (int k : new int[] {64, 128, 256}) {
        ExactMargin m = ExactMargin.of(t, k, 64);
        double p = t;
        double outside = 0;
        double logChoose = 0;
        for (int x = 0; x <= k; x++) {
          if (x > 0) {
            logChoose += Math.log(k - x + 1) - Math.log(x);
          }
          if (!m.needsExact(x)) {
            outside += Math.exp(logChoose + x * Math.log(p) + (k - x) * Math.log1p(-p));
          }
        }
        assertTrue(outside <= 2 * ExactMargin.ERROR, t + " " + k + ": " + outside);
      }
    }
  }

  @Test
  void atThresholdOneOnlyFullAgreementIsCheckedExactly() {
    ExactMargin m = ExactMargin.of(1.0, 128, 64);
    assertEquals(129, m.acceptFrom());
    assertTrue(m.needsExact(128));
    assertFalse(m.needsExact(127));
  }
}
