package io.neardup.util;

import java.io.IOException;
import java.io.InterruptedIOException;
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
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
  }
}
