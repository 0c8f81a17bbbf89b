package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractionScoreTest {
  private static void assertPrf(double p, double r, ExtractionScore.Prf s) {
    assertEquals(p, s.precision(), 1e-9, "precision");
    assertEquals(r, s.recall(), 1e-9, "recall");
    assertEquals(p + r == 0 ? 0 : 2 * p * r / (p + r), s.f1(), 1e-9, "f1");
  }

  @Test
  void sentencesEndAtPunctuationNotAtLineBreaks() {
    assertEquals(
        List.of(List.of("One", "two."), List.of("Three", "\"four?\""), List.of("five", "six")),
        ExtractionScore.sentences("One\ntwo. Three \"four?\"\nfive six"));
  }

  @Test
  void rougeLsumCountsTheLongestCommonSubsequencePerSentence() {
    // label: 6 tokens in 2 sentences; extraction: the first sentence reordered, plus 2 tokens of
    // menu
    String label = "a b c d. e f.";
    String extracted = "Home About\na c b d. e f.";
    // sentence 1: LCS of "a b c d." and "a c b d." is 3 (a, b or c, d.); sentence 2: 2 hits
    assertPrf(5.0 / 8, 5.0 / 6, ExtractionScore.rougeLsum(extracted, label));
    // order ignored: all 6 label tokens are found
    assertPrf(6.0 / 8, 1, ExtractionScore.bagOfTokens(extracted, label));
  }

  @Test
  void aTokenCountsAtMostAsOftenAsItOccursInBoth() {
    // "x." twice in the label, once extracted: one hit, though both label sentences match it
    assertPrf(1, 0.5, ExtractionScore.rougeLsum("x.", "x. x."));
  }

  @Test
  void emptySides() {
    assertPrf(1, 1, ExtractionScore.rougeLsum("", " "));
    assertEquals(0, ExtractionScore.rougeLsum("menu", "").f1());
    assertEquals(1, ExtractionScore.rougeLsum("menu", "").recall());
    assertPrf(0, 0, ExtractionScore.rougeLsum("", "text"));
  }
}
