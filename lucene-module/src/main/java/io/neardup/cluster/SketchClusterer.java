package io.neardup.cluster;

import io.neardup.lsh.Banding;
import io.neardup.sketch.Jaccard;
import io.neardup.util.Mix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Clusters the sketches of a {@link SketchTable} into groups of near-duplicates, free of Lucene:
 * for engines that gather the sketches of a collection away from its index, such as a coordinating
 * node that reads them from every shard.
 *
 * <p>The rule is that of {@code io.neardup.index.NearDupClusterer}: documents that agree on all
 * rows of a band are candidates; in buckets of up to {@link #maxBucketSize(int)} documents every
 * pair is verified (unless already in one cluster), larger buckets only against a few
 * representatives; pairs whose sketches estimate a Jaccard similarity of at least the threshold are
 * joined with union-find (single linkage). Buckets are found by sorting one band's keys at a time
 * (a 32-bit hash of the band's values and the document), so memory is the table, 8 bytes per
 * document for the keys and 8 for union-find, never the candidate pairs.
 *
 * <pre>{@code
 * int[][] clusters = new SketchClusterer(table, Banding.forThreshold(0.8, 128), 0.8).run();
 * }</pre>
 */
public final class SketchClusterer {
  private final SketchTable table;
  private final Banding banding;
  private final int minMatches;
  private int maxBucketSize = 128;
  private int representatives = 8;

  /**
   * @param table the sketches, documents {@code [0, table.documents())}
   * @param banding how candidates are found; must fit the table's k
   * @param threshold estimated Jaccard similarity that joins two documents, in (0, 1]
   */
  public SketchClusterer(SketchTable table, Banding banding, double threshold) {
    this.table = Objects.requireNonNull(table, "table");
    this.banding =
        Objects.requireNonNull(banding, "banding").checkFits(table.parameters().hashes());
    Banding.checkThreshold(threshold);
    this.minMatches =
        Math.max(
            1,
            Jaccard.minMatches(threshold, table.parameters().hashes(), table.parameters().bits()));
  }

  /** Largest bucket whose pairs are all verified (default 128). */
  public SketchClusterer maxBucketSize(int n) {
    if (n < 2) {
      throw new IllegalArgumentException("maxBucketSize must be at least 2, got " + n);
    }
    this.maxBucketSize = n;
    return this;
  }

  /** Representatives per oversized bucket (default 8). */
  public SketchClusterer representatives(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("representatives must be at least 1, got " + n);
    }
    this.representatives = n;
    return this;
  }

  /**
   * The clusters: each an ascending array of two or more documents with non-empty sketches, in the
   * order of their first document.
   */
  public int[][] run() {
    int n = table.documents();
    UnionFind uf = new UnionFind(n);
    int[] docs = new int[n];
    int m = 0;
    for (int d = 0; d < n; d++) {
      if (table.hasShingles(d)) {
        docs[m++] = d;
      }
    }
    long[] keys = new long[m];
    List<int[]> oversized = new ArrayList<>();
    for (int band = 0; band < banding.bands(); band++) {
      for (int i = 0; i < m; i++) {
        keys[i] = ((long) bandHash(docs[i], band) << 32) | docs[i];
      }
      Arrays.sort(keys);
      for (int start = 0; start < m; ) {
        int end = start + 1;
        while (end < m && (keys[end] >>> 32) == (keys[start] >>> 32)) {
          end++;
        }
        if (end - start >= 2) {
          int[] bucket = new int[end - start];
          for (int i = start; i < end; i++) {
            bucket[i - start] = (int) keys[i];
          }
          if (bucket.length > maxBucketSize) {
            oversized.add(bucket);
          } else {
            verifyAllPairs(uf, bucket);
          }
        }
        start = end;
      }
    }
    for (int[] bucket : oversized) {
      verifyAgainstRepresentatives(uf, bucket);
    }
    return clusters(uf, docs, m);
  }

  private int bandHash(int doc, int band) {
    long h = band;
    int from = band * banding.rows();
    for (int i = from; i < from + banding.rows(); i++) {
      h = Mix.fmix64(h * 0x9E3779B97F4A7C15L + table.value(doc, i));
    }
    return (int) (h ^ (h >>> 32));
  }

  private boolean similar(int a, int b) {
    return table.countMatches(a, b) >= minMatches;
  }

  private void verifyAllPairs(UnionFind uf, int[] bucket) {
    for (int i = 0; i < bucket.length - 1; i++) {
      for (int j = i + 1; j < bucket.length; j++) {
        int a = bucket[i];
        int b = bucket[j];
        if (!uf.connected(a, b) && similar(a, b)) {
          uf.union(a, b);
        }
      }
    }
  }

  /**
   * Leader clustering of one large bucket: each member is compared with the representatives so far
   * and joined to those it reaches; a member that reached none becomes a representative while there
   * is room.
   */
  private void verifyAgainstRepresentatives(UnionFind uf, int[] bucket) {
    int[] reps = new int[representatives];
    int count = 0;
    for (int member : bucket) {
      boolean matched = false;
      for (int k = 0; k < count; k++) {
        if (uf.connected(reps[k], member)) {
          matched = true;
        } else if (similar(reps[k], member)) {
          uf.union(reps[k], member);
          matched = true;
        }
      }
      if (!matched && count < reps.length) {
        reps[count++] = member;
      }
    }
  }

  private static int[][] clusters(UnionFind uf, int[] docs, int m) {
    int[] clusterOfRoot = new int[uf.elements()];
    Arrays.fill(clusterOfRoot, -1);
    List<int[]> clusters = new ArrayList<>();
    List<Integer> filled = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      int d = docs[i];
      int root = uf.find(d);
      int size = uf.setSize(root);
      if (size < 2) {
        continue;
      }
      int c = clusterOfRoot[root];
      if (c < 0) {
        c = clusters.size();
        clusterOfRoot[root] = c;
        clusters.add(new int[size]);
        filled.add(0);
      }
      int f = filled.get(c);
      clusters.get(c)[f] = d;
      filled.set(c, f + 1);
    }
    return clusters.toArray(new int[0][]);
  }
}
