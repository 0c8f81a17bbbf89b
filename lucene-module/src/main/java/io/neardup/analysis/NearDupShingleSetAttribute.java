package io.neardup.analysis;

import org.apache.lucene.util.Attribute;

/**
 * The distinct shingle fingerprints of the whole text in ascending order, set by {@link
 * NearDupFilter} in {@code end()} when its settings keep shingles ({@code shingles=true}). A
 * consumer that needs only the sketch and this set may call {@code end()} right after {@code
 * reset()}: the filter then consumes its input without emitting any token, which is much cheaper
 * than reading hundreds of shingle tokens back.
 */
public interface NearDupShingleSetAttribute extends Attribute {
  /**
   * The fingerprints in {@code [0, count())}, ascending and distinct; the array may be longer and
   * is reused by the filter for the next text, so copy what must be kept.
   */
  long[] shingles();

  /** The number of distinct fingerprints; 0 before {@code end()} or for a text without tokens. */
  int count();

  /** Sets the fingerprints (not copied). */
  void setShingles(long[] sortedDistinct, int count);
}
