package io.neardup.engine.cluster;

import io.neardup.cluster.distributed.StableClusterIds;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reconcile must rewrite: the cluster id and canonical flag each document carries now, read
 * page by page, compared with the recomputed clusters named by {@link StableClusterIds}. Ordinals
 * are the order documents were read in, from 0. An absent flag counts as a change, so that every
 * document ends with an explicit one.
 *
 * <pre>{@code
 * Reassignment r = new Reassignment(total);
 * for (each hit) r.current(doc, index, id, clusterIdOrNull, flagOrNull, seqNo, primaryTerm);
 * for (Reassignment.Change c : r.changes(clustersCanonicalFirst, keepCanonical)) write(c);
 * }</pre>
 */
public final class Reassignment {
  private static final byte ABSENT = 0;
  private static final byte FALSE = 1;
  private static final byte TRUE = 2;

  /**
   * A document whose assignment differs.
   *
   * @param doc its ordinal
   * @param clusterId the id of its cluster
   * @param canonical whether it is its cluster's canonical
   */
  public record Change(int doc, String clusterId, boolean canonical) {}

  /**
   * A change as an engine writes it: to the document as it was read (its sequence number and
   * primary term), so that a document updated since is not overwritten.
   *
   * @param index the document's index
   * @param id its id
   */
  public record Write(
      String index, String id, String clusterId, boolean canonical, long seqNo, long primaryTerm) {}

  private final String[] indexes;
  private final String[] ids;
  private final String[] current;
  private final byte[] flags;
  private final long[] seqNos;
  private final long[] primaryTerms;
  private int documents;

  /** For at most {@code documents} documents. */
  public Reassignment(int documents) {
    this.indexes = new String[documents];
    this.ids = new String[documents];
    this.current = new String[documents];
    this.flags = new byte[documents];
    this.seqNos = new long[documents];
    this.primaryTerms = new long[documents];
  }

  /**
   * Bytes held per document (its index reference, its id, its cluster id, the flag, the sequence
   * number and primary term, and what naming the clusters holds), for a circuit breaker.
   */
  public static long bytesPerDocument() {
    return 8 + 56 + 56 + 1 + 16 + StableClusterIds.BYTES_PER_DOCUMENT;
  }

  /** Records what a document carries now: its cluster id and canonical flag, null if absent. */
  public void current(int doc, String index, String id, String clusterId, Boolean canonical) {
    current(doc, index, id, clusterId, canonical, -1, 0);
  }

  /**
   * As {@link #current(int, String, String, String, Boolean)}, with the version the document was
   * read at.
   *
   * @throws IllegalStateException naming the document if it has no id
   */
  public void current(
      int doc,
      String index,
      String id,
      String clusterId,
      Boolean canonical,
      long seqNo,
      long primaryTerm) {
    if (id == null || id.isEmpty()) {
      throw new IllegalStateException("a document of index [" + index + "] has no id");
    }
    documents = Math.max(documents, doc + 1);
    indexes[doc] = index;
    ids[doc] = id;
    current[doc] = clusterId;
    flags[doc] = canonical == null ? ABSENT : canonical ? TRUE : FALSE;
    seqNos[doc] = seqNo;
    primaryTerms[doc] = primaryTerm;
  }

  /** Documents recorded: one more than the highest ordinal. */
  public int documents() {
    return documents;
  }

  /** The changes of {@link #changes} as writes: index, id and the version each was read at. */
  public List<Write> writes(List<int[]> clusters, boolean keepCanonical) {
    List<Write> writes = new ArrayList<>();
    for (Change c : changes(clusters, keepCanonical)) {
      writes.add(
          new Write(
              indexes[c.doc()],
              ids[c.doc()],
              c.clusterId(),
              c.canonical(),
              seqNos[c.doc()],
              primaryTerms[c.doc()]));
    }
    return writes;
  }

  /**
   * Names the clusters and lists the documents to rewrite, in ordinal order.
   *
   * @param clusters the recomputed clusters of two or more as ordinals, canonical first, in the
   *     {@link io.neardup.cluster.ClusterOrder}
   * @param keepCanonical whether a member flagged canonical that keeps the cluster's id stays
   *     canonical (no canonical policy given)
   */
  public List<Change> changes(List<int[]> clusters, boolean keepCanonical) {
    int n = documents;
    StableClusterIds.Assignment assignment =
        StableClusterIds.assign(
            clusters, n, d -> current[d], d -> flags[d] == TRUE, d -> ids[d], keepCanonical);
    List<Change> changes = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      String id = assignment.clusterId(d);
      boolean canonical = assignment.canonical(d);
      if (!id.equals(current[d]) || flags[d] != (canonical ? TRUE : FALSE)) {
        changes.add(new Change(d, id, canonical));
      }
    }
    return changes;
  }
}
