package io.neardup.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --index DIR} option shared by the commands that read or write a persistent index. */
final class IndexDirOption {
  @Option(
      names = "--index",
      required = true,
      paramLabel = "DIR",
      description = "Directory of the index.")
  Path path;
}
