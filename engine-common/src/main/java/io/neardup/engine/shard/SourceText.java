package io.neardup.engine.shard;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the text of a near-duplicate field in a document's source (its JSON as a map), as the
 * engine plugins do for a query {@code like} an indexed document: the text of a multi-field such as
 * {@code body.dup} is in its parent's place, {@code body}.
 */
public final class SourceText {
  private SourceText() {}

  /**
   * The field's path and, for a multi-field ({@code body.dup}), its parents' paths, longest first.
   */
  public static List<String> sourcePaths(String field) {
    List<String> paths = new ArrayList<>();
    for (String p = field; !p.isEmpty(); ) {
      paths.add(p);
      int dot = p.lastIndexOf('.');
      p = dot < 0 ? "" : p.substring(0, dot);
    }
    return paths;
  }

  /**
   * The text of one source value: a string, number or boolean, or a one-element list of one; null
   * for anything else (an object, null).
   *
   * @param what names the document for the error, e.g. {@code [neardup] [like] document [42] in
   *     index [docs]}
   * @throws IllegalArgumentException for a list of several values
   */
  public static String text(Object value, String what, String field) {
    if (value instanceof List<?> list) {
      if (list.size() != 1) {
        throw new IllegalArgumentException(
            what + " has " + list.size() + " values for field [" + field + "], expected one text");
      }
      value = list.get(0);
    }
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return null;
  }
}
