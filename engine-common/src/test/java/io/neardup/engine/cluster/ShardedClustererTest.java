package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.Cluster;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.PairMeasures;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchScheme;
import io.neardup.sketch.Sketcher;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class ShardedClustererTest {
  public static final NearDupSettings MINHASH = NearDupSettings.DEFAULT;
  static final NearDupSettings SIMHASH =
      NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(3).build();

  /** A corpus: families of edited copies of random sets at various similarities, singletons. */
  public static List<byte[]> corpus(NearDupSettings settings, Random r, int families) {
    Sketcher sketcher = new Sketcher(settings.sketch());
    List<byte[]> out = new ArrayList<>();
    for (int f = 0; f < families; f++) {
      long[] original = random(r, 50 + r.nextInt(300));
      int copies = r.nextInt(4);
      out.add(SketchFormat.encode(sketcher.sketch(original)));
      for (int c = 0; c < copies; c++) {
        long[] copy = original.clone();
        int edits = r.nextInt(Math.max(1, copy.length / 6));
        for (int e = 0; e < edits; e++) {
          copy[r.nextInt(copy.length)] = r.nextLong();
        }
        out.add(SketchFormat.encode(sketcher.sketch(copy)));
      }
    }
    // a large group of exact copies: an oversized bucket
    byte[] same = SketchFormat.encode(sketcher.sketch(random(r, 80)));
    for (int i = 0; i < Clusterer.DEFAULT_MAX_BUCKET_SIZE + 40; i++) {
      out.add(same);
    }
    out.add(new byte[0]); // a document without a sketch
    List<byte[]> shuffled = new ArrayList<>(out);
    java.util.Collections.shuffle(shuffled, r);
    return shuffled;
  }

  private static byte[] simHash(long fingerprint) {
    return SketchFormat.encode(new Sketch(SIMHASH.sketch(), new long[] {fingerprint}, 1));
  }

  private static long[] random(Random r, int n) {
    long[] s = new long[n];
    for (int i = 0; i < n; i++) {
      s[i] = r.nextLong();
    }
    return s;
  }

  /** The clusters of the single-node core (joins only, on the heap), as sorted member sets. */
  public static Set<List<Integer>> reference(
      NearDupSettings settings, double t, List<byte[]> sketches) throws IOException {
    return reference(settings, t, sketches, false);
  }

  /** As above; with {@code allPairs}, every pair of the oversized buckets is compared too. */
  static Set<List<Integer>> reference(
      NearDupSettings settings, double t, List<byte[]> sketches, boolean allPairs)
      throws IOException {
    BandHasher bands = new BandHasher(settings.banding());
    try (Clusterer c =
        new Clusterer(
                null, PairMeasures.forSketches(settings.sketch()), t, settings.banding().bands())
            .joinsOnly(!allPairs)
            .allPairs(allPairs)
            .threads(1)) {
      for (int i = 0; i < sketches.size(); i++) {
        if (sketches.get(i).length > 0) {
          c.add(i, SketchFormat.decode(sketches.get(i), settings.sketch()), bands);
        }
      }
      Set<List<Integer>> out = new HashSet<>();
      for (Cluster cluster :
          c.finish(sketches.size(), Clusterer.CanonicalOrder.FIRST, null).clusters()) {
        out.add(Arrays.stream(cluster.members()).boxed().toList());
      }
      return out;
    }
  }

  /** Runs the sharded core over the corpus cut into shards, as an engine adapter would. */
  private static ShardedClusterer.Clusters sharded(
      NearDupSettings settings,
      double t,
      List<byte[]> sketches,
      int shards,
      int partitions,
      int pairCapacity,
      int block) {
    return sharded(settings, t, sketches, null, shards, partitions, pairCapacity, block);
  }

  /** As above, an exact run when the documents' shingle sets are given. */
  private static ShardedClusterer.Clusters sharded(
      NearDupSettings settings,
      double t,
      List<byte[]> sketches,
      List<byte[]> shingles,
      int shards,
      int partitions,
      int pairCapacity,
      int block) {
    int[] maxDocs = new int[shards];
    int[] shardOf = new int[sketches.size()];
    int[] docOf = new int[sketches.size()];
    for (int i = 0; i < sketches.size(); i++) {
      int s = i % shards;
      shardOf[i] = s;
      docOf[i] = maxDocs[s]++;
    }
    ShardedClusterer run =
        new ShardedClusterer(
                settings, t, shingles == null ? Verification.SKETCH : Verification.EXACT, 1 << 20)
            .pairCapacity(pairCapacity);
    run.shards(maxDocs);
    byte[][] byDense = new byte[sketches.size()][];
    byte[][] setsByDense = new byte[sketches.size()][];
    for (int i = 0; i < sketches.size(); i++) {
      byDense[run.dense(shardOf[i], docOf[i])] = sketches.get(i);
      setsByDense[run.dense(shardOf[i], docOf[i])] = shingles == null ? null : shingles.get(i);
    }
    for (int p = 0; p < partitions; p++) {
      run.startPartition();
      for (int s = 0; s < shards; s++) {
        ShardBandEntries entries = new ShardBandEntries(settings, p, partitions);
        for (int i = 0; i < sketches.size(); i++) {
          if (shardOf[i] == s) {
            byte[] b = sketches.get(i);
            entries.add(docOf[i], b, 0, b.length);
          }
        }
        run.add(s, entries.encode());
      }
      for (int[] docs; (docs = run.nextBlock(block)) != null; ) {
        assertTrue(docs.length <= block);
        byte[][] fetched = new byte[docs.length][];
        byte[][] fetchedSets = new byte[docs.length][];
        for (int i = 0; i < docs.length; i++) {
          assertEquals(docs[i], run.dense(run.shardOf(docs[i]), run.docOf(docs[i])));
          fetched[i] = byDense[docs[i]];
          fetchedSets[i] = setsByDense[docs[i]];
        }
        run.verify(docs, fetched, fetchedSets);
      }
    }
    run.startOversized();
    for (int[] docs; (docs = run.nextBlock(block)) != null; ) {
      assertTrue(docs.length <= block);
      byte[][] fetched = new byte[docs.length][];
      byte[][] fetchedSets = new byte[docs.length][];
      for (int i = 0; i < docs.length; i++) {
        fetched[i] = byDense[docs[i]];
        fetchedSets[i] = setsByDense[docs[i]];
      }
      run.verify(docs, fetched, fetchedSets);
    }
    return run.finish();
  }

  /**
   * An exact run decides the pairs near the minimum similarity by their shingle sets: its clusters
   * are the connected components of the band-sharing pairs whose sets reach it, on any sharding, as
   * the gathered clusters of reconcile find them; the sketches alone find other clusters.
   */
  @Test
  void exactRunsDecideByTheShingleSetsAsTheClusterListingDo() throws IOException {
    NearDupSettings settings = MINHASH;
    Random r = new Random(17);
    Sketcher sketcher = new Sketcher(settings.sketch());
    List<byte[]> sketches = new ArrayList<>();
    List<byte[]> sets = new ArrayList<>();
    List<ShingleSet> read = new ArrayList<>();
    for (int f = 0; f < 150; f++) {
      long[] original = random(r, 60 + r.nextInt(240));
      for (int c = 0; c < 3; c++) {
        long[] copy = original.clone();
        // a replaced fingerprint of n: similarity (n - e) / (n + e), mostly near 0.8
        for (int e = c == 0 ? 0 : 1 + r.nextInt(copy.length / 6); e > 0; e--) {
          copy[r.nextInt(copy.length)] = r.nextLong();
        }
        long[] sorted = Arrays.stream(copy).distinct().sorted().toArray();
        int[] compact = new int[sorted.length];
        byte[] set =
            ShingleSetFormat.encodeDelta(
                compact, CompactShingleSet.compact(sorted, sorted.length, compact));
        sketches.add(SketchFormat.encode(sketcher.sketch(copy)));
        sets.add(set);
        read.add(new ShingleSet().read(set, 0, set.length));
      }
    }
    // the truth: components of the pairs sharing a band whose sets reach 0.8
    BandHasher hasher = new BandHasher(settings.banding());
    long[][] bands = new long[sketches.size()][settings.banding().bands()];
    for (int i = 0; i < sketches.size(); i++) {
      hasher.bandHashes(SketchFormat.decode(sketches.get(i), settings.sketch()), bands[i]);
    }
    UnionFind truth = new UnionFind(sketches.size());
    int decidedDifferently = 0;
    for (int i = 0; i < sketches.size(); i++) {
      for (int j = i + 1; j < sketches.size(); j++) {
        boolean shares = false;
        for (int b = 0; b < bands[i].length && !shares; b++) {
          shares = bands[i][b] == bands[j][b];
        }
        if (shares) {
          boolean exact = read.get(i).jaccard(read.get(j)) >= 0.8;
          boolean bySketch =
              SketchFormat.decode(sketches.get(i), settings.sketch())
                      .similarity(SketchFormat.decode(sketches.get(j), settings.sketch()))
                  >= 0.8;
          decidedDifferently += exact != bySketch ? 1 : 0;
          if (exact) {
            truth.union(i, j);
          }
        }
      }
    }
    assertTrue(
        decidedDifferently > 5, "the sketches decide " + decidedDifferently + " pairs apart");
    Set<List<Integer>> expected = new HashSet<>();
    for (int[] members : truth.groups()) {
      if (members.length > 1) {
        expected.add(Arrays.stream(members).sorted().boxed().toList());
      }
    }
    for (int shards : new int[] {1, 3}) {
      assertEquals(
          expected,
          asOrdinals(
              sharded(settings, 0.8, sketches, sets, shards, 2, 50, 16), sketches.size(), shards),
          shards + " shards");
    }
    assertTrue(
        !expected.equals(
            asOrdinals(sharded(settings, 0.8, sketches, 3, 2, 50, 16), sketches.size(), 3)),
        "by sketch alone the clusters differ");
  }

  /** Union-find over input ordinals, for the truth of a test. */
  private static final class UnionFind {
    private final int[] parent;

    UnionFind(int n) {
      parent = new int[n];
      for (int i = 0; i < n; i++) {
        parent[i] = i;
      }
    }

    int find(int x) {
      while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
      }
      return x;
    }

    void union(int a, int b) {
      parent[find(a)] = find(b);
    }

    List<int[]> groups() {
      java.util.Map<Integer, List<Integer>> byRoot = new java.util.TreeMap<>();
      for (int i = 0; i < parent.length; i++) {
        byRoot.computeIfAbsent(find(i), k -> new ArrayList<>()).add(i);
      }
      List<int[]> out = new ArrayList<>();
      byRoot.values().forEach(m -> out.add(m.stream().mapToInt(Integer::intValue).toArray()));
      return out;
    }
  }

  private static Set<List<Integer>> asOrdinals(
      ShardedClusterer.Clusters clusters, int documents, int shards) {
    // dense numbers back to input ordinals: dense = offset(shard) + doc, input i = doc * shards + s
    int[] maxDocs = new int[shards];
    for (int i = 0; i < documents; i++) {
      maxDocs[i % shards]++;
    }
    int[] offsets = new int[shards];
    for (int s = 1; s < shards; s++) {
      offsets[s] = offsets[s - 1] + maxDocs[s - 1];
    }
    Set<List<Integer>> out = new HashSet<>();
    for (int c = 0; c < clusters.count(); c++) {
      List<Integer> members = new ArrayList<>();
      for (int dense : clusters.members(c)) {
        int s = shards - 1;
        while (offsets[s] > dense) {
          s--;
        }
        members.add((dense - offsets[s]) * shards + s);
      }
      members.sort(Integer::compare);
      out.add(members);
    }
    return out;
  }

  @Test
  void equalsTheSingleNodeCoreWhateverThePartitionsShardsAndBlocks() throws IOException {
    for (NearDupSettings settings : List.of(MINHASH, SIMHASH)) {
      double t = settings.threshold();
      Random r = new Random(7);
      List<byte[]> sketches = corpus(settings, r, 400);
      Set<List<Integer>> expected = reference(settings, t, sketches);
      assertTrue(expected.size() > 20, "families found: " + expected.size());
      for (int shards : new int[] {1, 3, 7}) {
        for (int partitions : new int[] {1, 5}) {
          for (int block : new int[] {2, 50, 10_000}) {
            int pairCapacity = block == 50 ? 10 : 1 << 16;
            ShardedClusterer.Clusters c =
                sharded(settings, t, sketches, shards, partitions, pairCapacity, block);
            assertEquals(
                expected,
                asOrdinals(c, sketches.size(), shards),
                settings.sketch().scheme()
                    + ": shards "
                    + shards
                    + ", partitions "
                    + partitions
                    + ", block "
                    + block);
            assertEquals(partitions, c.stats().partitions());
            for (int i = 1; i < c.count(); i++) {
              assertTrue(c.members(i - 1)[0] < c.members(i)[0], "by first member");
            }
          }
        }
      }
    }
  }

  /**
   * Buckets above the maximum size, where which members are compared decides the clusters: SimHash
   * fingerprints that share their upper 48 bits (three of the four blocks: three buckets of every
   * document) and differ in the lower 16, a few of them within 3 bits of each other. The first
   * documents are one tight family, so the bucket's first members are not its representatives. The
   * distributed run takes the single-node core's representatives ({@link
   * io.neardup.cluster.core.Representatives}) in its order (documents in index order: shard by
   * shard), so it finds the core's clusters exactly, whatever the shards, partitions, candidate
   * buffer and blocks.
   */
  @Test
  void oversizedBucketsTakeTheCoresRepresentatives() throws IOException {
    NearDupSettings settings = SIMHASH;
    double t = settings.threshold();
    Random r = new Random(11);
    long upper = r.nextLong() & ~0xFFFFL;
    List<byte[]> sketches = new ArrayList<>();
    int family = (int) (r.nextLong() & 0xFFFF);
    for (int f = 0; f < 6; f++) {
      sketches.add(simHash(upper | (f == 0 ? family : family ^ (1 << r.nextInt(16)))));
    }
    for (int d = 0; d < 3 * Clusterer.DEFAULT_MAX_BUCKET_SIZE; d++) {
      sketches.add(simHash(upper | (r.nextLong() & 0xFFFF)));
    }
    for (int shards : new int[] {1, 3}) {
      // the core over the documents numbered as the distributed run numbers them
      int[] maxDocs = new int[shards];
      for (int i = 0; i < sketches.size(); i++) {
        maxDocs[i % shards]++;
      }
      int[] offsets = new int[shards];
      for (int s = 1; s < shards; s++) {
        offsets[s] = offsets[s - 1] + maxDocs[s - 1];
      }
      List<byte[]> inIndexOrder = new ArrayList<>(sketches);
      for (int i = 0; i < sketches.size(); i++) {
        inIndexOrder.set(offsets[i % shards] + i / shards, sketches.get(i));
      }
      Set<List<Integer>> expected = reference(settings, t, inIndexOrder);
      for (int partitions : new int[] {1, 4}) {
        for (int block : new int[] {2, 64, 10_000}) {
          ShardedClusterer.Clusters c =
              sharded(settings, t, sketches, shards, partitions, block == 64 ? 10 : 1 << 16, block);
          assertTrue(c.stats().oversized() > 0, "no oversized bucket");
          Set<List<Integer>> actual = new HashSet<>();
          for (int i = 0; i < c.count(); i++) {
            actual.add(Arrays.stream(c.members(i)).boxed().toList());
          }
          assertEquals(
              expected,
              actual,
              "shards " + shards + ", partitions " + partitions + ", block " + block);
        }
      }
    }
  }

  @Test
  void partitionsKeepOnePartitionsEntriesWithinHalfTheBudget() {
    assertEquals(1, ShardedClusterer.partitions(0, 18, 64L << 20));
    assertEquals(1, ShardedClusterer.partitions(100_000, 18, 64L << 20));
    int p = ShardedClusterer.partitions(1_000_000, 18, 64L << 20);
    assertEquals(5, p); // 144 MB of entries, 32 MB per partition
    assertTrue(1_000_000L * 18 * 8 / p <= 32L << 20);
  }

  @Test
  void partitionsSplitTheEntriesEvenlyAndDisjointly() {
    Sketcher sketcher = new Sketcher(MINHASH.sketch());
    int partitions = 4;
    int[] sizes = new int[partitions];
    for (int p = 0; p < partitions; p++) {
      int partition = p;
      ShardBandEntries e = new ShardBandEntries(MINHASH, p, partitions);
      Random same = new Random(11);
      for (int d = 0; d < 500; d++) {
        byte[] b = SketchFormat.encode(sketcher.sketch(random(same, 100)));
        e.add(d, b, 0, b.length);
      }
      sizes[p] = e.size();
      byte[] encoded = e.encode();
      assertTrue(encoded.length < e.size() * 7, "compact: " + encoded.length);
      int[] seen = {0};
      long[] last = {-1};
      ShardBandEntries.decode(
          encoded,
          (hash, doc) -> {
            assertEquals(partition, ShardBandEntries.partitionOf(hash, partitions));
            long entry = (hash & 0xFFFFFFFFL) << 32 | doc;
            assertTrue(Long.compareUnsigned(entry, last[0]) > 0 || last[0] == -1, "sorted");
            last[0] = entry;
            seen[0]++;
          });
      assertEquals(e.size(), seen[0]);
    }
    int bands = MINHASH.banding().bands();
    assertEquals(500 * bands, Arrays.stream(sizes).sum());
    for (int s : sizes) {
      assertTrue(Math.abs(s - 500 * bands / partitions) < 300, "even: " + Arrays.toString(sizes));
    }
  }

  @Test
  void rejectsCorruptEntriesAndMisuse() {
    ShardedClusterer run = new ShardedClusterer(MINHASH, 0.8, 1 << 20);
    assertThrows(IllegalStateException.class, run::startPartition);
    run.shards(new int[] {2, 0, 3});
    assertEquals(0, run.shardOf(1));
    assertEquals(2, run.shardOf(2)); // the empty shard 1 holds no document
    assertEquals(0, run.docOf(2));
    run.startPartition();
    ShardBandEntries e = new ShardBandEntries(MINHASH, 0, 1);
    byte[] b = SketchFormat.encode(new Sketcher(MINHASH.sketch()).sketch(new long[] {1, 2, 3}));
    e.add(5, b, 0, b.length);
    IllegalArgumentException tooHigh =
        assertThrows(IllegalArgumentException.class, () -> run.add(0, e.encode()));
    assertTrue(tooHigh.getMessage().contains("document 5 of a shard of 2"), tooHigh.getMessage());
    byte[] encoded = e.encode();
    IllegalArgumentException truncated =
        assertThrows(
            IllegalArgumentException.class,
            () -> run.add(2, Arrays.copyOf(encoded, encoded.length - 1)));
    assertTrue(truncated.getMessage().startsWith("Corrupted band entries"));
    assertThrows(IllegalArgumentException.class, () -> run.add(3, new byte[] {0}));
    assertThrows(IllegalArgumentException.class, () -> new ShardBandEntries(MINHASH, 2, 2));
    assertThrows(IllegalArgumentException.class, () -> new ShardedClusterer(MINHASH, 0, 1 << 20));
    IllegalArgumentException other =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ShardBandEntries(SIMHASH, 0, 1).add(0, b, 0, b.length));
    assertTrue(other.getMessage().startsWith("Incompatible sketch"), other.getMessage());
  }

  @Test
  void anEmptyRunHasNoClusters() {
    ShardedClusterer run = new ShardedClusterer(MINHASH, 0.8, 1 << 20);
    run.shards(new int[] {0});
    run.startPartition();
    run.add(0, new ShardBandEntries(MINHASH, 0, 1).encode());
    assertNull(run.nextBlock(10));
    ShardedClusterer.Clusters c = run.finish();
    assertEquals(0, c.count());
    assertEquals(0, c.clusteredDocuments());
    assertArrayEquals(new long[] {1, 0}, new long[] {c.stats().partitions(), c.stats().buckets()});
  }
}
