package io.neardup.index;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.cluster.distributed.StableClusterIds;
import io.neardup.document.NearDupFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * A cluster assignment kept in the index itself, so that reading the clusters costs one pass over
 * two doc values columns instead of a clustering, and an append ({@link AppendClusters}) assigns
 * new documents to the clusters already there. Per document, in the fields of {@link
 * NearDupFields}:
 *
 * <ul>
 *   <li>{@link NearDupFields#clusterField()}: the cluster id (binary doc values; the engines'
 *       {@code neardup_cluster});
 *   <li>{@link NearDupFields#canonicalField()}: 1 for the cluster's canonical, else 0 (numeric doc
 *       values; the engines' {@code neardup_canonical});
 *   <li>{@link NearDupFields#canonicalIdField()}, only on a document whose id names a cluster whose
 *       canonical is another document: that canonical's id.
 * </ul>
 *
 * A document whose cluster id is empty is alone in a cluster named by its own id and is its
 * canonical (as {@link #clusterOf} reads an unassigned document), so only clustered documents are
 * written. All are doc values, which {@link IndexWriter#updateDocValues} rewrites in place: a
 * reconcile or an append never re-indexes a document. Lucene updates only fields that exist, so
 * every document is indexed with the empty values of {@link #unassigned}. What the assignment was
 * computed with (threshold, verification, canonical policy) is recorded in the commit user data
 * ({@link Recorded}); an index without that record has no stored assignment.
 *
 * <pre>{@code
 * StoredClusters.Reconcile r = StoredClusters.reconcile(reader, fields, ids, clusters, false);
 * StoredClusters.write(writer, "_id", fields, r.changes(), r.pointers());
 * StoredClusters.record(writer, new StoredClusters.Recorded(0.8, Verification.EXACT, policy));
 * writer.commit();
 * List<int[]> stored = StoredClusters.clusters(DirectoryReader.open(dir), fields);
 * }</pre>
 */
public final class StoredClusters {
  /** Commit user data key of the threshold the stored clusters were computed at. */
  public static final String THRESHOLD_KEY = IndexMetadata.PREFIX + "clusters.threshold";

  /** Commit user data key of their verification ({@code exact} or {@code sketch}). */
  public static final String VERIFICATION_KEY = IndexMetadata.PREFIX + "clusters.verification";

  /** Commit user data key of their canonical policy ({@link CanonicalPolicy#toString()}). */
  public static final String CANONICAL_KEY = IndexMetadata.PREFIX + "clusters.canonical";

  private StoredClusters() {}

  /**
   * The cluster id a document stands for: the id stored in its cluster field, or, for a document
   * without one (indexed before any assignment, or without the engines' ingest processor), its own
   * id (it starts the cluster).
   */
  public static String clusterOf(Object storedCluster, String id) {
    return storedCluster != null ? storedCluster.toString() : id;
  }

  /**
   * What a stored assignment was computed with.
   *
   * @param canonical the policy with its fields as the index names them
   */
  public record Recorded(double threshold, Verification verification, CanonicalPolicy canonical) {
    /** The commit user data entries. */
    public Map<String, String> toUserData() {
      Map<String, String> data = new LinkedHashMap<>();
      data.put(THRESHOLD_KEY, Double.toString(threshold));
      data.put(VERIFICATION_KEY, verification.name().toLowerCase(Locale.ROOT));
      data.put(CANONICAL_KEY, canonical.toString());
      return data;
    }
  }

  /**
   * A document's new assignment.
   *
   * @param doc its top-level document id in the reader the change was computed on
   * @param id its id
   * @param cluster its cluster id
   * @param canonical whether it is its cluster's canonical
   */
  public record Change(int doc, String id, String cluster, boolean canonical) {}

  /**
   * The canonical of the cluster named {@code founder}'s id, kept on that document.
   *
   * @param founder the id of the document that names the cluster
   * @param canonical the canonical's id
   */
  public record Pointer(String founder, String canonical) {}

  /**
   * The fields every document is indexed with, empty until a clustering or an append assigns it:
   * doc values updates can only change fields the index has.
   */
  public static List<Field> unassigned(NearDupFields fields) {
    return List.of(
        new BinaryDocValuesField(fields.clusterField(), new BytesRef()),
        new NumericDocValuesField(fields.canonicalField(), 1),
        new BinaryDocValuesField(fields.canonicalIdField(), new BytesRef()));
  }

  /**
   * The record of the commit a reader was opened on, or null if the index stores no clusters.
   *
   * @throws IllegalArgumentException if the record is there but invalid
   */
  public static Recorded recorded(DirectoryReader reader) throws IOException {
    return recorded(reader.getIndexCommit().getUserData());
  }

  /** The record in commit user data, or null; see {@link #recorded(DirectoryReader)}. */
  public static Recorded recorded(Map<String, String> userData) {
    String threshold = userData.get(THRESHOLD_KEY);
    if (threshold == null) {
      return null;
    }
    try {
      return new Recorded(
          Double.parseDouble(threshold),
          Verification.valueOf(userData.get(VERIFICATION_KEY).toUpperCase(Locale.ROOT)),
          CanonicalPolicy.parse(userData.get(CANONICAL_KEY)));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "invalid stored clusters record "
              + Map.of(
                  THRESHOLD_KEY,
                  threshold,
                  VERIFICATION_KEY,
                  String.valueOf(userData.get(VERIFICATION_KEY)),
                  CANONICAL_KEY,
                  String.valueOf(userData.get(CANONICAL_KEY)))
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Adds the record to the writer's live commit data, keeping every other entry (call it after
   * {@link IndexMetadata#write(IndexWriter)}, which replaces all neardup entries); stored by the
   * next commit.
   */
  public static void record(IndexWriter writer, Recorded recorded) {
    Map<String, String> data = new LinkedHashMap<>();
    Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
    if (live != null) {
      for (Map.Entry<String, String> e : live) {
        data.put(e.getKey(), e.getValue());
      }
    }
    data.putAll(recorded.toUserData());
    writer.setLiveCommitData(data.entrySet(), true);
  }

  /**
   * The stored clusters of two or more documents, as top-level document ids, the canonical first
   * (the first flagged member; the first member if none is flagged), then the others in document
   * order; clusters in the order of their first document. One pass over the cluster column, which
   * only clustered documents have.
   */
  public static List<int[]> clusters(IndexReader reader, NearDupFields fields) throws IOException {
    Map<String, Group> byId = new LinkedHashMap<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      BinaryDocValues ids = leaf.reader().getBinaryDocValues(fields.clusterField());
      if (ids == null) {
        continue;
      }
      NumericDocValues flags = leaf.reader().getNumericDocValues(fields.canonicalField());
      for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
        BytesRef id = ids.binaryValue();
        if (id.length == 0) {
          continue;
        }
        Group g = byId.computeIfAbsent(id.utf8ToString(), k -> new Group());
        boolean canonical = flags != null && flags.advanceExact(doc) && flags.longValue() == 1;
        g.add(leaf.docBase + doc, canonical);
      }
    }
    List<int[]> out = new ArrayList<>();
    for (Group g : byId.values()) {
      if (g.size >= 2) {
        out.add(g.canonicalFirst());
      }
    }
    return out;
  }

  private static final class Group {
    int[] members = new int[2];
    int size;
    int canonical = -1;

    void add(int doc, boolean flagged) {
      if (size == members.length) {
        members = Arrays.copyOf(members, size * 2);
      }
      if (flagged && canonical < 0) {
        canonical = size;
      }
      members[size++] = doc;
    }

    int[] canonicalFirst() {
      int[] out = Arrays.copyOf(members, size);
      int head = Math.max(canonical, 0);
      int first = out[head];
      System.arraycopy(out, 0, out, 1, head); // documents came in order: the others stay sorted
      out[0] = first;
      return out;
    }
  }

  /** The stored cluster id of a document, or null if it has none. */
  public static String cluster(IndexReader reader, NearDupFields fields, int doc)
      throws IOException {
    BytesRef b = binary(reader, fields.clusterField(), doc);
    return b == null || b.length == 0 ? null : b.utf8ToString();
  }

  /** The stored canonical flag of a document, or null if it has no cluster id. */
  public static Boolean canonical(IndexReader reader, NearDupFields fields, int doc)
      throws IOException {
    if (cluster(reader, fields, doc) == null) {
      return null;
    }
    LeafReaderContext leaf = leaf(reader, doc);
    NumericDocValues flags = leaf.reader().getNumericDocValues(fields.canonicalField());
    if (flags == null || !flags.advanceExact(doc - leaf.docBase)) {
      return null;
    }
    return flags.longValue() == 1;
  }

  /** The canonical id a document keeps for the cluster its id names, or null. */
  public static String canonicalId(IndexReader reader, NearDupFields fields, int doc)
      throws IOException {
    BytesRef b = binary(reader, fields.canonicalIdField(), doc);
    return b == null || b.length == 0 ? null : b.utf8ToString();
  }

  /** The id of a document, from the sorted set doc values of a keyword id field. */
  public static String id(IndexReader reader, String idField, int doc) throws IOException {
    LeafReaderContext leaf = leaf(reader, doc);
    SortedSetDocValues values = leaf.reader().getSortedSetDocValues(idField);
    if (values == null || !values.advanceExact(doc - leaf.docBase)) {
      throw new IllegalStateException("document " + doc + " has no id in field [" + idField + "]");
    }
    return values.lookupOrd(values.nextOrd()).utf8ToString();
  }

  /** The document with an id, or -1. */
  public static int docOf(IndexSearcher searcher, String idField, String id) throws IOException {
    TopDocs hits = searcher.search(new TermQuery(new Term(idField, id)), 1);
    return hits.scoreDocs.length == 0 ? -1 : hits.scoreDocs[0].doc;
  }

  /**
   * The changes that store recomputed clusters, each named by {@link StableClusterIds} after the
   * ids documents carry now (a fresh index: after each cluster's canonical), and the pointers to
   * canonicals that do not name their cluster. A document alone in its cluster under its own id and
   * canonical needs no values and is not listed unless it carries others.
   *
   * @param ids every document's id, by document id
   * @param clusters the clusters of two or more, canonical first
   * @param keepCanonical whether a member flagged canonical keeps the flag (no policy asked for)
   */
  public static Reconcile reconcile(
      IndexReader reader,
      NearDupFields fields,
      String[] ids,
      List<int[]> clusters,
      boolean keepCanonical)
      throws IOException {
    int n = reader.maxDoc();
    String[] current = new String[n];
    byte[] flags = new byte[n]; // 0 absent, 1 false, 2 true
    String[] pointers = new String[n];
    for (LeafReaderContext leaf : reader.leaves()) {
      BinaryDocValues values = leaf.reader().getBinaryDocValues(fields.clusterField());
      if (values != null) {
        for (int d = values.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = values.nextDoc()) {
          BytesRef b = values.binaryValue();
          current[leaf.docBase + d] = b.length == 0 ? null : b.utf8ToString();
        }
      }
      NumericDocValues canonical = leaf.reader().getNumericDocValues(fields.canonicalField());
      if (canonical != null) {
        for (int d = canonical.nextDoc();
            d != DocIdSetIterator.NO_MORE_DOCS;
            d = canonical.nextDoc()) {
          if (current[leaf.docBase + d] != null) {
            flags[leaf.docBase + d] = (byte) (canonical.longValue() == 1 ? 2 : 1);
          }
        }
      }
      BinaryDocValues canonicalIds = leaf.reader().getBinaryDocValues(fields.canonicalIdField());
      if (canonicalIds != null) {
        for (int d = canonicalIds.nextDoc();
            d != DocIdSetIterator.NO_MORE_DOCS;
            d = canonicalIds.nextDoc()) {
          BytesRef b = canonicalIds.binaryValue();
          pointers[leaf.docBase + d] = b.length == 0 ? null : b.utf8ToString();
        }
      }
    }
    StableClusterIds.Assignment assignment =
        StableClusterIds.assign(
            clusters, n, d -> current[d], d -> flags[d] == 2, d -> ids[d], keepCanonical);
    boolean[] clustered = new boolean[n];
    for (int[] members : clusters) {
      for (int d : members) {
        clustered[d] = true;
      }
    }
    List<Change> changes = new ArrayList<>();
    Map<String, String> canonicalOf = new HashMap<>();
    for (int d = 0; d < n; d++) {
      String cluster = assignment.clusterId(d);
      boolean canonical = assignment.canonical(d);
      if (canonical && !cluster.equals(ids[d])) {
        canonicalOf.put(cluster, ids[d]);
      }
      // a document alone under its own id needs no values; if it has none, none are written
      boolean implicit = current[d] == null;
      boolean alone = !clustered[d] && cluster.equals(ids[d]);
      if (implicit ? !alone : !cluster.equals(current[d]) || flags[d] != (canonical ? 2 : 1)) {
        changes.add(new Change(d, ids[d], cluster, canonical));
      }
    }
    List<Pointer> pointerChanges = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      String wanted = canonicalOf.get(ids[d]);
      String have = pointers[d];
      if (wanted == null ? have != null : !wanted.equals(have)) {
        pointerChanges.add(new Pointer(ids[d], wanted));
      }
    }
    return new Reconcile(changes, pointerChanges);
  }

  /**
   * What a reconcile writes.
   *
   * @param changes the documents whose cluster or flag changes
   * @param pointers the canonical pointers that change (a null canonical clears one)
   */
  public record Reconcile(List<Change> changes, List<Pointer> pointers) {}

  /**
   * Writes changes and pointers as doc values updates, each to the document with that id in {@code
   * idField} (an indexed keyword); stored by the next commit.
   */
  public static void write(
      IndexWriter writer,
      String idField,
      NearDupFields fields,
      List<Change> changes,
      List<Pointer> pointers)
      throws IOException {
    for (Change c : changes) {
      writer.updateDocValues(
          new Term(idField, c.id()),
          new BinaryDocValuesField(fields.clusterField(), new BytesRef(c.cluster())),
          new NumericDocValuesField(fields.canonicalField(), c.canonical() ? 1 : 0));
    }
    for (Pointer p : pointers) {
      // an empty value clears: doc values updates cannot remove a value
      writer.updateBinaryDocValue(
          new Term(idField, p.founder()),
          fields.canonicalIdField(),
          new BytesRef(p.canonical() == null ? "" : p.canonical()));
    }
  }

  private static BytesRef binary(IndexReader reader, String field, int doc) throws IOException {
    LeafReaderContext leaf = leaf(reader, doc);
    BinaryDocValues values = leaf.reader().getBinaryDocValues(field);
    if (values == null || !values.advanceExact(doc - leaf.docBase)) {
      return null;
    }
    return values.binaryValue();
  }

  private static LeafReaderContext leaf(IndexReader reader, int doc) {
    return reader.leaves().get(ReaderUtil.subIndex(doc, reader.leaves()));
  }
}
