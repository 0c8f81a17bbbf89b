package io.neardup.engine.cluster;

import io.neardup.cluster.StableClusterIds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reconcile must rewrite: the cluster id and canonical flag each document carries now,
 * gathered next to its sketch, compared with the recomputed clusters named by {@link
 * StableClusterIds}. Ordinals are those of {@link GatheredClusters} (the order documents were
 * added). An absent flag counts as a change, so that every document ends with an explicit one.
 *
 * <pre>{@code
 * Reassignment r = new Reassignment(total);
 * for (each hit) { clusters.add(...); r.current(doc, clusterIdOrNull, flagOrNull); }
 * for (Reassignment.Change c : r.changes(clusters, keepCanonical)) write(c);
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

  private final String[] current;
  private final byte[] flags;
  private final long[] seqNos;
  private final long[] primaryTerms;

  /** For at most {@code documents} documents. */
  public Reassignment(int documents) {
    this.current = new String[documents];
    this.flags = new byte[documents];
    this.seqNos = new long[documents];
    this.primaryTerms = new long[documents];
  }

  /**
   * Bytes held per document (a reference, a short id, the flag, the sequence number and primary
   * term), for a circuit breaker.
   */
  public static long bytesPerDocument() {
    return 8 + 48 + 1 + 16;
  }

  /** Records what a document carries now: its cluster id and canonical flag, null if absent. */
  public void current(int doc, String clusterId, Boolean canonical) {
    current(doc, clusterId, canonical, -1, 0);
  }

  /** As {@link #current(int, String, Boolean)}, with the version the document was read at. */
  public void current(int doc, String clusterId, Boolean canonical, long seqNo, long primaryTerm) {
    current[doc] = clusterId;
    flags[doc] = canonical == null ? ABSENT : canonical ? TRUE : FALSE;
    seqNos[doc] = seqNo;
    primaryTerms[doc] = primaryTerm;
  }

  /** The changes of {@link #changes} as writes: index, id and the version each was read at. */
  public List<Write> writes(GatheredClusters clusters, boolean keepCanonical) throws IOException {
    List<Write> writes = new ArrayList<>();
    for (Change c : changes(clusters, keepCanonical)) {
      writes.add(
          new Write(
              clusters.index(c.doc()),
              clusters.id(c.doc()),
              c.clusterId(),
              c.canonical(),
              seqNos[c.doc()],
              primaryTerms[c.doc()]));
    }
    return writes;
  }

  /**
   * Clusters (if not done yet), names the clusters and lists the documents to rewrite, in ordinal
   * order.
   *
   * @param keepCanonical whether a member flagged canonical that keeps the cluster's id stays
   *     canonical (no canonical policy given)
   */
  public List<Change> changes(GatheredClusters clusters, boolean keepCanonical) throws IOException {
    int n = clusters.documents();
    StableClusterIds.Assignment assignment =
        StableClusterIds.assign(
            clusters.memberOrdinals(),
            n,
            d -> current[d],
            d -> flags[d] == TRUE,
            clusters::id,
            keepCanonical);
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
