package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.input.WebCorpus;
import io.neardup.testkit.WebSamples;
import io.neardup.web.analysis.MainTextCharFilterFactory;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's {@code --boilerplate local}, the library's {@link MainTextExtractor} and the
 * engines' {@code neardup_main_text} char filter (both plugins build it with {@link
 * MainTextCharFilterFactory#fromEngineSettings}) give byte-identical text for the same page: on the
 * sample pages, and on a directory of pages given with {@code -Dneardup.same.pages=DIR} (e.g. the
 * evaluation pages {@code benchmarks/extraction-eval.sh} exports, {@code
 * benchmarks/target/extraction-eval/data/dragnet_data/input}).
 */
class SameMainTextTest {
  @TempDir Path tmp;

  @Test
  void samplePages() throws IOException {
    assertSameText(WebSamples.site(tmp.resolve("site")), 15);
  }

  @Test
  void pagesOfADirectory() throws IOException {
    String dir = System.getProperty("neardup.same.pages");
    org.junit.jupiter.api.Assumptions.assumeTrue(dir != null, "-Dneardup.same.pages not given");
    assertSameText(Path.of(dir), 1);
  }

  private void assertSameText(Path site, int atLeast) throws IOException {
    Path kept = tmp.resolve("kept");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            site,
            "--boilerplate",
            "local",
            "--keep-text",
            kept,
            "--pairs",
            tmp.resolve("pairs.tsv"));
    assertEquals(0, r.exit(), r.toString());
    List<Path> pages;
    try (Stream<Path> walk = Files.walk(site)) {
      pages =
          walk.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".htm"))
              .sorted()
              .toList();
    }
    assertTrue(pages.size() >= atLeast, pages.toString());
    MainTextExtractor library = new MainTextExtractor(Boilerplate.LOCAL);
    MainTextCharFilterFactory engine =
        MainTextCharFilterFactory.fromEngineSettings(
            "neardup_main_text", "main", Map.of("boilerplate", "local"));
    int compared = 0;
    for (Path page : pages) {
      String id = site.relativize(page).toString().replace('\\', '/');
      Path file = kept.resolve(WebCorpus.keptName(id));
      if (!Files.exists(file)) {
        continue; // a page the command line set aside (reported in its summary)
      }
      String html = HtmlDecoder.decode(Files.readAllBytes(page), null).html();
      String fromLibrary = library.extract(html, "").text();
      String fromCli = Files.readString(file, StandardCharsets.UTF_8);
      StringBuilder fromEngine = new StringBuilder();
      try (Reader filter = engine.create(new StringReader(html))) {
        char[] buffer = new char[4096];
        for (int n; (n = filter.read(buffer)) != -1; ) {
          fromEngine.append(buffer, 0, n);
        }
      }
      assertEquals(fromLibrary, fromCli, id + ": command line");
      assertEquals(fromLibrary, fromEngine.toString(), id + ": char filter");
      compared++;
    }
    assertTrue(compared >= atLeast, "compared " + compared + " of " + pages.size());
  }
}
