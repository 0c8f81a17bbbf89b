package io.neardup.cli.command;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.ExistingIndexOptions;
import io.neardup.cli.options.IndexDirOption;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.ReportOptions;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.report.HtmlReport;
import io.neardup.cli.report.RunReport;
import io.neardup.cli.report.ShownClusters;
import io.neardup.cli.report.SimilarityHistogram;
import io.neardup.cli.run.ClusteringStep;
import io.neardup.cli.run.StreamingDedup;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.signature.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup report}: clusters an index as {@code clusters} does and writes the HTML report of
 * the result.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Clusters the near-duplicates of an index (as the clusters command does) and writes a"
          + " report: one self-contained HTML page (no network) with the summary, the"
          + " similarities of the verified pairs around the threshold, the S-curve of the bands,"
          + " and the largest clusters with the words that differ from each canonical. Texts"
          + " come from the index (not kept by --no-text indexes: the report then lists ids"
          + " only). dedup --report and compare --out write the same report in their run.",
      "",
      "Example: neardup report --index idx --output report.html"
    })
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin IndexDirOption indexDir;

  @Option(
      names = "--output",
      paramLabel = "REPORT.html",
      defaultValue = "report.html",
      description = "Where to write the report (default: ${DEFAULT-VALUE}).")
  Path output;

  @Mixin ExistingIndexOptions indexOptions;

  @Mixin ReportOptions reportOptions;

  @Mixin ClusterOptions cluster;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Override
  public Integer call() throws Exception {
    Double t = indexOptions.threshold;
    cluster.check(spec, null);
    RunReport.check(spec, "--output", output, indexDir.path);
    int largest = reportOptions.largest(spec);
    Options.atLeast(spec, "--threads", run.threads(), 1);
    long memory = spillOptions.memory(spec);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    try (OpenIndex opened = OpenIndex.open(indexDir.path);
        SpillDirectory spill = StreamingDedup.spill(spillOptions.directory(spec))) {
      double th = t != null ? t : opened.metadata().settings().threshold();
      SimilarityHistogram histogram = new SimilarityHistogram(th, true);
      ClusteringStep.Result result =
          ClusteringStep.run(
              spec,
              opened,
              th,
              cluster,
              run,
              indexOptions.idField,
              spill,
              memory,
              progress,
              histogram,
              false);
      CanonicalPolicy canonical = result.canonical();
      if (canonical.fields().equals(List.of(OpenIndex.ORDINAL_FIELD))) {
        // the first in input order: what the score policy means for a whole index
        canonical = CanonicalPolicy.BEST_SCORE;
      }
      if (!opened.hasTexts()) {
        progress.println(
            "the index at " + indexDir.path + " keeps no texts (--no-text): the report lists ids");
      }
      String[] ids = opened.ids();
      ShownClusters.Selection selection =
          new ShownClusters(
                  opened.metadata().settings(),
                  opened.metadata().normalization(),
                  canonical,
                  OpenIndex.ID_FIELD,
                  indexOptions.idField)
              .select(
                  result.clusters(),
                  largest,
                  ReportOptions.DEFAULT_SAMPLE,
                  ShownClusters.fromIndex(opened),
                  histogram.misses().closest(i -> ids[i]));
      List<String[]> summary =
          RunReport.summary(
              indexDir.path.toString(),
              Method.MINHASH,
              opened.metadata().settings(),
              null,
              th,
              cluster.verify,
              RunReport.describe(canonical, OpenIndex.ID_FIELD, indexOptions.idField),
              result.stats(),
              0,
              result.pairs().size(),
              selection,
              result.seconds());
      HtmlReport.write(
          output,
          new HtmlReport.Report(
              indexDir.path.getFileName().toString(),
              summary,
              th,
              opened.metadata().settings().banding(),
              histogram,
              cluster.verify == io.neardup.cluster.Verification.EXACT
                  ? "exact Jaccard"
                  : "the sketch estimate",
              selection,
              List.of(),
              null));
      progress.println("wrote the report to " + output);
    }
    return 0;
  }
}
