package io.neardup.cli.options;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How a long run uses the machine and reports its progress. */
public final class RunOptions {
  /** Set by {@code bin/neardup} when standard error is a terminal (Java cannot tell). */
  static final String STDERR_TTY_ENV = "NEARDUP_STDERR_TTY";

  @Option(
      names = "--threads",
      paramLabel = "N",
      description =
          "Threads for analysis and clustering (default and most: the number of processors).")
  public Integer threads;

  @Option(
      names = "--progress",
      negatable = true,
      description =
          "Show a progress line on standard error (default: only when standard error is a"
              + " terminal).")
  Boolean progress;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  private boolean warned;

  /**
   * The threads to use: --threads, but no more than the processors, with a warning once. The work
   * is CPU-bound, so more threads only add switching, and memory for the documents in flight.
   */
  public int threads() {
    int processors = Runtime.getRuntime().availableProcessors();
    if (threads == null) {
      return processors;
    }
    if (threads > processors) {
      if (!warned && command != null) {
        warned = true;
        command
            .commandLine()
            .getErr()
            .println(
                "warning: --threads "
                    + threads
                    + " is more than the "
                    + processors
                    + (processors == 1 ? " processor" : " processors")
                    + "; using "
                    + processors);
      }
      return processors;
    }
    return threads;
  }

  public boolean progress() {
    return progress != null ? progress : System.getenv(STDERR_TTY_ENV) != null;
  }
}
