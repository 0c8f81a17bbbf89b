package io.neardup.cli.options;

import picocli.CommandLine.Option;

/** Whether a kept index stores the texts, which only full-text search needs. */
public final class TextOption {
  @Option(
      names = "--text",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Store and index the texts in the index, which search and similar --show-text need"
              + " (default: true; --no-text makes a smaller index, written faster, that clusters"
              + " and similar serve).")
  public boolean text = true;
}
