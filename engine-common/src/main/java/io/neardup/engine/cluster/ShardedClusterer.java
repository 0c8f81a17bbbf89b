package io.neardup.engine.cluster;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.ClusterOrder;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.BucketPairs;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.PairMeasure;
import io.neardup.cluster.core.PairMeasures;
import io.neardup.cluster.core.Representatives;
import io.neardup.cluster.distributed.SparseUnionFind;
import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.shard.HitSketchReader;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.util.LongHashSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The coordinating half of clustering an index whose documents live on many shards, in memory
 * bounded by a budget rather than by the number of documents. The shards keep the sketches; the
 * coordinator never holds more than one partition's band entries, one buffer of candidate pairs and
 * one block of sketches.
 *
 * <ol>
 *   <li><b>Partitions.</b> The band-hash space is cut into {@link #partitions(long, int, long)} P
 *       ranges so that one range's entries fit half the budget. For each partition every shard
 *       sends its entries in that range, sorted ({@link ShardBandEntries}), and the coordinator
 *       {@link #add adds} them under dense document numbers (the shard's offset plus its document
 *       number).
 *   <li><b>Buckets.</b> The partition's entries, sorted, are read as buckets of documents sharing a
 *       band hash; every pair of a bucket of up to {@link Clusterer#DEFAULT_MAX_BUCKET_SIZE}
 *       documents is a candidate, and a larger bucket is kept for last. Candidates are buffered up
 *       to a quarter of the budget, sorted and made distinct.
 *   <li><b>Verification on demand.</b> {@link #nextBlock} names the documents whose sketches the
 *       next block of candidates needs (pairs already in one cluster are skipped); the caller
 *       fetches them from the shards and {@link #verify verifies} the block: pairs whose sketches
 *       estimate at least the minimum similarity (SimHash: lie within the Hamming distance) are
 *       joined by union-find; with {@link Verification#EXACT}, a pair whose estimate is within the
 *       {@link ExactMargin} of the minimum similarity is decided by the exact similarity of the two
 *       documents' stored shingle sets instead, where both have one.
 *   <li><b>Oversized buckets</b> ({@link #startOversized}), once every partition is verified: in
 *       the single-node core's order (by band hash) and by its rule ({@link Representatives}), each
 *       member of a bucket above the maximum size is compared with a few representatives only, so
 *       the cost stays linear in the bucket; blocks fetch the members' sketches as above.
 *   <li><b>Clusters</b> ({@link #finish}): the union-find sets of two or more, in the {@link
 *       ClusterOrder}.
 * </ol>
 *
 * <p>Union-find covers only documents that were part of a candidate pair (about 24 bytes each), so
 * the memory is the budget plus that and the members of the oversized buckets kept for last (4
 * bytes each, in {@link #ramBytesUsed}), whatever the number of documents without near-duplicates.
 * The clusters are the same as the single-node {@link Clusterer}'s joins-only run on the same
 * sketches (a cluster is a connected component of verified pairs) over the documents numbered in
 * index order (shard by shard), up to the rare 32-bit band hash collisions both verify alike. One
 * difference remains inside buckets above the maximum size: the core folds documents with equal
 * sketches into one member before it sizes and reads its buckets, this run counts and offers each
 * of them, so a bucket oversized only by such copies, or such a copy of a member left alone once
 * the representatives are full, can still join otherwise. Not thread-safe: one run, driven by one
 * caller.
 *
 * <pre>{@code
 * ShardedClusterer c = new ShardedClusterer(settings, 0.8, 64 << 20);
 * int p = ShardedClusterer.partitions(documents, settings.banding().bands(), 64 << 20);
 * c.shards(maxDocs);
 * for (int i = 0; i < p; i++) {
 *   c.startPartition();
 *   for (each shard s) c.add(s, entriesOfShard(s, i, p));
 *   for (int[] docs; (docs = c.nextBlock(1000)) != null; ) c.verify(docs, fetchSketches(docs));
 * }
 * c.startOversized();
 * for (int[] docs; (docs = c.nextBlock(1000)) != null; ) c.verify(docs, fetchSketches(docs));
 * ShardedClusterer.Clusters clusters = c.finish();
 * }</pre>
 */
public final class ShardedClusterer {
  private final NearDupSettings settings;
  private final double minSimilarity;
  private final long budget;
  private final PairMeasure measure;
  private final boolean exact;
  private final int maxBucketSize = Clusterer.DEFAULT_MAX_BUCKET_SIZE;
  private final int representatives = Clusterer.DEFAULT_REPRESENTATIVES;
  private SparseUnionFind sets = new SparseUnionFind();
  private final Representatives reps = new Representatives(representatives);
  private final Deferred deferred = new Deferred();

  private int[] offsets; // dense number of each shard's document 0; one more at the end
  private long[] entries = new long[0];
  private int entryCount;
  private int nextBucket; // position in entries of the next bucket to read
  private final BucketPairs bucketPairs = new BucketPairs(1024);
  private long[] pairs = new long[0];
  private int pairCount;
  private int pairPosition;
  private int blockEnd;
  private int pairCapacity;
  private boolean sorted;
  private boolean finished;

  private int partitionsStarted;
  private long buckets;
  private long candidates;
  private long skipped;
  private long verified;
  private long joined;
  private long blocks;
  private long sketchesFetched;
  private long oversizedBuckets;

  /**
   * @param settings the field's settings (every sketch must have its sketch parameters)
   * @param minSimilarity the least similarity of a near-duplicate pair, in (0, 1]
   * @param budget bytes for one partition's entries, the candidate buffer and the block's sets
   */
  public ShardedClusterer(NearDupSettings settings, double minSimilarity, long budget) {
    this(settings, minSimilarity, Verification.SKETCH, budget);
  }

  /**
   * @param settings the field's settings (every sketch must have its sketch parameters)
   * @param minSimilarity the least similarity of a near-duplicate pair, in (0, 1]
   * @param verification how pairs are decided: with {@code EXACT} (MinHash schemes), by the shingle
   *     sets near the minimum similarity
   * @param budget bytes for one partition's entries, the candidate buffer and the block's sets
   */
  public ShardedClusterer(
      NearDupSettings settings, double minSimilarity, Verification verification, long budget) {
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          "min_similarity must be in (0, 1], got [" + minSimilarity + "]");
    }
    if (budget < (1 << 20)) {
      throw new IllegalArgumentException("budget must be at least 1mb, got [" + budget + "]");
    }
    this.settings = settings;
    this.minSimilarity = minSimilarity;
    this.budget = budget;
    this.exact =
        verification == Verification.EXACT && settings.sketch().scheme().comparison().setsDecide();
    this.measure =
        exact
            ? PairMeasures.sketchThenSets(settings.sketch().hashes(), settings.sketch().bits())
            : PairMeasures.forSketches(settings.sketch());
    this.pairCapacity = (int) Math.min(Integer.MAX_VALUE - 8, budget / 4 / Long.BYTES);
  }

  /** Fewer candidates per buffer than the budget allows, so that tests can refill it often. */
  ShardedClusterer pairCapacity(int pairs) {
    this.pairCapacity = pairs;
    return this;
  }

  /**
   * The number of partitions for a run over {@code documents} documents of {@code bands} band
   * hashes each: one partition's entries ({@value ShardBandEntries#BYTES_PER_ENTRY} bytes each) fit
   * half the budget.
   */
  public static int partitions(long documents, int bands, long budget) {
    long bytes = Math.max(1, documents) * bands * ShardBandEntries.BYTES_PER_ENTRY;
    long p = (bytes + budget / 2 - 1) / (budget / 2);
    return (int) Math.max(1, Math.min(p, 1 << 16));
  }

  /**
   * Declares the shards, in a fixed order: shard {@code s} has documents numbered {@code [0,
   * maxDocs[s])}. Call once, before any entry.
   */
  public void shards(int[] maxDocs) {
    if (offsets != null) {
      throw new IllegalStateException("the shards are declared already");
    }
    int[] o = new int[maxDocs.length + 1];
    long total = 0;
    for (int s = 0; s < maxDocs.length; s++) {
      o[s] = (int) total;
      total += maxDocs[s];
      if (total > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "can cluster at most 2^31 documents per run, the shards hold " + total);
      }
    }
    o[maxDocs.length] = (int) total;
    this.offsets = o;
  }

  /** Starts the next partition; the previous one must have been verified to its end. */
  public void startPartition() {
    checkShards();
    if (deferred.started) {
      throw new IllegalStateException("the oversized buckets are started: no partition follows");
    }
    if (entryCount > 0 && (nextBucket < entryCount || pairPosition < pairCount)) {
      throw new IllegalStateException("the previous partition was not verified to its end");
    }
    if (finished) {
      throw new IllegalStateException("the run is finished");
    }
    partitionsStarted++;
    sorted = false;
    entryCount = 0;
    nextBucket = 0;
    pairCount = 0;
    pairPosition = 0;
    blockEnd = 0;
  }

  /**
   * Adds one shard's entries of the current partition.
   *
   * @param shard the shard's position in {@link #shards}
   * @param encoded what {@link ShardBandEntries#encode} made on the shard
   * @throws IllegalArgumentException if the entries are corrupt or name a document the shard does
   *     not have
   */
  public void add(int shard, byte[] encoded) {
    checkShards();
    if (shard < 0 || shard >= offsets.length - 1) {
      throw new IllegalArgumentException(
          "shard must be in [0, " + (offsets.length - 1) + "), got [" + shard + "]");
    }
    int count = ShardBandEntries.count(encoded);
    if ((long) entryCount + count > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("too many entries in one partition: raise the partitions");
    }
    if (entries.length < entryCount + count) {
      entries = Arrays.copyOf(entries, Math.max(entryCount + count, entries.length * 3 / 2));
    }
    int base = offsets[shard];
    int limit = offsets[shard + 1] - base;
    ShardBandEntries.decode(
        encoded,
        (hash, doc) -> {
          if (doc >= limit) {
            throw new IllegalArgumentException(
                "Corrupted band entries: document " + doc + " of a shard of " + limit);
          }
          entries[entryCount++] = (long) hash << 32 | (base + doc);
        });
  }

  /**
   * The documents whose sketches the next block of candidate pairs needs, ascending, at most {@code
   * maxDocuments} (at least 2); null once the current partition's candidates (after {@link
   * #startOversized}: the oversized buckets) are all verified. Reads more buckets when the buffered
   * candidates are used up.
   */
  public int[] nextBlock(int maxDocuments) {
    if (maxDocuments < 2) {
      throw new IllegalArgumentException("maxDocuments must be >= 2, got [" + maxDocuments + "]");
    }
    if (deferred.started) {
      return deferred.nextBlock(maxDocuments);
    }
    if (blockEnd > pairPosition) {
      throw new IllegalStateException("the previous block was not verified");
    }
    if (!sorted) {
      Arrays.sort(entries, 0, entryCount);
      sorted = true;
    }
    LongHashSet docs = new LongHashSet();
    while (true) {
      while (pairPosition < pairCount
          && sets.connected(
              BucketPairs.low(pairs[pairPosition]), BucketPairs.high(pairs[pairPosition]))) {
        skipped++;
        pairPosition++;
      }
      if (pairPosition < pairCount) {
        int end = pairPosition;
        while (end < pairCount) {
          long pair = pairs[end];
          int a = BucketPairs.low(pair);
          int b = BucketPairs.high(pair);
          int grows = (docs.contains(a) ? 0 : 1) + (docs.contains(b) ? 0 : 1);
          if (docs.size() + grows > maxDocuments) {
            break;
          }
          if (!sets.connected(a, b)) {
            docs.add(a);
            docs.add(b);
          }
          end++;
        }
        blockEnd = end;
        blocks++;
        long[] held = docs.values();
        int[] out = new int[docs.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = (int) held[i];
        }
        Arrays.sort(out);
        sketchesFetched += out.length;
        return out;
      }
      if (nextBucket >= entryCount) {
        return null;
      }
      fillPairs();
    }
  }

  /**
   * Verifies the block named by the last {@link #nextBlock}: joins its pairs that reach the minimum
   * similarity.
   *
   * @param docs the documents {@link #nextBlock} returned
   * @param sketches their serialized sketches, in the same order; null or empty for a document that
   *     has none (it joins nothing)
   * @throws IllegalArgumentException if a sketch is corrupt or made with other parameters
   */
  public void verify(int[] docs, byte[][] sketches) {
    verify(docs, sketches, null);
  }

  /**
   * As {@link #verify(int[], byte[][])}, with the documents' serialized shingle sets (null or empty
   * where a document has none), by which an exact run decides the pairs near the minimum
   * similarity.
   *
   * @throws IllegalArgumentException if a sketch or a set is corrupt
   */
  public void verify(int[] docs, byte[][] sketches, byte[][] shingles) {
    if (docs.length != sketches.length || (shingles != null && shingles.length != docs.length)) {
      throw new IllegalArgumentException(
          "sketches and sets must match docs, got " + sketches.length + " for " + docs.length);
    }
    int[][] decoded = new int[docs.length][];
    for (int i = 0; i < docs.length; i++) {
      decoded[i] = values(sketches[i], shingles == null ? null : shingles[i]);
    }
    if (deferred.started) {
      deferred.verify(docs, decoded);
      return;
    }
    for (int i = pairPosition; i < blockEnd; i++) {
      int a = BucketPairs.low(pairs[i]);
      int b = BucketPairs.high(pairs[i]);
      if (sets.connected(a, b)) {
        skipped++;
        continue;
      }
      int ia = Arrays.binarySearch(docs, a);
      int ib = Arrays.binarySearch(docs, b);
      if (ia < 0 || ib < 0) {
        throw new IllegalArgumentException("docs are not the block's documents");
      }
      int[] sa = decoded[ia];
      int[] sb = decoded[ib];
      if (sa == null || sb == null) {
        continue;
      }
      verified++;
      if (measure.ifReaches(sa, sa.length, sb, sb.length, minSimilarity) >= 0) {
        sets.union(a, b);
        joined++;
      }
    }
    pairPosition = blockEnd;
  }

  /** The similarity of two serialized sketches by this run's measure; -1 if either has none. */
  public double similarity(byte[] a, byte[] b) {
    return similarity(new Fetched("", "", a, null), new Fetched("", "", b, null));
  }

  /**
   * The similarity of two fetched documents by this run's measure (exact where an exact run has
   * both their sets); -1 if either has no sketch.
   */
  public double similarity(Fetched a, Fetched b) {
    int[] sa = values(a.sketch(), a.shingles());
    int[] sb = values(b.sketch(), b.shingles());
    return sa == null || sb == null ? -1 : measure.similarity(sa, sa.length, sb, sb.length);
  }

  /**
   * A document as the measure reads it: the sketch values, one int each, two for 64 bits, and in an
   * exact run its shingle set ({@link PairMeasures#sketchAndSet}); null if it has no sketch.
   */
  private int[] values(byte[] sketch, byte[] shingles) {
    if (sketch == null || sketch.length == 0) {
      return null;
    }
    Sketch s = SketchFormat.decode(sketch, settings.sketch());
    if (s.isEmpty()) {
      return null;
    }
    ShingleSet set =
        exact && shingles != null && shingles.length > 0
            ? new ShingleSet().read(shingles, 0, shingles.length)
            : null;
    return PairMeasures.sketchAndSet(s, set);
  }

  /** Reads buckets from the next one on until the candidate buffer is a quarter of the budget. */
  private void fillPairs() {
    int cap = pairCapacity;
    pairCount = 0;
    pairPosition = 0;
    blockEnd = 0;
    int[] bucket = new int[16];
    int i = nextBucket;
    while (i < entryCount && pairCount < cap) {
      long hash = entries[i] >>> 32;
      int size = 0;
      int j = i;
      while (j < entryCount && entries[j] >>> 32 == hash) {
        if (size == bucket.length) {
          bucket = Arrays.copyOf(bucket, size * 2);
        }
        bucket[size++] = (int) entries[j];
        j++;
      }
      if (size >= 2) {
        buckets++;
        bucketPairs(hash, bucket, size);
      }
      i = j;
    }
    nextBucket = i;
    Arrays.sort(pairs, 0, pairCount);
    int distinct = 0;
    for (int k = 0; k < pairCount; k++) {
      if (distinct == 0 || pairs[k] != pairs[distinct - 1]) {
        pairs[distinct++] = pairs[k];
      }
    }
    candidates += distinct;
    pairCount = distinct;
  }

  private void bucketPairs(long hash, int[] docs, int size) {
    if (size > maxBucketSize) {
      oversizedBuckets++;
      deferred.add((int) hash, Arrays.copyOf(docs, size));
      return;
    }
    try {
      bucketPairs.list(docs, size, this::addPairs);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // addPairs writes to memory only
    }
  }

  private void addPairs(long[] block, int count) {
    if (pairCount + count > pairs.length) {
      pairs = Arrays.copyOf(pairs, Math.max(Math.max(1024, pairs.length * 2), pairCount + count));
    }
    System.arraycopy(block, 0, pairs, pairCount, count);
    pairCount += count;
  }

  private void checkShards() {
    if (offsets == null) {
      throw new IllegalStateException("declare the shards first");
    }
  }

  /**
   * Starts verifying the buckets above the maximum bucket size, once every partition is verified:
   * after it {@link #nextBlock} and {@link #verify} work through them, in the single-node core's
   * order (by band hash) and by its rule ({@link Representatives}), until {@link #nextBlock}
   * returns null.
   *
   * @return whether there is any such bucket
   */
  public boolean startOversized() {
    checkShards();
    if (entryCount > 0 && (nextBucket < entryCount || pairPosition < pairCount)) {
      throw new IllegalStateException("the last partition was not verified to its end");
    }
    if (deferred.started) {
      throw new IllegalStateException("the oversized buckets are started already");
    }
    entries = new long[0];
    entryCount = 0;
    nextBucket = 0;
    pairs = new long[0];
    pairCount = 0;
    pairPosition = 0;
    blockEnd = 0;
    deferred.start();
    return !deferred.buckets.isEmpty();
  }

  /**
   * The buckets above the maximum bucket size, kept from every partition and verified after them,
   * as the single-node core verifies its deferred buckets after the others: each member is offered
   * to the bucket's representatives. A block holds the next members of the current bucket whose
   * comparisons need their sketches; the representatives' sketches are kept between blocks.
   */
  private final class Deferred implements Representatives.Pairs {
    private final List<long[]> hashes = new ArrayList<>(); // {hash} per bucket, for the order
    private final List<int[]> buckets = new ArrayList<>();
    private long bytes;
    private boolean started;
    private int bucket = -1;
    private int position;
    private int blockEnd;
    private final Map<Integer, int[]> repValues = new HashMap<>();
    private int[] blockDocs = new int[0];
    private int[][] blockValues = new int[0][];

    void add(int hash, int[] members) {
      hashes.add(new long[] {hash, buckets.size()});
      buckets.add(members);
      bytes += 16L + (long) members.length * Integer.BYTES;
    }

    long ramBytes() {
      return bytes + (long) repValues.size() * (64 + 4L * settings.sketch().hashes());
    }

    void start() {
      started = true;
      // the core reads its buckets in the order of their signed 32-bit band hash
      hashes.sort(Comparator.comparingLong(h -> h[0]));
      List<int[]> ordered = new ArrayList<>(buckets.size());
      for (long[] h : hashes) {
        ordered.add(buckets.get((int) h[1]));
      }
      buckets.clear();
      buckets.addAll(ordered);
      hashes.clear();
      nextBucket();
    }

    boolean done() {
      return buckets.isEmpty() || (started && bucket >= buckets.size());
    }

    private void nextBucket() {
      if (bucket >= 0 && bucket < buckets.size()) {
        bytes -= 16L + (long) buckets.get(bucket).length * Integer.BYTES;
        buckets.set(bucket, null);
      }
      bucket++;
      position = 0;
      blockEnd = 0;
      reps.reset();
      repValues.clear();
    }

    int[] nextBlock(int maxDocuments) {
      if (blockEnd > position) {
        throw new IllegalStateException("the previous block was not verified");
      }
      while (bucket < buckets.size()) {
        int[] members = buckets.get(bucket);
        if (position >= members.length) {
          nextBucket();
          continue;
        }
        // a member joined to every representative compares nothing and needs no sketch, unless
        // a member before it in the block may become a representative
        int[] docs = new int[Math.min(maxDocuments, members.length - position)];
        int size = 0;
        boolean repMayChange = false;
        int end = position;
        while (end < members.length) {
          int m = members[end];
          boolean joinedToAll = !repMayChange && joinedToAll(m);
          if (!joinedToAll && (size == 0 || docs[size - 1] != m)) {
            if (size == docs.length) {
              break;
            }
            docs[size++] = m;
            repMayChange |= joinedToNone(m);
          }
          end++;
        }
        blockEnd = end;
        if (size == 0) {
          // nothing to fetch: offer the members now
          offer(new int[0], new int[0][]);
          continue;
        }
        blocks++;
        sketchesFetched += size;
        return Arrays.copyOf(docs, size);
      }
      return null;
    }

    private boolean joinedToAll(int m) {
      for (int r = 0; r < reps.count(); r++) {
        if (!connected(reps.get(r), m)) {
          return false;
        }
      }
      return reps.count() > 0;
    }

    private boolean joinedToNone(int m) {
      for (int r = 0; r < reps.count(); r++) {
        if (connected(reps.get(r), m)) {
          return false;
        }
      }
      return true;
    }

    void verify(int[] docs, int[][] decoded) {
      offer(docs, decoded);
    }

    private void offer(int[] docs, int[][] decoded) {
      blockDocs = docs;
      blockValues = decoded;
      int[] members = buckets.get(bucket);
      try {
        for (int i = position; i < blockEnd; i++) {
          int m = members[i];
          boolean wasRep = reps.isRepresentative(m);
          joined += reps.offer(m, this);
          if (!wasRep && reps.isRepresentative(m)) {
            repValues.put(m, valuesOf(m));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      position = blockEnd;
      blockDocs = new int[0];
      blockValues = new int[0][];
    }

    private int[] valuesOf(int doc) {
      int[] rep = repValues.get(doc);
      if (rep != null) {
        return rep;
      }
      int i = Arrays.binarySearch(blockDocs, doc);
      if (i < 0) {
        throw new IllegalArgumentException("docs are not the block's documents");
      }
      return blockValues[i];
    }

    @Override
    public boolean connected(int a, int b) {
      return a == b || sets.connected(a, b);
    }

    @Override
    public double similarity(int a, int b) {
      candidates++;
      int[] sa = valuesOf(a);
      int[] sb = valuesOf(b);
      if (sa == null || sb == null) {
        return -1;
      }
      verified++;
      return measure.ifReaches(sa, sa.length, sb, sb.length, minSimilarity);
    }

    @Override
    public void join(int a, int b, double similarity) {
      sets.union(a, b);
    }
  }

  /** Bytes held now: entries, candidates, union-find (for a circuit breaker). */
  public long ramBytesUsed() {
    return (long) entries.length * Long.BYTES
        + (long) pairs.length * Long.BYTES
        + (sets == null ? 0 : sets.ramBytes())
        + deferred.ramBytes();
  }

  /** The shard of a dense document number. */
  public int shardOf(int doc) {
    checkShards();
    int i = Arrays.binarySearch(offsets, doc);
    if (i >= 0) {
      while (i + 1 < offsets.length - 1 && offsets[i + 1] == doc) {
        i++; // empty shards share the offset of the next one
      }
      return i;
    }
    return -i - 2;
  }

  /** The shard's own number of a dense document number. */
  public int docOf(int doc) {
    return doc - offsets[shardOf(doc)];
  }

  /** One more than the highest dense number: the shards' documents, deleted ones included. */
  public int denseDocuments() {
    return offsets == null ? 0 : offsets[offsets.length - 1];
  }

  /** The dense number of document {@code doc} of shard {@code shard}. */
  public int dense(int shard, int doc) {
    return offsets[shard] + doc;
  }

  /** The clusters found, once every partition is verified; frees the buffers. */
  public Clusters finish() {
    if (finished) {
      throw new IllegalStateException("finish was called already");
    }
    if (entryCount > 0 && (nextBucket < entryCount || pairPosition < pairCount)) {
      throw new IllegalStateException("the last partition was not verified to its end");
    }
    if (!deferred.done()) {
      throw new IllegalStateException("the oversized buckets were not verified");
    }
    finished = true;
    entries = new long[0];
    pairs = new long[0];
    Clusters c = Clusters.of(sets.sets());
    sets = null;
    return c.withStats(
        new Stats(
            partitionsStarted,
            buckets,
            candidates,
            skipped,
            verified,
            joined,
            blocks,
            sketchesFetched,
            oversizedBuckets));
  }

  /**
   * What a run did.
   *
   * @param partitions partitions of the band-hash space read
   * @param buckets buckets of two or more documents
   * @param candidates distinct candidate pairs (per buffer)
   * @param skipped candidates already in one cluster when their turn came
   * @param verified pairs compared
   * @param joined pairs that reached the minimum similarity and joined two clusters
   * @param blocks verification blocks (sketch fetches)
   * @param sketchesFetched sketches asked for, over all blocks
   * @param oversized buckets above the maximum bucket size, verified by their representatives
   */
  public record Stats(
      long partitions,
      long buckets,
      long candidates,
      long skipped,
      long verified,
      long joined,
      long blocks,
      long sketchesFetched,
      long oversized) {}

  /**
   * The clusters of a run: sets of two or more dense document numbers, members ascending, in the
   * {@link ClusterOrder} (by their first member).
   */
  public static final class Clusters {
    private final int[] members;
    private final int[] starts;
    private final Stats stats;

    Clusters(int[] members, int[] starts, Stats stats) {
      this.members = members;
      this.starts = starts;
      this.stats = stats;
    }

    static Clusters of(List<int[]> sets) {
      int total = 0;
      for (int[] g : sets) {
        total += g.length;
      }
      int[] members = new int[total];
      int[] starts = new int[sets.size() + 1];
      int pos = 0;
      for (int i = 0; i < sets.size(); i++) {
        starts[i] = pos;
        System.arraycopy(sets.get(i), 0, members, pos, sets.get(i).length);
        pos += sets.get(i).length;
      }
      starts[sets.size()] = pos;
      return new Clusters(members, starts, null);
    }

    Clusters withStats(Stats s) {
      return new Clusters(members, starts, s);
    }

    /** Number of clusters. */
    public int count() {
      return starts.length - 1;
    }

    /** The members of cluster {@code c}, ascending. */
    public int[] members(int c) {
      return Arrays.copyOfRange(members, starts[c], starts[c + 1]);
    }

    /** Documents in a cluster, over all clusters. */
    public long clusteredDocuments() {
      return members.length;
    }

    /** What the run did. */
    public Stats stats() {
      return stats;
    }

    /** Bytes held. */
    public long ramBytes() {
      return 4L * (members.length + starts.length) + 64;
    }

    /**
     * One cluster named and ordered for a response, as the {@link ClusterOrder} says: its canonical
     * (the policy's best member; ties, and a policy by score, go to the first in index order) and
     * the other members with their similarity to it, rounded to four decimals.
     *
     * @param c the cluster
     * @param fetched each member's index, id, sketch and canonical value, by dense number
     * @param run the run, for its similarity measure
     */
    public ClusterListing.Group group(
        int c, IntFunction<Fetched> fetched, CanonicalPolicy policy, ShardedClusterer run) {
      int[] docs = members(c);
      Fetched[] f = fetched(c, docs, fetched);
      int best = canonical(f, policy);
      List<ClusterListing.Member> copies = new ArrayList<>(docs.length - 1);
      for (int i = 0; i < docs.length; i++) {
        if (i != best) {
          double s = run.similarity(f[best], f[i]);
          copies.add(
              new ClusterListing.Member(f[i].index(), f[i].id(), ClusterOrder.similarity(s)));
        }
      }
      return new ClusterListing.Group(
          new ClusterListing.Member(f[best].index(), f[best].id(), 1), copies);
    }

    /**
     * The members of cluster {@code c} with its canonical first (chosen as {@link #group} does),
     * then the others ascending.
     *
     * @param fetched each member's canonical value, by dense number (unread for a policy by score)
     */
    public int[] canonicalFirst(int c, IntFunction<Fetched> fetched, CanonicalPolicy policy) {
      int[] docs = members(c);
      int best = policy.byScore() ? 0 : canonical(fetched(c, docs, fetched), policy);
      int[] out = new int[docs.length];
      out[0] = docs[best];
      for (int i = 0, j = 1; i < docs.length; i++) {
        if (i != best) {
          out[j++] = docs[i];
        }
      }
      return out;
    }

    private static Fetched[] fetched(int c, int[] docs, IntFunction<Fetched> fetched) {
      Fetched[] f = new Fetched[docs.length];
      for (int i = 0; i < docs.length; i++) {
        f[i] = fetched.apply(docs[i]);
        if (f[i] == null) {
          throw new IllegalStateException(
              "document " + docs[i] + " of cluster " + c + " was not fetched");
        }
      }
      return f;
    }

    private static int canonical(Fetched[] f, CanonicalPolicy policy) {
      return ClusterOrder.canonical(
          f.length, policy.byScore() ? null : (i, j) -> policy.compare(f[i].key(), f[j].key()));
    }
  }

  /** What a shard returns of a cluster member for a response. */
  public record Fetched(String index, String id, byte[] sketch, Object key, byte[] shingles) {
    /** A document read without its shingle set. */
    public Fetched(String index, String id, byte[] sketch, Object key) {
      this(index, id, sketch, key, null);
    }

    /**
     * A document as the {@code neardup_sketches} hit field lists it ({@link
     * HitSketchReader#hitValues}): its sketch, the canonical value, its id and, when asked, its
     * shingle set.
     */
    public static Fetched of(String index, java.util.List<Object> values) {
      return new Fetched(
          index,
          HitSketchReader.idOf(values),
          HitSketchReader.sketchOf(values),
          HitSketchReader.keyOf(values),
          HitSketchReader.shinglesOf(values));
    }
  }
}
