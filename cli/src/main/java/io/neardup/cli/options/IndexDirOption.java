package io.neardup.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --index DIR} option shared by the commands that read or write a persistent index. */
public final class IndexDirOption {
  @Option(
      names = "--index",
      required = true,
      paramLabel = "DIR",
      description = "Directory of the index.")
  public Path path;
}
