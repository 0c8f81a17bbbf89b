package io.neardup.cli.options;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** How much of a run a report shows. */
public final class ReportOptions {
  /** Default number of largest clusters shown. */
  public static final int DEFAULT_LARGEST = 30;

  /** Default number of other clusters shown, drawn at random. */
  public static final int DEFAULT_SAMPLE = 10;

  @Option(
      names = "--report-clusters",
      paramLabel = "N",
      defaultValue = "" + DEFAULT_LARGEST,
      description =
          "How many of the largest clusters the report shows, besides "
              + DEFAULT_SAMPLE
              + " drawn at random from the others (default: ${DEFAULT-VALUE}).")
  int largest;

  /** The number of largest clusters, checked. */
  public int largest(CommandSpec spec) {
    return Options.atLeast(spec, "--report-clusters", largest, 0);
  }
}
