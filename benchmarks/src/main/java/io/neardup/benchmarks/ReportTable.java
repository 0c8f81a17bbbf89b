package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.DoublePredicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns a JMH JSON result file of {@link AnalysisBenchmark} into Markdown: for each document size
 * the documents per second and nanoseconds per shingle of every {@link Chain}, the cost ratios and
 * per-shingle overheads over tokenising, and PASS or FAIL against the two targets: (b) at least 5×
 * faster than (c) at every size, and at most 1.2× the cost of (a) at 500 words and more.
 *
 * <p>Docs/s is the median over all measured iterations (JMH's own score is their mean); results in
 * other modes or time units ({@code -bm avgt}, {@code -tu ms}) are converted. Results of other
 * benchmarks in the file are ignored.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.neardup.benchmarks.ReportTable results.json
 * }</pre>
 */
public final class ReportTable {
  /** (c) must cost at least this many times (b), at every size. */
  static final double MIN_COST_C_OVER_B = 5;

  /** (b) may cost at most this many times (a), from {@link #COST_B_OVER_A_FROM_WORDS} words on. */
  static final double MAX_COST_B_OVER_A = 1.2;

  /** The smallest document size the (b)/(a) target applies to. */
  static final int COST_B_OVER_A_FROM_WORDS = 500;

  /**
   * Above this relative error (the 99.9 % interval of a chain's docs/s) a verdict is marked noisy:
   * the machine's speed moved during the run, and the ratio of two chains measured one after the
   * other carries that movement.
   */
  static final double NOISY_ERROR = 0.10;

  /** Words per shingle: a document of n words has n − 4 shingles. */
  static final int SHINGLE_SIZE = 5;

  private ReportTable() {}

  /** Prints the report of the result file named by the only argument. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java -cp benchmarks.jar " + ReportTable.class.getName() + " FILE");
      System.exit(2);
    }
    Object results = new ObjectMapper().readValue(Path.of(args[0]).toFile(), Object.class);
    if (!(results instanceof List<?> list)) {
      throw new IllegalArgumentException(args[0] + " is not a JMH JSON result file (no array)");
    }
    System.out.print(render(list, machine()));
  }

  /** One chain at one document size. */
  record Result(Chain chain, int words, double docsPerSecond, double relativeError) {
    double nsPerDocument() {
      return 1e9 / docsPerSecond;
    }

    double nsPerShingle() {
      return nsPerDocument() / shingles(words);
    }
  }

  /** Word 5-shingles in a document of the given number of words (a shorter one has one). */
  static int shingles(int words) {
    return Math.max(1, words - SHINGLE_SIZE + 1);
  }

  /**
   * The report of a parsed JMH result file.
   *
   * @param results the top-level JSON array
   * @param machine a description of the machine, printed first
   */
  static String render(List<?> results, String machine) {
    StringBuilder out = new StringBuilder("# neardup analysis benchmark\n\n");
    out.append("- Machine: ").append(machine).append('\n');
    Map<Integer, Map<Chain, Result>> bySize = new TreeMap<>();
    for (Object entry : results) {
      if (!(entry instanceof Map<?, ?> run)) {
        continue;
      }
      Result result = parse(run);
      if (result == null) {
        continue;
      }
      if (bySize.isEmpty()) {
        out.append(runInfo(run));
      }
      bySize
          .computeIfAbsent(result.words(), w -> new EnumMap<>(Chain.class))
          .put(result.chain(), result);
    }
    if (bySize.isEmpty()) {
      return out.append("\nNo AnalysisBenchmark results in the file.\n").toString();
    }
    List<String> passed = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> noisy = new ArrayList<>();
    for (Map.Entry<Integer, Map<Chain, Result>> size : bySize.entrySet()) {
      out.append('\n').append(section(size.getKey(), size.getValue(), passed, failed, noisy));
    }
    out.append('\n');
    if (passed.isEmpty() && failed.isEmpty()) {
      out.append("**Targets: none checked** (chains (a), (b) or (c) missing).\n");
    } else if (failed.isEmpty()) {
      out.append("**Targets: all ").append(passed.size()).append(" PASS.**\n");
    } else {
      out.append("**Targets: ")
          .append(failed.size())
          .append(" of ")
          .append(passed.size() + failed.size())
          .append(" FAIL:** ")
          .append(String.join("; ", failed))
          .append(".\n");
    }
    if (!noisy.isEmpty()) {
      out.append(format("\nNoisy: the ± of a chain is above %.0f %% for ", 100 * NOISY_ERROR))
          .append(String.join(", ", noisy))
          .append(
              ". JMH measures the chains one after the other, so a machine whose speed drifts"
                  + " puts the drift into their ratio; `run.sh --paired` times (a) and (b) back"
                  + " to back and is not affected.\n");
    }
    return out.toString();
  }

