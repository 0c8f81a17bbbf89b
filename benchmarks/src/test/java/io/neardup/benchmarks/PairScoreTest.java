package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairScoreTest {
  @Test
  void scoreStrictAndTolerant() {
    Map<String, Double> truth =
        Map.of(
            PairScore.key("a", "b"), 0.95,
            PairScore.key("a", "c"), 0.82,
            PairScore.key("b", "c"), 0.78,
            PairScore.key("c", "d"), 0.70,
            PairScore.key("d", "e"), 0.90);
    Set<String> reported =
        Set.of(
            PairScore.key("b", "a"),
            PairScore.key("b", "c"),
            PairScore.key("c", "d"),
            PairScore.key("x", "y"));
    PairScore.Score s = PairScore.score(truth, reported, 0.8, 0.05);
    // strict: true pairs ab, ac, de; reported ab (tp), bc, cd, xy
    assertEquals(4, s.reported());
    assertEquals(3, s.truePairs());
    assertEquals(1, s.truePositives());
    assertEquals(0.25, s.precision(), 1e-12);
    assertEquals(1.0 / 3, s.recall(), 1e-12);
    // tolerant: required ab, de; neutral ac, bc; reported ab (required), bc (neutral), cd, xy
    assertEquals(2, s.required());
    assertEquals(1, s.reportedRequired());
    assertEquals(1, s.reportedNeutral());
    assertEquals(1.0 / 3, s.tolerantPrecision(), 1e-12);
    assertEquals(0.5, s.tolerantRecall(), 1e-12);
    assertEquals(0.4, s.tolerantF1(), 1e-12);
  }
}
