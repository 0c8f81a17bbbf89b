package io.neardup.cluster.core;

import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.PairSink;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@link Clusterer#finish} call: runs the phases in order and holds what they share (the
 * union-find sets, the identical groups, the deferred buckets, the counts) and the one rule for
 * joining a verified pair and listing it.
 */
final class ClusterRun {
  final Clusterer.Config config;
  final SetComparison comparison;
  final PhaseProgress progress;
  final int n;
  final UnionFind uf;
  final IdenticalGroups identical;
  final List<int[]> deferred = new ArrayList<>();
  private final Clusterer.CanonicalOrder canonical;
  private final PairSink sink;
  private final Map<String, Duration> times = new LinkedHashMap<>();

  long buckets;
  int largestBucket;
  long candidates;
  long skipped;
  long verified;
  long listed;
  long unlistedIdentical;
  long uncompared;

  ClusterRun(
      Clusterer.Config config,
      SetComparison comparison,
      int documents,
      Clusterer.CanonicalOrder canonical,
      PairSink sink) {
    this.config = config;
    this.comparison = comparison;
    this.progress = config.progress();
    this.n = documents;
    this.canonical = canonical;
    this.sink = sink;
    this.uf = new UnionFind(documents);
    this.identical = new IdenticalGroups(this);
  }

  ClusterResult execute(
      LongSorter bandEntries,
      LongSorter identityEntries,
      SpillDirectory spill,
      int added,
      int withSets,
      int spilledBefore)
      throws IOException {
    int spilledRuns = spilledBefore;
    long keys = bandEntries.size();
    long start = System.nanoTime();
    if (identityEntries != null) {
      identical.find(identityEntries);
    }
    start = time("identical", start);
    LongSorter pairs =
        config.joinsOnly() ? null : new LongSorter(spill, "pairs", config.memory() / 2);
    SortedRuns.forEach(
        bandEntries,
        "buckets",
        progress,
        identical::representative,
        (docs, size) -> bucket(docs, size, pairs));
    start = time("buckets", start);
    if (pairs != null) {
      spilledRuns += pairs.spilledRuns();
      new CandidateVerification(this).verify(pairs);
      start = time("verify", start);
    }
    new OversizedBuckets(this).verify();
    start = time("oversized", start);
    List<Cluster> clusters = new ClusterAssembly(this, canonical).clusters();
    time("clusters", start);
    ClusterStats stats =
        new ClusterStats(
            added,
            withSets,
            identical.count(),
            buckets,
            largestBucket,
            deferred.size(),
            candidates,
            skipped,
            comparison.pruned(),
            verified,
            listed,
            unlistedIdentical,
            uncompared,
            spilledRuns,
            keys,
            comparison.sets().bytes(),
            times);
    return new ClusterResult(clusters, stats);
  }

  private long time(String phase, long start) {
    long now = System.nanoTime();
    times.put(phase, Duration.ofNanos(now - start));
    return now;
  }

  // ---------------------------------------------------------------- buckets

  /**
   * One bucket of representatives sharing a band hash: deferred when oversized; otherwise its pairs
   * become candidates, sorted for verification, or verified at once when only joins are wanted.
   */
  private void bucket(int[] docs, int size, LongSorter pairs) throws IOException {
    buckets++;
    largestBucket = Math.max(largestBucket, size);
    if (size > config.maxBucketSize() && !config.allPairs()) {
      deferred.add(Arrays.copyOf(docs, size));
      return;
    }
    if (pairs == null) {
      joinBucket(docs, size);
      return;
    }
    bucketPairs.list(docs, size, pairs::addAll);
  }

  private final BucketPairs bucketPairs = new BucketPairs(1024);
  private final SetComparison.Buffers buffers = new SetComparison.Buffers();

  /** Verifies the pairs of a bucket that are not yet in one cluster. */
  private void joinBucket(int[] docs, int size) throws IOException {
    for (int i = 0; i < size - 1; i++) {
      int a = docs[i];
      for (int j = i + 1; j < size; j++) {
        int b = docs[j];
        if (uf.connected(a, b)) {
          skipped++;
          continue;
        }
        candidates++;
        double s = comparison.similarity(a, b, buffers);
        if (s >= 0) {
          join(a, b, s);
        }
      }
    }
  }

  // ---------------------------------------------------------------- joining and listing

  /** Joins a verified pair of representatives ({@code a < b}) and lists it. */
  void join(int a, int b, double similarity) throws IOException {
    uf.union(a, b);
    listExpanded(a, b, similarity);
  }

  /**
   * Lists a verified pair of representatives and, when their groups of identical documents are
   * small enough to have been one bucket, the pairs of the groups' members, which have the same
   * similarity.
   */
  private void listExpanded(int x, int y, double similarity) throws IOException {
    int gx = identical.size(x);
    int gy = identical.size(y);
    long pairs = (long) gx * gy;
    verified += pairs;
    if (pairs == 1) {
      list(x, y, similarity);
      return;
    }
    if (config.joinsOnly() || (!config.allPairs() && gx + gy > config.maxBucketSize())) {
      list(x, y, similarity);
      unlistedIdentical += pairs - 1;
      return;
    }
    for (int a : identical.members(x)) {
      for (int b : identical.members(y)) {
        list(Math.min(a, b), Math.max(a, b), similarity);
      }
    }
  }

  /** Joins a group of identical documents (ascending) and lists its pairs. */
  void joinGroup(int[] members) throws IOException {
    int s = members.length;
    int first = members[0];
    for (int i = 1; i < s; i++) {
      uf.union(first, members[i]);
    }
    long pairs = (long) s * (s - 1) / 2;
    verified += pairs;
    boolean listAll = config.allPairs() || (!config.joinsOnly() && s <= config.maxBucketSize());
    if (listAll) {
      for (int i = 0; i < s; i++) {
        for (int j = i + 1; j < s; j++) {
          list(members[i], members[j], 1.0);
        }
      }
    } else {
      for (int i = 1; i < s; i++) {
        list(first, members[i], 1.0);
      }
      unlistedIdentical += pairs - (s - 1);
    }
  }

  private void list(int a, int b, double similarity) throws IOException {
    listed++;
    if (sink != null) {
      sink.accept(a, b, similarity);
    }
  }
}
