package io.neardup.cluster;

import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Jaccard;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How the clustering core compares two documents: exact Jaccard similarity of compact shingle sets
 * (with length-ratio pruning), or the Jaccard estimate of two sketches, whose values are stored as
 * ints (two per 64-bit value, high half first). Thread-safe; each thread brings its own {@link
 * Buffers}.
 */
final class SetComparison {
  private final SetStore sets;
  private final Verification verification;
  private final double threshold;
  private final int hashes;
  private final int bits;
  private final int minMatches;
  private final AtomicLong pruned = new AtomicLong();

  SetComparison(SetStore sets, Verification verification, double threshold, int hashes, int bits) {
    this.sets = sets;
    this.verification = verification;
    this.threshold = threshold;
    this.hashes = hashes;
    this.bits = bits;
    this.minMatches =
        verification == Verification.SKETCH
            ? Math.max(1, Jaccard.minMatches(threshold, hashes, bits))
            : 0;
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
    int lengthA = sets.length(x);
    int lengthB = sets.length(y);
    if (verification == Verification.EXACT && !LengthRatio.canReach(lengthA, lengthB, threshold)) {
      pruned.incrementAndGet();
      return -1;
    }
    load(x, buffers);
    buffers.b = sets.read(y, buffers.b);
    if (verification == Verification.EXACT) {
      double j = CompactShingleSet.jaccard(buffers.a, lengthA, buffers.b, lengthB);
      return j >= threshold ? j : -1;
    }
    int matches = countMatches(buffers.a, buffers.b, lengthA);
    return matches < minMatches ? -1 : estimate(matches);
  }

  /** The similarity of any two documents with sets, whether or not it reaches the threshold. */
  double similarity(int x, int y) throws IOException {
    Buffers buffers = new Buffers();
    buffers.a = sets.read(x, buffers.a);
    buffers.b = sets.read(y, buffers.b);
    int lengthA = sets.length(x);
    if (verification == Verification.EXACT) {
      return CompactShingleSet.jaccard(buffers.a, lengthA, buffers.b, sets.length(y));
    }
    return estimate(countMatches(buffers.a, buffers.b, lengthA));
  }

  private double estimate(int matches) {
    return Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
  }

  private int countMatches(int[] a, int[] b, int length) {
    int matches = 0;
    if (bits == 64) {
      for (int i = 0; i < length; i += 2) {
        matches += a[i] == b[i] && a[i + 1] == b[i + 1] ? 1 : 0;
      }
    } else {
      for (int i = 0; i < length; i++) {
        matches += a[i] == b[i] ? 1 : 0;
      }
    }
    return matches;
  }
}
