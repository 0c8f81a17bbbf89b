package io.neardup.benchmarks;

import io.neardup.testkit.EnglishText;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.Analyzer;

/**
 * The cost of one {@link Chain} over another, measured in pairs: each round times the same
 * documents through both chains back to back (in alternating order), and the report is the median
 * of the rounds' ratios. On a shared or throttled machine, whose speed drifts by tens of percent
 * from one minute to the next, JMH's separate forks measure the two chains at different times and
 * their ratio carries the drift; a round's two timings share it. Both chains run in one JVM, but
 * each is loaded by a class loader of its own, with its own copy of Lucene: code they share, such
 * as the tokenizer, is compiled for each chain's own types, as in JMH's separate forks, and not
 * once for a mix of both.
 *
 * <pre>{@code
 * benchmarks/run.sh --paired                       # (b) over (a) at 500 and 5000 words
 * java -cp benchmarks.jar io.neardup.benchmarks.PairedRatio --words 500 --rounds 60 STANDARD NEARDUP
 * }</pre>
 */
public final class PairedRatio {
  private PairedRatio() {}

  /** Shortest warm-up, whatever the number of rounds: the JIT compiles each chain separately. */
  static final long WARMUP_NANOS = 3_000_000_000L;

  /** Measured outcome at one document size. */
  record Outcome(
      int words,
      double baselineMicros,
      double measuredMicros,
      double medianRatio,
      double lowerQuartile,
      double upperQuartile) {}

  /** Runs the measurement; see the class comment for the arguments. */
  public static void main(String[] args) throws IOException {
    List<Integer> sizes = List.of(500, 5000);
    int rounds = 60;
    List<String> chains = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--words" ->
            sizes = Arrays.stream(value(args, ++i).split(",")).map(Integer::valueOf).toList();
        case "--rounds" -> rounds = Integer.parseInt(value(args, ++i));
        default -> chains.add(args[i]);
      }
    }
    Chain baseline = chains.isEmpty() ? Chain.STANDARD : Chain.valueOf(chains.get(0));
    Chain measured = chains.size() < 2 ? Chain.NEARDUP : Chain.valueOf(chains.get(1));
    if (rounds < 5) {
      throw new IllegalArgumentException("--rounds must be at least 5, got " + rounds);
    }
    System.out.printf(
        Locale.ROOT,
        "# Paired cost of (%s) over (%s)%n%n- Machine: %s%n- %s: %s%n- %s: %s%n- %d rounds after"
            + " at least %d warm-up rounds and %d s; a round times both chains over the same"
            + " documents, in alternating order; each chain has a class loader of its own%n%n| words | (%s) µs/doc | (%s) µs/doc | median cost ratio |"
            + " quartiles |%n|--:|--:|--:|--:|--:|%n",
        measured.letter(),
        baseline.letter(),
        ReportTable.machine(),
        baseline.letter(),
        baseline.description(),
        measured.letter(),
        measured.description(),
        rounds,
        rounds / 2,
        WARMUP_NANOS / 1_000_000_000L,
        baseline.letter(),
        measured.letter());
    for (int words : sizes) {
      Outcome o = measure(baseline, measured, words, rounds);
      System.out.printf(
          Locale.ROOT,
          "| %,d | %.1f | %.1f | %.3f× | %.3f–%.3f |%n",
          o.words(),
          o.baselineMicros(),
          o.measuredMicros(),
          o.medianRatio(),
          o.lowerQuartile(),
          o.upperQuartile());
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  /** Times both chains over documents of {@code words} words, in {@code rounds} pairs. */
  static Outcome measure(Chain baseline, Chain measured, int words, int rounds) throws IOException {
    // about 100 000 words per pass, so that a pass takes milliseconds, not microseconds
    int count = Math.max(10, 100_000 / words);
    String[] documents = new EnglishText(EnglishText.DEFAULT_SEED).documents(words, count);
    try (IsolatedChain a = new IsolatedChain(baseline);
        IsolatedChain b = new IsolatedChain(measured)) {
      long sink = 0;
      // each chain's classes are compiled on their own: warm both up for at least WARMUP_NANOS
      long warmupEnd = System.nanoTime() + WARMUP_NANOS;
      for (int w = 0; w < rounds / 2 || System.nanoTime() < warmupEnd; w++) {
        sink += a.pass(documents) + b.pass(documents);
      }
      double[] ratios = new double[rounds];
      long[] ta = new long[rounds];
      long[] tb = new long[rounds];
      for (int r = 0; r < rounds; r++) {
        boolean baselineFirst = r % 2 == 0;
        long t0 = System.nanoTime();
        sink += (baselineFirst ? a : b).pass(documents);
        long t1 = System.nanoTime();
        sink += (baselineFirst ? b : a).pass(documents);
        long t2 = System.nanoTime();
        ta[r] = baselineFirst ? t1 - t0 : t2 - t1;
        tb[r] = baselineFirst ? t2 - t1 : t1 - t0;
        ratios[r] = (double) tb[r] / ta[r];
      }
      if (sink == Long.MIN_VALUE) {
        System.out.print(""); // keeps the passes' results alive
      }
      Arrays.sort(ratios);
      Arrays.sort(ta);
      Arrays.sort(tb);
      return new Outcome(
          words,
          ta[rounds / 2] / 1e3 / count,
          tb[rounds / 2] / 1e3 / count,
          ratios[rounds / 2],
          ratios[rounds / 4],
          ratios[3 * rounds / 4]);
    }
  }

  /**
   * A chain whose classes, Lucene's included, come from a class loader of its own, over this JVM's
   * class path.
   */
  static final class IsolatedChain implements Closeable {
    private final URLClassLoader loader;
    private final AutoCloseable analyzer;
    private final MethodHandle pass;

    IsolatedChain(Chain chain) throws IOException {
      String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
      URL[] urls = new URL[entries.length];
      for (int i = 0; i < entries.length; i++) {
        urls[i] = Path.of(entries[i]).toUri().toURL();
      }
      loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
      try {
        Class<?> chains = loader.loadClass(Chain.class.getName());
        Object own = chains.getMethod("valueOf", String.class).invoke(null, chain.name());
        analyzer = (AutoCloseable) chains.getMethod("newAnalyzer").invoke(own);
        Class<?> analyzers = loader.loadClass(Analyzer.class.getName());
        Class<?> self = loader.loadClass(PairedRatio.class.getName());
        pass =
            MethodHandles.privateLookupIn(self, MethodHandles.lookup())
                .findStatic(
                    self, "pass", MethodType.methodType(long.class, analyzers, String[].class));
      } catch (ReflectiveOperationException e) {
        loader.close();
        throw new IllegalStateException("cannot load chain " + chain + " on its own", e);
      }
    }

    long pass(String[] documents) {
      try {
        return (long) pass.invoke(analyzer, documents);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        analyzer.close();
      } catch (Exception e) {
        throw new IOException(e);
      } finally {
        loader.close();
      }
    }
  }

  /** Analyses every document; returns the number of tokens the chain emitted. */
  static long pass(Analyzer analyzer, String[] documents) throws IOException {
    long tokens = 0;
    for (String text : documents) {
      tokens += AnalysisBenchmark.analyze(analyzer, text);
    }
    return tokens;
  }
}
