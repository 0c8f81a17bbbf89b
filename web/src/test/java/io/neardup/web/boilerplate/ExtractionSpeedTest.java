package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Extraction speed against jsoup parsing alone, on one thread, over the HTML pages under {@code
 * -Dneardup.web.speed=DIR} (skipped without it), e.g. the sites {@code bin/fetch-web-docs} fetches:
 *
 * <pre>
 * bin/fetch-web-docs target/web-docs
 * ./mvnw -pl web verify -Dtest=ExtractionSpeedTest -Dneardup.web.speed=$PWD/target/web-docs
 * </pre>
 */
class ExtractionSpeedTest {
  @Test
  void extractionAgainstParsingAlone() throws IOException {
    String dir = System.getProperty("neardup.web.speed");
    assumeTrue(dir != null, "-Dneardup.web.speed=DIR not given");
    List<byte[]> pages = new ArrayList<>();
    long bytes = 0;
    try (Stream<Path> walk = Files.walk(Path.of(dir))) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        String name = p.getFileName().toString();
        if (Files.isRegularFile(p) && (name.endsWith(".html") || name.endsWith(".htm"))) {
          pages.add(Files.readAllBytes(p));
          bytes += pages.getLast().length;
        }
      }
    }
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    long sink = 0;
    for (int round = 0; round < 5; round++) {
      long t0 = System.nanoTime();
      for (byte[] page : pages) {
        sink += HtmlDecoder.parse(HtmlDecoder.decode(page, null).html(), "").childNodeSize();
      }
      long t1 = System.nanoTime();
      for (byte[] page : pages) {
        sink += extractor.extract(HtmlDecoder.decode(page, null).html(), "").text().length();
      }
      long t2 = System.nanoTime();
      if (round >= 2) { // the first rounds warm the JIT up
        System.out.printf(
            Locale.ROOT,
            "%d pages, %.1f MB: decode+parse %.1f MB/s, decode+parse+extract %.1f MB/s (+%.0f %%)%n",
            pages.size(),
            bytes / 1e6,
            bytes / 1e6 / ((t1 - t0) / 1e9),
            bytes / 1e6 / ((t2 - t1) / 1e9),
            100.0 * ((t2 - t1) - (t1 - t0)) / (t1 - t0));
      }
    }
    System.out.println(sink > 0 ? "" : "(nothing read)");
  }
}
