package io.neardup.util;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Waits for tasks whose failures are {@link IOException}s or unchecked, rethrowing them as such.
 */
public final class Futures {
  private Futures() {}

  /**
   * The task's result; its exception rethrown as it was thrown.
   *
   * @param doing what the task does, for the message when the wait is interrupted
   */
  public static <T> T get(Future<T> task, String doing) throws IOException {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while " + doing);
    } catch (ExecutionException e) {
      rethrow(e.getCause());
      throw new IllegalStateException(e);
    }
  }

  /**
   * Rethrows a failure caught on another thread as it was thrown: an {@link IOException} (also out
   * of an {@link UncheckedIOException}), an unchecked exception or an error; anything else wrapped.
   * Does nothing for null.
   */
  public static void rethrow(Throwable t) throws IOException {
    if (t == null) {
      return;
    }
    if (t instanceof IOException io) {
      throw io;
    }
    if (t instanceof UncheckedIOException u) {
      throw u.getCause();
    }
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error err) {
      throw err;
    }
    throw new IllegalStateException(t);
  }
}
