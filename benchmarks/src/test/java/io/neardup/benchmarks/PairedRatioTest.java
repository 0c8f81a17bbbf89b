package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.settings.NearDupSettings;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

class PairedRatioTest {

  @Test
  void aChainOverItselfCostsAboutOnce() throws Exception {
    PairedRatio.Outcome o = PairedRatio.measure(Chain.STANDARD, Chain.STANDARD, 50, 9);
    assertEquals(50, o.words());
    assertTrue(o.baselineMicros() > 0 && o.measuredMicros() > 0, o.toString());
    assertTrue(o.lowerQuartile() <= o.medianRatio() && o.medianRatio() <= o.upperQuartile());
    // the same work on both sides: far from the 1.2× neardup is held to, whatever the machine
    assertTrue(o.medianRatio() > 0.5 && o.medianRatio() < 2, o.toString());
  }

  @Test
  void neardupCostsMoreThanTokenisingAlone() throws Exception {
    PairedRatio.Outcome o = PairedRatio.measure(Chain.STANDARD, Chain.ES_MIN_HASH, 500, 5);
    // (c) shingles and hashes 512 values per shingle: many times the tokenizer's cost
    assertTrue(o.medianRatio() > 2, o.toString());
  }

  @Test
  void aPassCountsTheTokensTheChainEmits() throws Exception {
    String[] documents = {"one two three", "four five"};
    try (Analyzer a = Chain.STANDARD.newAnalyzer()) {
      assertEquals(5, PairedRatio.pass(a, documents));
    }
    try (Analyzer b = Chain.NEARDUP.newAnalyzer()) {
      // a text shorter than one shingle is one shingle: it still gets its band tokens
      assertEquals(2L * NearDupSettings.DEFAULT.banding().bands(), PairedRatio.pass(b, documents));
    }
  }
}
