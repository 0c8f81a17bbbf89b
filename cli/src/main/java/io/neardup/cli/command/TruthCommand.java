package io.neardup.cli.command;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.cli.eval.ExactShingles;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.options.AnalysisOptions;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cli.run.RecordPipeline;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.truth.AllPairsJoin;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup truth}: the exact ground truth of a corpus, every pair whose shingle sets reach a
 * Jaccard similarity, for measuring any method on one's own data.
 */
@Command(
    name = "truth",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Lists every pair of texts whose shingle sets have an exact Jaccard similarity of at least"
          + " --threshold, with the tokenisation and shingling of dedup (same options). The sets"
          + " are joined with prefix, length and positional filters on all threads, so only pairs"
          + " that share a rare shingle are compared; nothing is estimated.",
      "",
      "Limits: the shingle sets are held in memory, about 20 bytes per shingle at the peak (1M"
          + " shingles per 20 MB of heap; raise the heap with NEARDUP_JAVA_OPTS=-Xmx...). The"
          + " time grows with the pairs that share rare shingles: low thresholds (below 0.3) on"
          + " texts full of common boilerplate approach comparing every pair.",
      "",
      "Example: neardup truth --input corpus.jsonl --threshold 0.5 --output truth.tsv"
    })
public final class TruthCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      defaultValue = "0.5",
      description =
          "The least exact Jaccard similarity of a listed pair, in (0, 1] (default:"
              + " ${DEFAULT-VALUE}).")
  double threshold;

  @Option(
      names = "--output",
      paramLabel = "TRUTH.tsv",
      defaultValue = ResultFiles.STDOUT,
      description =
          "Where the pairs go, in the layout of dedup's --pairs (header, then id_a, id_b,"
              + " similarity, tab-separated, sorted by id); - for standard output (default).")
  String output;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Override
  public Integer call() throws Exception {
    double t = threshold;
    ClusterOptions.output(spec, "--output", output, input.input);
    analysis.settings(t, false, true); // bad analysis options fail before any work
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    long start = System.nanoTime();
    int threads = run.threads();

    Truth truth = compute(input, new HeldInput(input, 0), analysis, t, threads, progress);
    PrintWriter out = spec.commandLine().getOut();
    ResultFiles.write(output, out, w -> ResultFiles.writePairs(w, truth.pairs()));
    progress.println(
        String.format(
            Locale.ROOT,
            "found %s at exact Jaccard >= %s among %,d documents (%,d shingles), in %s%s",
            RunSummary.count(truth.pairs().size(), "pair"),
            t,
            truth.documents(),
            truth.shingles(),
            ProgressLine.elapsed(start),
            ResultFiles.STDOUT.equals(output) ? "" : "; wrote " + output));
    return 0;
  }

  /** The exact truth of an input: its pairs at or above a threshold, with what it read. */
  record Truth(List<ResultFiles.Pair> pairs, int documents, long shingles) {}

  /**
   * Reads and shingles the input on all threads, then joins the shingle sets. When {@code source}
   * holds the input after this pass, it keeps the compact form of the sets too (if they fit), for
   * the methods that compare those.
   */
  static Truth compute(
      InputOptions input,
      HeldInput source,
      AnalysisOptions analysis,
      double t,
      int threads,
      ProgressLine progress)
      throws IOException {
    NearDupSettings settings = analysis.settings(t, false, true);
    List<String> ids = new ArrayList<>();
    ShingleSets sets = new ShingleSets();
    NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, analysis.normalization());
    RecordPipeline.Summary read;
    try (CorpusReader reader = source.open()) {
      read =
          new RecordPipeline(threads, input.onError, progress, true)
              .run(
                  reader,
                  "read and shingle",
                  (ord, record) -> {
                    ids.add(record.id());
                    sets.reserve(ord);
                  },
                  () ->
                      (ord, record) ->
                          sets.put(ord, ExactShingles.shingles(analyzer, record.text())));
    }
    long[][] all = sets.toArray(read.documents());
    long shingles = 0;
    for (long[] set : all) {
      shingles += set.length;
    }
    if (source.held()) {
      source.keepCompactSets(compact(all));
    }
    progress.update("join", 0, 0, 0, "");
    List<ResultFiles.Pair> pairs = new ArrayList<>();
    AllPairsJoin.join(
        all, t, threads, (a, b, s) -> pairs.add(ResultFiles.Pair.of(ids.get(a), ids.get(b), s)));
    progress.done();
    return new Truth(pairs, read.documents(), shingles);
  }

  /**
   * The compact form of each set ({@link CompactShingleSet}), as the methods' analysis makes it.
   */
  private static int[][] compact(long[][] sets) {
    int[][] out = new int[sets.length][];
    int[] buffer = new int[1024];
    for (int i = 0; i < sets.length; i++) {
      long[] set = sets[i];
      if (buffer.length < set.length) {
        buffer = new int[Math.max(set.length, buffer.length * 2)];
      }
      out[i] = Arrays.copyOf(buffer, CompactShingleSet.compact(set, set.length, buffer));
    }
    return out;
  }

  /**
   * The sets by input ordinal, in pages the reading thread allocates before handing records out, so
   * analysis threads only ever write into pages that exist.
   */
  private static final class ShingleSets {
    private static final int PAGE = 1 << 12;
    private long[][][] pages = new long[64][][];

    void reserve(int ord) {
      int page = ord / PAGE;
      if (page >= pages.length) {
        pages = Arrays.copyOf(pages, pages.length * 2);
      }
      if (pages[page] == null) {
        pages[page] = new long[PAGE][];
      }
    }

    void put(int ord, long[] set) {
      pages[ord / PAGE][ord % PAGE] = set;
    }

    long[][] toArray(int n) {
      long[][] out = new long[n][];
      for (int i = 0; i < n; i++) {
        out[i] = pages[i / PAGE][i % PAGE];
        pages[i / PAGE][i % PAGE] = null;
      }
      return out;
    }
  }
}
