package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report through the commands, without a browser: its options and what it shows. */
class ReportTest {
  @TempDir Path tmp;

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
    assertFalse(html.contains("class=\"blocks\""), "texts have no blocks to show");
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

    // the near misses: the same similarities whether the index or dedup's own run clusters the
    // corpus (the pairs may differ by which of a group of identical texts stands for it)
    assertTrue(
        html.contains("The 10 candidate pairs closest below the threshold 0.8: compared, and not"),
        html);
    Path run = tmp.resolve("run.html");
    assertEquals(0, Cli.run("dedup", "--input", corpus, "--report", run).exit());
    List<String> misses = misses(html);
    assertEquals(10, misses.size(), misses::toString);
    assertEquals(
        misses.stream().map(m -> m.replaceAll(".*: similarity", "")).toList(),
        misses(Files.readString(run)).stream()
            .map(m -> m.replaceAll(".*: similarity", ""))
            .toList());
    double last = 1;
    for (String m : misses) {
      double s = Double.parseDouble(m.replaceAll(".*: similarity ([0-9.]+),.*", "$1"));
      assertTrue(s < 0.8 && s >= 0.65 && s <= last, misses::toString);
      last = s;
    }
    assertTrue(bareHtml.contains("below the threshold; texts not available</summary>"), bareHtml);
  }

  /** The summary line of each near miss of a report, in order, up to its words. */
  private static List<String> misses(String html) {
    List<String> out = new java.util.ArrayList<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "<details class=\"member miss\">\n<summary>(.*?) below the threshold")
            .matcher(html);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
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
    // each page's blocks, kept and dropped and why; the sample's directories are too small for
    // site templates, which the view says
    assertTrue(html.contains("<details class=\"blocks\">"), html);
    assertTrue(html.contains("Its site group had too few pages to learn a template from"), html);
    assertTrue(html.contains("<p class=\"against\">Kept on this page: "), html);
    assertTrue(html.contains("<td class=\"verdict\">dropped</td>"), html);
    assertTrue(html.contains("<td class=\"there kept\">kept there too</td>"), html);
  }
}
