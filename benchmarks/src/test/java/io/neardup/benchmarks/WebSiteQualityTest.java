package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebSiteQualityTest {
  @TempDir Path tmp;

  @Test
  void prepareLabelsEachPageByItsSitesContainerAndRehostsBetweenSites() throws IOException {
    String words = "word ".repeat(30);
    page("a/one.html", "<nav>menu of a</nav><div class=doc>first text of a " + words + "</div>");
    page("a/two.html", "<nav>menu of a</nav><div class=doc>second text of a " + words + "</div>");
    page("a/search.html", "<nav>menu of a</nav><p>no container here</p>");
    page("b/x.html", "<aside>menu of b</aside><main>the text of b " + words + "</main>");
    List<WebSiteQuality.Site> sites =
        List.of(
            new WebSiteQuality.Site("a", "gen-a", "unused", "div.doc"),
            new WebSiteQuality.Site("b", "gen-b", "unused", "main"));
    Path work = tmp.resolve("work");
    WebSiteQuality.prepare(
        tmp.resolve("fetched"),
        sites,
        work,
        1,
        20,
        0.0,
        7,
        new PrintStream(java.io.OutputStream.nullOutputStream()));
    String main = Files.readString(work.resolve("main.jsonl"));
    assertTrue(main.contains("{\"id\":\"a/one.html\",\"text\":\"first text of a word"), main);
    assertTrue(main.contains("\"a/two.html\""), main);
    assertTrue(main.contains("\"b/x.html\""), main);
    assertTrue(!main.contains("search.html") && !main.contains("menu"), main);
    List<String> pages = Files.readAllLines(work.resolve("pages.tsv"));
    // header, 3 pages, 1 re-hosted copy: from the one site into the other, under its template
    assertEquals(5, pages.size(), pages.toString());
    String copy = pages.stream().filter(l -> l.contains("rehosted-0")).findFirst().orElseThrow();
    String html = Files.readString(work.resolve("pages").resolve(copy.split("\t")[0]));
    assertTrue(
        copy.startsWith("a/")
            ? html.contains("menu of a") && html.contains("the text of b")
            : html.contains("menu of b") && html.contains("text of a"),
        html);
    assertTrue(copy.endsWith("\t1\t" + copy.split("\t")[4]), copy);
  }

  @Test
  void aContainersTextIsWhatItShowsNotWhatItsMarkupHides() {
    org.jsoup.nodes.Element main =
        org.jsoup.Jsoup.parse(
                "<div id=main><div style='display: none'>search help</div><p>shown text</p>"
                    + "<p hidden>later</p><span style=\"color:red;VISIBILITY:hidden\">ghost</span>"
                    + "<p style='display:block'>also shown</p></div>")
            .selectFirst("#main");
    assertEquals("shown text also shown", WebSiteQuality.shown(main));
    // the container itself is read even where its own markup hides it
    assertEquals(
        "text",
        WebSiteQuality.shown(
            org.jsoup.Jsoup.parse("<div id=m style='display:none'>text</div>").selectFirst("#m")));
  }

  @Test
  void scorePerGeneratorCountsAPairForEachOfItsPagesGenerators() throws IOException {
    Path work = Files.createDirectories(tmp.resolve("work"));
    Files.writeString(
        work.resolve("pages.tsv"),
        "id\tsite\tgenerator\trehosted\tcontainer_words\n"
            + "a/1.html\ta\tgen-a\t0\t100\n"
            + "a/2.html\ta\tgen-a\t0\t100\n"
            + "a/3.html\ta\tgen-a\t0\t100\n"
            + "b/1.html\tb\tgen-b\t0\t100\n"
            + "b/rehosted-0.html\tb\tgen-b\t1\t100\n");
    Path truth = tmp.resolve("truth.tsv");
    Files.writeString(
        truth,
        "id_a\tid_b\tjaccard\n"
            + "a/1.html\ta/2.html\t0.9\n"
            + "a/3.html\tb/rehosted-0.html\t0.95\n"
            + "b/1.html\tb/rehosted-0.html\t0.5\n");
    Path pairs = tmp.resolve("pairs.tsv");
    Files.writeString(
        pairs,
        "id_a\tid_b\tsimilarity\n"
            + "a/2.html\ta/1.html\t0.91\n"
            + "b/1.html\tb/rehosted-0.html\t0.81\n");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    WebSiteQuality.score(
        work,
        truth,
        0.8,
        Map.of("local", pairs),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    // gen-a: true a1-a2 (found), a3-copy (missed); gen-b: true a3-copy (missed), reported b1-copy
    assertTrue(out.contains("| gen-a | 2 | 1.000 / 0.500 / 0.667 |"), out);
    assertTrue(out.contains("| gen-b | 1 | 0.000 / 0.000 / 0.000 |"), out);
    assertTrue(out.contains("| **all** | 2 | 0.500 / 0.500 / **0.500** |"), out);
    assertTrue(out.contains("1 of 2 true pairs (0 of 1 involving a re-hosted copy)"), out);
  }

  private void page(String path, String body) throws IOException {
    Path p = tmp.resolve("fetched").resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "<html><head><title>t</title></head><body>" + body + "</body></html>");
  }
}
