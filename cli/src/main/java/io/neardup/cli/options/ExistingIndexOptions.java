package io.neardup.cli.options;

import picocli.CommandLine.Option;

/** The options of commands that cluster an existing index: its threshold and the id's name. */
public final class ExistingIndexOptions {
  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      description =
          "The similarity from which two documents are near-duplicates, in (0, 1] (default: the"
              + " threshold the index was built for).")
  public Double threshold;

  @Option(
      names = "--id-field",
      paramLabel = "NAME",
      defaultValue = "id",
      description =
          "The input's name of the id field, accepted by --canonical (default: ${DEFAULT-VALUE}).")
  public String idField;
}
