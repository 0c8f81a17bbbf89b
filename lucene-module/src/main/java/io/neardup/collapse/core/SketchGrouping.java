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
   * @throws IllegalArgumentException if a sketch is corrupted or {@code order} is not a permutation
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
    // partition the items with non-empty sketches by settings, keeping the policy order within each
    List<byte[]> references = new ArrayList<>();
    List<List<Integer>> partitions = new ArrayList<>();
    for (int item : order) {
      byte[] sketch = sketches[item];
      if (sketch == null) {
        continue;
      }
      SketchFormat.validateStructure(sketch, 0, sketch.length);
      if (SketchFormat.isEmpty(sketch, 0)) {
        continue;
      }
      int p = 0;
      while (p < references.size()
          && !SketchFormat.hasSameSettings(sketch, 0, sketch.length, references.get(p))) {
        p++;
      }
      if (p == references.size()) {
        references.add(sketch);
        partitions.add(new ArrayList<>());
      }
      partitions.get(p).add(item);
    }
    for (int p = 0; p < partitions.size(); p++) {
      groupPartition(
          sketches,
          sets,
          partitions.get(p),
          references.get(p),
          minSimilarity,
          canonicalOf,
          similarity);
    }
    return new Groups(canonicalOf, similarity);
  }

  private static void groupPartition(
      byte[][] sketches,
      byte[][] sets,
      List<Integer> items,
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
    int n = items.size();
    byte[] values = new byte[n * valueBytes];
    int[] localOrder = new int[n];
    boolean[] hasSketch = new boolean[n];
    for (int j = 0; j < n; j++) {
      SketchFormat.copyValues(sketches[items.get(j)], 0, values, j * valueBytes);
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
      grouping = new CanonicalGrouping(values, width, k, n, minMatches);
    } else {
      // the filter lets through every pair the margin may decide by the sets
      ExactMargin margin = ExactMargin.of(minSimilarity, k, bits);
      grouping =
          new CanonicalGrouping(
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
    grouping.group(localOrder, hasSketch, localCanonical, matches);
    for (int j = 0; j < n; j++) {
      if (localCanonical[j] != j) {
        int item = items.get(j);
        canonicalOf[item] = items.get(localCanonical[j]);
        similarity[item] =
            exact[j] >= 0
                ? exact[j]
                : Jaccard.fromMatches(matches[j], k, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
      }
    }
  }

  /**
   * The partition's items' sets by local number, each decoded when a pair first needs it: most
   * pairs of a window are decided by their sketches.
   */
  private static final class LazySets {
    private final byte[][] sets;
    private final List<Integer> items;
    private final ShingleSet[] decoded;

    LazySets(byte[][] sets, List<Integer> items) {
      this.sets = sets;
      this.items = items;
      this.decoded = new ShingleSet[items.size()];
    }

    boolean has(int j) {
      byte[] set = sets[items.get(j)];
      return set != null && set.length > 0;
    }

    ShingleSet get(int j) {
      if (decoded[j] == null) {
        byte[] set = sets[items.get(j)];
        decoded[j] = new ShingleSet().read(set, 0, set.length);
      }
      return decoded[j];
    }
  }

  /** Each item joins the first canonical so far within {@code maxDistance} bits. */
  private static void groupSimHash(
      byte[][] sketches,
      List<Integer> items,
      int maxDistance,
      int[] canonicalOf,
      double[] similarity) {
    long[] canonicals = new long[items.size()];
    int[] canonicalItems = new int[items.size()];
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
