package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class SnippetEvaluationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void segmentsAreFoundWithWhiteSpaceFolded() throws Exception {
    SnippetEvaluation.Counts c =
        SnippetEvaluation.score(
            "Die GEMA\u00a0dreht\n  völlig am Zeiger! Impressum",
            JSON.readTree("[\"Die GEMA dreht völlig am Zeiger!\", \"nicht da\"]"),
            JSON.readTree("[\"Impressum\", \"Steuerdarling\"]"));
    assertEquals(1, c.tp);
    assertEquals(1, c.fn);
    assertEquals(1, c.fp);
    assertEquals(1, c.tn);
    assertEquals(0.5, c.precision());
    assertEquals(0.5, c.recall());
    assertEquals(0.5, c.accuracy());
  }

  @Test
  void countsOfPagesAddUp() throws Exception {
    SnippetEvaluation.Counts all = new SnippetEvaluation.Counts();
    all.add(SnippetEvaluation.score("a b c", JSON.readTree("[\"a b\"]"), JSON.readTree("[\"z\"]")));
    all.add(SnippetEvaluation.score("", JSON.readTree("[\"a b\"]"), JSON.readTree("[\"z\"]")));
    assertEquals(2, all.pages);
    assertEquals(1, all.tp);
    assertEquals(1, all.fn);
    assertEquals(0, all.fp);
    assertEquals(2, all.tn);
    assertEquals(1.0, all.precision());
    assertEquals(2 * 0.5 / 1.5, all.f1(), 1e-12);
  }
}
