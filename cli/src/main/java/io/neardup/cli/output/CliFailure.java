package io.neardup.cli.output;

/**
 * A runtime failure the user can act on (bad input data, an unusable index): reported by its
 * message alone, with exit code {@value io.neardup.cli.NearDupCli#EXIT_FAILURE}.
 */
public final class CliFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CliFailure(String message) {
    super(message);
  }

  public CliFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
