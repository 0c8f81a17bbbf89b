package io.neardup.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.neardup.cli.output.ResultFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

class NearMissesTest {
  @Test
  void keepsTheClosestPairsClosestFirstTiesByTheirIds() {
    NearMisses m = new NearMisses(3);
    m.add(1, 2, 0.70);
    m.add(9, 3, 0.75);
    m.add(4, 5, 0.60);
    m.add(6, 7, 0.75);
    m.add(0, 8, 0.65);
    m.add(2, 3, 0.75);
    m.add(12, 11, 0.75);
    List<ResultFiles.Pair> closest = m.closest(i -> "d" + i);
    assertEquals(
        List.of(
            new ResultFiles.Pair("d11", "d12", 0.75),
            new ResultFiles.Pair("d2", "d3", 0.75),
            new ResultFiles.Pair("d3", "d9", 0.75)),
        closest);
    assertEquals(List.of(), new NearMisses(0).closest(i -> "d" + i));
  }

  @Test
  void theHistogramKeepsOnlyPairsBetweenItsFloorAndTheThreshold() {
    SimilarityHistogram h = new SimilarityHistogram(0.8, true);
    h.nearMiss(1, 2, 0.79);
    h.nearMiss(3, 4, 0.5); // below the floor: neither counted nor kept
    h.nearMiss(5, 6, 0.66);
    assertEquals(2, h.below());
    assertEquals(
        List.of(new ResultFiles.Pair("1", "2", 0.79), new ResultFiles.Pair("5", "6", 0.66)),
        h.misses().closest(String::valueOf));
  }
}
