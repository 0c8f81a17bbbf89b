package io.neardup.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report's parts without a browser: the word diff and the histogram. */
class ReportPartsTest {
  @Test
  void wordDiffMarksOnlyTheWordsThatDifferAndElidesLongEqualStretches() {
    StringBuilder a = new StringBuilder();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      a.append("w").append(i).append(' ');
      b.append(i == 50 ? "CHANGED " : "w" + i + " ");
    }
    // case and punctuation are what normalisation drops: they are not differences
    a.append("The end.");
    b.append("the END extra");
    WordDiff.Result d = WordDiff.of(a.toString(), b.toString(), 1_000);
    assertEquals(1, d.removed(), d.html());
    assertEquals(2, d.added(), d.html());
    assertFalse(d.truncated());
    assertTrue(d.html().contains("<del>w50</del>"), d.html());
    assertTrue(d.html().contains("<ins>CHANGED</ins>"), d.html());
    assertTrue(d.html().contains("<ins>extra</ins>"), d.html());
    assertTrue(d.html().contains("42 equal words"), d.html());
    assertFalse(d.html().contains("w10 "), "far from a change, words are elided: " + d.html());
  }

  @Test
  void wordDiffEscapesHtmlAndTruncatesLongTexts() {
    WordDiff.Result d = WordDiff.of("a <b> c", "a <i> c", 1_000);
    assertTrue(d.html().contains("<del>&lt;b&gt;</del>"), d.html());
    WordDiff.Result t = WordDiff.of("x ".repeat(50), "y ".repeat(50), 10);
    assertTrue(t.truncated());
    assertEquals(10, t.removed());
  }

  @Test
  void histogramCountsPairsOnEachSideAndNearTheThreshold() {
    SimilarityHistogram h = new SimilarityHistogram(0.8, true);
    assertEquals(0.65, h.floor(), 1e-9);
    for (double s : new double[] {0.5, 0.66, 0.76, 0.8, 0.85, 0.851, 1.0}) {
      h.add(s);
    }
    assertEquals(4, h.above());
    assertEquals(2, h.below(), "0.5 lies below the floor");
    assertEquals(3, h.near(), "0.76, 0.8 and 0.85");
    Matcher bars = Pattern.compile("class=\"bar\"").matcher(h.svg());
    assertEquals(6, bars.results().count());
  }
}
