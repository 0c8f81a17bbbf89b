package io.neardup.index;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.ClusterResult;
import io.neardup.cluster.PairSink;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.Clusterer;
import io.neardup.cluster.core.PairMeasures;
import io.neardup.cluster.core.PhaseProgress;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.document.CanonicalKeys;
import io.neardup.document.NearDupFields;
import io.neardup.lsh.BandHasher;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchComparison;
import io.neardup.sketch.SketchFormat;
import io.neardup.util.Futures;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Clusters a whole index into groups of near-duplicates: reads every live document's sketch (and,
 * for {@link Verification#EXACT}, its shingle set) from doc values on all threads, hands them to
 * the clustering core ({@link Clusterer}), and chooses canonicals by a {@link CanonicalPolicy} over
 * the index's doc values. The band hashes are recomputed from the stored sketch, exactly as the
 * {@code nearDup} filter computed the indexed band tokens, so the buckets are those of the index.
 *
 * <p>Phases: {@code load} (documents read), then the core's ({@link Clusterer#progress}). When the
 * settings have {@code exact=true}, documents with equal sets are joined first, with similarity 1;
 * texts without shingles never are anybody's near-duplicate.
 *
 * <p>Every pair reported to the {@link PairSink} truly reaches the threshold; a cluster is a
 * connected component of such pairs (single linkage). A pair of similarity s shares no band, and
 * can only be joined through other members, with probability (1 − s<sup>r</sup>)<sup>b</sup>
 * ({@link Banding}).
 *
 * <p>By default only the pairs that joined two clusters are reported, and memory is O(documents) on
 * the heap: the sets (k·bits/8 bytes per document for sketches, 4 bytes per shingle for exact
 * verification) and 8 bytes per band per document. {@link #allPairs(boolean)} reports every pair;
 * {@link #spill(SpillDirectory)} moves the sets and sorted runs to temporary files for indexes
 * whose sets do not fit the heap.
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
  /** Default largest bucket whose pairs are all verified. */
  public static final int DEFAULT_MAX_BUCKET_SIZE = Clusterer.DEFAULT_MAX_BUCKET_SIZE;

  /** Default number of representatives an oversized bucket's members are compared with. */
  public static final int DEFAULT_REPRESENTATIVES = Clusterer.DEFAULT_REPRESENTATIVES;

  /** Documents per loading task. */
  private static final int LOAD_RANGE = 1 << 14;

  private final IndexReader reader;
  private final NearDupFields fields;
  private final NearDupSettings settings;
  private double threshold;
  private Verification verification = Verification.SKETCH;
  private boolean deltaSets;
  private CanonicalPolicy canonical = CanonicalPolicy.BEST_SCORE;
  private int threads = Runtime.getRuntime().availableProcessors();
  private PhaseProgress progress = PhaseProgress.NONE;
  private double nearMissFloor = Double.NaN;
  private PairSink nearMisses;
  private int maxBucketSize = DEFAULT_MAX_BUCKET_SIZE;
  private int representatives = DEFAULT_REPRESENTATIVES;
  private boolean allPairs;
  private SpillDirectory spill;
  private long memory = Clusterer.DEFAULT_MEMORY;

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
   * How pairs are verified; default {@link Verification#SKETCH}. {@link Verification#EXACT} needs
   * the documents' shingle sets ({@code shingles=true}, or an analyzer that keeps them as the
   * engines' {@code verify: exact} fields do); {@link #run} fails naming the field without them.
   */
  public NearDupClusterer verification(Verification v) {
    this.verification = Objects.requireNonNull(v, "verification");
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

  /**
   * Also hands {@code sink} the candidate pairs verified below the threshold at or above {@code
   * floor}, as {@link Clusterer#nearMisses} does; default none.
   */
  public NearDupClusterer nearMisses(double floor, PairSink sink) {
    this.nearMissFloor = floor;
    this.nearMisses = sink;
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
   * Whether to verify and report every pair that shares a band, also inside oversized buckets, each
   * exactly once, even when its documents are already in one cluster; default false, which reports
   * the pairs that joined two clusters. The clusters are the same; the cost grows with the number
   * of such pairs instead of the number of documents.
   */
  public NearDupClusterer allPairs(boolean all) {
    this.allPairs = all;
    return this;
  }

  /**
   * Where sets and sorted runs go when they exceed {@link #memory(long)}; default none: everything
   * stays on the heap.
   */
  public NearDupClusterer spill(SpillDirectory directory) {
    this.spill = directory;
    return this;
  }

  /** The memory sorted runs may use before they spill, in bytes; default 256 MB. */
  public NearDupClusterer memory(long bytes) {
    this.memory = bytes;
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
    List<LeafReaderContext> leaves = reader.leaves();
    if (!checkDocValues(leaves, fields.sketchField()) && reader.numDocs() > 0) {
      // neardup writes a sketch for every document, even an empty one: wrong field name
      throw new IllegalArgumentException(
          "no document has a sketch in field ["
              + fields.sketchField()
              + "]: is ["
              + fields.name()
              + "] the name of the index's neardup field?");
    }
    boolean shingleSets =
        verification == Verification.EXACT && checkDocValues(leaves, fields.shinglesField());
    deltaSets =
        shingleSets && settings.sketch().scheme().comparison().setsDecide() && deltaSets(leaves);
    try (Clusterer core =
        newCore()
            .maxBucketSize(maxBucketSize)
            .representatives(representatives)
            .allPairs(allPairs)
            .joinsOnly(!allPairs)
            .identicalGroups(settings.exact())
            .threads(threads)
            .memory(memory)
            .progress(progress)) {
      if (nearMisses != null) {
        core.nearMisses(nearMissFloor, nearMisses);
      }
      long start = System.nanoTime();
      load(leaves, core, shingleSets);
      Duration load = Duration.ofNanos(System.nanoTime() - start);
      ClusterResult result = core.finish(reader.maxDoc(), canonicalOrder(), sink);
      return new ClusterResult(result.clusters(), result.stats().withPhaseBefore("load", load));
    }
  }

  /**
   * The clustering core: SimHash sketches are verified by their Hamming distance, the others by
   * their Jaccard estimate or their exact shingle sets.
   */
  private Clusterer newCore() {
    int bands = settings.banding().bands();
    if (settings.sketch().scheme().comparison() == SketchComparison.HAMMING
        && verification == Verification.SKETCH) {
      return new Clusterer(spill, PairMeasures.hamming(), threshold, bands);
    }
    if (deltaSets) {
      // sets cut to their own widths, as the engines store them: decided as the engines decide
      return new Clusterer(
          spill,
          PairMeasures.sketchThenSets(settings.sketch().hashes(), settings.sketch().bits()),
          threshold,
          bands);
    }
    return new Clusterer(spill, verification, threshold, bands)
        .sketches(settings.sketch().hashes(), settings.sketch().bits());
  }

  /**
   * Whether the index's shingle sets are in {@link ShingleSetFormat#VERSION_DELTA}, the engines'
   * layout (its first set says; one index is written by one writer).
   */
  private boolean deltaSets(List<LeafReaderContext> leaves) throws IOException {
    for (LeafReaderContext leaf : leaves) {
      BinaryDocValues values = leaf.reader().getBinaryDocValues(fields.shinglesField());
      if (values != null && values.nextDoc() != DocIdSetIterator.NO_MORE_DOCS) {
        BytesRef b = values.binaryValue();
        return b.length > 0 && b.bytes[b.offset] == ShingleSetFormat.VERSION_DELTA;
      }
    }
    return false;
  }

  /** Whether some segment has the field; fails if it is not binary doc values. */
  private static boolean checkDocValues(List<LeafReaderContext> leaves, String field) {
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

  // ------------------------------------------------------------------ load

  /** Reads every live document into the core, in ranges of documents spread over the threads. */
  private void load(List<LeafReaderContext> leaves, Clusterer core, boolean shingleSets)
      throws IOException {
    // ranges rather than whole segments, so that a force-merged index loads on every thread too
    List<int[]> ranges = new ArrayList<>();
    for (int li = 0; li < leaves.size(); li++) {
      int leafMaxDoc = leaves.get(li).reader().maxDoc();
      for (int from = 0; from < leafMaxDoc; from += LOAD_RANGE) {
        ranges.add(new int[] {li, from, Math.min(leafMaxDoc, from + LOAD_RANGE)});
      }
    }
    BandHasher hasher = new BandHasher(settings.banding());
    AtomicLong done = new AtomicLong();
    int maxDoc = reader.maxDoc();
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
    try {
      List<Future<?>> tasks = new ArrayList<>();
      for (int[] range : ranges) {
        LeafReaderContext leaf = leaves.get(range[0]);
        if (pool == null) {
          loadRange(leaf, range[1], range[2], core, hasher, shingleSets);
        } else {
          tasks.add(
              pool.submit(() -> {
                loadRange(leaf, range[1], range[2], core, hasher, shingleSets);
                return null;
              }));
        }
      }
      for (int i = 0; i < tasks.size(); i++) {
        Futures.get(tasks.get(i), "reading the index");
        int[] range = ranges.get(i);
        progress.update("load", done.addAndGet(range[2] - range[1]), maxDoc);
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    progress.update("load", maxDoc, maxDoc);
  }

  private void loadRange(
      LeafReaderContext leaf,
      int from,
      int to,
      Clusterer core,
      BandHasher hasher,
      boolean shingleSets)
      throws IOException {
    LeafReader r = leaf.reader();
    BinaryDocValues values = r.getBinaryDocValues(fields.sketchField());
    if (values == null) {
      return;
    }
    BinaryDocValues shingles =
        verification == Verification.EXACT ? r.getBinaryDocValues(fields.shinglesField()) : null;
    Bits live = r.getLiveDocs();
    for (int doc = values.advance(from); doc < to; doc = values.nextDoc()) {
      if (live != null && !live.get(doc)) {
        continue;
      }
      int top = leaf.docBase + doc;
      BytesRef b = values.binaryValue();
      Sketch sketch;
      try {
        sketch = SketchFormat.decode(b.bytes, b.offset, b.length, settings.sketch());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "document " + top + " in field [" + fields.sketchField() + "]: " + e.getMessage(), e);
      }
      if (verification == Verification.SKETCH || sketch.isEmpty()) {
        core.add(top, sketch, hasher);
      } else {
        if (!shingleSets) {
          throw new IllegalArgumentException(
              "verification [exact] needs the shingle sets in field ["
                  + fields.shinglesField()
                  + "], but no document has one: index with shingles=true (or keep the sets as"
                  + " a field with verify: exact does)");
        }
        if (deltaSets) {
          int[] record = PairMeasures.sketchAndSet(sketch, deltaSet(shingles, doc, top));
          long[] bandHashes = new long[settings.banding().bands()];
          hasher.bandHashes(sketch, bandHashes);
          core.add(top, bandHashes, record, record.length);
        } else {
          int[] set = shingleSet(shingles, doc, top);
          core.add(top, sketch, hasher, set, set.length);
        }
      }
    }
  }

  /**
   * Reads the compact shingle set of a document (top-level id), or null if it has none (an index
   * built without shingle sets, or a text without shingles).
   */
  public static int[] readShingles(IndexReader reader, NearDupFields fields, int doc)
      throws IOException {
    LeafReaderContext leaf = reader.leaves().get(ReaderUtil.subIndex(doc, reader.leaves()));
    BinaryDocValues values = leaf.reader().getBinaryDocValues(fields.shinglesField());
    if (values == null || !values.advanceExact(doc - leaf.docBase)) {
      return null;
    }
    BytesRef b = values.binaryValue();
    return ShingleSetFormat.decodeCompact(b.bytes, b.offset, b.length);
  }

  /** A document's set in the engines' layout; null (decided by its sketch) when it has none. */
  private ShingleSet deltaSet(BinaryDocValues shingles, int doc, int top) throws IOException {
    if (shingles == null || !shingles.advanceExact(doc)) {
      return null;
    }
    BytesRef b = shingles.binaryValue();
    try {
      return new ShingleSet().read(b.bytes, b.offset, b.length);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "document " + top + " in field [" + fields.shinglesField() + "]: " + e.getMessage(), e);
    }
  }

  private int[] shingleSet(BinaryDocValues shingles, int doc, int top) throws IOException {
    if (shingles == null || !shingles.advanceExact(doc)) {
      throw new IllegalArgumentException(
          "document "
              + top
              + " has no shingle set in field ["
              + fields.shinglesField()
              + "]: verification [exact] needs an index built with shingles=true");
    }
    BytesRef b = shingles.binaryValue();
    try {
      return ShingleSetFormat.decodeCompact(b.bytes, b.offset, b.length);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "document " + top + " in field [" + fields.shinglesField() + "]: " + e.getMessage(), e);
    }
  }

  // ------------------------------------------------------------------ canonical

  /**
   * The policy's order: by the field's doc values, loaded for the clustered documents only; ties
   * and members without a value fall to the lowest document id.
   */
  private Clusterer.CanonicalOrder canonicalOrder() {
    if (canonical.byScore()) {
      return Clusterer.CanonicalOrder.FIRST;
    }
    return new Clusterer.CanonicalOrder() {
      private int[] docs = new int[0];
      private CanonicalKeys keys;

      @Override
      public void prepare(int[] clustered) throws IOException {
        docs = clustered;
        keys = clustered.length == 0 ? null : CanonicalKeys.load(reader, canonical, clustered);
      }

      @Override
      public int compare(int a, int b) {
        return keys.compare(Arrays.binarySearch(docs, a), Arrays.binarySearch(docs, b));
      }
    };
  }
}
