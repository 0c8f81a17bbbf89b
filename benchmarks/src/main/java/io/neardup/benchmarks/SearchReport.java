package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Prints the tables of a JMH JSON result of {@link QueryBenchmark} and {@link CollapseBenchmark}
 * (sample-time mode): median and p99 latency per benchmark and index size, the ratio of each to its
 * named baseline, the recall table {@link QueryBenchmark} wrote next to the index, and the collapse
 * overhead against its target.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.neardup.benchmarks.SearchReport RESULTS.json
 * [INDEX_PARENT_DIR]}
 */
public final class SearchReport {
  /** Target: collapsing adds at most this fraction to the median latency of the plain search. */
  public static final double MAX_COLLAPSE_OVERHEAD = 0.25;

  private SearchReport() {}

  /** One benchmark's latency, in microseconds. */
  record Latency(double median, double p99, long samples) {}

  /** {@code SearchReport RESULTS.json [INDEX_PARENT_DIR]}. */
  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: SearchReport RESULTS.json [INDEX_PARENT_DIR]");
      System.exit(2);
    }
    Path indexes = Path.of(args.length > 1 ? args[1] : "benchmarks/target");
    List<?> runs = new ObjectMapper().readValue(Path.of(args[0]).toFile(), List.class);
    // docs -> benchmark method -> latency
    Map<Integer, Map<String, Latency>> bySize = new TreeMap<>();
    String jdk = "?";
    for (Object o : runs) {
      if (!(o instanceof Map<?, ?> run)
          || !(run.get("params") instanceof Map<?, ?> params)
          || !(run.get("primaryMetric") instanceof Map<?, ?> metric)
          || !(metric.get("scorePercentiles") instanceof Map<?, ?> percentiles)) {
        continue;
      }
      String benchmark = String.valueOf(run.get("benchmark"));
      String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      int docs = Integer.parseInt(String.valueOf(params.get("docs")));
      double scale = toMicros(String.valueOf(metric.get("scoreUnit")));
      long samples = 0;
      if (metric.get("rawDataHistogram") instanceof List<?> forks) {
        for (Object fork : forks) {
          for (Object iteration : (List<?>) fork) {
            for (Object bin : (List<?>) iteration) {
              samples += ((Number) ((List<?>) bin).get(1)).longValue();
            }
          }
        }
      }
      bySize
          .computeIfAbsent(docs, d -> new TreeMap<>())
          .put(
              method,
              new Latency(
                  number(percentiles.get("50.0")) * scale,
                  number(percentiles.get("99.0")) * scale,
                  samples));
      jdk = run.get("jdkVersion") + ", " + run.get("vmName");
    }
    StringBuilder out = new StringBuilder();
    out.append("# search benchmarks\n\n")
        .append("- machine: ")
        .append(ReportTable.machine())
        .append("\n- JDK: ")
        .append(jdk)
        .append("\n- latency: JMH sample time, one thread; median and p99 of all samples\n");
    List<String> verdicts = new ArrayList<>();
    for (Map.Entry<Integer, Map<String, Latency>> e : bySize.entrySet()) {
      int docs = e.getKey();
      Map<String, Latency> m = e.getValue();
      out.append(format("\n## %,d documents\n\n", docs));
      out.append("| benchmark | median µs | p99 µs | samples |\n| --- | ---: | ---: | ---: |\n");
      for (Map.Entry<String, Latency> b : m.entrySet()) {
        Latency l = b.getValue();
        out.append(
            format("| %s | %,.1f | %,.1f | %,d |\n", b.getKey(), l.median(), l.p99(), l.samples()));
      }
      Latency nd = m.get("nearDuplicateQuery");
      Latency dis = m.get("minHashDisjunction");
      if (nd != null && dis != null) {
        out.append(
            format(
                "\nnear-duplicate query: baseline minHashDisjunction / nearDuplicateQuery ="
                    + " %.1f× at the median, %.1f× at p99\n",
                dis.median() / nd.median(), dis.p99() / nd.p99()));
      }
      Path recall = indexes.resolve("search-index-" + docs).resolve("recall.tsv");
      if (Files.exists(recall)) {
        out.append("\nrecall (").append(recall).append("):\n\n");
        for (String line : Files.readAllLines(recall)) {
          out.append(line.startsWith("#") ? line : "| " + line.replace("\t", " | ") + " |")
              .append('\n');
          if (line.startsWith("query\t")) {
            out.append("| --- | ---: | ---: | ---: | ---: |\n");
          }
        }
      }
      Latency plain = m.get("plain");
      Latency collapsed = m.get("collapsed");
      if (plain != null && collapsed != null) {
        double overhead = collapsed.median() / plain.median() - 1;
        String verdict = overhead <= MAX_COLLAPSE_OVERHEAD ? "PASS" : "FAIL";
        out.append(
            format(
                "\ncollapse overhead (median collapsed / plain − 1) = %.1f %% (target ≤ %.0f %%):"
                    + " %s; at p99: %.1f %%\n",
                100 * overhead,
                100 * MAX_COLLAPSE_OVERHEAD,
                verdict,
                100 * (collapsed.p99() / plain.p99() - 1)));
        verdicts.add(format("collapse overhead at %,d docs: %s", docs, verdict));
      }
    }
    if (!verdicts.isEmpty()) {
      out.append('\n').append(String.join("; ", verdicts)).append('\n');
    }
    System.out.print(out);
  }

  private static double toMicros(String unit) {
    return switch (unit) {
      case "ns/op" -> 1e-3;
      case "us/op" -> 1;
      case "ms/op" -> 1e3;
      case "s/op" -> 1e6;
      default -> throw new IllegalArgumentException("unknown score unit " + unit);
    };
  }

  private static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(value));
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
