package io.neardup.cluster.core;

import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.Verification;
import io.neardup.lsh.BandHasher;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.util.Mix;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntToLongFunction;

/**
 * The clustering core: finds the groups of near-duplicates among documents that are {@linkplain
 * #add added} with their band hashes and their set (compact shingle set for exact verification,
 * sketch values for verification by estimate), from any number of threads and in any order. The
 * streaming {@code dedup} and the index clusterer ({@code io.neardup.index.NearDupClusterer}) run
 * through it, each supplying only where the band hashes and sets come from; the engines' clusters
 * API and reconcile run the distributed run of engine-common, which reads sets as {@link
 * #sketchSet} writes them and lists its clusters in the same {@link
 * io.neardup.cluster.ClusterOrder}.
 *
 * <p>Every near-duplicate method runs through it too ({@code io.neardup.signature.Method}): a
 * method chooses what a document's set is, which bucket keys it comes with, any number of them
 * ({@link #add(int, long[], int, int[], int)}), and how two sets compare (a {@link PairMeasure}:
 * exact Jaccard and the sketch estimate of MinHash, Broder's min-m estimate, the Hamming distance
 * of SimHash fingerprints, equal signatures; see {@link PairMeasures}).
 *
 * <p>The phases of {@link #finish}, each in a class of its own:
 *
 * <ol>
 *   <li><b>identical</b> ({@link IdenticalGroups}): documents with equal sets form a group,
 *       represented by its first document, joined with similarity 1.
 *   <li><b>buckets</b>: the band entries (32 bits of a band hash beside the document), sorted, give
 *       the buckets of representatives that share a band ({@link SortedRuns}). Every pair of a
 *       bucket of up to {@link #maxBucketSize(int)} documents is a candidate; a larger bucket is
 *       deferred.
 *   <li><b>verify</b> ({@link CandidateVerification}): the distinct candidate pairs, sorted, are
 *       compared ({@link SetComparison}) on all threads; pairs reaching the threshold are joined
 *       with union-find.
 *   <li><b>oversized</b> ({@link OversizedBuckets}): each member of a deferred bucket is compared
 *       with a few representatives only, so the cost stays linear in the bucket's size (unless
 *       {@link #allPairs(boolean)}).
 *   <li><b>clusters</b> ({@link ClusterAssembly}): the union-find sets of two or more documents,
 *       each with its canonical.
 * </ol>
 *
 * <p>Two ways to keep memory bounded. With a {@link SpillDirectory}, band entries and candidate
 * pairs are sorted in runs spilled to disk and the sets are kept in a temporary file ({@link
 * SetStore}), so any number of documents fits a fixed budget. Without one (a search engine node
 * that may not write files), everything stays on the heap, and {@link #joinsOnly(boolean)} keeps it
 * to O(documents): a bucket's pairs are verified as the bucket is read, pairs already in one
 * cluster are skipped, and only the pairs that joined two clusters are listed.
 *
 * <p>A pair listed truly reaches the threshold; a cluster is a connected component of such pairs
 * (single linkage). Two documents share a bucket without sharing a band with probability about
 * n²/2<sup>33</sup> per band for n documents; such a pair is verified like any other. The clusters
 * depend neither on the number of threads nor on the order documents are added in.
 *
 * <pre>{@code
 * try (SpillDirectory spill = SpillDirectory.create(tmp);
 *     Clusterer c = new Clusterer(spill, Verification.EXACT, 0.8, 18)) {
 *   c.add(0, bandHashes0, set0, set0.length); // from any thread
 *   ...
 *   ClusterResult r = c.finish(documents, Integer::compare, (a, b, s) -> ...);
 * }
 * }</pre>
 */
public final class Clusterer implements AutoCloseable {
  /** Default largest bucket whose pairs are all candidates. */
  public static final int DEFAULT_MAX_BUCKET_SIZE = 128;

  /** Default number of representatives an oversized bucket's members are compared with. */
  public static final int DEFAULT_REPRESENTATIVES = 8;

  /** Default memory budget of the sorted runs, in bytes. */
  public static final long DEFAULT_MEMORY = 256L << 20;

  /** Orders documents by how fit they are to be canonical: the lower the better. */
  @FunctionalInterface
  public interface CanonicalOrder {
    int compare(int docA, int docB) throws IOException;

    /**
     * Called once before any {@link #compare}, with every clustered document in ascending order, so
     * that an order read from elsewhere (an index's doc values) loads only what it needs.
     */
    default void prepare(int[] clustered) throws IOException {}

    /** The lowest document number first. */
    CanonicalOrder FIRST = Integer::compare;
  }

