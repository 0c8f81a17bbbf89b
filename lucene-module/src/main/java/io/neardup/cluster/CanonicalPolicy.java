package io.neardup.cluster;

import java.util.Locale;

/**
 * Which document of a group of near-duplicates is the canonical ("main") copy: the best-scoring hit
 * (in result lists; in whole-collection clustering, the first indexed), or the document with the
 * lowest or highest value of a field, e.g. the earliest {@code published} date, the highest {@code
 * popularity}, the highest {@code quality} (say, least boilerplate). Documents without a value in
 * the field never win over documents with one; remaining ties go to the better score, then to the
 * lower document id, so the choice is deterministic.
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

  @Override
  public String toString() {
    return byScore() ? "score" : field + (ascending ? ":asc" : ":desc");
  }
}
