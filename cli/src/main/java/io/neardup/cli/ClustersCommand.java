package io.neardup.cli;

import io.neardup.cluster.SpillDirectory;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code neardup clusters}: clusters an index built by {@code index} or {@code dedup --index}. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Clusters the near-duplicates of an index and writes the pairs and clusters. The analysis"
          + " settings are read from the index."
    })
final class ClustersCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin IndexDirOption indexDir;

  @Mixin IndexClusteringOptions indexOptions;

  @Mixin ClusterOptions cluster;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Override
  public Integer call() throws Exception {
    Double t = Options.threshold(spec, indexOptions.threshold);
    cluster.check(spec, null);
    Options.atLeast(spec, "--threads", run.threads(), 1);
    long memory = spillOptions.memory(spec);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    try (OpenIndex opened = OpenIndex.open(indexDir.path);
        SpillDirectory spill = StreamingDedup.spill(spillOptions.directory())) {
      double threshold = t != null ? t : opened.metadata().settings().threshold();
      Clustering.run(
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
    }
    return 0;
  }
}
