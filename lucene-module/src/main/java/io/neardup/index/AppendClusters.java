package io.neardup.index;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.document.CanonicalKeys;
import io.neardup.document.NearDupFields;
import io.neardup.ingest.NearDupIngest;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;

/**
 * Assigns documents appended to an index with {@link StoredClusters} to its clusters, in time
 * proportional to the new documents: each new document is searched for ({@link NearDuplicateQuery}:
 * band candidates verified by their sketches, then by exact Jaccard when the stored clusters were
 * verified so and both shingle sets are stored) among the indexed documents and the new documents
 * before it in input order, and the only indexed documents written are those an assignment changes.
 *
 * <p>The rule is the engines' write-time rule ({@link NearDupIngest#assign}), with an index that
 * sees the run's own documents at once:
 *
 * <ol>
 *   <li>A new document joins the cluster of its most similar near-duplicate (ties: the lower
 *       document id, i.e. the earlier indexed). Its cluster id is the near-duplicate's stored one,
 *       or, for a document without one, that document's own id ({@link NearDupIngest#clusterOf}):
 *       that document is then written as the canonical of its cluster.
 *   <li>A new document without near-duplicates starts a cluster named by its own id, of which it is
 *       canonical; nothing is written for it unless a later document joins it.
 *   <li>A new document that joins a cluster becomes its canonical if the recorded canonical policy
 *       prefers it to the current canonical (by input order alone it never does: it comes later);
 *       the former canonical's flag is then cleared, and the document named by the cluster's id
 *       points at the new canonical ({@link NearDupFields#canonicalIdField()}).
 *   <li>A new document whose near-duplicates lie in two or more clusters (a bridge) joins the one
 *       of the most similar; the clusters stay apart until a whole-index recomputation merges them
 *       ({@link #bridges()} counts such documents).
 * </ol>
 *
 * <pre>{@code
 * AppendClusters append = new AppendClusters(reader, fields, settings, "_id", recorded, firstNew);
 * for (int doc : newDocsInInputOrder) append.add(doc);
 * StoredClusters.write(writer, "_id", fields, append.changes(), append.pointers());
 * }</pre>
 */
public final class AppendClusters {
  /** Hits per search: a document's candidates beyond the most similar ones do not change it. */
  private static final int HITS = 64;

  /**
   * How far below the threshold the sketch estimate may be for a candidate that exact Jaccard then
   * decides: at 128 values the estimate's standard error is at most 0.045, so 0.1 keeps a pair
   * exactly at the threshold with probability above 0.98, as the band candidates of a whole-index
   * clustering would be.
   */
  private static final double EXACT_MARGIN = 0.1;

  private final IndexReader reader;
  private final IndexSearcher searcher;
  private final NearDupFields fields;
  private final NearDupSettings settings;
  private final String idField;
  private final double threshold;
  private final boolean exact;
  private final CanonicalPolicy canonical;
  private final int firstNew;

  // assignments made by this run, by document id: its cluster id and canonical flag
  private final Map<Integer, State> states = new HashMap<>();
  // the documents this run writes, in the order first written
  private final Set<Integer> written = new java.util.LinkedHashSet<>();
  // each cluster's canonical as this run knows it
  private final Map<String, Integer> canonicals = new HashMap<>();
  private final Map<String, String> pointers = new LinkedHashMap<>();
  private int joined;
  private int bridges;
  private int flips;

  private record State(String cluster, boolean canonical) {}

  /**
   * @param reader the index with the appended documents, all at or after {@code firstNew}, the
   *     indexed ones before it
   * @param recorded what the stored clusters were computed with; its policy names fields as the
   *     index does
   */
  public AppendClusters(
      IndexReader reader,
      NearDupFields fields,
      NearDupSettings settings,
      String idField,
      StoredClusters.Recorded recorded,
      int firstNew) {
    this.reader = reader;
    this.searcher = new IndexSearcher(reader);
    this.searcher.setQueryCache(null); // every query is new
    this.fields = fields;
    this.settings = settings;
    this.idField = idField;
    this.threshold = recorded.threshold();
    this.exact = recorded.verification() == Verification.EXACT && settings.shingles();
    this.canonical = recorded.canonical();
    this.firstNew = firstNew;
  }

  /**
   * Assigns the next new document; documents must come in input order (each is compared with the
   * new ones added before it).
   */
  public void add(int doc) throws IOException {
    if (doc < firstNew) {
      throw new IllegalArgumentException(
          "doc must be an appended document (at least " + firstNew + "), got [" + doc + "]");
    }
    String id = StoredClusters.id(reader, idField, doc);
    Sketch sketch = NearDuplicateQuery.readSketch(reader, fields, settings, doc);
    int best = -1;
    double bestSimilarity = -1;
    Set<String> clusters = new HashSet<>();
    if (!sketch.isEmpty()) {
      double floor = exact ? Math.max(Math.ulp(1.0), threshold - EXACT_MARGIN) : threshold;
      NearDuplicateQuery query = new NearDuplicateQuery(fields, settings, sketch, floor);
      int[] own = exact ? shingles(doc) : null;
      for (ScoreDoc hit : searcher.search(query, HITS).scoreDocs) {
        if (hit.doc == doc || (hit.doc >= firstNew && !states.containsKey(hit.doc))) {
          continue; // itself, or a new document after it, which will compare itself with this one
        }
        double similarity = hit.score;
        if (own != null) {
          int[] other = shingles(hit.doc);
          if (other != null) {
            similarity = CompactShingleSet.jaccard(own, own.length, other, other.length);
          }
        }
        if (similarity < threshold) {
          continue;
        }
        clusters.add(clusterOf(hit.doc));
        if (similarity > bestSimilarity || (similarity == bestSimilarity && hit.doc < best)) {
          best = hit.doc;
          bestSimilarity = similarity;
        }
      }
    }
    if (best < 0) {
      states.put(doc, new State(id, true));
      return;
    }
    if (clusters.size() > 1) {
      bridges++;
    }
    joined++;
    String cluster = clusterOf(best);
    if (!assigned(best)) {
      // alone until now: it becomes explicit, as the canonical of the cluster its id names
      set(best, cluster, true);
    }
    int head = canonicalOf(cluster);
    if (prefers(doc, head)) {
      flips++;
      set(head, cluster, false);
      set(doc, cluster, true);
      canonicals.put(cluster, doc);
      if (!cluster.equals(id)) {
        pointers.put(cluster, id);
      }
    } else {
      set(doc, cluster, false);
    }
  }

