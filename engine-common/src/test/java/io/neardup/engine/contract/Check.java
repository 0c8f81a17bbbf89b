package io.neardup.engine.contract;

import java.util.Objects;

/**
 * The contracts' assertions: plain {@link AssertionError}s, which every engine's runner reports.
 */
final class Check {
  private Check() {}

  static void same(Object expected, Object actual, String what) {
    if (!Objects.equals(expected, actual)) {
      throw new AssertionError(what + ": expected [" + expected + "], got [" + actual + "]");
    }
  }

  static void that(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError("expected: " + what);
    }
  }

  static void contains(String message, String part) {
    if (message == null || !message.contains(part)) {
      throw new AssertionError(
          "expected a message containing [" + part + "], got [" + message + "]");
    }
  }

  /** The message of a failure's cause, where the engines' parsers put the rule. */
  static String cause(Exception e) {
    return e.getCause() == null ? null : e.getCause().getMessage();
  }
}
