package io.neardup.opensearch.collapse;

import java.util.Base64;
import org.opensearch.common.document.DocumentField;

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

  /** A value as text, for carriers of strings only: {@code L<long>}, {@code B<base64>} or "". */
  public static String encode(Object value) {
    if (value instanceof Long l) {
      return "L" + l;
    }
    if (value instanceof byte[] b) {
      return "B" + Base64.getEncoder().encodeToString(b);
    }
    return "";
  }

  /** The value of {@link #encode}. */
  public static Object decode(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    return text.charAt(0) == 'L'
        ? (Object) Long.parseLong(text.substring(1))
        : Base64.getDecoder().decode(text.substring(1));
  }
}
