package io.neardup.benchmarks;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Main-text extraction of two builds side by side: the same pages, parsed once by each build,
 * extracted by each in turn, round after round, in one JVM. Each build is loaded from its
 * command-line jar by a class loader of its own (its jsoup included), so that each is compiled for
 * its own classes, as in separate processes; a round times both back to back, alternating which
 * goes first, and the report is the median of the rounds' ratios, which a drift of the machine's
 * speed falls on alike (see {@link PairedRatio}). Parsing is left out of the timing: what is
 * compared is the extraction alone, so that a change of a few percent in it is not diluted by
 * parsing. Also says on how many pages the two builds' texts differ.
 *
 * <pre>{@code
 * benchmarks/extraction-ab.sh --baseline COMMIT
 * java -cp benchmarks.jar io.neardup.benchmarks.ExtractionAb --data DIR \
 *     --baseline-jar A.jar --current-jar B.jar [--pages 400] [--rounds 40]
 * }</pre>
 */
public final class ExtractionAb {
  private ExtractionAb() {}

  /** Rounds run first and not measured: the JIT compiles each build's extraction. */
  static final int WARMUP_ROUNDS = 5;

  public static void main(String[] args) throws Exception {
    Path data = null;
    Path baselineJar = null;
    Path currentJar = null;
    int pageCount = 400;
    int rounds = 40;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(args[++i]);
        case "--baseline-jar" -> baselineJar = Path.of(args[++i]);
        case "--current-jar" -> currentJar = Path.of(args[++i]);
        case "--pages" -> pageCount = positive("--pages", args[++i]);
        case "--rounds" -> rounds = positive("--rounds", args[++i]);
        default -> throw new IllegalArgumentException("unknown option [" + args[i] + "]");
      }
    }
    if (data == null || baselineJar == null || currentJar == null) {
      throw new IllegalArgumentException("--data, --baseline-jar and --current-jar are required");
    }
    List<ExtractionEvaluation.Page> pages = new ArrayList<>();
    for (ExtractionEvaluation.Dataset d : ExtractionEvaluation.DATASETS) {
      pages.addAll(ExtractionEvaluation.read(data, d));
    }
    // a fixed sample across the datasets, the same for both builds
    Collections.shuffle(pages, new Random(1));
    pages = pages.subList(0, Math.min(pageCount, pages.size()));
    long bytes = pages.stream().mapToLong(p -> p.html().length).sum();
    try (Build baseline = Build.of(baselineJar, pages);
        Build current = Build.of(currentJar, pages)) {
      run(baseline, current, pages.size(), bytes, rounds, System.out);
    }
  }

  static int positive(String option, String value) {
    int n;
    try {
      n = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n <= 0) {
      throw new IllegalArgumentException(
          option + " must be a positive integer, got [" + value + "]");
    }
    return n;
  }

  static void run(Build baseline, Build current, int pages, long bytes, int rounds, PrintStream out)
      throws IOException {
    double[] tb = new double[rounds];
    double[] tc = new double[rounds];
    double[] ratios = new double[rounds];
    long sink = 0;
    for (int round = -WARMUP_ROUNDS; round < rounds; round++) {
      long[] nanos = new long[2];
      for (int turn = 0; turn < 2; turn++) {
        int which = (round + WARMUP_ROUNDS + turn) % 2;
        Build build = which == 0 ? baseline : current;
        long t0 = System.nanoTime();
        sink += build.extractAll();
        nanos[which] = System.nanoTime() - t0;
      }
      if (round >= 0) {
        tb[round] = nanos[0] / 1e6;
        tc[round] = nanos[1] / 1e6;
        ratios[round] = (double) nanos[1] / nanos[0];
      }
    }
    double[] ratioSorted = ratios.clone();
    Arrays.sort(ratioSorted);
    Arrays.sort(tb);
    Arrays.sort(tc);
    int differ = 0;
    List<String> a = baseline.texts();
    List<String> b = current.texts();
    for (int i = 0; i < a.size(); i++) {
      differ += a.get(i).equals(b.get(i)) ? 0 : 1;
    }
    out.printf(
        Locale.ROOT,
        "%d pages, %.1f MB of HTML, parsed once by each build; extraction alone, one thread,"
            + " %d rounds after %d of warm-up, the builds in turn%n",
        pages,
        bytes / 1e6,
        rounds,
        WARMUP_ROUNDS);
    out.printf(
        Locale.ROOT,
        "baseline %s: median %.1f ms a round (%.1f MB/s)%n",
        baseline.name,
        tb[rounds / 2],
        bytes / 1e3 / tb[rounds / 2]);
    out.printf(
        Locale.ROOT,
        "this build %s: median %.1f ms a round (%.1f MB/s)%n",
        current.name,
        tc[rounds / 2],
        bytes / 1e3 / tc[rounds / 2]);
    out.printf(
        Locale.ROOT,
        "this build / baseline, per round: median %.3f (quartiles %.3f .. %.3f)%n",
        ratioSorted[rounds / 2],
        ratioSorted[rounds / 4],
        ratioSorted[3 * rounds / 4]);
    out.printf(
        Locale.ROOT,
        "texts: %s%s%n",
        differ == 0
            ? "the same on every page"
            : "different on " + differ + " of " + pages + " pages",
        sink == 0 ? " (nothing extracted)" : "");
  }

  /** One build's extraction, loaded from its jar on its own, with its own parsed pages. */
  static final class Build implements Closeable {
    final String name;
    private final URLClassLoader loader;
    private final MethodHandle extract;
    private final MethodHandle text;
    private final Object[] documents;

    /** A build from its command-line jar (which holds jsoup and the rest). */
    static Build of(Path jar, List<ExtractionEvaluation.Page> pages) throws IOException {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("no jar at [" + jar + "]");
      }
      return new Build(jar.getFileName().toString(), new URL[] {jar.toUri().toURL()}, pages);
    }

    Build(String name, URL[] classPath, List<ExtractionEvaluation.Page> pages) throws IOException {
      this.name = name;
      loader = new URLClassLoader(classPath, ClassLoader.getPlatformClassLoader());
      try {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> decoder = loader.loadClass("io.neardup.web.html.HtmlDecoder");
        Class<?> decoded = loader.loadClass("io.neardup.web.html.HtmlDecoder$Decoded");
        Class<?> document = loader.loadClass("org.jsoup.nodes.Document");
        Class<?> boilerplate = loader.loadClass("io.neardup.web.boilerplate.Boilerplate");
        Class<?> extractor = loader.loadClass("io.neardup.web.boilerplate.MainTextExtractor");
        Class<?> mainText = loader.loadClass("io.neardup.web.boilerplate.MainText");
        MethodHandle decode =
            lookup.findStatic(
                decoder, "decode", MethodType.methodType(decoded, byte[].class, String.class));
        MethodHandle html =
            lookup.findVirtual(decoded, "html", MethodType.methodType(String.class));
        MethodHandle parse =
            lookup.findStatic(
                decoder, "parse", MethodType.methodType(document, String.class, String.class));
        Object local = boilerplate.getField("LOCAL").get(null);
        Object instance = extractor.getConstructor(boilerplate).newInstance(local);
        extract =
            lookup
                .findVirtual(extractor, "extract", MethodType.methodType(mainText, document))
                .bindTo(instance);
        text = lookup.findVirtual(mainText, "text", MethodType.methodType(String.class));
        documents = new Object[pages.size()];
        for (int i = 0; i < documents.length; i++) {
          Object d = decode.invoke(pages.get(i).html(), (String) null);
          documents[i] = parse.invoke((String) html.invoke(d), "");
        }
      } catch (Throwable e) {
        loader.close();
        throw new IllegalStateException("cannot load the extraction of [" + name + "]", e);
      }
    }

    /** Extracts every page; the total length of the texts. */
    long extractAll() {
      long length = 0;
      for (Object d : documents) {
        length += extracted(d).length();
      }
      return length;
    }

    /** The text of each page. */
    List<String> texts() {
      List<String> texts = new ArrayList<>();
      for (Object d : documents) {
        texts.add(extracted(d));
      }
      return texts;
    }

    private String extracted(Object document) {
      try {
        return (String) text.invoke(extract.invoke(document));
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void close() throws IOException {
      loader.close();
    }
  }
}
