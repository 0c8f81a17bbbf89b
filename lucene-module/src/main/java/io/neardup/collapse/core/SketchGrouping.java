package io.neardup.collapse.core;

import io.neardup.shingle.ShingleSet;
import io.neardup.signature.SimHash;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.SketchComparison;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchScheme;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The grouping step of {@link WindowCollapse}, over serialized sketches in memory: a window read
 * from an index, or the merged top hits of many shards.
 *
 * <p>Items are visited in the given order, from the most to the least canonical; each becomes a
 * copy of the first canonical so far whose sketch estimates a Jaccard similarity of at least {@code
 * minSimilarity} with its own, or else a canonical. Items without a sketch, or with an empty one
 * (text without shingles), are never grouped. Only sketches made with the same settings are
 * compared (their headers {@linkplain SketchFormat#hasSameSettings agree}); results of indexes with
 * different settings are grouped separately.
 *
 * <p>SimHash sketches ({@link SketchScheme#SIMHASH}) are compared by the Hamming distance d of
 * their fingerprints, on the similarity scale 1 − d/64 ({@link SimHash#similarity(int)}).
 *
 * <p>Given the items' shingle sets, a pair of MinHash sketches whose agreement is within the {@link
 * ExactMargin} of {@code minSimilarity} is decided by the exact Jaccard similarity of the two sets
 * ({@link ShingleSet}) where both have one, which is then its similarity.
 */
final class SketchGrouping {
  private SketchGrouping() {}

  /**
   * Groups serialized sketches.
   *
   * @param sketches one serialized sketch per item, or null for an item without one
   * @param order every item index once, from the most to the least canonical
   * @param minSimilarity estimated Jaccard similarity that makes two items near-duplicates, in (0,
   *     1]
   * @throws IllegalArgumentException if a sketch is corrupted or {@code order} is not a
   *     permutation; a sketch whose header agrees with one already read is taken as it is (sketches
   *     come from doc values, which Lucene checksums), the first of each settings is validated in
   *     full
   */
  static Groups group(byte[][] sketches, int[] order, double minSimilarity) {
    return group(sketches, null, order, minSimilarity);
  }

  /**
   * Groups serialized sketches, deciding the pairs near {@code minSimilarity} by the items'
   * serialized shingle sets.
   *
   * @param sets one serialized shingle set per item, or null (or empty) for an item without one;
   *     null for none at all
   */
  static Groups group(byte[][] sketches, byte[][] sets, int[] order, double minSimilarity) {
    Objects.requireNonNull(sketches, "sketches");
    Objects.requireNonNull(order, "order");
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          "min_similarity must be in (0, 1], got [" + minSimilarity + "]");
    }
    int n = sketches.length;
    checkPermutation(order, n);
    int[] canonicalOf = new int[n];
    double[] similarity = new double[n];
    for (int i = 0; i < n; i++) {
      canonicalOf[i] = i;
      similarity[i] = 1;
    }
    // partition the items with non-empty sketches by settings, keeping the policy order within
    // each;
    // a sketch of the settings of a partition's first one is checked by its header alone
    List<byte[]> references = new ArrayList<>(1);
    int[] partitionOf = new int[n];
    int[] partitionSize = new int[1];
    for (int item : order) {
      byte[] sketch = sketches[item];
      partitionOf[item] = -1;
      if (sketch == null) {
        continue;
      }
      int p = 0;
      while (p < references.size()
          && !SketchFormat.hasSameSettings(sketch, 0, sketch.length, references.get(p))) {
        p++;
      }
      if (p == references.size()) {
        SketchFormat.validateStructure(sketch, 0, sketch.length);
        if (SketchFormat.isEmpty(sketch, 0)) {
          continue;
        }
        references.add(sketch);
        if (partitionSize.length < references.size()) {
          partitionSize = Arrays.copyOf(partitionSize, 2 * references.size());
        }
      } else if (SketchFormat.isEmpty(sketch, 0)) {
        continue;
      }
      partitionOf[item] = p;
      partitionSize[p]++;
    }
    for (int p = 0; p < references.size(); p++) {
      int[] items = new int[partitionSize[p]];
      int j = 0;
      for (int item : order) {
        if (partitionOf[item] == p) {
          items[j++] = item;
        }
      }
      groupPartition(
          sketches, sets, items, references.get(p), minSimilarity, canonicalOf, similarity);
    }
    return new Groups(canonicalOf, similarity);
  }

  private static void groupPartition(
      byte[][] sketches,
      byte[][] sets,
      int[] items,
      byte[] reference,
      double minSimilarity,
      int[] canonicalOf,
      double[] similarity) {
    if (SketchFormat.scheme(reference, 0).comparison() == SketchComparison.HAMMING) {
      groupSimHash(sketches, items, SimHash.maxDistance(minSimilarity), canonicalOf, similarity);
      return;
    }
    int k = SketchFormat.hashes(reference, 0);
    int bits = SketchFormat.bits(reference, 0);
    int width = bits / 8;
    int valueBytes = k * width;
    int n = items.length;
    Scratch scratch = SCRATCH.get();
    byte[] values = scratch.values(n * valueBytes);
    int[] localOrder = new int[n];
    boolean[] hasSketch = new boolean[n];
    for (int j = 0; j < n; j++) {
      SketchFormat.copyValues(sketches[items[j]], 0, values, j * valueBytes);
      localOrder[j] = j;
      hasSketch[j] = true;
    }
    int minMatches = Math.max(1, Jaccard.minMatches(minSimilarity, k, bits));
    int[] localCanonical = new int[n];
    int[] matches = new int[n];
    LazySets read = sets == null ? null : new LazySets(sets, items);
    double[] exact = new double[n];
    Arrays.fill(exact, -1);
    CanonicalGrouping grouping;
    if (read == null) {
      grouping = scratch.grouping(values, width, k, n, minMatches);
    } else {
      // the filter lets through every pair the margin may decide by the sets
      ExactMargin margin = ExactMargin.of(minSimilarity, k, bits);
      grouping =
          scratch
              .grouping(
                  values, width, k, n, Math.max(1, Math.min(minMatches, margin.rejectBelow())))
              .judge((item, canonical, m) -> {
                if (margin.needsExact(m) && read.has(item) && read.has(canonical)) {
                  double j = read.get(item).jaccard(read.get(canonical));
                  exact[item] = j;
                  return j >= minSimilarity;
                }
                exact[item] = -1;
                return m >= minMatches;
              });
    }
    try {
      grouping.group(localOrder, hasSketch, localCanonical, matches);
    } finally {
      scratch.release();
    }
    for (int j = 0; j < n; j++) {
      if (localCanonical[j] != j) {
        int item = items[j];
        canonicalOf[item] = items[localCanonical[j]];
        similarity[item] =
            exact[j] >= 0
                ? exact[j]
                : Jaccard.fromMatches(matches[j], k, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
      }
    }
  }

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /**
   * A thread's buffers for the values and tables of a grouping, kept from one search to the next
   * unless a window was too large to hold on to.
   */
  private static final class Scratch {
    private byte[] values = new byte[0];
    private CanonicalGrouping grouping;

    byte[] values(int length) {
      if (values.length < length) {
        values = new byte[length];
      }
      return values;
    }

    CanonicalGrouping grouping(byte[] values, int width, int k, int items, int minMatches) {
      if (grouping == null) {
        grouping = new CanonicalGrouping(values, width, k, items, minMatches);
      } else {
        grouping.reset(values, width, k, items, minMatches);
      }
      return grouping;
    }

    void release() {
      if (grouping != null && !grouping.worthKeeping()) {
        grouping = null;
      }
      if (values.length > CanonicalGrouping.MAX_RETAINED_ENTRIES * Long.BYTES) {
        values = new byte[0];
      }
    }
  }

  /**
   * The partition's items' sets by local number, each decoded when a pair first needs it: most
   * pairs of a window are decided by their sketches.
   */
  private static final class LazySets {
    private final byte[][] sets;
    private final int[] items;
    private final ShingleSet[] decoded;

    LazySets(byte[][] sets, int[] items) {
      this.sets = sets;
      this.items = items;
      this.decoded = new ShingleSet[items.length];
    }

    boolean has(int j) {
      byte[] set = sets[items[j]];
      return set != null && set.length > 0;
    }

    ShingleSet get(int j) {
      if (decoded[j] == null) {
        byte[] set = sets[items[j]];
        decoded[j] = new ShingleSet().read(set, 0, set.length);
      }
      return decoded[j];
    }
  }

  /** Each item joins the first canonical so far within {@code maxDistance} bits. */
  private static void groupSimHash(
      byte[][] sketches, int[] items, int maxDistance, int[] canonicalOf, double[] similarity) {
    long[] canonicals = new long[items.length];
    int[] canonicalItems = new int[items.length];
    int count = 0;
    for (int item : items) {
      long fingerprint = SketchFormat.firstValue(sketches[item], 0);
      int c = 0;
      while (c < count && SimHash.distance(canonicals[c], fingerprint) > maxDistance) {
        c++;
      }
      if (c == count) {
        canonicals[count] = fingerprint;
        canonicalItems[count++] = item;
      } else {
        canonicalOf[item] = canonicalItems[c];
        similarity[item] = SimHash.similarity(SimHash.distance(canonicals[c], fingerprint));
      }
    }
  }

  private static void checkPermutation(int[] order, int n) {
    if (order.length != n) {
      throw new IllegalArgumentException(
          "order must list each of the " + n + " items once, got " + order.length + " entries");
    }
    boolean[] seen = new boolean[n];
    for (int item : order) {
      if (item < 0 || item >= n || seen[item]) {
        throw new IllegalArgumentException(
            "order must list each of the " + n + " items once, got item [" + item + "]");
      }
      seen[item] = true;
    }
  }

  /** The outcome of {@link #group}: each item's canonical and its similarity with it. */
  static final class Groups {
    private final int[] canonicalOf;
    private final double[] similarity;

    private Groups(int[] canonicalOf, double[] similarity) {
      this.canonicalOf = canonicalOf;
      this.similarity = similarity;
    }

    /** Number of items. */
    int size() {
      return canonicalOf.length;
    }

    /** The canonical of item i: i itself if it is a canonical. */
    int canonicalOf(int i) {
      return canonicalOf[i];
    }

    /** Whether item i is a canonical (the first of its group, or not grouped). */
    boolean isCanonical(int i) {
      return canonicalOf[i] == i;
    }

    /** Estimated Jaccard similarity of item i with its canonical; 1 for a canonical. */
    double similarity(int i) {
      return similarity[i];
    }
  }
}
