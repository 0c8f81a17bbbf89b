package io.neardup.index;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.document.CanonicalKeys;
import io.neardup.document.NearDupFields;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.CompactShingleSet;
import io.neardup.sketch.Sketch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 * <p>The rule is the engines' write-time rule (their {@code neardup} ingest processor: a document
 * joins the cluster of a near-duplicate, or starts its own and is its canonical), with an index
 * that sees the run's own documents at once and with single linkage wherever it costs no rewrite of
 * the index:
 *
 * <ol>
 *   <li>A new document without near-duplicates starts a cluster named by its own id, of which it is
 *       canonical; nothing is written for it unless a later document joins it.
 *   <li>A new document with near-duplicates joins the stored cluster (one that existed before the
 *       run) of the most similar of them; if none of them is in a stored cluster, the cluster of
 *       this run they are in (the largest, if several). The clusters of this run it resembles
 *       (started by earlier new documents, or an indexed document that was alone) merge into that
 *       cluster: their members are all new or written anyway.
 *   <li>Two or more stored clusters that a new document resembles (a bridge) stay apart: merging
 *       them would rewrite every member of one. The document joins the most similar; {@link
 *       #bridges()} counts such documents, and a whole-index recomputation merges them.
 *   <li>Canonical: of the cluster's canonical, those of the clusters merged into it and the new
 *       document, the one the recorded policy prefers (ties: the lower document id, so the indexed
 *       one). A canonical that loses its flag is rewritten, and the document that names the cluster
 *       (its id is the cluster id) points at the new one ({@link
 *       NearDupFields#canonicalIdField()}), so that the next append finds it without a scan.
 * </ol>
 *
 * So the indexed documents written are those a new document resembled that were alone, and the
 * canonicals that lost their flag: the work is proportional to the new documents and their
 * near-duplicates, never to the index. Without bridges, the stored clusters are those a whole-index
 * clustering finds (single linkage), up to the candidates the sketch search misses.
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
  private final Set<Integer> written = new LinkedHashSet<>();
  // each cluster's canonical as this run knows it
  private final Map<String, Integer> canonicals = new HashMap<>();
  // the members of the clusters this run knows whole: those it started, and indexed documents
  // that were alone; only these merge when a new document resembles several clusters
  private final Map<String, List<Integer>> members = new HashMap<>();
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
    // each cluster of a verified near-duplicate, with the highest similarity to one of its members
    Map<String, Double> near = new LinkedHashMap<>();
    Sketch sketch = NearDuplicateQuery.readSketch(reader, fields, settings, doc);
    if (!sketch.isEmpty()) {
      double floor = exact ? Math.max(Math.ulp(1.0), threshold - EXACT_MARGIN) : threshold;
      NearDuplicateQuery query = new NearDuplicateQuery(fields, settings, sketch, floor);
      int[] own = exact ? shingles(doc) : null;
      // the most similar hits first; only when all of them are new documents still to come (a
      // flood of copies appended at once) is the search widened
      for (int n = HITS, seen = 0; ; n = (int) Math.min(4L * n, reader.maxDoc())) {
        ScoreDoc[] hits = searcher.search(query, n).scoreDocs;
        for (int h = seen; h < hits.length; h++) {
          int other = hits[h].doc;
          if (other == doc || (other >= firstNew && !states.containsKey(other))) {
            continue; // itself, or a new document after it, which will compare itself with this
          }
          double similarity = hits[h].score;
          if (own != null) {
            int[] set = shingles(other);
            if (set != null) {
              similarity = CompactShingleSet.jaccard(own, own.length, set, set.length);
            }
          }
          if (similarity >= threshold) {
            near.merge(knownCluster(other), similarity, Math::max);
          }
        }
        if (!near.isEmpty() || hits.length < n || n >= reader.maxDoc()) {
          break;
        }
        seen = hits.length;
      }
    }
    if (near.isEmpty()) {
      states.put(doc, new State(id, true));
      members.put(id, new ArrayList<>(List.of(doc)));
      canonicals.put(id, doc);
      return;
    }
    joined++;
    String target = target(near);
    // the clusters of this run it resembles join the target with their members (the target
    // cluster of this run that is the largest, so that a member moves O(log n) times at most)
    List<Integer> contenders = new ArrayList<>();
    contenders.add(canonicalOf(target));
    List<Integer> targetMembers = members.get(target);
    // a cluster of this run of one member has no values yet; of two or more, all are written
    int lone = targetMembers != null && targetMembers.size() == 1 ? targetMembers.get(0) : -1;
    for (String c : near.keySet()) {
      if (!c.equals(target) && members.containsKey(c)) {
        contenders.add(canonicals.remove(c));
        pointers.remove(c); // the cluster is gone: nobody asks for its canonical
        for (int m : members.remove(c)) {
          set(m, target, false);
          if (targetMembers != null) {
            targetMembers.add(m);
          }
        }
      }
    }
    contenders.add(doc);
    int winner = contenders.get(0);
    for (int c : contenders) {
      if (prefers(c, winner)) {
        winner = c;
      }
    }
    if (winner != contenders.get(0)) {
      flips++;
    }
    for (int c : contenders) {
      if (c != doc && (c == winner) != isCanonicalIn(c, target)) {
        set(c, target, c == winner);
      }
    }
    set(doc, target, doc == winner);
    if (targetMembers != null) {
      targetMembers.add(doc);
    }
    if (lone >= 0 && !written.contains(lone)) {
      set(lone, target, lone == winner); // alone until now: it becomes explicit
    }
    canonicals.put(target, winner);
    String winnerId = StoredClusters.id(reader, idField, winner);
    if (winnerId.equals(target)) {
      pointers.remove(target);
    } else {
      pointers.put(target, winnerId);
    }
  }

  /**
   * The cluster a new document joins: the stored cluster of its most similar near-duplicate if
   * there is one (others it resembles are a bridge: they stay apart), else the largest of this
   * run's clusters it resembles (ties: the most similar).
   */
  private String target(Map<String, Double> near) {
    String stored = null;
    int storedCount = 0;
    String run = null;
    for (Map.Entry<String, Double> e : near.entrySet()) {
      String c = e.getKey();
      if (!members.containsKey(c)) {
        storedCount++;
        if (stored == null || e.getValue() > near.get(stored)) {
          stored = c;
        }
      } else if (run == null
          || members.get(c).size() > members.get(run).size()
          || members.get(c).size() == members.get(run).size() && e.getValue() > near.get(run)) {
        run = c;
      }
    }
    if (storedCount > 1) {
      bridges++;
    }
    return stored != null ? stored : run;
  }

  /**
   * The cluster of a near-duplicate; an indexed document without a cluster becomes this run's
   * cluster of one, named by its id, which others may join.
   */
  private String knownCluster(int doc) throws IOException {
    String cluster = clusterOf(doc);
    if (doc < firstNew && !states.containsKey(doc) && !assigned(doc)) {
      members.computeIfAbsent(cluster, c -> new ArrayList<>(List.of(doc)));
      canonicals.putIfAbsent(cluster, doc);
    }
    return cluster;
  }

  private boolean isCanonicalIn(int doc, String cluster) throws IOException {
    return cluster.equals(clusterOf(doc)) && isCanonical(doc);
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

  /**
   * Clusters whose canonical changed: to a new document the policy prefers, or, when clusters
   * merged, to the canonical of another.
   */
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
    return StoredClusters.clusterOf(
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

  /**
   * Whether the policy prefers {@code a} to {@code b}; ties go to the lower document id (input
   * order for an index written in order; a policy that ends with an input ordinal decides before).
   */
  private boolean prefers(int a, int b) throws IOException {
    if (a == b) {
      return false;
    }
    if (!canonical.byScore()) {
      int cmp = CanonicalKeys.load(reader, canonical, new int[] {a, b}).compare(0, 1);
      if (cmp != 0) {
        return cmp < 0;
      }
    }
    return a < b;
  }

  private int[] shingles(int doc) throws IOException {
    return NearDupClusterer.readShingles(reader, fields, doc);
  }
}
