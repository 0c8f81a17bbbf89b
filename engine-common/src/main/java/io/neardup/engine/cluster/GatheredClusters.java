package io.neardup.engine.cluster;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterOrder;
import io.neardup.cluster.Clusterer;
import io.neardup.cluster.PairMeasures;
import io.neardup.cluster.Verification;
import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchParameters;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The clusters of documents gathered one by one from a search engine's shards, for the engines'
 * clustering APIs: each document comes with its index, id, serialized sketch and the value its
 * canonical policy compares; the {@link Clusterer} joins them on the heap ({@link
 * Clusterer#joinsOnly joins only}: memory grows with the documents, never with the candidate
 * pairs), and {@link #page} returns the clusters in the {@link ClusterOrder}, one page of them,
 * each with the canonical the policy chooses.
 *
 * <pre>{@code
 * try (GatheredClusters clusters = new GatheredClusters(settings, 0.8, total, policy)) {
 *   for (each hit) clusters.add(hit.index, hit.id, sketchBytes, canonicalValue);
 *   GatheredClusters.Page page = clusters.page(0, 100);
 * }
 * }</pre>
 */
public final class GatheredClusters implements Closeable {
  /** A document of a cluster; similarity is its estimated Jaccard similarity with the canonical. */
  public record Member(String index, String id, double similarity) {}

  /** A cluster: its canonical document and the other members in the order they were added. */
  public record Group(Member canonical, List<Member> copies) {
    /** Number of documents, the canonical included. */
    public int size() {
      return 1 + copies.size();
    }

    /** The ids of the members, the canonical first, then the copies in order. */
    public List<String> ids() {
      List<String> ids = new ArrayList<>(size());
      ids.add(canonical.id());
      copies.forEach(m -> ids.add(m.id()));
      return ids;
    }
  }

  /**
   * A page of clusters.
   *
   * @param documents documents added
   * @param clusteredDocuments documents in a cluster of two or more, over all clusters
   * @param totalClusters number of clusters, over all pages
   * @param from position of the page's first cluster
   * @param clusters the page's clusters, in the {@link ClusterOrder}
   */
  public record Page(
      int documents, long clusteredDocuments, int totalClusters, int from, List<Group> clusters) {}

  private final NearDupSettings settings;
  private final CanonicalPolicy canonical;
  private final boolean exact;
  private final Clusterer core;
  private final BandHasher bandHasher;
  private final List<String> indexNames = new ArrayList<>();
  private final Map<String, Integer> indexOrdinals = new HashMap<>();
  private final String[] ids;
  private final short[] indexOf;
  private final Object[] keys;
  private int added;

  /**
   * @param settings the field's settings (every sketch added must have its sketch parameters)
   * @param minSimilarity estimated Jaccard similarity that joins two documents
   * @param documents the most documents that will be added
   * @param canonical which member of a cluster is canonical (by score: the first added)
   */
  public GatheredClusters(
      NearDupSettings settings, double minSimilarity, int documents, CanonicalPolicy canonical) {
    this(settings, minSimilarity, Verification.SKETCH, documents, canonical);
  }

  /**
   * @param settings the field's settings (every sketch added must have its sketch parameters)
   * @param minSimilarity Jaccard similarity that joins two documents
   * @param verification with {@code EXACT} (MinHash schemes), pairs near the minimum similarity are
   *     decided by the shingle sets {@link #add(String, String, byte[], Object, byte[]) added} with
   *     the sketches ({@link PairMeasures#sketchThenSets})
   * @param documents the most documents that will be added
   * @param canonical which member of a cluster is canonical (by score: the first added)
   */
  public GatheredClusters(
      NearDupSettings settings,
      double minSimilarity,
      Verification verification,
      int documents,
      CanonicalPolicy canonical) {
    this.settings = settings;
    this.canonical = canonical;
    SketchParameters p = settings.sketch();
    this.exact = verification == Verification.EXACT && !p.scheme().isSimHash();
    this.core =
        // SimHash sketches compare by Hamming distance, the others by their Jaccard estimate
        new Clusterer(
                null,
                exact
                    ? PairMeasures.sketchThenSets(p.hashes(), p.bits())
                    : PairMeasures.forSketches(p),
                minSimilarity,
                settings.banding().bands())
            .joinsOnly(true)
            .threads(1);
    this.bandHasher = new BandHasher(settings.banding());
    this.ids = new String[documents];
    this.indexOf = new short[documents];
    this.keys = canonical.byScore() ? null : new Object[documents];
  }

  /**
   * Bytes held per document: sketch values, band and identity entries, union-find, id and canonical
   * key references (an estimate, for an engine's circuit breaker).
   */
  public static long bytesPerDocument(NearDupSettings settings) {
    return SketchFormat.serializedSize(settings.sketch())
        + 16L
        + 8L * (settings.banding().bands() + 1)
        + 8
        + 24;
  }

  /**
   * As {@link #bytesPerDocument(NearDupSettings)}, with the shingle sets of an exact run: {@value
   * #SET_BYTES_PER_DOCUMENT} bytes more per document (a set of about 500 shingles, four bytes each
   * on the heap).
   */
  public static long bytesPerDocument(NearDupSettings settings, Verification verification) {
    return bytesPerDocument(settings)
        + (verification == Verification.EXACT ? SET_BYTES_PER_DOCUMENT : 0);
  }

  /** The heap an exact run reserves per document for its shingle set. */
  public static final int SET_BYTES_PER_DOCUMENT = 2048;

  /** Whether as many documents were added as announced. */
  public boolean full() {
    return added >= ids.length;
  }

  /**
   * Adds a document; ignored once {@link #full}.
   *
   * @param sketch its serialized sketch; null or empty for none (it then joins no cluster)
   * @param key the value its canonical policy compares, or null
   * @param id its id; empty if the index did not keep it next to the sketch
   * @throws IllegalStateException naming the document if its id is missing or its sketch cannot be
   *     read
   */
  public void add(String index, String id, byte[] sketch, Object key) throws IOException {
    add(index, id, sketch, key, null);
  }

  /** Adds a document as a shard returned it. */
  public void add(ShardedClusterer.Fetched doc) throws IOException {
    add(doc.index(), doc.id(), doc.sketch(), doc.key(), doc.shingles());
  }

  /**
   * Adds a document with its serialized shingle set (null or empty for none: its pairs are decided
   * by its sketch); ignored once {@link #full}.
   *
   * @throws IllegalStateException naming the document if its id is missing or its sketch or set
   *     cannot be read
   */
  public void add(String index, String id, byte[] sketch, Object key, byte[] shingles)
      throws IOException {
    if (ranked != null) {
      throw new IllegalStateException("documents cannot be added once the clusters are paged");
    }
    if (full()) {
      return;
    }
    if (id == null || id.isEmpty()) {
      throw new IllegalStateException(
          "a document of index ["
              + index
              + "] has no id next to its sketch: the index was written by an older neardup;"
              + " reindex it");
    }
    int doc = added++;
    ids[doc] = id;
    indexOf[doc] =
        indexOrdinals
            .computeIfAbsent(
                index,
                name -> {
                  indexNames.add(name);
                  return indexNames.size() - 1;
                })
            .shortValue();
    if (sketch != null && sketch.length > 0) {
      try {
        Sketch decoded = SketchFormat.decode(sketch, settings.sketch());
        if (exact && !decoded.isEmpty()) {
          ShingleSet set =
              shingles == null || shingles.length == 0
                  ? null
                  : new ShingleSet().read(shingles, 0, shingles.length);
          long[] bands = new long[settings.banding().bands()];
          bandHasher.bandHashes(decoded, bands);
          int[] record = PairMeasures.sketchAndSet(decoded, set);
          core.add(doc, bands, record, record.length);
        } else {
          core.add(doc, decoded, bandHasher);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(
            "document ["
                + id
                + "] of index ["
                + index
                + "] has an unreadable sketch or shingle set: "
                + e.getMessage(),
            e);
      }
    }
    if (keys != null) {
      keys[doc] = key;
    }
  }

  /** The clusters, their canonicals and their order, once clustered. */
  private record Ranked(int[][] clusters, int[] head, long clustered) {}

  private Ranked ranked;

  /**
   * Clusters what was added (on the first call; nothing can be added after it) and returns the
   * clusters {@code [from, from + size)} in the {@link ClusterOrder}.
   */
  public Page page(int from, int size) throws IOException {
    if (ranked == null) {
      ranked = rank();
    }
    int n = ranked.clusters.length;
    int start = Math.min(from, n);
    int end = (int) Math.min(n, (long) from + size);
    List<Group> page = new ArrayList<>(end - start);
    for (int c = start; c < end; c++) {
      int head = ranked.head[c];
      List<Member> copies = new ArrayList<>(ranked.clusters[c].length - 1);
      for (int doc : ranked.clusters[c]) {
        if (doc != head) {
          double similarity = core.similarity(head, doc);
          copies.add(member(doc, ClusterOrder.similarity(similarity)));
        }
      }
      page.add(new Group(member(head, 1), copies));
    }
    return new Page(added, ranked.clustered, n, start, page);
  }

  /**
   * Clusters what was added (on the first call, as {@link #page} does) and returns every cluster of
   * two or more in the order of the pages, as the ordinals of its members (the order they were
   * added, from 0), the canonical first.
   */
  public List<int[]> memberOrdinals() throws IOException {
    if (ranked == null) {
      ranked = rank();
    }
    List<int[]> out = new ArrayList<>(ranked.clusters.length);
    for (int c = 0; c < ranked.clusters.length; c++) {
      int[] members = ranked.clusters[c];
      int head = ranked.head[c];
      int[] ordered = new int[members.length];
      ordered[0] = head;
      int i = 1;
      for (int doc : members) {
        if (doc != head) {
          ordered[i++] = doc;
        }
      }
      out.add(ordered);
    }
    return out;
  }

  /** Number of documents added. */
  public int documents() {
    return added;
  }

  /** The id of the document added as {@code doc} (0 for the first). */
  public String id(int doc) {
    return ids[doc];
  }

  /** The index of the document added as {@code doc}. */
  public String index(int doc) {
    return indexNames.get(indexOf[doc]);
  }

  private Ranked rank() throws IOException {
    List<Cluster> found = core.finish(added, Clusterer.CanonicalOrder.FIRST, null).clusters();
    int n = found.size();
    int[][] clusters = new int[n][];
    int[] head = new int[n];
    long clustered = 0;
    for (int c = 0; c < n; c++) {
      clusters[c] = found.get(c).members();
      head[c] = chooseCanonical(clusters[c]);
      clustered += clusters[c].length;
    }
    // the Clusterer lists its clusters in the ClusterOrder already
    return new Ranked(clusters, head, clustered);
  }

  private Member member(int doc, double similarity) {
    return new Member(indexNames.get(indexOf[doc]), ids[doc], similarity);
  }

  /** The member the policy prefers; ties (and policy by score) go to the first added. */
  private int chooseCanonical(int[] members) {
    return members[
        ClusterOrder.canonical(
            members.length,
            canonical.byScore()
                ? null
                : (i, j) -> canonical.compare(keys[members[i]], keys[members[j]]))];
  }

  @Override
  public void close() throws IOException {
    core.close();
  }
}
