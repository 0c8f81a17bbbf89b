package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.settings.NearDupSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.analysis.TokenStream;

/**
 * The physical floor of {@code dedup}: the throughput of the analysis chain alone (standard
 * tokenizer, normalisation, shingles, sketch and the shingle set that exact verification keeps) on
 * the texts of a JSONL corpus held in memory, on a number of threads. Reading and everything after
 * the analysis are left out.
 *
 * <p>Usage: {@code AnalysisThroughput CORPUS.jsonl [threads] [rounds]}; prints one line {@code
 * analysis-only docs/s: N} per round, then the median.
 */
public final class AnalysisThroughput {
  private AnalysisThroughput() {}

  public static void main(String[] args) throws Exception {
    Path corpus = Path.of(args[0]);
    int threads =
        args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    List<String> texts = new ArrayList<>();
    JsonMapper json = new JsonMapper();
    try (BufferedReader in = Files.newBufferedReader(corpus, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          JsonNode node = json.readTree(line);
          texts.add(node.get("text").asText());
        }
      }
    }
    NearDupSettings settings = NearDupSettings.builder().threshold(0.8).shingles(true).build();
    NearDupAnalyzer analyzer = new NearDupAnalyzer(settings);
    double[] rates = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      AtomicInteger next = new AtomicInteger();
      long start = System.nanoTime();
      Thread[] workers = new Thread[threads];
      for (int t = 0; t < threads; t++) {
        workers[t] =
            new Thread(() -> {
              long sink = 0;
              for (int i = next.getAndIncrement(); i < texts.size(); i = next.getAndIncrement()) {
                try (TokenStream ts = analyzer.tokenStream("f", texts.get(i))) {
                  NearDupSketchAttribute sketch = ts.addAttribute(NearDupSketchAttribute.class);
                  NearDupShingleSetAttribute set =
                      ts.addAttribute(NearDupShingleSetAttribute.class);
                  ts.reset();
                  ts.end();
                  sink += sketch.getSketch().shingleCount() + set.count();
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              }
              if (sink == 42) {
                System.out.print("");
              }
            });
        workers[t].start();
      }
      for (Thread w : workers) {
        w.join();
      }
      rates[r] = texts.size() / ((System.nanoTime() - start) / 1e9);
      System.out.printf(Locale.ROOT, "round %d: analysis-only docs/s: %.0f%n", r + 1, rates[r]);
    }
    java.util.Arrays.sort(rates);
    System.out.printf(
        Locale.ROOT,
        "analysis-only docs/s: %.0f (median of %d rounds, %d threads, %,d docs)%n",
        rates[rounds / 2],
        rounds,
        threads,
        texts.size());
  }
}
