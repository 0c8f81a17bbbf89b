package io.neardup.cli.options;

import io.neardup.cli.report.ShownClusters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** How much of a run a report shows. */
public final class ReportOptions {
  @Option(
      names = "--report-clusters",
      paramLabel = "N",
      defaultValue = "" + ShownClusters.DEFAULT_LARGEST,
      description =
          "How many of the largest clusters the report shows, besides "
              + ShownClusters.DEFAULT_SAMPLE
              + " drawn at random from the others (default: ${DEFAULT-VALUE}).")
  int largest;

  /** The number of largest clusters, checked. */
  public int largest(CommandSpec spec) {
    return Options.atLeast(spec, "--report-clusters", largest, 0);
  }
}
