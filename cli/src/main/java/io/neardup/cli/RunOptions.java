package io.neardup.cli;

import picocli.CommandLine.Option;

/** How a long run uses the machine and reports its progress. */
final class RunOptions {
  /** Set by {@code bin/neardup} when standard error is a terminal (Java cannot tell). */
  static final String STDERR_TTY_ENV = "NEARDUP_STDERR_TTY";

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Threads for analysis and clustering (default: the number of processors).")
  Integer threads;

  @Option(
      names = "--progress",
      negatable = true,
      description =
          "Show a progress line on standard error (default: only when standard error is a"
              + " terminal).")
  Boolean progress;

  int threads() {
    return threads != null ? threads : Runtime.getRuntime().availableProcessors();
  }

  boolean progress() {
    return progress != null ? progress : System.getenv(STDERR_TTY_ENV) != null;
  }
}
