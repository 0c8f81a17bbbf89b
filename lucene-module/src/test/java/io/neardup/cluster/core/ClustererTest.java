package io.neardup.cluster.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.Verification;
import io.neardup.lsh.BandHasher;
import io.neardup.lsh.Banding;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClustererTest {
  private static final double THRESHOLD = 0.8;
  private static final SketchParameters PARAMETERS = SketchParameters.DEFAULT;
  private static final Banding BANDING = Banding.forThreshold(THRESHOLD, PARAMETERS.hashes());

  private static final double NEAR_MISS_FLOOR = 0.6;

  @TempDir Path tmp;

  /** Base texts as shingle sets, with edited copies and identical copies. */
  private static List<long[]> corpus(long seed, int bases) {
    Random random = new Random(seed);
    List<long[]> docs = new ArrayList<>();
    for (int b = 0; b < bases; b++) {
      long[] base = new long[50 + random.nextInt(400)];
      for (int i = 0; i < base.length; i++) {
        base[i] = random.nextLong();
      }
      docs.add(base);
      int copies = random.nextInt(4);
      for (int c = 0; c < copies; c++) {
        long[] copy = base.clone();
        int edits = random.nextInt(Math.max(1, base.length / 6));
        for (int e = 0; e < edits; e++) {
          copy[random.nextInt(copy.length)] = random.nextLong();
        }
        docs.add(copy);
      }
      if (random.nextInt(5) == 0) {
        docs.add(base.clone()); // an identical copy
      }
    }
    docs.add(new long[0]); // a text without shingles is nobody's near-duplicate
    docs.add(new long[0]);
    Collections.shuffle(docs, random);
    return docs;
  }

  private record Found(Set<String> pairs, List<Cluster> clusters, ClusterResult r) {}

  private Found run(List<long[]> docs, long memory, int threads, boolean reverse)
      throws IOException {
    return run(docs, memory, threads, reverse, false);
  }

  private Found run(List<long[]> docs, long memory, int threads, boolean reverse, boolean allPairs)
      throws IOException {
    try (SpillDirectory spill = SpillDirectory.create(tmp)) {
      return run(docs, spill, memory, threads, reverse, allPairs, false, null);
    }
  }

  private Found run(
      List<long[]> docs,
      SpillDirectory spill,
      long memory,
      int threads,
      boolean reverse,
      boolean allPairs,
      boolean joinsOnly,
      PairSink nearMisses)
      throws IOException {
    Sketcher sketcher = new Sketcher(PARAMETERS);
    BandHasher hasher = new BandHasher(BANDING);
    Set<String> pairs = new TreeSet<>();
    try (Clusterer c =
        new Clusterer(spill, Verification.EXACT, THRESHOLD, BANDING.bands())
            .memory(memory)
            .threads(threads)
            .allPairs(allPairs)
            .joinsOnly(joinsOnly)) {
      if (nearMisses != null) {
        c.nearMisses(NEAR_MISS_FLOOR, nearMisses);
      }
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < docs.size(); i++) {
        order.add(i);
      }
      if (reverse) {
        Collections.reverse(order);
      }
      long[] bands = new long[BANDING.bands()];
      for (int d : order) {
        long[] set = docs.get(d);
        long[] sorted = Arrays.stream(set).distinct().sorted().toArray();
        int[] compact = new int[sorted.length];
        int n = CompactShingleSet.compact(sorted, sorted.length, compact);
        if (n > 0) {
          Sketch sketch = sketcher.sketch(sorted, sorted.length, sorted.length);
          hasher.bandHashes(sketch, bands);
        }
        c.add(d, bands, compact, n);
      }
      ClusterResult r =
          c.finish(
              docs.size(),
              Integer::compare,
              (a, b, s) -> {
                assertTrue(a < b, a + " < " + b);
                assertTrue(
                    pairs.add(a + "-" + b + "@" + (float) s), "listed twice: " + a + "-" + b);
              });
      return new Found(pairs, r.clusters(), r);
    }
  }

  private static int[][] compactSets(List<long[]> docs) {
    int[][] compact = new int[docs.size()][];
    for (int d = 0; d < docs.size(); d++) {
      long[] sorted = Arrays.stream(docs.get(d)).distinct().sorted().toArray();
      int[] c = new int[sorted.length];
      compact[d] = Arrays.copyOf(c, CompactShingleSet.compact(sorted, sorted.length, c));
    }
    return compact;
  }

  @Test
  void nearMissesAreTheVerifiedCandidatesBelowTheThresholdAndChangeNothingElse()
      throws IOException {
    List<long[]> docs = corpus(7, 300);
    int[][] compact = compactSets(docs);
    Set<String> near = new TreeSet<>();
    Found with;
    try (SpillDirectory spill = SpillDirectory.create(tmp)) {
      with =
          run(
              docs,
              spill,
              Clusterer.DEFAULT_MEMORY,
              2,
              false,
              false,
              false,
              (a, b, s) -> {
                double j =
                    CompactShingleSet.jaccard(
                        compact[a], compact[a].length, compact[b], compact[b].length);
                assertEquals(j, s, 1e-12, "the exact similarity of " + a + "-" + b);
                assertTrue(s >= NEAR_MISS_FLOOR && s < THRESHOLD, a + "-" + b + "@" + s);
                assertTrue(near.add(a + "-" + b), "reported twice: " + a + "-" + b);
              });
    }
    assertFalse(near.isEmpty(), "the corpus has candidates between the floor and the threshold");
    Found without = run(docs, Clusterer.DEFAULT_MEMORY, 2, false);
    assertEquals(without.pairs(), with.pairs());
    assertEquals(without.clusters(), with.clusters());
  }

  @Test
  void everyListedPairTrulyReachesTheThresholdAndTheClustersAreItsComponents() throws IOException {
    List<long[]> docs = corpus(42, 300);
    Found found = run(docs, Clusterer.DEFAULT_MEMORY, 2, false);
    // brute force over every pair
    int n = docs.size();
    int[][] compact = compactSets(docs);
    UnionFind truth = new UnionFind(n);
    Set<String> truePairs = new HashSet<>();
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        double j =
            CompactShingleSet.jaccard(compact[a], compact[a].length, compact[b], compact[b].length);
        if (j >= THRESHOLD) {
          truePairs.add(a + "-" + b + "@" + (float) j);
          truth.union(a, b);
        }
      }
    }
    assertFalse(found.pairs().isEmpty());
    for (String p : found.pairs()) {
      assertTrue(truePairs.contains(p), "not a true pair: " + p);
    }
    // banding misses a few pairs at most (P(0.8) = 0.985 per pair)
    assertTrue(
        found.pairs().size() >= 0.97 * truePairs.size(),
        found.pairs().size() + " of " + truePairs.size());
    for (Cluster c : found.clusters()) {
      assertEquals(c.member(0), c.canonical(), "lowest number is canonical: " + c);
      for (int i = 1; i < c.size(); i++) {
        assertTrue(truth.connected(c.member(0), c.member(i)), "not connected in truth: " + c);
      }
    }
    assertTrue(found.r().stats().identicalGroups() > 0);
    assertEquals(n - 2, found.r().stats().withSets());
  }

  @Test
  void partitionsKeepExactlyThePairsWithinOnePartition() throws IOException {
    List<long[]> docs = corpus(5, 400);
    Set<String> all = run(docs, Clusterer.DEFAULT_MEMORY, 1, false, true).pairs();
    Sketcher sketcher = new Sketcher(PARAMETERS);
    BandHasher hasher = new BandHasher(BANDING);
    Set<String> split = new TreeSet<>();
    try (SpillDirectory spill = SpillDirectory.create(tmp);
        Clusterer c =
            new Clusterer(spill, Verification.EXACT, THRESHOLD, BANDING.bands())
                .allPairs(true)
                .partitions(doc -> doc % 3 == 0 ? 0 : 7L * (doc % 3))) {
      long[] bands = new long[BANDING.bands()];
      for (int d = 0; d < docs.size(); d++) {
        long[] sorted = Arrays.stream(docs.get(d)).distinct().sorted().toArray();
        int[] compact = new int[sorted.length];
        int n = CompactShingleSet.compact(sorted, sorted.length, compact);
        if (n > 0) {
          hasher.bandHashes(sketcher.sketch(sorted, sorted.length, sorted.length), bands);
        }
        c.add(d, bands, compact, n);
      }
      c.finish(
          docs.size(), Integer::compare, (a, b, sim) -> split.add(a + "-" + b + "@" + (float) sim));
    }
    Set<String> expected = new TreeSet<>();
    for (String p : all) {
      String[] ab = p.split("[-@]");
      if (Integer.parseInt(ab[0]) % 3 == Integer.parseInt(ab[1]) % 3) {
        expected.add(p);
      }
    }
    assertTrue(expected.size() < all.size(), "some pairs cross partitions");
    assertFalse(expected.isEmpty());
    assertEquals(expected, split);
  }

  @Test
  void onTheHeapJoiningOnlyGivesTheSameClustersWithASpanningSetOfPairs() throws IOException {
    List<long[]> docs = corpus(11, 1500);
    Found listed = run(docs, Clusterer.DEFAULT_MEMORY, 2, false);
    Found joins = run(docs, null, Clusterer.DEFAULT_MEMORY, 1, true, false, true, null);
    assertEquals(listed.clusters(), joins.clusters());
    assertFalse(listed.clusters().isEmpty());
    assertTrue(listed.pairs().containsAll(joins.pairs()), "every join is a listed pair");
    int clustered = 0;
    for (Cluster c : joins.clusters()) {
      clustered += c.size();
    }
    // each listed pair joined two clusters: a spanning forest of the clusters
    assertEquals(clustered - joins.clusters().size(), joins.pairs().size());
    assertEquals(0, joins.r().stats().spilledRuns());
    assertTrue(joins.r().stats().skippedPairs() > 0, "pairs already joined are not verified");
  }

  @Test
  void spillingThreadsAndInputOrderChangeNothing() throws IOException {
    List<long[]> docs = corpus(7, 2000);
    Found inMemory = run(docs, Clusterer.DEFAULT_MEMORY, 1, false);
    Found spilled = run(docs, 1 << 16, 2, true);
    assertEquals(0, inMemory.r().stats().spilledRuns());
    assertTrue(spilled.r().stats().spilledRuns() > 0, "a 64 kB budget spills band entries");
    assertEquals(inMemory.pairs(), spilled.pairs());
    assertEquals(inMemory.clusters(), spilled.clusters());
  }

  @Test
  void oversizedBucketsAreJoinedThroughRepresentativesUnlessEveryPairIsAsked() throws IOException {
    // 300 variants of one text: every pair shares bands, one bucket far above 128
    Random random = new Random(3);
    long[] base = new long[400];
    for (int i = 0; i < base.length; i++) {
      base[i] = random.nextLong();
    }
    List<long[]> docs = new ArrayList<>();
    for (int v = 0; v < 300; v++) {
      long[] copy = base.clone();
      copy[random.nextInt(copy.length)] = random.nextLong();
      docs.add(copy);
    }
    Found linear = run(docs, Clusterer.DEFAULT_MEMORY, 2, false);
    assertEquals(1, linear.clusters().size());
    assertEquals(300, linear.clusters().get(0).size());
    assertTrue(linear.r().stats().oversizedBuckets() > 0);
    assertTrue(linear.pairs().size() < 300 * 299 / 2, "not every pair listed");
    assertTrue(linear.r().stats().uncomparedPairs() > 0);

    Found all = run(docs, Clusterer.DEFAULT_MEMORY, 2, false, true);
    assertEquals(linear.clusters(), all.clusters());
    assertEquals(300 * 299 / 2, all.pairs().size(), "every pair of near-identical variants");
    assertEquals(0, all.r().stats().oversizedBuckets());
  }

  @Test
  void aFailedSpillNamesTheDirectory() throws IOException {
    try (SpillDirectory spill = SpillDirectory.create(tmp)) {
      LongSorter sorter = new LongSorter(spill, "bands", 1 << 16);
      // writes fail from here on, as they would on a full disk
      SpillDirectory.deleteTree(spill.path());
      IOException e =
          assertThrows(
              IOException.class,
              () -> {
                for (long i = 0; i < 100_000; i++) {
                  sorter.add(i);
                }
              });
      assertTrue(
          e.getMessage().startsWith("cannot write temporary files into " + tmp + " ("),
          e.getMessage());
    }
  }

  @Test
  void spillDirectoryIsRemovedAndLeftoversOfDeadRunsToo() throws IOException {
    Path leftover = tmp.resolve(SpillDirectory.PREFIX + "999999999-1");
    Files.createDirectories(leftover);
    Files.writeString(leftover.resolve("bands-1.tmp"), "x");
    Path own;
    try (SpillDirectory spill = SpillDirectory.create(tmp)) {
      own = spill.path();
      assertTrue(Files.isDirectory(own));
      assertFalse(Files.exists(leftover), "a dead run's directory is removed at the next start");
    }
    assertFalse(Files.exists(own));
  }
}
