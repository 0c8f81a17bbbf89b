package io.neardup.cluster.core;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How the clustering core compares two documents: reads their stored sets and applies the run's
 * {@link PairMeasure} (exact Jaccard of compact shingle sets with length-ratio pruning, the sketch
 * estimate, or a method's own measure). Thread-safe; each thread brings its own {@link Buffers}.
 */
final class SetComparison {
  private final SetStore sets;
  private final PairMeasure measure;
  private final double threshold;
  private final AtomicLong pruned = new AtomicLong();

  SetComparison(SetStore sets, PairMeasure measure, double threshold) {
    this.sets = sets;
    this.measure = measure;
    this.threshold = threshold;
  }

  /** The two sets being compared, grown as needed. */
  static final class Buffers {
    int[] a = new int[256];
    int[] b = new int[256];
    // the document whose set is in a, or -1
    int loaded = -1;
  }

  SetStore sets() {
    return sets;
  }

  /** Candidates ruled out by their set sizes alone. */
  long pruned() {
    return pruned.get();
  }

  /** Reads the set of {@code doc} into {@code buffers.a} unless it is there already. */
  private void load(int doc, Buffers buffers) throws IOException {
    if (buffers.loaded != doc) {
      buffers.a = sets.read(doc, buffers.a);
      buffers.loaded = doc;
    }
  }

  /** Whether two documents have equal sets. */
  boolean equal(int x, int y, Buffers buffers) throws IOException {
    int length = sets.length(x);
    if (sets.length(y) != length) {
      return false;
    }
    load(x, buffers);
    buffers.b = sets.read(y, buffers.b);
    return java.util.Arrays.equals(buffers.a, 0, length, buffers.b, 0, length);
  }

  /**
   * The similarity of x and y if it reaches the threshold, else -1. Consecutive calls for one x
   * read its set once; a pair whose set sizes rule it out reads no set.
   */
  double similarity(int x, int y, Buffers buffers) throws IOException {
    return similarity(x, y, -1, buffers);
  }

  /**
   * As {@link #similarity(int, int, Buffers)}, for a pair known to share {@code sharedKeys} bucket
   * keys (-1 when unknown), which the measure may rule out without reading a set.
   */
  double similarity(int x, int y, int sharedKeys, Buffers buffers) throws IOException {
    int lengthA = sets.length(x);
    int lengthB = sets.length(y);
    if (!measure.canReach(lengthA, lengthB, sharedKeys, threshold)) {
      pruned.incrementAndGet();
      return -1;
    }
    load(x, buffers);
    buffers.b = sets.read(y, buffers.b);
    return measure.ifReaches(buffers.a, lengthA, buffers.b, lengthB, threshold);
  }

  /** The similarity of any two documents with sets, whether or not it reaches the threshold. */
  double similarity(int x, int y) throws IOException {
    return anySimilarity(x, y, new Buffers());
  }

  /** As {@link #similarity(int, int)}, with a thread's buffers. */
  double anySimilarity(int x, int y, Buffers buffers) throws IOException {
    load(x, buffers);
    buffers.b = sets.read(y, buffers.b);
    return measure.similarity(buffers.a, sets.length(x), buffers.b, sets.length(y));
  }
}
