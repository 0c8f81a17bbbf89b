package io.neardup.cli.command;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.options.AnalysisOptions;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.DedupMethodOptions;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.ReportOptions;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.options.TextOption;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cli.report.RunReport;
import io.neardup.cli.report.SimilarityHistogram;
import io.neardup.cli.run.IndexWriting;
import io.neardup.cli.run.MethodRun;
import io.neardup.cli.run.RecordPipeline;
import io.neardup.cli.run.SignaturePlan;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.lsh.Banding;
import io.neardup.signature.Method;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup dedup}: the one-shot main job. Streams the input once: read, analyse and sketch on
 * all threads, band buckets, candidate pairs, verification, union-find, output; no full-text index
 * in between unless {@code --index} asks to keep one.
 */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Finds the near-duplicates of a corpus in one pass: analyses it on all threads, verifies the"
          + " candidate pairs that share a band, and writes the pairs and clusters. Nothing goes to"
          + " disk but the outputs, temporary files beyond --memory, and the index if --index"
          + " asks to keep one.",
      "",
      "Example: neardup dedup --input corpus.jsonl --threshold 0.8 --pairs pairs.tsv --clusters"
          + " clusters.jsonl"
    })
public final class DedupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      defaultValue = "" + Banding.DEFAULT_THRESHOLD,
      description =
          "The Jaccard similarity of shingle sets from which two texts are near-duplicates, in"
              + " (0, 1] (default: ${DEFAULT-VALUE}).")
  double threshold;

  @Mixin ClusterOptions cluster;

  @Mixin DedupMethodOptions methodOptions;

  @Option(
      names = "--all-pairs",
      description =
          "List every near-duplicate pair, also inside groups of more than 128 identical texts and"
              + " in oversized buckets (thousands of variants of one text), where by default only"
              + " the pairs that join the group are verified and listed and the summary counts the"
              + " rest. The cost then grows with the number of pairs.")
  boolean allPairs;

  @Option(
      names = "--index",
      paramLabel = "DIR",
      description =
          "Also keep an index in DIR for later clusters, similar and search commands (default:"
              + " none).")
  Path index;

  @Mixin TextOption textOption;

  @Option(
      names = "--report",
      paramLabel = "REPORT.html",
      description =
          "Also write a report: one self-contained HTML page (no network) with the summary, the"
              + " similarities of the verified pairs around the threshold, the S-curve of the"
              + " bands, and the largest clusters with the words that differ from each canonical."
              + " The texts of the clusters shown are read from the input once more.")
  Path report;

  @Mixin ReportOptions reportOptions;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Override
  public Integer call() throws Exception {
    double t = threshold;
    Verification verification = cluster.verify;
    Method method = methodOptions.method(spec);
    CanonicalPolicy canonical = Options.canonical(spec, cluster.canonical);
    cluster.check(spec, input);
    IndexWriting.check(spec, input, run, index);
    RunReport.check(spec, "--report", report, input.input);
    int reportClusters = reportOptions.largest(spec);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    long start = System.nanoTime();
    SimilarityHistogram histogram =
        report != null && RunReport.jaccard(method) ? new SimilarityHistogram(t, true) : null;
    MethodRun.Outcome outcome =
        new MethodRun(
                spec,
                input,
                new HeldInput(input, 0),
                analysis,
                methodOptions.parameters,
                run,
                spillOptions)
            .histogram(histogram)
            .run(method, t, verification, allPairs, canonical, index, textOption.text, progress);
    SignaturePlan plan = outcome.plan();
    ClusterResult result = outcome.result();
    RecordPipeline.Summary read = outcome.read();
    long writeStart = System.nanoTime();
    List<ResultFiles.ClusterIds> clusterList = outcome.clusters();
    writeOutputs(outcome.pairs(), clusterList);
    if (report != null) {
      progress.update("report", 0, 0, 0, "");
      RunReport.write(
          report,
          input,
          new HeldInput(input, 0),
          analysis.normalization(),
          outcome,
          t,
          verification,
          canonical,
          reportClusters,
          histogram,
          List.of(),
          null);
      progress.done();
    }
    long writeNanos = System.nanoTime() - writeStart;
    String verifiedBy =
        plan != null
            ? plan.describe()
            : verification == Verification.EXACT ? "exact Jaccard" : "sketch estimate";
    String at = plan == null || method == Method.MIN_M || method == Method.MOD_N ? "" + t : null;
    String identical = plan == null ? "identical texts" : plan.identicalSets();
    summary(
        result,
        outcome.pairs().size(),
        clusterList,
        at,
        verifiedBy,
        identical,
        start,
        read,
        writeNanos);
    return 0;
  }

  private void writeOutputs(List<ResultFiles.Pair> pairList, List<ResultFiles.ClusterIds> clusters)
      throws IOException {
    // with a report, nothing goes to standard output unless asked for
    String clustersTarget =
        report != null && cluster.clusters == null ? null : cluster.clustersTarget();
    RunSummary.write(
        spec.commandLine().getOut(), cluster.pairs, pairList, clustersTarget, clusters);
  }

  private void summary(
      ClusterResult r,
      int listed,
      List<ResultFiles.ClusterIds> clusters,
      String threshold,
      String verifiedBy,
      String identical,
      long start,
      RecordPipeline.Summary read,
      long writeNanos) {
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), false);
    progress.println(
        RunSummary.found(listed, clusters, r.stats(), threshold, verifiedBy, identical, start));
    List<String> unlisted = new ArrayList<>();
    if (r.stats().unlistedIdenticalPairs() > 0) {
      unlisted.add(
          String.format(
              Locale.ROOT,
              "%,d pairs inside groups of more than %d identical texts are not listed (each"
                  + " group is listed as its first text paired with every other)",
              r.stats().unlistedIdenticalPairs(),
              Clusterer.DEFAULT_MAX_BUCKET_SIZE));
    }
    if (r.stats().uncomparedPairs() > 0) {
      unlisted.add(
          String.format(
              Locale.ROOT,
              "%,d pairs of documents that ended in one cluster inside %s of more than %d"
                  + " documents were not compared (representatives join them)",
              r.stats().uncomparedPairs(),
              RunSummary.count(r.stats().oversizedBuckets(), "bucket"),
              Clusterer.DEFAULT_MAX_BUCKET_SIZE));
    }
    if (!unlisted.isEmpty()) {
      progress.println(
          String.join("; ", unlisted)
              + "; --all-pairs compares them all and lists every pair that reaches the threshold");
    }
    StringBuilder times = new StringBuilder("time: read and analyse ");
    times.append(seconds(read.endNanos() - read.startNanos()));
    for (Map.Entry<String, java.time.Duration> e : r.stats().phaseTimes().entrySet()) {
      times.append(", ").append(e.getKey()).append(' ').append(seconds(e.getValue().toNanos()));
    }
    times.append(", write ").append(seconds(writeNanos));
    long rss = peakResidentBytes();
    times.append(rss > 0 ? "; peak memory (RSS) " : "; peak heap ");
    times.append(megabytes(rss > 0 ? rss : peakHeap()));
    if (r.stats().spilledRuns() > 0) {
      times
          .append("; ")
          .append(RunSummary.count(r.stats().spilledRuns(), "sorted run"))
          .append(" spilled");
    }
    progress.println(times.toString());
    List<String> written = RunSummary.files();
    RunSummary.addFile(written, "pairs", cluster.pairs);
    RunSummary.addFile(written, "clusters", cluster.clustersTarget());
    RunSummary.addFile(written, "the index", index == null ? null : index.toString());
    RunSummary.addFile(written, "the report", report == null ? null : report.toString());
    RunSummary.wrote(progress, written);
  }

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }

  static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%,d MB", bytes >> 20);
  }

  /** The process's peak resident memory from {@code /proc/self/status} (Linux), or -1. */
  static long peakResidentBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: the heap figure stands in
    }
    return -1;
  }

  /** The peak use of the heap pools (each pool's own peak, added up), in bytes. */
  static long peakHeap() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }
}
