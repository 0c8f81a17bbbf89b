package io.neardup.cli;

import io.neardup.index.Verification;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup dedup}: the one-shot main job. Indexes the input (into a temporary index unless
 * {@code --index} is given), clusters it and writes the pairs and clusters.
 */
@Command(
    name = "dedup",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Finds the near-duplicates of a corpus in one go: indexes it into an embedded Lucene index"
          + " (a temporary one unless --index is given), clusters it, and writes the pairs and"
          + " clusters.",
      "",
      "Example: neardup dedup --input corpus.jsonl --threshold 0.8 --pairs pairs.tsv --clusters"
          + " clusters.jsonl"
    })
final class DedupCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Option(
      names = "--threshold",
      paramLabel = "T",
      defaultValue = "" + Banding.DEFAULT_THRESHOLD,
      description =
          "The Jaccard similarity of shingle sets from which two texts are near-duplicates, in"
              + " (0, 1] (default: ${DEFAULT-VALUE}).")
  String threshold;

  @Mixin ClusterOptions cluster;

  @Option(
      names = "--index",
      paramLabel = "DIR",
      description =
          "Keep the index in DIR for later clusters, similar and search commands (default: a"
              + " temporary index, deleted at the end).")
  Path index;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Override
  public Integer call() throws Exception {
    double t = Options.threshold(spec, threshold);
    boolean exact = cluster.verify == Verification.EXACT;
    NearDupSettings settings = analysis.settings(t, true, exact);
    NormalizationOptions normalization = analysis.normalization();
    cluster.check(spec, input);
    Indexing.check(spec, input, run, index);

    Progress progress = new Progress(spec.commandLine().getErr(), run.progress());
    Path dir = index != null ? index : CorpusIndex.temporaryDirectory();
    // an interrupted run (Ctrl-C) skips the finally block below, not the shutdown hooks
    Thread cleanup = new Thread(() -> CorpusIndex.deleteTree(dir), "neardup-cleanup");
    if (index == null) {
      Runtime.getRuntime().addShutdownHook(cleanup);
    }
    try {
      Indexing.run(input, run, settings, normalization, dir, progress);
      try (CorpusIndex opened = CorpusIndex.open(dir)) {
        Clustering.run(spec, opened, t, cluster, run, input.idField, progress);
      }
    } finally {
      if (index == null) {
        CorpusIndex.deleteTree(dir);
        try {
          Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
          // the JVM is already shutting down and runs the hook
        }
      }
    }
    return 0;
  }
}
