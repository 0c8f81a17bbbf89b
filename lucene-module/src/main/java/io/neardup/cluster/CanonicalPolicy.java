package io.neardup.cluster;

import java.util.Arrays;
import java.util.Locale;

/**
 * Which document of a group of near-duplicates is the canonical ("main") copy: the best-scoring hit
 * (in result lists; in whole-collection clustering, the first indexed), or the document with the
 * lowest or highest value of a field, e.g. the earliest {@code published} date, the highest {@code
 * popularity}, the highest {@code quality} (say, least boilerplate). Documents without a value in
 * the field never win over documents with one; remaining ties go to the better score, then to the
 * lower document id, so the choice is deterministic.
 *
 * <p>The policy is also the one canonical order of every engine and tool: {@link #compare} ranks
 * two documents' values and {@link #order} ranks a list of hits, so that collapse, clustering and
 * every engine adapter choose alike.
 *
 * @param field the field whose value decides, or null to decide by score
 * @param ascending true if the lowest value wins (earliest date), false if the highest wins
 */
public record CanonicalPolicy(String field, boolean ascending) {
  /** The best-scoring hit (the first indexed document when there is no score). The default. */
  public static final CanonicalPolicy BEST_SCORE = new CanonicalPolicy(null, false);

  public CanonicalPolicy {
    if (field != null && field.isEmpty()) {
      throw new IllegalArgumentException("canonical field must be non-empty");
    }
  }

  /** The document with the lowest value of a field wins (e.g. earliest publication date). */
  public static CanonicalPolicy lowest(String field) {
    return new CanonicalPolicy(field, true);
  }

  /** The document with the highest value of a field wins (e.g. popularity, quality). */
  public static CanonicalPolicy highest(String field) {
    return new CanonicalPolicy(field, false);
  }

  /** True if the score decides. */
  public boolean byScore() {
    return field == null;
  }

  /**
   * Parses {@code score}, {@code FIELD:asc} (lowest value wins; also {@code FIELD:earliest}) or
   * {@code FIELD:desc} (highest wins; also {@code FIELD:latest}, {@code FIELD:highest}); a bare
   * {@code FIELD} means ascending.
   *
   * @throws IllegalArgumentException naming the accepted forms
   */
  public static CanonicalPolicy parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(
          "canonical must be [score], [FIELD:asc] or [FIELD:desc], got [" + spec + "]");
    }
    String s = spec.trim();
    if (s.equals("score")) {
      return BEST_SCORE;
    }
    int colon = s.lastIndexOf(':');
    if (colon < 0) {
      return lowest(s);
    }
    String field = s.substring(0, colon);
    String order = s.substring(colon + 1).toLowerCase(Locale.ROOT);
    if (field.isEmpty()) {
      throw new IllegalArgumentException(
          "canonical must be [score], [FIELD:asc] or [FIELD:desc], got [" + spec + "]");
    }
    return switch (order) {
      case "asc", "earliest", "lowest", "first" -> lowest(field);
      case "desc", "latest", "highest", "last" -> highest(field);
      default ->
          throw new IllegalArgumentException(
              "canonical order must be one of [asc, desc, earliest, latest, lowest, highest], got ["
                  + order
                  + "] in ["
                  + spec
                  + "]");
    };
  }

  /**
   * Compares the values two documents have in the policy's field: negative if {@code a} is more
   * canonical, 0 when the field does not tell them apart (always for a policy by score). Values are
   * a {@link Long} for numeric, date and boolean fields (compared as signed numbers), a {@code
   * byte[]} for keyword and ip fields (compared as unsigned bytes), or null for no value. A value
   * wins over none; a number wins over bytes (a field mapped differently in two indexes), whatever
   * the direction.
   */
  public int compare(Object a, Object b) {
    if (byScore() || (a == null && b == null)) {
      return 0;
    }
    if (a == null || b == null) {
      return a == null ? 1 : -1;
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

  /**
   * The positions of a ranked list of hits from the most to the least canonical: by their values
   * ({@link #compare}), then by rank, so hits the field does not tell apart keep the search's
   * order.
   *
   * @param values each hit's value, in rank order (see {@link #compare}; all null by score)
   */
  public int[] order(Object[] values) {
    int n = values.length;
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    if (!byScore()) {
      Arrays.sort(boxed, (i, j) -> compare(values[i], values[j])); // stable: ties keep rank order
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  @Override
  public String toString() {
    return byScore() ? "score" : field + (ascending ? ":asc" : ":desc");
  }
}
