package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.junit.jupiter.api.Test;

class AnalysisBenchmarkTest {

  @Test
  void everyChainEmitsWhatItShould() throws IOException {
    for (int words : new int[] {50, 500, 5000}) {
      for (Chain chain : Chain.values()) {
        AnalysisBenchmark benchmark = new AnalysisBenchmark();
        benchmark.words = words;
        benchmark.chain = chain;
        benchmark.setUp();
        int expected =
            switch (chain) {
              case STANDARD -> words; // one token per word
              case NEARDUP, CLASSIC_MINHASH -> 18; // one token per band
              case ES_MIN_HASH -> 512; // one token per bucket, empty ones filled by rotation
            };
        for (int i = 0; i < 3; i++) {
          assertEquals(expected, benchmark.analyze(), chain + " at " + words + " words");
        }
        benchmark.tearDown();
      }
    }
  }

  @Test
  void almostAllShinglesOfADocumentAreDistinct() throws IOException {
    // ns per shingle divides by words − 4: check that this is what neardup actually sketches
    try (Analyzer analyzer = Chain.NEARDUP.newAnalyzer()) {
      for (int words : new int[] {50, 500, 5000}) {
        for (String document : new EnglishText(EnglishText.DEFAULT_SEED).documents(words, 10)) {
          long distinct;
          try (TokenStream stream = analyzer.tokenStream("f", document)) {
            NearDupSketchAttribute sketch = stream.addAttribute(NearDupSketchAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {}
            stream.end();
            distinct = sketch.getSketch().shingleCount();
          }
          int shingles = ReportTable.shingles(words);
          assertTrue(distinct <= shingles && distinct >= 0.98 * shingles, words + ": " + distinct);
        }
      }
    }
  }
}
