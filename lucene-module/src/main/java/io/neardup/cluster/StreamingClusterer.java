package io.neardup.cluster;

import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Jaccard;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Clusters a stream of documents into groups of near-duplicates without an index: documents are
 * {@linkplain #add added} as they are analysed (from any number of threads, in any order), each
 * with its band hashes and its set (compact shingle set for exact verification, sketch values for
 * verification by estimate); {@link #finish} then finds the clusters. Memory stays within a budget
 * at any number of documents: band entries and candidate pairs are sorted in runs spilled to a
 * {@link SpillDirectory}, and the sets are kept in a temporary file ({@link SetStore}).
 *
 * <p>The phases of {@link #finish}:
 *
 * <ol>
 *   <li><b>identical</b>: documents with equal sets (identical texts, as far as shingles go) form a
 *       group, represented by its first document, and are joined with similarity 1.
 *   <li><b>buckets</b>: the band entries, sorted, give the buckets of representatives that share a
 *       band. Every pair of a bucket of up to {@link #maxBucketSize(int)} documents is a candidate;
 *       a larger bucket (thousands of variants of one boilerplate text) is deferred.
 *   <li><b>verify</b>: the distinct candidate pairs, sorted, are verified on all threads; pairs
 *       reaching the threshold are joined with union-find.
 *   <li><b>oversized</b>: each member of a deferred bucket is compared with a few representatives
 *       only, so the cost stays linear in the bucket's size (unless {@link #allPairs(boolean)}).
 *   <li><b>clusters</b>: the union-find sets of two or more documents, each with its canonical.
 * </ol>
 *
 * <p>A band entry keeps 32 bits of the band hash beside the document number, so two documents may
 * share a bucket without sharing a band (about n²/2<sup>33</sup> pairs per band for n documents);
 * such a pair is verified like any other and reported only if it truly reaches the threshold.
 *
 * <p>The result depends neither on the number of threads nor on the order documents are added in.
 *
 * <pre>{@code
 * try (SpillDirectory spill = SpillDirectory.create(tmp);
 *     StreamingClusterer c = new StreamingClusterer(spill, Verification.EXACT, 0.8, 18)) {
 *   c.add(0, bandHashes0, set0, set0.length); // from any thread
 *   ...
 *   StreamingClusterer.Result r = c.finish(documents, Integer::compare, (a, b, s) -> ...);
 * }
 * }</pre>
 */
public final class StreamingClusterer implements AutoCloseable {
  /** Default largest bucket whose pairs are all candidates. */
  public static final int DEFAULT_MAX_BUCKET_SIZE = 128;

  /** Default number of representatives an oversized bucket's members are compared with. */
  public static final int DEFAULT_REPRESENTATIVES = 8;

  /** Default memory budget of the sorted runs, in bytes. */
  public static final long DEFAULT_MEMORY = 256L << 20;

  /** Candidate pairs per verification task. */
  private static final int VERIFY_CHUNK = 1 << 14;

  /** Orders documents by how fit they are to be canonical: the lower the better. */
  @FunctionalInterface
  public interface CanonicalOrder {
    int compare(int docA, int docB);
  }

  /**
   * What a run found and did.
   *
   * @param clusters the clusters, by their first member
   * @param documents documents seen
   * @param withSets documents with a non-empty set (the others are nobody's near-duplicate)
   * @param identicalGroups groups of documents with equal sets
   * @param candidatePairs distinct candidate pairs verified
   * @param prunedPairs candidates ruled out by their set sizes alone
   * @param verifiedPairs pairs reaching the threshold, listed or not
   * @param listedPairs pairs given to the sink
   * @param unlistedIdenticalPairs pairs inside large groups of identical documents not given to the
   *     sink (see {@link #allPairs(boolean)})
   * @param oversizedBuckets buckets verified against representatives
   * @param largestBucket the largest bucket, in representatives
   * @param uncomparedPairs pairs of documents of one oversized bucket that ended in one cluster
   *     without being compared
   * @param spilledRuns sorted runs written to disk
   * @param phaseTimes the time of each phase
   */
  public record Result(
      List<Cluster> clusters,
      int documents,
      int withSets,
      int identicalGroups,
      long candidatePairs,
      long prunedPairs,
      long verifiedPairs,
      long listedPairs,
      long unlistedIdenticalPairs,
      int oversizedBuckets,
      int largestBucket,
      long uncomparedPairs,
      int spilledRuns,
      Map<String, Duration> phaseTimes) {}

  private final SpillDirectory spill;
  private final Verification verification;
  private final double threshold;
  private final int bands;
  private int hashes;
  private int bits;
  private int maxBucketSize = DEFAULT_MAX_BUCKET_SIZE;
  private int representatives = DEFAULT_REPRESENTATIVES;
  private boolean allPairs;
  private int threads = Runtime.getRuntime().availableProcessors();
  private long memory = DEFAULT_MEMORY;
  private PhaseProgress progress = PhaseProgress.NONE;

  private LongSorter bandEntries;
  private LongSorter identityEntries;
  private SetStore sets;
  // set once the stores exist: read on every add, so it must not take a lock once set
  private volatile boolean opened;
  private final AtomicInteger withSets = new AtomicInteger();
  private final ThreadLocal<long[]> entryBuffers;

  /**
   * A clusterer that verifies by exact Jaccard similarity of compact shingle sets ({@link
   * CompactShingleSet}).
   *
   * @param spill where temporary files go
   * @param verification {@link Verification#EXACT}; for {@link Verification#SKETCH} use {@link
   *     #sketches(int, int)} too
   * @param threshold the least similarity of a near-duplicate pair, in (0, 1]
   * @param bands the number of band hashes each document comes with
   */
  public StreamingClusterer(
      SpillDirectory spill, Verification verification, double threshold, int bands) {
    this.spill = Objects.requireNonNull(spill, "spill");
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
  }

  /**
   * The sketch parameters, for {@link Verification#SKETCH}: sets are then the sketch values (one
   * int each, two for 64-bit values, high half first).
   */
  public StreamingClusterer sketches(int hashes, int bits) {
    this.hashes = hashes;
    this.bits = bits;
    return this;
  }

  /** The largest bucket whose pairs are all candidates, at least 2; default 128. */
  public StreamingClusterer maxBucketSize(int n) {
    if (n < 2) {
      throw new IllegalArgumentException("maxBucketSize must be >= 2, got " + n);
    }
    this.maxBucketSize = n;
    return this;
  }

  /** Representatives per oversized bucket, at least 1; default 8. */
  public StreamingClusterer representatives(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("representatives must be >= 1, got " + n);
    }
    this.representatives = n;
    return this;
  }

  /**
   * Whether every near-duplicate pair is verified and listed, also inside oversized buckets and
   * large groups of identical documents; default false, which lists inside such groups only the
   * pairs that joined them (their count is in the {@link Result}) and keeps the cost linear.
   */
  public StreamingClusterer allPairs(boolean all) {
    this.allPairs = all;
    return this;
  }

  /** Threads for verification, at least 1; default the number of processors. */
  public StreamingClusterer threads(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + n);
    }
    this.threads = n;
    return this;
  }

  /** The memory sorted runs may use before they spill to disk, in bytes; default 256 MB. */
  public StreamingClusterer memory(long bytes) {
    if (bytes < 1 << 16) {
      throw new IllegalArgumentException("memory must be at least 64 kB, got " + bytes + " bytes");
    }
    this.memory = bytes;
    return this;
  }

  /** Receives progress reports of {@link #finish}; default none. */
  public StreamingClusterer progress(PhaseProgress p) {
    this.progress = p == null ? PhaseProgress.NONE : p;
    return this;
  }

  private synchronized void open() throws IOException {
    if (!opened) {
      bandEntries = new LongSorter(spill, "bands", memory * 3 / 4);
      identityEntries = new LongSorter(spill, "identity", memory / 8);
      sets = new SetStore(spill, "sets");
      opened = true;
    }
  }

  /**
   * Adds document {@code doc} (numbered from 0 in input order, each number once). Thread-safe.
   *
   * @param bandHashes the document's band hashes ({@code bands} of them)
   * @param set its set, ascending for exact verification; empty for a text without shingles, which
   *     never is anybody's near-duplicate
   */
  public void add(int doc, long[] bandHashes, int[] set, int size) throws IOException {
    if (doc < 0) {
      throw new IllegalArgumentException("doc must be >= 0, got " + doc);
    }
    if (!opened) {
      open();
    }
    if (size == 0) {
      return;
    }
    withSets.incrementAndGet();
    long[] entries = entryBuffers.get();
    for (int b = 0; b < bands; b++) {
      // band hashes of different bands are independent (the band is in their seed)
      entries[b] = (bandHashes[b] & 0xFFFFFFFF00000000L) | doc;
    }
    bandEntries.addAll(entries, bands);
    long identity = CompactShingleSet.hash(set, size);
    identityEntries.add((identity & 0xFFFFFFFF00000000L) | doc);
    sets.put(doc, set, size);
  }

  /**
   * Finds the clusters of the documents added.
   *
   * @param documents the number of documents (one more than the highest number added)
   * @param canonical which member of a cluster is canonical: the lowest in this order
   * @param sink receives the listed pairs (document numbers, lower first, and similarity), from one
   *     thread, or null
   */
  public Result finish(int documents, CanonicalOrder canonical, PairSink sink) throws IOException {
    open();
    return new Run(documents, canonical, sink).execute();
  }

  @Override
  public void close() throws IOException {
    if (sets != null) {
      sets.close();
    }
  }

  /** The state of {@link #finish}. */
  private final class Run {
    private final int n;
    private final CanonicalOrder canonical;
    private final PairSink sink;
    private final UnionFind uf;
    private final Map<String, Duration> times = new LinkedHashMap<>();
    private final int minMatches =
        verification == Verification.SKETCH
            ? Math.max(1, Jaccard.minMatches(threshold, hashes, bits))
            : 0;
    // the members of each group of identical documents, by its first member
    private final Map<Integer, int[]> groups = new HashMap<>();
    // the first member of the group of each document, or -1 when it is in none
    private int[] groupOf;
    private final List<int[]> deferred = new ArrayList<>();
    private int identicalGroups;
    private long candidates;
    private final AtomicLong pruned = new AtomicLong();
    private long verified;
    private long listed;
    private long unlistedIdentical;
    private int largestBucket;
    private long uncompared;
    private int spilledRuns;

    Run(int documents, CanonicalOrder canonical, PairSink sink) {
      if (documents < sets.documents()) {
        throw new IllegalArgumentException(
            "documents must be at least " + sets.documents() + ", got " + documents);
      }
      this.n = documents;
      this.canonical = Objects.requireNonNull(canonical, "canonical");
      this.sink = sink;
      this.uf = new UnionFind(documents);
    }

    Result execute() throws IOException {
      spilledRuns = bandEntries.spilledRuns() + identityEntries.spilledRuns();
      sets.freeze();
      long start = System.nanoTime();
      identical();
      start = time("identical", start);
      LongSorter pairs = new LongSorter(spill, "pairs", memory / 2);
      buckets(pairs);
      start = time("buckets", start);
      spilledRuns += pairs.spilledRuns();
      verify(pairs);
      start = time("verify", start);
      oversized();
      start = time("oversized", start);
      List<Cluster> clusters = clusters();
      time("clusters", start);
      return new Result(
          clusters,
          n,
          withSets.get(),
          identicalGroups,
          candidates,
          pruned.get(),
          verified,
          listed,
          unlistedIdentical,
          deferred.size(),
          largestBucket,
          uncompared,
          spilledRuns,
          times);
    }

    private long time(String phase, long start) {
      long now = System.nanoTime();
      times.put(phase, Duration.ofNanos(now - start));
      return now;
    }

    // ------------------------------------------------------------------ identical

    private void identical() throws IOException {
      Buffers buffers = new Buffers();
      forEachRun(
          identityEntries,
          "identical",
          doc -> true,
          (docs, size) -> splitIdentical(docs, size, buffers));
    }

    /** A run of documents whose entries share their upper 32 bits. */
    private interface RunHandler {
      void accept(int[] docs, int size) throws IOException;
    }

    /**
     * Sorts the entries of {@code sorter} and hands each run of entries with equal upper halves
     * (hash bits) to {@code handler}: the documents of the lower halves that {@code keep} accepts,
     * ascending; runs of fewer than two such documents are skipped.
     */
    private void forEachRun(
        LongSorter sorter, String phase, java.util.function.IntPredicate keep, RunHandler handler)
        throws IOException {
      int[] run = new int[16];
      long done = 0;
      long total = sorter.size();
      try (LongSorter.Cursor cursor = sorter.sorted()) {
        int size = 0;
        long key = 0;
        boolean started = false;
        while (true) {
          boolean more = cursor.next();
          long v = more ? cursor.value() : 0;
          if (!more || !started || (v >>> 32) != key) {
            if (size >= 2) {
              handler.accept(run, size);
            }
            if (!more) {
              break;
            }
            size = 0;
            key = v >>> 32;
            started = true;
          }
          int doc = (int) v;
          if (keep.test(doc)) {
            run = grow(run, size + 1);
            run[size++] = doc;
          }
          if ((++done & 0xFFFF) == 0) {
            progress.update(phase, done, total);
          }
        }
      }
      progress.update(phase, total, total);
    }

    /** Splits documents with equal set hashes into groups of truly equal sets. */
    private void splitIdentical(int[] docs, int size, Buffers buffers) throws IOException {
      int remaining = size;
      while (remaining >= 2) {
        int first = docs[0];
        int[] a = buffers.a = sets.read(first, buffers.a);
        int lengthA = sets.length(first);
        int[] group = new int[remaining];
        int inGroup = 0;
        int left = 0;
        group[inGroup++] = first;
        for (int i = 1; i < remaining; i++) {
          int d = docs[i];
          boolean same = sets.length(d) == lengthA;
          if (same) {
            int[] b = buffers.b = sets.read(d, buffers.b);
            same = Arrays.equals(a, 0, lengthA, b, 0, lengthA);
          }
          if (same) {
            group[inGroup++] = d;
          } else {
            docs[left++] = d;
          }
        }
        if (inGroup >= 2) {
          addGroup(Arrays.copyOf(group, inGroup));
        }
        remaining = left;
      }
    }

    private void addGroup(int[] members) throws IOException {
      if (groupOf == null) {
        groupOf = new int[n];
        Arrays.fill(groupOf, -1);
      }
      identicalGroups++;
      int first = members[0];
      groups.put(first, members);
      int s = members.length;
      boolean listAll = allPairs || s <= maxBucketSize;
      for (int i = 0; i < s; i++) {
        groupOf[members[i]] = first;
        if (i > 0) {
          uf.union(first, members[i]);
        }
      }
      verified += (long) s * (s - 1) / 2;
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
        unlistedIdentical += (long) s * (s - 1) / 2 - (s - 1);
      }
    }

    /** Whether a document stands for itself in the buckets: in no group, or its group's first. */
    private boolean representative(int doc) {
      return groupOf == null || groupOf[doc] < 0 || groupOf[doc] == doc;
    }

    private int groupSize(int doc) {
      if (groupOf == null || groupOf[doc] < 0) {
        return 1;
      }
      return groups.get(groupOf[doc]).length;
    }

    // ------------------------------------------------------------------ buckets

    private void buckets(LongSorter pairs) throws IOException {
      long[][] out = {new long[1024]};
      forEachRun(
          bandEntries,
          "buckets",
          this::representative,
          (docs, size) -> out[0] = bucket(docs, size, pairs, out[0]));
    }

    private long[] bucket(int[] docs, int size, LongSorter pairs, long[] out) throws IOException {
      largestBucket = Math.max(largestBucket, size);
      if (size > maxBucketSize && !allPairs) {
        deferred.add(Arrays.copyOf(docs, size));
        return out;
      }
      int k = 0;
      for (int i = 0; i < size - 1; i++) {
        long a = (long) docs[i] << 32;
        for (int j = i + 1; j < size; j++) {
          if (k == out.length) {
            pairs.addAll(out, k);
            k = 0;
          }
          out[k++] = a | docs[j];
        }
      }
      pairs.addAll(out, k);
      return out;
    }

    // ------------------------------------------------------------------ verify

    private void verify(LongSorter pairs) throws IOException {
      long total = pairs.size();
      ExecutorService pool =
          threads > 1
              ? Executors.newFixedThreadPool(
                  threads,
                  r -> {
                    Thread t = new Thread(r, "neardup-verify");
                    t.setDaemon(true);
                    return t;
                  })
              : null;
      ArrayDeque<Future<Verified>> inFlight = new ArrayDeque<>();
      long done = 0;
      try (LongSorter.Cursor cursor = pairs.sorted()) {
        long[] chunk = new long[VERIFY_CHUNK];
        int size = 0;
        long previous = -1;
        while (true) {
          boolean more = cursor.next();
          if (more) {
            long v = cursor.value();
            done++;
            if (v == previous) {
              continue; // shared by more than one band
            }
            previous = v;
            chunk[size++] = v;
            candidates++;
          }
          if (size == chunk.length || (!more && size > 0)) {
            long[] task = chunk;
            int taskSize = size;
            if (pool == null) {
              apply(verifyChunk(task, taskSize));
            } else {
              inFlight.add(pool.submit(() -> verifyChunk(task, taskSize)));
              if (inFlight.size() >= 2 * threads) {
                apply(take(inFlight.poll()));
              }
            }
            chunk = new long[VERIFY_CHUNK];
            size = 0;
            progress.update("verify", done, total);
          }
          if (!more) {
            break;
          }
        }
        while (!inFlight.isEmpty()) {
          apply(take(inFlight.poll()));
        }
      } finally {
        if (pool != null) {
          pool.shutdownNow();
        }
      }
      progress.update("verify", total, total);
    }

    /** The pairs of a chunk that reach the threshold, in the chunk's order. */
    private record Verified(long[] pairs, double[] similarities, int size) {}

    private Verified verifyChunk(long[] chunk, int size) throws IOException {
      long[] pairs = new long[Math.min(size, 256)];
      double[] similarities = new double[pairs.length];
      int found = 0;
      Buffers buffers = new Buffers();
      int loaded = -1;
      for (int i = 0; i < size; i++) {
        int x = (int) (chunk[i] >>> 32);
        int y = (int) chunk[i];
        if (x != loaded) {
          buffers.a = sets.read(x, buffers.a);
          loaded = x;
        }
        double s = similarity(x, y, buffers);
        if (s < 0) {
          continue;
        }
        if (found == pairs.length) {
          pairs = Arrays.copyOf(pairs, found * 2);
          similarities = Arrays.copyOf(similarities, found * 2);
        }
        pairs[found] = chunk[i];
        similarities[found++] = s;
      }
      return new Verified(pairs, similarities, found);
    }

    /**
     * The similarity of x (whose set is in {@code buffers.a}) and y if it reaches the threshold,
     * else -1.
     */
    private double similarity(int x, int y, Buffers buffers) throws IOException {
      int lengthA = sets.length(x);
      int lengthB = sets.length(y);
      if (verification == Verification.EXACT
          && !LengthRatio.canReach(lengthA, lengthB, threshold)) {
        pruned.incrementAndGet();
        return -1;
      }
      buffers.b = sets.read(y, buffers.b);
      int[] a = buffers.a;
      int[] b = buffers.b;
      if (verification == Verification.EXACT) {
        double j = CompactShingleSet.jaccard(a, lengthA, b, lengthB);
        return j >= threshold ? j : -1;
      }
      int matches = countMatches(a, b, lengthA);
      if (matches < minMatches) {
        return -1;
      }
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

    private Verified take(Future<Verified> f) throws IOException {
      try {
        return f.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while verifying");
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IOException io) {
          throw io;
        }
        if (cause instanceof RuntimeException r) {
          throw r;
        }
        if (cause instanceof Error err) {
          throw err;
        }
        throw new IllegalStateException(cause);
      }
    }

    private void apply(Verified v) throws IOException {
      for (int i = 0; i < v.size(); i++) {
        int x = (int) (v.pairs()[i] >>> 32);
        int y = (int) v.pairs()[i];
        uf.union(x, y);
        listExpanded(x, y, v.similarities()[i]);
      }
    }

    /**
     * Lists a verified pair of representatives and, when their groups are small enough to have been
     * one bucket, the pairs of their groups' members, which have the same similarity.
     */
    private void listExpanded(int x, int y, double similarity) throws IOException {
      int gx = groupSize(x);
      int gy = groupSize(y);
      long pairs = (long) gx * gy;
      verified += pairs;
      if (pairs == 1) {
        list(x, y, similarity);
        return;
      }
      if (!allPairs && gx + gy > maxBucketSize) {
        list(x, y, similarity);
        unlistedIdentical += pairs - 1;
        return;
      }
      int[] mx = gx == 1 ? new int[] {x} : groups.get(x);
      int[] my = gy == 1 ? new int[] {y} : groups.get(y);
      for (int a : mx) {
        for (int b : my) {
          list(Math.min(a, b), Math.max(a, b), similarity);
        }
      }
    }

    private void list(int a, int b, double similarity) throws IOException {
      listed++;
      if (sink != null) {
        sink.accept(a, b, similarity);
      }
    }

    // ------------------------------------------------------------------ oversized

    private void oversized() throws IOException {
      int[] reps = new int[representatives];
      Buffers buffers = new Buffers();
      long[] joined = new long[deferred.size()];
      for (int k = 0; k < deferred.size(); k++) {
        int[] docs = deferred.get(k);
        int count = 0;
        for (int m : docs) {
          boolean matched = false;
          for (int r = 0; r < count; r++) {
            int rep = reps[r];
            if (uf.connected(rep, m)) {
              matched = true;
              continue;
            }
            candidates++;
            buffers.a = sets.read(rep, buffers.a);
            double s = similarity(rep, m, buffers);
            if (s >= 0) {
              uf.union(rep, m);
              joined[k]++;
              listExpanded(Math.min(rep, m), Math.max(rep, m), s);
              matched = true;
            }
          }
          if (!matched && count < reps.length) {
            reps[count++] = m;
          }
        }
        progress.update("oversized", k + 1, deferred.size());
      }
      // pairs of one cluster inside a deferred bucket that no comparison covered
      Map<Integer, Integer> perRoot = new HashMap<>();
      for (int k = 0; k < deferred.size(); k++) {
        perRoot.clear();
        for (int m : deferred.get(k)) {
          perRoot.merge(uf.find(m), 1, Integer::sum);
        }
        long together = 0;
        for (int c : perRoot.values()) {
          together += (long) c * (c - 1) / 2;
        }
        uncompared += Math.max(0, together - joined[k]);
      }
    }

    // ------------------------------------------------------------------ clusters

    private List<Cluster> clusters() {
      int[] clusterOfRoot = new int[n];
      Arrays.fill(clusterOfRoot, -1);
      int[] sizes = new int[16];
      int count = 0;
      for (int d = 0; d < n; d++) {
        int root = uf.find(d);
        if (uf.setSize(root) < 2) {
          continue;
        }
        if (clusterOfRoot[root] < 0) {
          clusterOfRoot[root] = count++;
          sizes = grow(sizes, count);
        }
        sizes[clusterOfRoot[root]]++;
      }
      int[][] members = new int[count][];
      int[] filled = new int[count];
      int[] best = new int[count];
      for (int c = 0; c < count; c++) {
        members[c] = new int[sizes[c]];
      }
      for (int d = 0; d < n; d++) {
        int root = uf.find(d);
        int c = uf.setSize(root) < 2 ? -1 : clusterOfRoot[root];
        if (c < 0) {
          continue;
        }
        int i = filled[c]++;
        members[c][i] = d;
        // strictly better only: members come in ascending order, so ties keep the first
        if (i > 0 && canonical.compare(d, members[c][best[c]]) < 0) {
          best[c] = i;
        }
        if ((d & 0xFFFF) == 0) {
          progress.update("clusters", d, n);
        }
      }
      List<Cluster> out = new ArrayList<>(count);
      for (int c = 0; c < count; c++) {
        out.add(new Cluster(members[c][best[c]], members[c]));
      }
      progress.update("clusters", n, n);
      return out;
    }
  }

  /** The two sets being compared, grown as needed. */
  private static final class Buffers {
    int[] a = new int[256];
    int[] b = new int[256];
  }

  private static int[] grow(int[] a, int size) {
    return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, a.length * 2));
  }
}
