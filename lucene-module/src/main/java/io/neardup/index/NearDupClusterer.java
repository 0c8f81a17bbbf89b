package io.neardup.index;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.LengthRatio;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.PhaseProgress;
import io.neardup.cluster.SketchTable;
import io.neardup.cluster.UnionFind;
import io.neardup.cluster.Verification;
import io.neardup.document.CanonicalKeys;
import io.neardup.document.NearDupFields;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.token.TokenEncoding;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.ArrayUtil;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;
import org.apache.lucene.util.ThreadInterruptedException;

/**
 * Clusters a whole index into groups of near-duplicates.
 *
 * <p>The algorithm, in phases:
 *
 * <ol>
 *   <li><b>load</b>: every live document's sketch is read from doc values into a {@link
 *       SketchTable} once (k·bits/8 bytes per document).
 *   <li><b>exact</b>: when the settings have {@code exact=true}, documents sharing an
 *       exact-duplicate token (field {@code name.exact}) are joined first, with similarity 1; texts
 *       without tokens never are.
 *   <li><b>bands</b>: the postings of each band token are a bucket of candidates. In buckets of up
 *       to {@link #maxBucketSize(int)} documents every pair is verified, unless it is already in
 *       one cluster, and pairs reaching the threshold are joined with union-find. Bands are spread
 *       over the {@link #threads(int) threads}.
 *   <li><b>oversized</b>: a larger bucket (thousands of copies of one boilerplate text) is never
 *       verified pair by pair: each member is compared with a few representatives only (the first
 *       member, and each member that matched none of the earlier representatives, up to {@link
 *       #representatives(int)}), so the cost is linear in the bucket size.
 *   <li><b>clusters</b>: the union-find sets of two or more documents become {@link Cluster}s, each
 *       with a canonical member chosen by the {@link CanonicalPolicy}.
 * </ol>
 *
 * <p>Verification uses the sketch estimate ({@link Verification#SKETCH}, the same decision as
 * {@link io.neardup.search.NearDuplicateQuery}) or the exact Jaccard similarity of the stored
 * shingle sets ({@link Verification#EXACT}, with length-ratio pruning). Every pair reported to the
 * {@link PairSink} truly reaches the threshold; a cluster is a connected component of such pairs,
 * so two members of one cluster may be less similar than the threshold to each other (single
 * linkage). A pair of similarity s shares no band, and can only be joined through other members,
 * with probability (1 − s<sup>r</sup>)<sup>b</sup> ({@link Banding}).
 *
 * <p>Memory grows with the number of documents, never with the number of candidate pairs: the
 * sketch table, 8 bytes of union-find per document and per thread, and the postings of one bucket
 * per thread. The clusters do not depend on the number of threads or on scheduling; the set of
 * reported pairs may (a pair is not verified once its documents are in one cluster), unless {@link
 * #allPairs(boolean)} is set.
 *
 * <pre>{@code
 * IndexMetadata meta = IndexMetadata.read(reader);
 * ClusterResult result =
 *     new NearDupClusterer(reader, meta.fields(), meta.settings())
 *         .threshold(0.9)
 *         .canonical(CanonicalPolicy.lowest("published"))
 *         .run((a, b, similarity) -> out.println(a + "\t" + b + "\t" + similarity));
 * for (Cluster c : result.clusters()) { ... }
 * }</pre>
 *
 * <p>A configured clusterer can be run more than once; it is not meant to be configured from
 * several threads.
 */
public final class NearDupClusterer {
  /**
   * Default largest bucket whose pairs are all verified: 128 members are at most 8 128 pairs, and a
   * real group of near-duplicates that large joins long before that.
   */
  public static final int DEFAULT_MAX_BUCKET_SIZE = 128;

  /** Default number of representatives an oversized bucket's members are compared with. */
  public static final int DEFAULT_REPRESENTATIVES = 8;

  /** Documents per loading task. */
  private static final int LOAD_RANGE = 1 << 14;