  /** The documents to write, in the order they were first changed. */
  public List<StoredClusters.Change> changes() throws IOException {
    List<StoredClusters.Change> out = new ArrayList<>(written.size());
    for (int doc : written) {
      State s = states.get(doc);
      out.add(
          new StoredClusters.Change(
              doc, StoredClusters.id(reader, idField, doc), s.cluster(), s.canonical()));
    }
    return out;
  }

  /** The canonical pointers to write: on the document named by a cluster's id, if it exists. */
  public List<StoredClusters.Pointer> pointers() {
    List<StoredClusters.Pointer> out = new ArrayList<>();
    pointers.forEach((cluster, id) -> out.add(new StoredClusters.Pointer(cluster, id)));
    return out;
  }

  /** New documents that joined a cluster (existing or started by an earlier new document). */
  public int joined() {
    return joined;
  }

  /** New documents whose near-duplicates lay in two or more clusters. */
  public int bridges() {
    return bridges;
  }

  /** Canonical flags that moved to a new document. */
  public int flips() {
    return flips;
  }

  private void set(int doc, String cluster, boolean flag) {
    states.put(doc, new State(cluster, flag));
    written.add(doc);
  }

  /** Whether a document has an explicit assignment, stored or made by this run. */
  private boolean assigned(int doc) throws IOException {
    if (doc >= firstNew) {
      return written.contains(doc);
    }
    return written.contains(doc) || StoredClusters.cluster(reader, fields, doc) != null;
  }

  private String clusterOf(int doc) throws IOException {
    State s = states.get(doc);
    if (s != null) {
      return s.cluster();
    }
    return NearDupIngest.clusterOf(
        StoredClusters.cluster(reader, fields, doc), StoredClusters.id(reader, idField, doc));
  }

  private boolean isCanonical(int doc) throws IOException {
    State s = states.get(doc);
    if (s != null) {
      return s.canonical();
    }
    return !Boolean.FALSE.equals(StoredClusters.canonical(reader, fields, doc));
  }

  /**
   * The canonical of a cluster: known to this run, else the document its id names, else the one
   * that document points at; only a cluster named otherwise (a reconcile may keep an id whose
   * document left the cluster) costs a scan of the canonical flags.
   */
  private int canonicalOf(String cluster) throws IOException {
    Integer known = canonicals.get(cluster);
    if (known != null) {
      return known;
    }
    int found = -1;
    int founder = StoredClusters.docOf(searcher, idField, cluster);
    if (founder >= 0) {
      if (cluster.equals(clusterOf(founder)) && isCanonical(founder)) {
        found = founder;
      } else {
        String pointed = StoredClusters.canonicalId(reader, fields, founder);
        int doc = pointed == null ? -1 : StoredClusters.docOf(searcher, idField, pointed);
        if (doc >= 0 && cluster.equals(clusterOf(doc)) && isCanonical(doc)) {
          found = doc;
        }
      }
    }
    if (found < 0) {
      found = scanForCanonical(cluster);
    }
    canonicals.put(cluster, found);
    return found;
  }

  private int scanForCanonical(String cluster) throws IOException {
    BytesRef wanted = new BytesRef(cluster);
    int first = -1;
    for (LeafReaderContext leaf : reader.leaves()) {
      BinaryDocValues ids = leaf.reader().getBinaryDocValues(fields.clusterField());
      if (ids == null) {
        continue;
      }
      NumericDocValues flags = leaf.reader().getNumericDocValues(fields.canonicalField());
      for (int d = ids.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = ids.nextDoc()) {
        if (ids.binaryValue().bytesEquals(wanted)) {
          if (flags != null && flags.advanceExact(d) && flags.longValue() == 1) {
            return leaf.docBase + d;
          }
          first = first < 0 ? leaf.docBase + d : first;
        }
      }
    }
    if (first < 0) {
      throw new IllegalStateException("cluster [" + cluster + "] has no stored member");
    }
    return first;
  }

  /** Whether the policy prefers {@code doc} to the canonical {@code head}. */
  private boolean prefers(int doc, int head) throws IOException {
    if (canonical.byScore()) {
      return false; // by input order: the indexed canonical came first
    }
    CanonicalKeys keys = CanonicalKeys.load(reader, canonical, new int[] {doc, head});
    return keys.compare(0, 1) < 0;
  }

  private int[] shingles(int doc) throws IOException {
    return NearDupClusterer.readShingles(reader, fields, doc);
  }
}
