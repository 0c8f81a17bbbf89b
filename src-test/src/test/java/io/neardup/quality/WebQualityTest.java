package io.neardup.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.cli.NearDupCli;
import io.neardup.testkit.WebRehosting;
import io.neardup.testkit.WebSamples;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pair precision, recall and F1 of {@code dedup} on web pages with {@code --boilerplate none},
 * {@code local} and {@code site}, against the truth of the pages' main content: the text of each
 * template's own content container ({@code <main>} or {@code role="main"}), which the extractor is
 * never told about, shingled and joined exactly by {@code neardup truth}.
 *
 * <p>It runs on the sample pages ({@code samples/web}) plus one article re-hosted in another site's
 * template. The same measure on whole sites of many page generators is {@code
 * benchmarks/web-sites.sh}.
 */
class WebQualityTest {
  private static final double THRESHOLD = 0.8;

  @TempDir Path tmp;

  @Test
  void boilerplateModesAgainstMainContentTruth() throws IOException {
    Path site = WebSamples.site(tmp.resolve("site"));
    Path truth = tmp.resolve("truth.tsv");
    writeTruthCorpus(site, tmp.resolve("main.jsonl"));
    run("truth", "--input", tmp.resolve("main.jsonl"), "--threshold", THRESHOLD, "--output", truth);
    Set<String> expected = pairs(truth);
    Map<String, double[]> scores = new LinkedHashMap<>();
    for (String mode : List.of("none", "local", "site")) {
      Path pairs = tmp.resolve("pairs-" + mode + ".tsv");
      run(
          "dedup",
          "--input",
          site,
          "--base-url",
          "https://docs.example.org/",
          "--boilerplate",
          mode,
          "--threshold",
          THRESHOLD,
          "--pairs",
          pairs,
          "--no-progress");
      Set<String> found = pairs(pairs);
      Set<String> right = new HashSet<>(found);
      right.retainAll(expected);
      double precision = found.isEmpty() ? 1 : (double) right.size() / found.size();
      double recall = expected.isEmpty() ? 1 : (double) right.size() / expected.size();
      double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
      scores.put(mode, new double[] {precision, recall, f1, found.size()});
    }
    // the re-hosted article is the one true pair, which only main text finds
    assertEquals(1, expected.size(), expected.toString());
    assertEquals(0.0, scores.get("none")[1]);
    assertEquals(1.0, scores.get("local")[2]);
    assertEquals(1.0, scores.get("site")[2]);
  }

  /** One JSONL record per page: its relative path and the text of its content container. */
  private static void writeTruthCorpus(Path site, Path out) throws IOException {
    JsonMapper json = new JsonMapper();
    StringBuilder lines = new StringBuilder();
    try (Stream<Path> walk = Files.walk(site)) {
      for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
        String name = p.getFileName().toString();
        String id = site.relativize(p).toString().replace('\\', '/');
        if (!Files.isRegularFile(p)
            || !(name.endsWith(".html") || name.endsWith(".htm"))
            || id.startsWith(".")
            || id.contains("/.")) {
          continue;
        }
        Document d = Jsoup.parse(p.toFile());
        Element main = d.selectFirst(WebRehosting.MAIN);
        String text = main == null ? "" : main.text();
        lines.append(json.writeValueAsString(Map.of("id", id, "text", text))).append('\n');
      }
    }
    Files.writeString(out, lines.toString(), StandardCharsets.UTF_8);
  }

  private static Set<String> pairs(Path tsv) throws IOException {
    Set<String> out = new HashSet<>();
    List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t");
      out.add(f[0] + "\t" + f[1]);
    }
    return out;
  }

  private static void run(Object... args) {
    String[] strings = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      strings[i] = String.valueOf(args[i]);
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cmd = NearDupCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(strings);
    assertEquals(0, exit, List.of(strings) + "\n--- out:\n" + out + "--- err:\n" + err);
  }
}
