package io.neardup.sketch;

import io.neardup.signature.SimHash;

/**
 * How two sketches of one scheme are compared, which the scheme owns ({@link
 * SketchScheme#comparison}): every surface that compares sketches (queries, collapse, clustering,
 * ingest, the engines) asks the scheme instead of testing for a particular scheme, and a surface
 * with its own fast path switches over these constants, so a new rule cannot be missed.
 */
public enum SketchComparison {
  /**
   * The MinHash schemes: the share of agreeing values estimates the Jaccard similarity of the two
   * shingle sets; near a threshold the exact Jaccard similarity of the sets may decide instead.
   */
  JACCARD_ESTIMATE {
    @Override
    public double similarity(Sketch a, Sketch b) {
      return Jaccard.estimate(a, b).estimate();
    }
  },
  /**
   * SimHash: the Hamming distance d of the two 64-bit fingerprints, on the similarity scale 1 −
   * d/64; not an estimate of Jaccard's, so shingle sets never decide a pair.
   */
  HAMMING {
    @Override
    public double similarity(Sketch a, Sketch b) {
      if (!a.parameters().equals(b.parameters())) {
        throw new IllegalArgumentException(
            "Incompatible sketches: [" + a.parameters() + "] vs [" + b.parameters() + "]");
      }
      return a.isEmpty() || b.isEmpty()
          ? 0
          : SimHash.similarity(SimHash.distance(a.value(0), b.value(0)));
    }
  };

  /**
   * The similarity of two sketches of the same parameters; 0 when either text had no shingles.
   *
   * @throws IllegalArgumentException if the sketches were made with different parameters
   */
  public abstract double similarity(Sketch a, Sketch b);

  /**
   * Whether the exact Jaccard similarity of two documents' shingle sets may decide a pair near the
   * threshold ({@code verify: exact}): only where the sketches estimate that similarity.
   */
  public boolean setsDecide() {
    return this == JACCARD_ESTIMATE;
  }
}
