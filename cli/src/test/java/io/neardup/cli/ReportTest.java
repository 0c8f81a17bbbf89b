package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's pieces without a browser: the word diff, the histogram, the options. */
class ReportTest {
  @TempDir Path tmp;

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

  @Test
  void badReportOptionsAreUsageErrorsNamingTheOption() throws Exception {
    Path corpus = SampleCorpusTest.SAMPLES.resolve("corpus.jsonl");
    Cli.Result dir = Cli.run("dedup", "--input", corpus, "--report", tmp);
    assertEquals(NearDupCli.EXIT_USAGE, dir.exit(), dir::toString);
    assertTrue(dir.err().contains("--report"), dir::toString);
    assertTrue(dir.err().contains("directory"), dir::toString);

    Cli.Result self = Cli.run("dedup", "--input", corpus, "--report", corpus);
    assertEquals(NearDupCli.EXIT_USAGE, self.exit(), self::toString);
    assertTrue(self.err().contains("must not be the input"), self::toString);

    Cli.Result negative =
        Cli.run(
            "dedup", "--input", corpus, "--report", tmp.resolve("r.html"), "--report-clusters", -1);
    assertEquals(NearDupCli.EXIT_USAGE, negative.exit(), negative::toString);
    assertTrue(negative.err().contains("--report-clusters"), negative::toString);
    assertFalse(Files.exists(tmp.resolve("r.html")));
  }

  @Test
  void aReportOfFewClustersShowsThemAllAndCountsNothingHidden() throws Exception {
    Path corpus = tmp.resolve("c.jsonl");
    String text = "the quick brown fox jumps over the lazy dog near the river bank today";
    Files.writeString(
        corpus,
        "{\"id\":\"a\",\"text\":\""
            + text
            + "\"}\n{\"id\":\"b\",\"text\":\""
            + text
            + " again\"}\n{\"id\":\"c\",\"text\":\"something else entirely different here\"}\n");
    Path report = tmp.resolve("out/r.html");
    Cli.Result r = Cli.run("dedup", "--input", corpus, "--report", report, "--threshold", "0.5");
    assertEquals(0, r.exit(), r::toString);
    String html = Files.readString(report);
    assertTrue(html.contains("1 cluster holds 2 documents. Shown: the 1 largest."), html);
    assertFalse(html.contains("Not shown"), html);
    assertTrue(html.contains("<ins>again</ins>"), html);
    assertFalse(html.contains("<script"), "no script is needed");
    assertFalse(html.contains("http://") && html.contains("src="), "nothing is fetched");
  }

  @Test
  void reportOfAnIndexShowsItsClustersAndTheirTextsUnlessTheIndexKeepsNone() throws Exception {
    Path corpus = SampleCorpusTest.SAMPLES.resolve("corpus.jsonl");
    Path index = tmp.resolve("idx");
    assertEquals(0, Cli.run("index", "--input", corpus, "--index", index).exit());
    Path report = tmp.resolve("index-report.html");
    Cli.Result r = Cli.run("report", "--index", index, "--output", report);
    assertEquals(0, r.exit(), r::toString);
    assertEquals("", r.out(), r::toString);
    String html = Files.readString(report);
    assertTrue(html.contains("67 clusters hold 195 documents"), html);
    assertTrue(html.contains("id=\"histogram\""));
    assertTrue(html.contains("<del>") && html.contains("<ins>"), "differences are marked");

    Path bare = tmp.resolve("bare");
    assertEquals(0, Cli.run("index", "--input", corpus, "--index", bare, "--no-text").exit());
    Path bareReport = tmp.resolve("bare.html");
    Cli.Result b = Cli.run("report", "--index", bare, "--output", bareReport);
    assertEquals(0, b.exit(), b::toString);
    assertTrue(b.err().contains("keeps no texts"), b::toString);
    String bareHtml = Files.readString(bareReport);
    assertTrue(bareHtml.contains("67 clusters hold 195 documents"));
    assertTrue(bareHtml.contains("text not available"));
    assertFalse(bareHtml.contains("<del>"));
  }

  @Test
  void aReportOfWebPagesLinksTheirUrlsAndShowsTheBoilerplateRemoved() throws Exception {
    Path site = io.neardup.testkit.WebSamples.site(tmp.resolve("site"));
    Path report = tmp.resolve("web.html");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--base-url",
            "https://docs.example.org/",
            "--canonical",
            "boilerplate",
            "--report",
            report);
    assertEquals(0, r.exit(), r::toString);
    String html = Files.readString(report);
    assertTrue(html.contains("<th class=\"num\">boilerplate removed</th>"), html);
    assertTrue(html.contains("<a href=\"https://docs.example.org/"), html);
    assertTrue(html.matches("(?s).*<td class=\"num\">\\d+ %</td>.*"), "a share per page");
    assertTrue(
        html.contains(
            "canonical policy boilerplate_fraction:asc; its values: boilerplate_fraction = 0."),
        html);
  }
}