  /** The settings a run reads. */
  record Config(
      int maxBucketSize,
      int representatives,
      boolean allPairs,
      boolean joinsOnly,
      int threads,
      long memory,
      PhaseProgress progress,
      double nearMissFloor,
      PairSink nearMisses) {}

  private final SpillDirectory spill;
  private final Verification verification;
  private PairMeasure measure;
  private final double threshold;
  private final int bands;
  private int hashes;
  private int bits;
  private int maxBucketSize = DEFAULT_MAX_BUCKET_SIZE;
  private int representatives = DEFAULT_REPRESENTATIVES;
  private boolean allPairs;
  private IntToLongFunction partitions;
  private boolean joinsOnly;
  private boolean identical = true;
  private int threads = Runtime.getRuntime().availableProcessors();
  private long memory = DEFAULT_MEMORY;
  private PhaseProgress progress = PhaseProgress.NONE;
  private double nearMissFloor = Double.NaN;
  private PairSink nearMisses;

  private LongSorter bandEntries;
  private LongSorter identityEntries;
  private SetStore sets;
  private SetComparison comparison;
  // set once the stores exist: read on every add, so it must not take a lock once set
  private volatile boolean opened;
  private final AtomicInteger added = new AtomicInteger();
  private final AtomicInteger withSets = new AtomicInteger();
  private final ThreadLocal<long[]> entryBuffers;
  private final ThreadLocal<Buffers> buffers;

  /** What {@link #add(int, Sketch, BandHasher)} fills per thread. */
  private static final class Buffers {
    final long[] bandHashes;
    int[] set = new int[256];

    Buffers(int bands) {
      this.bandHashes = new long[bands];
    }
  }

  /**
   * A clusterer.
   *
   * @param spill where temporary files go, or null to keep everything on the heap
   * @param verification {@link Verification#EXACT} for compact shingle sets; for {@link
   *     Verification#SKETCH} use {@link #sketches(int, int)} too
   * @param threshold the least similarity of a near-duplicate pair, in (0, 1]
   * @param bands the number of band hashes each document comes with
   */
  public Clusterer(SpillDirectory spill, Verification verification, double threshold, int bands) {
    this.spill = spill;
    this.verification = Objects.requireNonNull(verification, "verification");
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    if (bands < 1) {
      throw new IllegalArgumentException("bands must be >= 1, got " + bands);
    }
    this.threshold = threshold;
    this.bands = bands;
    this.entryBuffers = ThreadLocal.withInitial(() -> new long[bands]);
    this.buffers = ThreadLocal.withInitial(() -> new Buffers(bands));
  }

  /**
   * A clusterer that compares documents with its own measure: a method's sets are then whatever the
   * measure reads (min-m sketches, mod-n samples, SimHash fingerprints, signatures), and its
   * documents may come with any number of bucket keys ({@link #add(int, long[], int, int[], int)}).
   *
   * @param measure how two documents' sets compare
   * @param threshold the least similarity of a near-duplicate pair, in (0, 1]
   * @param bands the number of bucket keys {@link #add(int, long[], int[], int)} takes
   */
  public Clusterer(SpillDirectory spill, PairMeasure measure, double threshold, int bands) {
    this(spill, Verification.EXACT, threshold, bands);
    this.measure = Objects.requireNonNull(measure, "measure");
  }

  /**
   * The sketch parameters, for {@link Verification#SKETCH}: sets are then the sketch values (one
   * int each, two for 64-bit values, high half first).
   */
  public Clusterer sketches(int hashes, int bits) {
    this.hashes = hashes;
    this.bits = bits;
    return this;
  }

  /** The largest bucket whose pairs are all candidates, at least 2; default 128. */
  public Clusterer maxBucketSize(int n) {
    if (n < 2) {
      throw new IllegalArgumentException("maxBucketSize must be >= 2, got " + n);
    }
    this.maxBucketSize = n;
    return this;
  }

