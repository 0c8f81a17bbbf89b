package io.neardup.elasticsearch.collapse;

import org.elasticsearch.common.document.DocumentField;

/**
 * The canonical values that {@link NearDupSketchFetchSubPhase} attaches to hits: a {@code Long} for
 * numeric, date and boolean fields, a {@code byte[]} for keyword and ip fields, or null; they are
 * ordered by {@link io.neardup.cluster.CanonicalPolicy#compare}.
 */
public final class CanonicalValues {
  private CanonicalValues() {}

  /** The canonical value attached to a hit's sketch field, or null if it has none. */
  public static Object of(DocumentField sketchField) {
    if (sketchField == null || sketchField.getValues().size() < 2) {
      return null;
    }
    Object v = sketchField.getValues().get(1);
    return "".equals(v) ? null : v;
  }
}
