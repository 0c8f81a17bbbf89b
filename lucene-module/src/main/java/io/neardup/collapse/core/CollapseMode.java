package io.neardup.collapse.core;

import java.util.Locale;

/**
 * What collapse does with the copies of a canonical hit.
 *
 * <pre>{@code
 * CollapseMode mode = CollapseMode.parse("group"); // CollapseMode.GROUP
 * }</pre>
 */
public enum CollapseMode {
  /** Only canonical hits are listed; copies are dropped and only counted. */
  REMOVE,
  /**
   * Every hit stays in the list, but copies rank below every canonical: the canonicals in their
   * original order, then the copies in theirs. Nothing is lost, so recall is kept while the first
   * page shows distinct results. The default ({@link WindowCollapse#DEFAULT_MODE}).
   */
  DEMOTE,
  /**
   * Only canonical hits are listed, each carrying its copies, so that a user interface can show "N
   * similar results".
   */
  GROUP;

  /** The lower-case name used in parameters ({@code remove}, {@code demote}, {@code group}). */
  public String parameterValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code remove}, {@code demote} or {@code group}.
   *
   * @throws IllegalArgumentException naming the accepted values
   */
  public static CollapseMode parse(String value) {
    for (CollapseMode mode : values()) {
      if (mode.parameterValue().equals(value)) {
        return mode;
      }
    }
    throw new io.neardup.param.ParameterException(
        io.neardup.param.Parameter.MODE, "one of [remove, demote, group]", value);
  }

  @Override
  public String toString() {
    return parameterValue();
  }
}
