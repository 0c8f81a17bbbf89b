package io.neardup.elasticsearch.collapse;

import java.util.Arrays;

/**
 * Compares the canonical values that {@link NearDupSketchFetchSubPhase} attaches to hits: a {@code
 * Long} for numeric, date and boolean fields, a {@code byte[]} for keyword and ip fields, or null.
 */
public final class CanonicalValues {
  private CanonicalValues() {}

  /**
   * Negative if {@code a} is more canonical than {@code b}: values before missing ones, numbers
   * before keywords (indexes that map the field differently), then by value in the policy's order.
   */
  public static int compare(Object a, Object b, boolean ascending) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : 1) : -1;
    }
    int c;
    if (a instanceof Long x && b instanceof Long y) {
      c = Long.compare(x, y);
    } else if (a instanceof byte[] x && b instanceof byte[] y) {
      c = Arrays.compareUnsigned(x, y);
    } else {
      return a instanceof Long ? -1 : 1;
    }
    return ascending ? c : -c;
  }
}
