package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ground truth measures the sets the sketches summarise, and measures them exactly: its shingle
 * sets give the very sketch the analysis chain produces, and its merge-based similarities agree
 * with an independent set computation.
 */
class ExactTruthTableTest {
  private static List<CorpusGenerator.Document> corpus;
  private static ExactTruth truth;

  @BeforeAll
  static void generate() {
    corpus = new CorpusGenerator(CorpusGenerator.Config.defaults().withSize(200, 40)).generate();
    truth = ExactTruth.table(CorpusGenerator.texts(corpus));
  }

  /**
   * Sketching the ground-truth shingle set gives exactly the sketch that {@link NearDupAnalyzer}
   * leaves in {@link NearDupSketchAttribute}: the truth is about the same sets.
   */
  @Test
  void shingleSetsAreWhatTheSketchSummarises() throws IOException {
    for (NearDupSettings settings :
        List.of(NearDupSettings.DEFAULT, NearDupSettings.builder().threshold(0.5).build())) {
      Sketcher sketcher = new Sketcher(settings.sketch());
      try (Analyzer analyzer = new NearDupAnalyzer(settings)) {
        for (CorpusGenerator.Document d : corpus) {
          Sketch fromAnalysis;
          try (TokenStream ts = analyzer.tokenStream("dup", d.text())) {
            NearDupSketchAttribute sketch = ts.addAttribute(NearDupSketchAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
              // only the sketch is needed
            }
            ts.end();
            fromAnalysis = sketch.getSketch();
          }
          assertNotNull(fromAnalysis);
          long[] shingles = truth.shingles(d.id());
          assertEquals(shingles.length, fromAnalysis.shingleCount(), "document " + d.id());
          assertEquals(sketcher.sketch(shingles), fromAnalysis, "document " + d.id());
        }
      }
    }
  }

  @Test
  void similaritiesAreExact() {
    SplittableRandom random = new SplittableRandom(17);
    int n = truth.size();
    int checkedNonZero = 0;
    for (int i = 0; i < 2_000; i++) {
      int a = random.nextInt(n);
      int b = random.nextInt(n);
      if (a == b) {
        continue;
      }
      double expected = setJaccard(truth.shingles(a), truth.shingles(b));
      assertEquals(expected, truth.similarity(a, b), 0.0, a + "-" + b);
      assertEquals(expected, truth.similarity(b, a), 0.0);
      assertEquals(expected, Jaccard.exact(truth.shingles(a), truth.shingles(b)), 1e-15);
    }
    // Random pairs are mostly unrelated: also every pair of the families, most of them similar.
    for (CorpusGenerator.Document d : corpus) {
      if (d.parent() >= 0) {
        double expected = setJaccard(truth.shingles(d.id()), truth.shingles(d.parent()));
        assertEquals(expected, truth.similarity(d.id(), d.parent()), 0.0);
        if (expected > 0) {
          checkedNonZero++;
        }
      }
    }
    assertEquals(
        corpus.stream().filter(d -> d.parent() >= 0).count(), checkedNonZero, "related pairs");
  }

  @Test
  void pairIndexIsABijection() {
    int n = 37;
    boolean[] seen = new boolean[ExactTruth.pairCount(n)];
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        int i = ExactTruth.pairIndex(a, b);
        assertEquals(i, ExactTruth.pairIndex(b, a));
        assertEquals(false, seen[i], "index " + i + " used twice");
        seen[i] = true;
      }
    }
    assertThrows(IllegalArgumentException.class, () -> ExactTruth.pairIndex(3, 3));
    int[] visited = new int[1];
    truth.forEachPair(0.0, (a, b, s) -> visited[0]++);
    assertEquals(ExactTruth.pairCount(truth.size()), visited[0]);
  }

  /** Jaccard similarity with hash sets, independent of the merge in {@link ExactTruth}. */
  private static double setJaccard(long[] a, long[] b) {
    Set<Long> x = new HashSet<>();
    for (long v : a) {
      x.add(v);
    }
    Set<Long> union = new HashSet<>(x);
    int common = 0;
    for (long v : b) {
      union.add(v);
      if (x.contains(v)) {
        common++;
      }
    }
    return union.isEmpty() ? 0 : (double) common / union.size();
  }
}
