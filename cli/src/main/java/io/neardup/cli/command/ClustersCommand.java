package io.neardup.cli.command;

import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.ExistingIndexOptions;
import io.neardup.cli.options.IndexDirOption;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.RunSummary;
import io.neardup.cli.run.ClusteringStep;
import io.neardup.cli.run.StoredClusterWrites;
import io.neardup.cli.run.StreamingDedup;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.index.StoredClusters;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup clusters}: clusters an index built by {@code index} or {@code dedup --index}. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Writes the near-duplicate clusters (and pairs) of an index. The clusters the index"
          + " stores (index, index --append) are read without clustering again; --recompute"
          + " clusters anew from the sketches (and --write stores the result). --pairs, or a"
          + " --threshold or --verify other than the stored clusters', needs a recomputation and"
          + " asks for one. The analysis settings are read from the index."
    })
public final class ClustersCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin IndexDirOption indexDir;

  @Mixin ExistingIndexOptions indexOptions;

  @Mixin ClusterOptions cluster;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Option(
      names = "--recompute",
      description =
          "Cluster the whole index anew (band candidates, verification, union-find) instead of"
              + " reading the clusters it stores: merges clusters that appended documents bridged"
              + " and repairs what write-time assignment missed.")
  boolean recompute;

  @Option(
      names = "--write",
      description =
          "With --recompute: store the recomputed clusters in the index (rewriting only the"
              + " documents whose cluster id or canonical flag changes), for later reads and"
              + " appends.")
  boolean write;

  @Override
  public Integer call() throws Exception {
    Double t = indexOptions.threshold;
    cluster.check(spec, null);
    Options.atLeast(spec, "--threads", run.threads(), 1);
    long memory = spillOptions.memory(spec);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    if (write && !recompute) {
      throw Options.invalid(spec, "--write", "stores recomputed clusters: add --recompute");
    }
    try (OpenIndex opened = OpenIndex.open(indexDir.path);
        SpillDirectory spill = StreamingDedup.spill(spillOptions.directory(spec))) {
      StoredClusters.Recorded recorded = opened.recorded();
      String why = recompute ? null : whyRecompute(recorded, t);
      if (why == null && !recompute) {
        ClusteringStep.stored(spec, opened, recorded, cluster, indexOptions.idField, progress);
        return 0;
      }
      if (why != null) {
        progress.println("note: " + why + ": clustering the index anew");
      }
      if (cluster.canonical == null && recorded != null && !recorded.canonical().byScore()) {
        cluster.canonical = recorded.canonical().toString(); // the policy the index stores
      }
      double threshold = t != null ? t : opened.metadata().settings().threshold();
      ClusteringStep.Result result =
          ClusteringStep.run(
              spec,
              opened,
              threshold,
              cluster,
              run,
              indexOptions.idField,
              spill,
              memory,
              progress,
              null,
              true);
      if (write) {
        int written = StoredClusterWrites.reconcile(opened, result, threshold, cluster.verify);
        progress.println(
            "stored the clusters in "
                + indexDir.path
                + ": "
                + RunSummary.count(written, "document")
                + " rewritten");
      }
    }
    return 0;
  }

  /** Why the stored clusters cannot answer (null if they can): what was asked differs. */
  private String whyRecompute(StoredClusters.Recorded recorded, Double threshold) {
    if (recorded == null) {
      return "the index at "
          + indexDir.path
          + " stores no clusters (built by an earlier neardup, or by dedup --index; clusters"
          + " --recompute --write stores them)";
    }
    if (cluster.pairs != null) {
      return "--pairs needs the verified pairs, which the index does not store";
    }
    if (threshold != null && threshold != recorded.threshold()) {
      return "the stored clusters are at threshold " + recorded.threshold() + ", not " + threshold;
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--verify")
        && cluster.verify != recorded.verification()) {
      return "the stored clusters were verified by "
          + recorded.verification().name().toLowerCase(java.util.Locale.ROOT)
          + ", not "
          + cluster.verify.name().toLowerCase(java.util.Locale.ROOT);
    }
    return null;
  }
}
