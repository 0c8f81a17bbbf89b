package io.neardup.sketch;

import java.util.Arrays;

/**
 * The sketch of one document: k values whose agreement rate with another sketch of the same
 * parameters estimates the Jaccard similarity of the two shingle sets. Immutable.
 *
 * <p>A sketch of a text without shingles is {@linkplain #isEmpty() empty}: it estimates similarity
 * 0 with everything, so token-less documents never become each other's near-duplicates.
 */
public final class Sketch {
  private final SketchParameters parameters;
  private final long[] values;
  private final long shingleCount;

  /**
   * @param parameters the settings the values were made with
   * @param values k values, each within {@code parameters.bits()} bits; copied
   * @param shingleCount number of distinct shingles the sketch summarises (0 for an empty sketch)
   */
  public Sketch(SketchParameters parameters, long[] values, long shingleCount) {
    this(parameters, values.clone(), shingleCount, true);
  }

  Sketch(SketchParameters parameters, long[] values, long shingleCount, boolean check) {
    if (values.length != parameters.hashes()) {
      throw new IllegalArgumentException(
          "a sketch needs " + parameters.hashes() + " values (hashes), got " + values.length);
    }
    if (shingleCount < 0) {
      throw new IllegalArgumentException("shingle count must be >= 0, got " + shingleCount);
    }
    if (check && parameters.bits() < 64) {
      long limit = 1L << parameters.bits();
      for (long v : values) {
        if (v < 0 || v >= limit) {
          throw new IllegalArgumentException(
              "sketch value " + v + " does not fit in " + parameters.bits() + " bits");
        }
      }
    }
    this.parameters = parameters;
    this.values = values;
    this.shingleCount = shingleCount;
  }

  /** The sketch of a text without shingles. */
  public static Sketch empty(SketchParameters parameters) {
    return new Sketch(parameters, new long[parameters.hashes()], 0, false);
  }

  /** The settings this sketch was made with. */
  public SketchParameters parameters() {
    return parameters;
  }

  /** Number of values k. */
  public int size() {
    return values.length;
  }

  /** The i-th value. */
  public long value(int i) {
    return values[i];
  }

  /** A copy of the values. */
  public long[] values() {
    return values.clone();
  }

  /** Direct access for the algorithm classes of this library; never modified. */
  long[] valuesNoCopy() {
    return values;
  }

  /**
   * Number of distinct shingles summarised. {@code io.neardup.analysis.NearDupFilter} records the
   * number of shingles with repeats instead when it does not deduplicate (a streaming scheme
   * without shingle tokens): an upper bound of the distinct count, exact for texts that repeat no
   * shingle, and 0 exactly when the text had none.
   */
  public long shingleCount() {
    return shingleCount;
  }

  /** True if the text had no shingles. */
  public boolean isEmpty() {
    return shingleCount == 0;
  }

  /**
   * The similarity of this sketch with another of the same parameters, the number queries score and
   * thresholds apply to, by the scheme's {@link SketchComparison}: the estimated Jaccard
   * similarity, or for SimHash 1 − d/64 of the Hamming distance d. 0 when either text had no
   * shingles.
   *
   * @throws IllegalArgumentException if the sketches were made with different parameters
   */
  public double similarity(Sketch other) {
    return parameters.scheme().comparison().similarity(this, other);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Sketch other
        && shingleCount == other.shingleCount
        && parameters.equals(other.parameters)
        && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * parameters.hashCode() + Long.hashCode(shingleCount))
        + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "Sketch{" + parameters + ", shingles=" + shingleCount + "}";
  }
}