  private static String section(
      int words,
      Map<Chain, Result> results,
      List<String> passed,
      List<String> failed,
      List<String> noisy) {
    StringBuilder out = new StringBuilder();
    out.append(format("## %,d words per document (%,d shingles)\n\n", words, shingles(words)));
    Table chains = new Table("chain", "docs/s", "±", "µs/doc", "ns/shingle");
    for (Chain chain : Chain.values()) {
      Result r = results.get(chain);
      if (r == null) {
        chains.row(label(chain), "—", "—", "—", "—");
      } else {
        chains.row(
            label(chain),
            rate(r.docsPerSecond()),
            Double.isNaN(r.relativeError()) ? "—" : format("%.1f%%", 100 * r.relativeError()),
            format("%,.1f", r.nsPerDocument() / 1000),
            perShingle(r.nsPerShingle()));
      }
    }
    out.append(chains).append('\n');

    Result a = results.get(Chain.STANDARD);
    Result b = results.get(Chain.NEARDUP);
    Result c = results.get(Chain.ES_MIN_HASH);
    Result d = results.get(Chain.CLASSIC_MINHASH);
    Table checks = new Table("comparison", "value", "target", "result");
    boolean bOverATarget = words >= COST_B_OVER_A_FROM_WORDS;
    checks.row(
        "cost (b) / (a)",
        ratio(b, a),
        bOverATarget
            ? format("≤ %.1f×", MAX_COST_B_OVER_A)
            : "none below " + COST_B_OVER_A_FROM_WORDS + " words",
        bOverATarget
            ? check(
                b,
                a,
                r -> r <= MAX_COST_B_OVER_A,
                "(b)/(a) at " + words + " words",
                passed,
                failed,
                noisy)
            : "");
    checks.row(
        "cost (c) / (b)",
        ratio(c, b),
        format("≥ %.0f×", MIN_COST_C_OVER_B),
        check(
            c,
            b,
            r -> r >= MIN_COST_C_OVER_B,
            "(c)/(b) at " + words + " words",
            passed,
            failed,
            noisy));
    checks.row("cost (d) / (b)", ratio(d, b), "", "");
    checks.row("overhead (b) − (a)", overhead(b, a), "", "");
    checks.row("overhead (c) − (a)", overhead(c, a), "", "");
    out.append(checks);
    return out.toString();
  }

  /** Cost ratio: how many times longer {@code x} takes per document than {@code y}. */
  private static String ratio(Result x, Result y) {
    return x == null || y == null ? "—" : format("%.2f×", costRatio(x, y));
  }

  private static double costRatio(Result x, Result y) {
    return y.docsPerSecond() / x.docsPerSecond();
  }

  private static String overhead(Result x, Result y) {
    return x == null || y == null
        ? "—"
        : perShingle(x.nsPerShingle() - y.nsPerShingle()) + " ns/shingle";
  }

  private static String check(
      Result x,
      Result y,
      DoublePredicate test,
      String name,
      List<String> passed,
      List<String> failed,
      List<String> noisy) {
    if (x == null || y == null) {
      return "no data";
    }
    double ratio = costRatio(x, y);
    // NaN (a single iteration) is not noisy: there is nothing to say
    boolean isNoisy = x.relativeError() > NOISY_ERROR || y.relativeError() > NOISY_ERROR;
    if (isNoisy) {
      noisy.add(name);
    }
    String mark = isNoisy ? " (noisy)" : "";
    if (test.test(ratio)) {
      passed.add(name);
      return "PASS" + mark;
    }
    failed.add(name + format(" is %.2f×", ratio));
    return "**FAIL**" + mark;
  }

  private static String label(Chain chain) {
    return "(" + chain.letter() + ") " + chain.description();
  }

  private static String rate(double docsPerSecond) {
    return docsPerSecond >= 100 ? format("%,.0f", docsPerSecond) : format("%.3g", docsPerSecond);
  }