  /** Decoded shingle sets kept per thread for {@link Verification#EXACT}, in fingerprints. */
  private static final long SHINGLE_CACHE_BUDGET = 1L << 23;

  private final IndexReader reader;
  private final NearDupFields fields;
  private final NearDupSettings settings;
  private double threshold;
  private Verification verification = Verification.SKETCH;
  private CanonicalPolicy canonical = CanonicalPolicy.BEST_SCORE;
  private int threads = Runtime.getRuntime().availableProcessors();
  private PhaseProgress progress = PhaseProgress.NONE;
  private int maxBucketSize = DEFAULT_MAX_BUCKET_SIZE;
  private int representatives = DEFAULT_REPRESENTATIVES;
  private boolean allPairs;

  /**
   * A clusterer of the documents of {@code reader}.
   *
   * @param reader the index; deleted documents are ignored
   * @param fields where the band tokens, sketches and optional exact tokens and shingle sets are
   * @param settings the settings the index was built with (see {@link IndexMetadata})
   */
  public NearDupClusterer(IndexReader reader, NearDupFields fields, NearDupSettings settings) {
    this.reader = Objects.requireNonNull(reader, "reader");
    this.fields = Objects.requireNonNull(fields, "fields");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.threshold = settings.threshold();
  }

  /** The minimum similarity of a verified pair, in (0, 1]; default the settings' threshold. */
  public NearDupClusterer threshold(double t) {
    this.threshold = Banding.checkThreshold(t);
    return this;
  }

  /**
   * How pairs are verified; default {@link Verification#SKETCH}.
   *
   * @throws IllegalArgumentException for {@link Verification#EXACT} when the settings have no
   *     shingle sets
   */
  public NearDupClusterer verification(Verification v) {
    Objects.requireNonNull(v, "verification");
    if (v == Verification.EXACT && !settings.shingles()) {
      throw new IllegalArgumentException(
          "verification [exact] needs the shingle sets in field ["
              + fields.shinglesField()
              + "], but the index was built with shingles=false");
    }
    this.verification = v;
    return this;
  }

  /**
   * Which member of a cluster is canonical; default {@link CanonicalPolicy#BEST_SCORE}, which here
   * means the first indexed (lowest document id). A field policy needs numeric or keyword doc
   * values; ties and members without a value fall back to the lowest document id.
   */
  public NearDupClusterer canonical(CanonicalPolicy p) {
    this.canonical = Objects.requireNonNull(p, "canonical");
    return this;
  }

