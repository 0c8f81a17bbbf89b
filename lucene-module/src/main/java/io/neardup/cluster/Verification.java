package io.neardup.cluster;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import java.util.Locale;

/**
 * How a {@link io.neardup.cluster.core.Clusterer} decides whether a candidate pair reaches the
 * threshold; also the engines' field parameter {@code verify}, where {@code exact} stores each
 * document's shingle set and decides the pairs whose estimate is near the threshold by it ({@link
 * io.neardup.sketch.ExactMargin}).
 */
public enum Verification {
  /**
   * The Jaccard similarity estimated from the two stored sketches, exactly as {@code
   * io.neardup.search.NearDuplicateQuery} decides: fast, and within a few points of the truth. The
   * default.
   */
  SKETCH,
  /**
   * The exact Jaccard similarity of the two stored shingle sets, for users who need exact answers.
   * Needs an index built with {@code shingles=true}; pairs whose set sizes alone rule them out are
   * skipped without reading their sets.
   */
  EXACT;

  /** The lower-case name used in parameters. */
  public String parameterValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The verification a parameter value names.
   *
   * @throws ParameterException naming {@code verify} and the values allowed
   */
  public static Verification parse(String value) {
    for (Verification v : values()) {
      if (v.parameterValue().equals(value)) {
        return v;
      }
    }
    throw new ParameterException(Parameter.VERIFY, "one of [sketch, exact]", value);
  }
}
