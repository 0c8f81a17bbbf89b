package io.neardup.benchmarks;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.neardup.web.boilerplate.BlockClassifier;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Extracts the main text ({@code --boilerplate local}, {@link MainTextExtractor}) of every page of
 * one split of WCXB, the multi-type web content extraction benchmark (articles, forums, products,
 * collections, listings, documentation and service pages; Foley 2026, CC-BY-4.0), and writes it as
 * the benchmark's own scoring script reads predictions: one JSON object {@code {"0001": "text",
 * ...}}. The scoring is left to that script, so that the figures are the benchmark's, computed the
 * way the published ones were.
 *
 * <p>Usage: {@code WcxbExtraction --data DIR --split dev|test --out FILE}, where DIR holds the
 * benchmark's {@code dev/} and {@code test/} folders ({@code ground-truth/NNNN.json} with the
 * page's URL, {@code html/NNNN.html.gz}). {@code benchmarks/wcxb-eval.sh} exports the data and
 * scores.
 */
public final class WcxbExtraction {
  private static final ObjectMapper JSON = new ObjectMapper();

  private WcxbExtraction() {}

  public static void main(String[] args) throws IOException {
    Path data = null;
    String split = null;
    Path out = null;
    boolean rules = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(value(args, ++i));
        case "--split" -> split = value(args, ++i);
        case "--out" -> out = Path.of(value(args, ++i));
        case "--rules" -> rules = true;
        default -> usage("unknown option [" + args[i] + "]");
      }
    }
    if (data == null || split == null || out == null) {
      usage("--data, --split and --out are required");
    }
    if (!split.equals("dev") && !split.equals("test")) {
      usage("--split must be dev or test, got [" + split + "]");
    }
    Path truth = data.resolve(split).resolve("ground-truth");
    Path html = data.resolve(split).resolve("html");
    if (!Files.isDirectory(truth) || !Files.isDirectory(html)) {
      usage("no WCXB split at " + data.resolve(split) + " (ground-truth/ and html/)");
    }
    List<Path> pages;
    try (Stream<Path> s = Files.list(truth)) {
      pages = new ArrayList<>(s.filter(p -> p.toString().endsWith(".json")).sorted().toList());
    }
    // --rules: the hand-set rules alone, without the learned model that re-decides their verdicts
    MainTextExtractor extractor =
        rules
            ? new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null))
            : new MainTextExtractor(Boilerplate.LOCAL);
    long start = System.nanoTime();
    long bytes = 0;
    int failed = 0;
    Files.createDirectories(out.toAbsolutePath().getParent());
    try (OutputStream file = Files.newOutputStream(out);
        JsonGenerator json = JSON.getFactory().createGenerator(file)) {
      json.writeStartObject();
      for (Path page : pages) {
        String id = page.getFileName().toString().replaceFirst("\\.json$", "");
        JsonNode label = JSON.readTree(page.toFile());
        byte[] raw = gunzip(html.resolve(id + ".html.gz"));
        bytes += raw.length;
        String text;
        try {
          text =
              extractor
                  .extract(HtmlDecoder.decode(raw, null).html(), label.path("url").asText(""))
                  .text();
        } catch (RuntimeException e) {
          // scored as an empty extraction, as the benchmark scores a missing prediction
          System.err.println("WcxbExtraction: page " + id + ": " + e);
          text = "";
          failed++;
        }
        json.writeStringField(id, text);
      }
      json.writeEndObject();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.err.printf(
        Locale.ROOT,
        "WcxbExtraction: %s: %d pages, %.1f MB of HTML in %.1f s (%.1f MB/s, one thread), %d failed;"
            + " wrote %s%n",
        split,
        pages.size(),
        bytes / 1e6,
        seconds,
        bytes / 1e6 / seconds,
        failed,
        out);
  }

  private static byte[] gunzip(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return in.readAllBytes();
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      usage(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  private static void usage(String problem) {
    System.err.println("WcxbExtraction: " + problem);
    System.err.println("usage: WcxbExtraction --data DIR --split dev|test --out FILE [--rules]");
    System.exit(2);
  }
}
