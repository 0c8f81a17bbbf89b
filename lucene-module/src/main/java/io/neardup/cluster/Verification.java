package io.neardup.cluster;

/** How a {@link Clusterer} decides whether a candidate pair reaches the threshold. */
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
  EXACT
}