  /** Representatives per oversized bucket, at least 1; default 8. */
  public Clusterer representatives(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("representatives must be >= 1, got " + n);
    }
    this.representatives = n;
    return this;
  }

  /**
   * Splits the documents into partitions whose members are only ever compared with each other, for
   * example pages of one language: each document's bucket keys and identity are mixed with its
   * partition, so documents of different partitions share no bucket. Default: one partition. Set
   * before adding documents; the function is called on the adding thread, once per document.
   *
   * @param partitionOf a document's partition (any 64-bit value; 0 is the default partition)
   */
  public Clusterer partitions(IntToLongFunction partitionOf) {
    this.partitions = partitionOf;
    return this;
  }

  /**
   * Whether every near-duplicate pair is verified and listed, also inside oversized buckets and
   * large groups of identical documents; default false, which lists inside such groups only the
   * pairs that joined them (their count is in the {@link io.neardup.cluster.ClusterStats}) and
   * keeps the cost linear.
   */
  public Clusterer allPairs(boolean all) {
    this.allPairs = all;
    return this;
  }

  /**
   * Whether to verify each bucket's pairs as it is read, skipping pairs already in one cluster, and
   * list only the pairs that joined two clusters; default false. Memory stays O(documents) without
   * a spill directory; verification runs on one thread. The clusters are the same.
   */
  public Clusterer joinsOnly(boolean joins) {
    this.joinsOnly = joins;
    return this;
  }

  /**
   * Whether documents with equal sets are grouped before the buckets are read; default true. They
   * are near-duplicates either way; grouping lists them with similarity 1 and keeps a thousand
   * copies of one text from filling the buckets.
   */
  public Clusterer identicalGroups(boolean group) {
    this.identical = group;
    return this;
  }

  /** Threads for verification, at least 1; default the number of processors. */
  public Clusterer threads(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + n);
    }
    this.threads = n;
    return this;
  }

  /**
   * The memory sorted runs may use before they spill to disk, in bytes; default 256 MB. Without a
   * spill directory nothing spills.
   */
  public Clusterer memory(long bytes) {
    if (bytes < 1 << 16) {
      throw new IllegalArgumentException("memory must be at least 64 kB, got " + bytes + " bytes");
    }
    this.memory = bytes;
    return this;
  }

  /**
   * Receives progress reports of {@link #finish}; default none. Phases come in this order: {@code
   * identical}, {@code buckets} (entries read), {@code verify} (candidate pairs), {@code oversized}
   * (buckets), {@code clusters}.
   */
  public Clusterer progress(PhaseProgress p) {
    this.progress = p == null ? PhaseProgress.NONE : p;
    return this;
  }

  /**
   * Also hands {@code sink} the candidate pairs that verification found below the threshold but at
   * or above {@code floor} (by the measure's similarity), as a report's histogram needs them; each
   * such pair costs one more comparison. Default none. From one thread, as the listed pairs.
   */
  public Clusterer nearMisses(double floor, PairSink sink) {
    if (!(floor >= 0 && floor <= threshold)) {
      throw new IllegalArgumentException(
          "near-miss floor must be in [0, " + threshold + "], got " + floor);
    }
    this.nearMissFloor = floor;
    this.nearMisses = Objects.requireNonNull(sink, "sink");
    return this;
  }

  private synchronized void open() throws IOException {
    if (!opened) {
      if (measure == null) {
        if (verification == Verification.SKETCH && hashes == 0) {
          throw new IllegalStateException("verification [sketch] needs sketches(hashes, bits)");
        }
        measure =
            verification == Verification.SKETCH
                ? PairMeasures.sketchEstimate(hashes, bits)
                : PairMeasures.exactJaccard();
      }
      bandEntries = new LongSorter(spill, "bands", memory * 3 / 4);
      identityEntries = identical ? new LongSorter(spill, "identity", memory / 8) : null;
      sets = new SetStore(spill, "sets");
      comparison = new SetComparison(sets, measure, threshold);
      opened = true;
    }
  }

  /**
   * Adds document {@code doc} (numbered from 0, each number once). Thread-safe.
   *
   * @param bandHashes the document's band hashes ({@code bands} of them)
   * @param set its set, ascending for exact verification; empty for a text without shingles, which
   *     never is anybody's near-duplicate
   */
  public void add(int doc, long[] bandHashes, int[] set, int size) throws IOException {
    add(doc, bandHashes, bands, set, size);
  }

  /**
   * Adds document {@code doc} (numbered from 0, each number once) with any number of bucket keys:
   * documents sharing a key (its upper 32 bits) are candidates. A method with several keys per
   * document (shared sketch values, SimHash blocks, signatures) must make keys that differ in
   * meaning differ in value, for example by mixing a block's number into its key. Thread-safe.
   *
   * @param keys the document's bucket keys in {@code [0, keyCount)}
   * @param set its set, as the measure reads it; empty for a text without shingles, which never is
   *     anybody's near-duplicate
   */
  public void add(int doc, long[] keys, int keyCount, int[] set, int size) throws IOException {
    if (doc < 0) {
      throw new IllegalArgumentException("doc must be >= 0, got " + doc);
    }
    if (!opened) {
      open();
    }
    added.incrementAndGet();
    if (size == 0) {
      return;
    }
    withSets.incrementAndGet();
    long[] entries = entryBuffers.get();
    if (entries.length < keyCount) {
      entries = new long[keyCount];
      entryBuffers.set(entries);
    }
    long partition = partitions == null ? 0 : partitions.applyAsLong(doc);
    for (int b = 0; b < keyCount; b++) {
      // band hashes of different bands are independent (the band is in their seed)
      entries[b] = (inPartition(keys[b], partition) & 0xFFFFFFFF00000000L) | doc;
    }
    bandEntries.addAll(entries, keyCount);
    if (identityEntries != null) {
      long identity = inPartition(CompactShingleSet.hash(set, size), partition);
      identityEntries.add((identity & 0xFFFFFFFF00000000L) | doc);
    }
    sets.put(doc, set, size);
  }

  private static long inPartition(long key, long partition) {
    return partition == 0 ? key : Mix.fmix64(key ^ partition);
  }

  /**
   * Adds a document that is verified by its sketch ({@link Verification#SKETCH}): the band hashes
   * and the set both come from the sketch. Thread-safe.
   */
  public void add(int doc, Sketch sketch, BandHasher bandHasher) throws IOException {
    if (sketch.isEmpty()) {
      add(doc, null, null, 0);
      return;
    }
    Buffers b = buffers.get();
    int size = sketchSetSize(sketch);
    if (b.set.length < size) {
      b.set = new int[size];
    }
    sketchSet(sketch, b.set);
    bandHasher.bandHashes(sketch, b.bandHashes);
    add(doc, b.bandHashes, b.set, size);
  }

  /** The length of a sketch's set: one int per value, two for 64-bit values. */
  public static int sketchSetSize(Sketch sketch) {
    return sketch.parameters().bits() == 64 ? 2 * sketch.size() : sketch.size();
  }

  /**
   * Writes a sketch's values into {@code out} as the sketch measures read them ({@link
   * PairMeasures#forSketches}): one int each, two for 64-bit values, high half first.
   */
  public static void sketchSet(Sketch sketch, int[] out) {
    int k = sketch.size();
    boolean wide = sketch.parameters().bits() == 64;
    for (int i = 0; i < k; i++) {
      long v = sketch.value(i);
      if (wide) {
        out[2 * i] = (int) (v >>> 32);
        out[2 * i + 1] = (int) v;
      } else {
        out[i] = (int) v;
      }
    }
  }

  /**
   * Adds a document that is verified by its compact shingle set ({@link Verification#EXACT}), with
   * the band hashes of its sketch. Thread-safe.
   */
  public void add(int doc, Sketch sketch, BandHasher bandHasher, int[] set, int size)
      throws IOException {
    if (sketch.isEmpty() || size == 0) {
      add(doc, null, null, 0);
      return;
    }
    long[] hashes = buffers.get().bandHashes;
    bandHasher.bandHashes(sketch, hashes);
    add(doc, hashes, set, size);
  }

  /**
   * Finds the clusters of the documents added. Call once.
   *
   * @param documents the number of documents (one more than the highest number added)
   * @param canonical which member of a cluster is canonical: the lowest in this order, ties to the
   *     lowest document number
   * @param sink receives the listed pairs (document numbers, lower first, and similarity), from one
   *     thread, or null
   */
  public ClusterResult finish(int documents, CanonicalOrder canonical, PairSink sink)
      throws IOException {
    if (allPairs && joinsOnly) {
      throw new IllegalStateException("allPairs and joinsOnly exclude each other");
    }
    open();
    if (documents < sets.documents()) {
      throw new IllegalArgumentException(
          "documents must be at least " + sets.documents() + ", got " + documents);
    }
    int spilled =
        bandEntries.spilledRuns() + (identityEntries == null ? 0 : identityEntries.spilledRuns());
    sets.freeze();
    Config config =
        new Config(
            maxBucketSize,
            representatives,
            allPairs,
            joinsOnly,
            threads,
            memory,
            progress,
            nearMissFloor,
            nearMisses);
    return new ClusterRun(
            config, comparison, documents, Objects.requireNonNull(canonical, "canonical"), sink)
        .execute(bandEntries, identityEntries, spill, added.get(), withSets.get(), spilled);
  }

  /**
   * The similarity of two documents with sets, threshold or not, by the run's measure (exact
   * Jaccard, the sketch estimate or a method's own). After {@link #finish}, before {@link #close};
   * thread-safe.
   */
  public double similarity(int docA, int docB) throws IOException {
    if (comparison == null) {
      throw new IllegalStateException("no document was added");
    }
    return comparison.similarity(docA, docB);
  }

  @Override
  public void close() throws IOException {
    if (sets != null) {
      sets.close();
    }
  }
}