  /** Number of threads, at least 1; default the number of available processors. */
  public NearDupClusterer threads(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + n);
    }
    this.threads = n;
    return this;
  }

  /** Receives progress reports; default none. */
  public NearDupClusterer progress(PhaseProgress p) {
    this.progress = p == null ? PhaseProgress.NONE : p;
    return this;
  }

  /**
   * The largest bucket whose pairs are all verified, at least 2; default {@value
   * #DEFAULT_MAX_BUCKET_SIZE}. Larger buckets are verified against representatives.
   */
  public NearDupClusterer maxBucketSize(int n) {
    if (n < 2) {
      throw new IllegalArgumentException("maxBucketSize must be >= 2, got " + n);
    }
    this.maxBucketSize = n;
    return this;
  }

  /**
   * How many representatives the members of an oversized bucket are compared with, at least 1;
   * default {@value #DEFAULT_REPRESENTATIVES}.
   */
  public NearDupClusterer representatives(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("representatives must be >= 1, got " + n);
    }
    this.representatives = n;
    return this;
  }

  /**
   * Whether to verify and report every pair that shares a band in a bucket of at most {@link
   * #maxBucketSize(int)} documents, each exactly once, even when its documents are already in one
   * cluster; default false. The clusters are the same; the cost grows with the number of such pairs
   * instead of the number of documents. Exact duplicates are still reported as pairs of the group's
   * first document with each other member, and oversized buckets as pairs of a representative and a
   * member that joined two clusters.
   */
  public NearDupClusterer allPairs(boolean all) {
    this.allPairs = all;
    return this;
  }

  /**
   * Clusters the index.
   *
   * @param sink receives each verified pair once, or null
   * @throws IllegalArgumentException if a sketch was made with other settings, or a field has the
   *     wrong type
   * @throws IOException from the index or the sink
   */
  public ClusterResult run(PairSink sink) throws IOException {
    return new Run(sink).execute();
  }

  /** A bucket too large to verify pair by pair, deferred to the oversized phase. */
  private record Deferred(int band, BytesRef term) {}

  /** Work on one item by one worker. */
  private interface Task {
    void run(int worker, int item) throws IOException;
  }

  /** The state of one run. */
  private final class Run {
    private final PairSink sink;
    private final double threshold = NearDupClusterer.this.threshold;
    private final int maxDoc = reader.maxDoc();
    private final List<LeafReaderContext> leaves = reader.leaves();
    private final Banding banding = settings.banding();
    private final int hashes = settings.sketch().hashes();
    private final int bits = settings.sketch().bits();
    private final int minMatches = Math.max(1, Jaccard.minMatches(threshold, hashes, bits));
    private final Object lock = new Object();
    private final Map<String, Duration> times = new LinkedHashMap<>();
    private ExecutorService pool;
    private SketchTable table;
    private UnionFind global;
    private Worker[] workers;
    // allPairs only: the exact group (its first document) of each document, or -1
    private int[] exactGroup;
    // allPairs only: per band, a bit set of the documents in that band's oversized buckets
    private long[][] oversizedMembers;
    private int documents;
    private int withShingles;
    private int exactGroups;
    private long verifiedPairs;

    Run(PairSink sink) {
      this.sink = sink;
    }

    ClusterResult execute() throws IOException {
      if (threads > 1) {
        AtomicInteger n = new AtomicInteger();
        pool =
            Executors.newFixedThreadPool(
                threads - 1,
                r -> {
                  Thread t = new Thread(r, "neardup-cluster-" + n.incrementAndGet());
                  t.setDaemon(true);
                  return t;
                });
      }
      try {
        load();
        exact();
        bands();
        oversized();
        return clusters();
      } finally {
        if (pool != null) {
          pool.shutdown();
          try {
            pool.awaitTermination(1, TimeUnit.MINUTES);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    }

    // ---------------------------------------------------------------- load

    private void load() throws IOException {
      long start = System.nanoTime();
      if (!checkDocValues(fields.sketchField()) && reader.numDocs() > 0) {
        // neardup writes a sketch for every document, even an empty one: wrong field name
        throw new IllegalArgumentException(
            "no document has a sketch in field ["
                + fields.sketchField()
                + "]: is ["
                + fields.name()
                + "] the name of the index's neardup field?");
      }
      table = new SketchTable(settings.sketch(), maxDoc);
      // ranges of documents rather than whole segments, so that a force-merged index loads on
      // every thread too
      List<int[]> ranges = new ArrayList<>();
      for (int li = 0; li < leaves.size(); li++) {
        int leafMaxDoc = leaves.get(li).reader().maxDoc();
        for (int from = 0; from < leafMaxDoc; from += LOAD_RANGE) {
          ranges.add(new int[] {li, from, Math.min(leafMaxDoc, from + LOAD_RANGE)});
        }
      }
      AtomicInteger loaded = new AtomicInteger();
      AtomicInteger nonEmpty = new AtomicInteger();
      AtomicLong done = new AtomicLong();
      parallel(
          ranges.size(),
          (w, i) -> {
            int[] range = ranges.get(i);
            loadRange(leaves.get(range[0]), range[1], range[2], loaded, nonEmpty);
            report("load", done.addAndGet(range[2] - range[1]), maxDoc);
          });
      documents = loaded.get();
      withShingles = nonEmpty.get();
      if (verification == Verification.EXACT && withShingles > 0) {
        if (!checkDocValues(fields.shinglesField())) {
          throw new IllegalArgumentException(
              "verification [exact] needs the shingle sets in field ["
                  + fields.shinglesField()
                  + "], but no document has one: index with shingles=true");
        }
      }
      global = new UnionFind(maxDoc);
      times.put("load", Duration.ofNanos(System.nanoTime() - start));
    }

    /** Whether some segment has the field; fails if it is not binary doc values. */
    private boolean checkDocValues(String field) {
      boolean found = false;
      for (LeafReaderContext leaf : leaves) {
        FieldInfo info = leaf.reader().getFieldInfos().fieldInfo(field);
        if (info != null) {
          if (info.getDocValuesType() != DocValuesType.BINARY) {
            throw new IllegalArgumentException(
                "field ["
                    + field
                    + "] must have binary doc values written by neardup, it has "
                    + info.getDocValuesType());
          }
          found = true;
        }
      }
      return found;
    }

    private void loadRange(
        LeafReaderContext leaf, int from, int to, AtomicInteger loaded, AtomicInteger nonEmpty)
        throws IOException {
      LeafReader r = leaf.reader();
      BinaryDocValues values = r.getBinaryDocValues(fields.sketchField());
      if (values == null) {
        return;
      }
      Bits live = r.getLiveDocs();
      int count = 0;
      int shingled = 0;
      for (int doc = values.advance(from); doc < to; doc = values.nextDoc()) {
        if (live != null && !live.get(doc)) {
          continue;
        }
        BytesRef b = values.binaryValue();
        Sketch sketch;
        try {
          sketch = SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "document "
                  + (leaf.docBase + doc)
                  + " in field ["
                  + fields.sketchField()
                  + "]: "
                  + e.getMessage(),
              e);
        }
        table.set(leaf.docBase + doc, sketch);
        count++;
        if (!sketch.isEmpty()) {
          shingled++;
        }
      }
      loaded.addAndGet(count);
      nonEmpty.addAndGet(shingled);
    }

    // ---------------------------------------------------------------- exact

    private void exact() throws IOException {
      long start = System.nanoTime();
      Terms terms = settings.exact() ? MultiTerms.getTerms(reader, fields.exactField()) : null;
      if (terms != null) {
        TermsEnum te = terms.iterator();
        PostingsEnum postings = null;
        int[] docs = new int[16];
        for (BytesRef term = te.next(); term != null; term = te.next()) {
          if (te.docFreq() < 2) {
            continue;
          }
          postings = te.postings(postings, PostingsEnum.NONE);
          int n = 0;
          for (int d = postings.nextDoc();
              d != DocIdSetIterator.NO_MORE_DOCS;
              d = postings.nextDoc()) {
            // texts without tokens share one exact token, but are nobody's duplicate
            if (table.hasShingles(d)) {
              docs = ArrayUtil.grow(docs, n + 1);
              docs[n++] = d;
            }
          }
          if (n < 2) {
            continue;
          }
          exactGroups++;
          int first = docs[0];
          if (allPairs) {
            if (exactGroup == null) {
              exactGroup = new int[maxDoc];
              Arrays.fill(exactGroup, -1);
            }
            exactGroup[first] = first;
          }
          for (int i = 1; i < n; i++) {
            join(first, docs[i], 1.0, false);
            if (allPairs) {
              exactGroup[docs[i]] = first;
            }
          }
          report("exact", exactGroups, -1);
        }
      }
      times.put("exact", Duration.ofNanos(System.nanoTime() - start));
    }

    // ---------------------------------------------------------------- bands

    private void bands() throws IOException {
      long start = System.nanoTime();
      int bands = banding.bands();
      workers = new Worker[Math.min(threads, bands)];
      for (int i = 0; i < workers.length; i++) {
        workers[i] = new Worker();
      }
      // each worker opens its own terms: Lucene's enums must not move between threads
      if (MultiTerms.getTerms(reader, fields.bandField()) != null) {
        if (allPairs) {
          // a pair is verified in the lowest band it shares outside oversized buckets, so those
          // must be known for every band before any pair is verified
          oversizedMembers = new long[bands][];
          parallel(
              bands,
              (w, band) -> {
                workers[w].bind();
                markOversized(workers[w], band);
              });
        }
        AtomicInteger done = new AtomicInteger();
        parallel(
            bands,
            (w, band) -> {
              workers[w].bind();
              scanBand(workers[w], band);
              report("bands", done.incrementAndGet(), bands);
            });
      }
      times.put("bands", Duration.ofNanos(System.nanoTime() - start));
    }

    /** The first 4 characters of every band token of a band: {@code b} and 3 hex digits. */
    private BytesRef bandPrefix(int band) {
      int length = TokenEncoding.BAND_TOKEN_LENGTH - 16;
      return new BytesRef(TokenEncoding.bandToken(band, 0).substring(0, length));
    }

    private void markOversized(Worker w, int band) throws IOException {
      BytesRef prefix = bandPrefix(band);
      TermsEnum te = w.termsEnum();
      if (te.seekCeil(prefix) == TermsEnum.SeekStatus.END) {
        return;
      }
      do {
        if (!StringHelper.startsWith(te.term(), prefix)) {
          break;
        }
        if (te.docFreq() > maxBucketSize) {
          int n = w.readBucket(te);
          if (oversizedMembers[band] == null) {
            oversizedMembers[band] = new long[(maxDoc + 63) >>> 6];
          }
          long[] set = oversizedMembers[band];
          for (int i = 0; i < n; i++) {
            set[w.docs[i] >>> 6] |= 1L << w.docs[i];
          }
        }
      } while (te.next() != null);
    }

    private void scanBand(Worker w, int band) throws IOException {
      BytesRef prefix = bandPrefix(band);
      TermsEnum te = w.termsEnum();
      if (te.seekCeil(prefix) == TermsEnum.SeekStatus.END) {
        return;
      }
      do {
        BytesRef term = te.term();
        if (!StringHelper.startsWith(term, prefix)) {
          break;
        }
        int df = te.docFreq();
        if (df < 2) {
          continue; // most band tokens belong to one document only
        }
        if (df > maxBucketSize) {
          w.deferred.add(new Deferred(band, BytesRef.deepCopyOf(term)));
          continue;
        }
        int n = w.readBucket(te);
        if (n >= 2) {
          w.buckets++;
          w.largestBucket = Math.max(w.largestBucket, n);
          verifyAllPairs(w, band, w.docs, n);
        }
      } while (te.next() != null);
    }

    private void verifyAllPairs(Worker w, int band, int[] docs, int n) throws IOException {
      for (int i = 0; i < n - 1; i++) {
        int a = docs[i];
        for (int j = i + 1; j < n; j++) {
          int b = docs[j];
          if (allPairs) {
            if (sameExactGroup(a, b) || verifiedInLowerBand(a, b, band)) {
              continue;
            }
          } else if (w.uf.connected(a, b)) {
            w.skipped++;
            continue;
          }
          double s = w.similarity(a, b);
          if (s >= 0) {
            if (!allPairs) {
              w.uf.union(a, b);
            }
            join(a, b, s, allPairs);
          }
        }
      }
    }

    private boolean sameExactGroup(int a, int b) {
      return exactGroup != null && exactGroup[a] >= 0 && exactGroup[a] == exactGroup[b];
    }

    /** Whether the pair shares a lower band outside an oversized bucket, where it was verified. */
    private boolean verifiedInLowerBand(int a, int b, int band) {
      for (int lower = 0; lower < band; lower++) {
        long[] oversized = oversizedMembers[lower];
        boolean inOversized = oversized != null && (oversized[a >>> 6] & (1L << a)) != 0;
        if (!inOversized && table.bandAgrees(a, b, banding, lower)) {
          return true;
        }
      }
      return false;
    }

    // ---------------------------------------------------------------- oversized

    private void oversized() throws IOException {
      long start = System.nanoTime();
      List<Deferred> deferred = new ArrayList<>();
      for (Worker w : workers) {
        deferred.addAll(w.deferred);
      }
      // in index order, so that the representatives and thus the clusters never depend on threads
      deferred.sort(Comparator.comparingInt(Deferred::band).thenComparing(Deferred::term));
      Worker w = workers[0];
      w.bind();
      TermsEnum te = deferred.isEmpty() ? null : w.termsEnum();
      int[] reps = new int[representatives];
      for (int k = 0; k < deferred.size(); k++) {
        if (!te.seekExact(deferred.get(k).term())) {
          throw new IllegalStateException("term vanished from the index: " + deferred.get(k));
        }
        int n = w.readBucket(te);
        w.oversized++;
        w.largestBucket = Math.max(w.largestBucket, n);
        if (n >= 2) {
          w.buckets++;
          verifyAgainstRepresentatives(w, w.docs, n, reps);
        }
        report("oversized", k + 1, deferred.size());
      }
      times.put("oversized", Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * Leader clustering of one bucket: each member is compared with the representatives so far and
     * joined to those it reaches; a member that matched none becomes a representative while there
     * is room. At most {@code representatives} comparisons per member.
     */
    private void verifyAgainstRepresentatives(Worker w, int[] docs, int n, int[] reps)
        throws IOException {
      int count = 0;
      for (int i = 0; i < n; i++) {
        int m = docs[i];
        boolean matched = false;
        for (int k = 0; k < count; k++) {
          int r = reps[k];
          if (global.connected(r, m)) {
            w.skipped++;
            matched = true;
            continue;
          }
          double s = w.similarity(r, m);
          if (s >= 0) {
            join(r, m, s, false);
            matched = true;
          }
        }
        if (!matched && count < reps.length) {
          reps[count++] = m;
        }
      }
    }

    // ---------------------------------------------------------------- clusters

    private ClusterResult clusters() throws IOException {
      long start = System.nanoTime();
      int[] clusterOfRoot = new int[maxDoc];
      Arrays.fill(clusterOfRoot, -1);
      List<int[]> members = new ArrayList<>();
      int[] filled = new int[16];
      int clustered = 0;
      for (int d = 0; d < maxDoc; d++) {
        if ((d & 0xFFFF) == 0) {
          report("clusters", d, maxDoc);
        }
        if (!table.hasShingles(d)) {
          continue;
        }
        int root = global.find(d);
        int size = global.setSize(root);
        if (size < 2) {
          continue;
        }
        int c = clusterOfRoot[root];
        if (c < 0) {
          c = members.size();
          clusterOfRoot[root] = c;
          members.add(new int[size]);
          filled = ArrayUtil.grow(filled, c + 1);
        }
        members.get(c)[filled[c]++] = d;
        clustered++;
      }
      int[] canonicalIndex = chooseCanonicals(members, clustered);
      List<Cluster> clusters = new ArrayList<>(members.size());
      for (int c = 0; c < members.size(); c++) {
        int[] m = members.get(c);
        clusters.add(new Cluster(m[canonicalIndex[c]], m));
      }
      report("clusters", maxDoc, maxDoc);
      times.put("clusters", Duration.ofNanos(System.nanoTime() - start));
      long candidates = 0;
      long skipped = 0;
      long pruned = 0;
      long buckets = 0;
      int largest = 0;
      int oversized = 0;
      for (Worker w : workers) {
        candidates += w.candidates;
        skipped += w.skipped;
        pruned += w.pruned;
        buckets += w.buckets;
        largest = Math.max(largest, w.largestBucket);
        oversized += w.oversized;
      }
      ClusterStats stats =
          new ClusterStats(
              documents,
              buckets,
              largest,
              oversized,
              candidates,
              skipped,
              pruned,
              verifiedPairs,
              exactGroups,
              times);
      return new ClusterResult(clusters, stats);
    }

    /** The index in its member array of each cluster's canonical document. */
    private int[] chooseCanonicals(List<int[]> members, int clustered) throws IOException {
      int[] best = new int[members.size()]; // the lowest document id unless a field decides
      if (canonical.byScore() || members.isEmpty()) {
        return best;
      }
      int[] all = new int[clustered];
      int offset = 0;
      for (int[] m : members) {
        System.arraycopy(m, 0, all, offset, m.length);
        offset += m.length;
      }
      CanonicalKeys keys = CanonicalKeys.load(reader, canonical, all);
      offset = 0;
      for (int c = 0; c < members.size(); c++) {
        int size = members.get(c).length;
        for (int i = 1; i < size; i++) {
          // strictly better only: members are ascending, so ties keep the lower document id
          if (keys.compare(offset + i, offset + best[c]) < 0) {
            best[c] = i;
          }
        }
        offset += size;
      }
      return best;
    }

    // ---------------------------------------------------------------- shared

    /**
     * Joins a verified pair in the global sets and reports it if that joined two clusters (or
     * always, when every pair is reported).
     */
    private void join(int a, int b, double similarity, boolean always) throws IOException {
      synchronized (lock) {
        if (global.union(a, b) || always) {
          verifiedPairs++;
          if (sink != null) {
            sink.accept(Math.min(a, b), Math.max(a, b), similarity);
          }
        }
      }
    }

    private void report(String phase, long done, long total) {
      synchronized (lock) {
        progress.update(phase, done, total);
      }
    }

    /**
     * Runs {@code task} on items {@code [0, items)} with up to {@code threads} workers, the calling
     * thread being worker 0; the first failure stops the others and is rethrown.
     */
    private void parallel(int items, Task task) throws IOException {
      int n = Math.min(threads, items);
      if (n <= 0) {
        return;
      }
      AtomicInteger next = new AtomicInteger();
      AtomicBoolean stop = new AtomicBoolean();
      List<Future<?>> futures = new ArrayList<>(n - 1);
      for (int w = 1; w < n; w++) {
        int worker = w;
        futures.add(
            pool.submit(() -> {
              loop(worker, items, next, stop, task);
              return null;
            }));
      }
      Throwable failure = null;
      try {
        loop(0, items, next, stop, task);
      } catch (Throwable t) {
        failure = t;
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (failure == null) {
            failure = e.getCause();
          } else {
            failure.addSuppressed(e.getCause());
          }
        } catch (InterruptedException e) {
          stop.set(true);
          Thread.currentThread().interrupt();
          throw new ThreadInterruptedException(e);
        }
      }
      if (failure instanceof IOException e) {
        throw e;
      } else if (failure instanceof RuntimeException e) {
        throw e;
      } else if (failure instanceof Error e) {
        throw e;
      } else if (failure != null) {
        throw new IllegalStateException(failure);
      }
    }

    private void loop(int worker, int items, AtomicInteger next, AtomicBoolean stop, Task task)
        throws IOException {
      int i;
      while (!stop.get() && (i = next.getAndIncrement()) < items) {
        try {
          task.run(worker, i);
        } catch (IOException | RuntimeException | Error e) {
          stop.set(true);
          throw e;
        }
      }
    }

    /**
     * The private state of one thread: its union-find copy, which sees its own joins at once and
     * other threads' joins never, so it only ever skips pairs that truly are in one cluster.
     */
    private final class Worker {
      final UnionFind uf = allPairs ? null : global.copy();
      final ShingleSets shingles =
          verification == Verification.EXACT
              ? new ShingleSets(maxBucketSize + representatives)
              : null;
      final List<Deferred> deferred = new ArrayList<>();
      int[] docs = new int[16];
      private Thread owner;
      private TermsEnum termsEnum;
      private PostingsEnum postings;
      long candidates;
      long skipped;
      long pruned;
      long buckets;
      int largestBucket;
      int oversized;

      /**
       * Called by each task before it uses this worker: Lucene's enums and doc values iterators
       * belong to the thread that created them, and a worker may move to another pool thread
       * between phases.
       */
      void bind() {
        Thread current = Thread.currentThread();
        if (owner != current) {
          owner = current;
          termsEnum = null;
          postings = null;
          if (shingles != null) {
            shingles.reset();
          }
        }
      }

      TermsEnum termsEnum() throws IOException {
        if (termsEnum == null) {
          termsEnum = MultiTerms.getTerms(reader, fields.bandField()).iterator();
        }
        return termsEnum;
      }

      /** Reads the live documents with shingles of the current term into {@link #docs}. */
      int readBucket(TermsEnum te) throws IOException {
        postings = te.postings(postings, PostingsEnum.NONE);
        int n = 0;
        for (int d = postings.nextDoc();
            d != DocIdSetIterator.NO_MORE_DOCS;
            d = postings.nextDoc()) {
          if (table.hasShingles(d)) {
            docs = ArrayUtil.grow(docs, n + 1);
            docs[n++] = d;
          }
        }
        return n;
      }

      /** The similarity of a pair if it reaches the threshold, else -1. */
      double similarity(int a, int b) throws IOException {
        candidates++;
        if (verification == Verification.SKETCH) {
          int matches = table.countMatches(a, b);
          if (matches < minMatches) {
            return -1;
          }
          return Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
        }
        int sizeA = table.shingleCount(a);
        int sizeB = table.shingleCount(b);
        if (!LengthRatio.canReach(Math.max(0, sizeA), Math.max(0, sizeB), threshold)) {
          pruned++;
          return -1;
        }
        int[] setA = shingles.get(a);
        int[] setB = shingles.get(b);
        double j = CompactShingleSet.jaccard(setA, setA.length, setB, setB.length);
        return j >= threshold ? j : -1;
      }
    }

    /**
     * Random access to decoded shingle sets, with a small least-recently-used cache: a bucket's
     * members are read once however many pairs they are in.
     */
    private final class ShingleSets {
      private final BinaryDocValues[] iterators = new BinaryDocValues[leaves.size()];
      private final Map<Integer, int[]> cache;
      private long cached;

      ShingleSets(int entries) {
        this.cache =
            new LinkedHashMap<>(2 * entries, 0.75f, true) {
              @Override
              protected boolean removeEldestEntry(Map.Entry<Integer, int[]> eldest) {
                if (size() > entries || cached > SHINGLE_CACHE_BUDGET) {
                  cached -= eldest.getValue().length;
                  return true;
                }
                return false;
              }
            };
      }

      /** Forgets the doc values iterators (the decoded sets stay valid). */
      void reset() {
        Arrays.fill(iterators, null);
      }

      int[] get(int doc) throws IOException {
        int[] set = cache.get(doc);
        if (set == null) {
          set = read(doc);
          cached += set.length;
          cache.put(doc, set);
        }
        return set;
      }

      private int[] read(int doc) throws IOException {
        int li = ReaderUtil.subIndex(doc, leaves);
        LeafReaderContext leaf = leaves.get(li);
        int target = doc - leaf.docBase;
        BinaryDocValues values = iterators[li];
        if (values == null || values.docID() >= target) {
          // doc values only go forward: start over for an earlier document
          values = leaf.reader().getBinaryDocValues(fields.shinglesField());
          iterators[li] = values;
        }
        if (values == null || !values.advanceExact(target)) {
          throw new IllegalArgumentException(
              "document "
                  + doc
                  + " has no shingle set in field ["
                  + fields.shinglesField()
                  + "]: verification [exact] needs an index built with shingles=true");
        }
        BytesRef b = values.binaryValue();
        try {
          return ShingleSetFormat.decodeCompact(b.bytes, b.offset, b.length);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "document " + doc + " in field [" + fields.shinglesField() + "]: " + e.getMessage(),
              e);
        }
      }
    }
  }
}