  private static String perShingle(double ns) {
    return Math.abs(ns) >= 10 ? format("%,.1f", ns) : format("%.2f", ns);
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /**
   * The result of one JMH run of {@link AnalysisBenchmark}, or null if the entry is of another
   * benchmark.
   */
  static Result parse(Map<?, ?> run) {
    if (!(run.get("params") instanceof Map<?, ?> params)
        || !(params.get("chain") instanceof String chainName)
        || !(params.get("words") instanceof String wordsValue)
        || !(run.get("primaryMetric") instanceof Map<?, ?> metric)
        || !(metric.get("scoreUnit") instanceof String unit)
        || !String.valueOf(run.get("benchmark"))
            .endsWith(AnalysisBenchmark.class.getSimpleName() + ".analyze")) {
      return null;
    }
    Chain chain;
    try {
      chain = Chain.valueOf(chainName);
    } catch (IllegalArgumentException e) {
      return null;
    }
    double score = number(metric.get("score"));
    double median = median(metric.get("rawData"));
    if (Double.isNaN(median) && metric.get("scorePercentiles") instanceof Map<?, ?> percentiles) {
      median = number(percentiles.get("50.0"));
    }
    if (Double.isNaN(median)) {
      median = score;
    }
    double relativeError = number(metric.get("scoreError")) / score;
    return new Result(
        chain, Integer.parseInt(wordsValue.trim()), docsPerSecond(unit, median), relativeError);
  }

  /**
   * Converts a JMH score to documents per second: {@code ops/<unit>} (throughput) or {@code
   * <unit>/op} (average, sample or single-shot time).
   */
  static double docsPerSecond(String unit, double value) {
    int slash = unit.indexOf('/');
    if (slash < 0) {
      throw new IllegalArgumentException("unknown score unit " + unit);
    }
    String left = unit.substring(0, slash);
    String right = unit.substring(slash + 1);
    if (left.equals("ops")) {
      return value / seconds(right);
    }
    if (right.equals("op")) {
      return 1 / (value * seconds(left));
    }
    throw new IllegalArgumentException("unknown score unit " + unit);
  }

  private static double seconds(String timeUnit) {
    return switch (timeUnit) {
      case "ns" -> 1e-9;
      case "us" -> 1e-6;
      case "ms" -> 1e-3;
      case "s" -> 1;
      case "min" -> 60;
      case "hr" -> 3600;
      case "day" -> 86400;
      default -> throw new IllegalArgumentException("unknown time unit " + timeUnit);
    };
  }

  /** Median of JMH's raw data (one array of iteration scores per fork); NaN if there is none. */
  static double median(Object rawData) {
    List<Double> values = new ArrayList<>();
    if (rawData instanceof List<?> forks) {
      for (Object fork : forks) {
        if (fork instanceof List<?> iterations) {
          for (Object value : iterations) {
            double v = number(value);
            if (!Double.isNaN(v)) {
              values.add(v);
            }
          }
        }
      }
    }
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  /** A JSON number; JMH writes NaN and infinities as strings. NaN if absent. */
  private static double number(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof String s) {
      try {
        return Double.parseDouble(s);
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static String runInfo(Map<?, ?> run) {
    String jdk =
        Stream.of(run.get("jdkVersion"), run.get("vmName"), run.get("vmVersion"))
            .filter(Objects::nonNull)
            .map(String::valueOf)
            .collect(Collectors.joining(", "));
    return format(
        "- JDK: %s\n- JMH %s: %s fork(s), warmup %s × %s, measurement %s × %s; docs/s is the median"
            + " of the measured iterations, ± the 99.9 %% confidence interval of their mean\n",
        jdk,
        run.get("jmhVersion"),
        count(run.get("forks")),
        count(run.get("warmupIterations")),
        run.get("warmupTime"),
        count(run.get("measurementIterations")),
        run.get("measurementTime"));
  }

  private static String count(Object value) {
    double v = number(value);
    return Double.isNaN(v) ? "?" : Long.toString(Math.round(v));
  }

  /**
   * The CPU model, the number of CPUs this JVM may use and, on Linux, the load average: a run
   * disturbed by other work shows there (the benchmark itself accounts for about 1).
   */
  static String machine() {
    int cores = Runtime.getRuntime().availableProcessors();
    return format(
        "%s, %d core%s, %s%s",
        cpuModel(), cores, cores == 1 ? "" : "s", System.getProperty("os.name"), loadAverage());
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException e) {
      // not Linux: the architecture is all we know
    }
    return System.getProperty("os.arch");
  }

  private static String loadAverage() {
    try {
      String[] averages = Files.readString(Path.of("/proc/loadavg")).strip().split(" ");
      if (averages.length >= 3) {
        return format(
            "; load average %s, %s, %s (1, 5, 15 min) when this report was made",
            averages[0], averages[1], averages[2]);
      }
    } catch (IOException e) {
      // not Linux: no load average
    }
    return "";
  }

  /** A Markdown table whose columns are padded so that it also reads well as plain text. */
  private static final class Table {
    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) {
      rows.add(header);
    }

    void row(String... cells) {
      rows.add(cells);
    }

    @Override
    public String toString() {
      int columns = rows.get(0).length;
      int[] widths = new int[columns];
      for (String[] row : rows) {
        for (int i = 0; i < columns; i++) {
          widths[i] = Math.max(widths[i], Math.max(3, row[i].length()));
        }
      }
      StringBuilder out = new StringBuilder();
      for (int r = 0; r < rows.size(); r++) {
        appendRow(out, rows.get(r), widths);
        if (r == 0) {
          String[] rule = new String[columns];
          for (int i = 0; i < columns; i++) {
            // the first column is text, left-aligned; the others are numbers, right-aligned
            rule[i] = i == 0 ? "-".repeat(widths[i]) : "-".repeat(widths[i] - 1) + ":";
          }
          appendRow(out, rule, widths);
        }
      }
      return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, int[] widths) {
      out.append('|');
      for (int i = 0; i < cells.length; i++) {
        String pad = " ".repeat(widths[i] - cells[i].length());
        out.append(' ').append(i == 0 ? cells[i] + pad : pad + cells[i]).append(" |");
      }
      out.append('\n');
    }
  }
}
