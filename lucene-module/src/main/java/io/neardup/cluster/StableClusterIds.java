package io.neardup.cluster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Names recomputed clusters after the ids documents already carry, so that a reconcile rewrites
 * only what changed (an engine's write-time cluster ids repaired by a whole-index clustering).
 *
 * <p>The rule, deterministic for the same input:
 *
 * <ol>
 *   <li>Every document is in exactly one cluster: the given clusters of two or more, then each
 *       remaining document alone.
 *   <li>A cluster keeps the existing id carried by the most of its members. Candidates (cluster,
 *       id, carriers) are taken in order of carriers, most first (ties: the cluster given first,
 *       then the smaller id), and each id goes to one cluster only. So nothing changes when nothing
 *       needs repair, a merge keeps the id of its larger part and a split leaves the id with the
 *       part where most of its carriers are.
 *   <li>A cluster that keeps no id takes its canonical's own id, or that id suffixed {@code -2},
 *       {@code -3}, ... when another cluster already has it.
 *   <li>Canonical flags: the cluster's canonical (the first member given) is the one, unless {@code
 *       keepCanonical} and a member already flagged canonical carries the cluster's id: then the
 *       first such member stays canonical (no policy given: the write-time choice stands).
 * </ol>
 *
 * <pre>{@code
 * StableClusterIds.Assignment a =
 *     StableClusterIds.assign(clusters, n, doc -> currentId[doc], doc -> flagged[doc],
 *                             doc -> ownId[doc], false);
 * if (!a.clusterId(doc).equals(currentId[doc]) || a.canonical(doc) != flagged[doc]) write(doc);
 * }</pre>
 */
public final class StableClusterIds {
  private StableClusterIds() {}

  /** Whether a document's id or canonical flag is unknown or set. */
  @FunctionalInterface
  public interface DocPredicate {
    boolean test(int doc);
  }

  /** The cluster id and canonical flag of every document. */
  public static final class Assignment {
    private final String[] clusterIds;
    private final boolean[] canonical;

    private Assignment(String[] clusterIds, boolean[] canonical) {
      this.clusterIds = clusterIds;
      this.canonical = canonical;
    }

    /** The cluster id of a document. */
    public String clusterId(int doc) {
      return clusterIds[doc];
    }

    /** Whether a document is its cluster's canonical. */
    public boolean canonical(int doc) {
      return canonical[doc];
    }
  }

  private record Candidate(int cluster, String id, int carriers) {}

  /**
   * @param clusters the clusters of two or more, as document ordinals, canonical first, in the
   *     order that breaks ties (the {@link ClusterOrder})
   * @param documents number of documents, ordinals {@code 0 .. documents-1}
   * @param current the cluster id a document carries, or null
   * @param flagged whether a document is flagged canonical now
   * @param ownId a document's own id (the name of a cluster it is the canonical of)
   * @param keepCanonical whether a flagged member carrying the cluster's id stays canonical
   */
  public static Assignment assign(
      List<int[]> clusters,
      int documents,
      IntFunction<String> current,
      DocPredicate flagged,
      IntFunction<String> ownId,
      boolean keepCanonical) {
    boolean[] inCluster = new boolean[documents];
    for (int[] members : clusters) {
      for (int doc : members) {
        if (inCluster[doc]) {
          throw new IllegalArgumentException("document " + doc + " is in two clusters");
        }
        inCluster[doc] = true;
      }
    }
    List<int[]> all = new ArrayList<>(clusters);
    for (int doc = 0; doc < documents; doc++) {
      if (!inCluster[doc]) {
        all.add(new int[] {doc});
      }
    }

    List<Candidate> candidates = new ArrayList<>();
    Map<String, Integer> carriers = new HashMap<>();
    for (int c = 0; c < all.size(); c++) {
      carriers.clear();
      for (int doc : all.get(c)) {
        String id = current.apply(doc);
        if (id != null) {
          carriers.merge(id, 1, Integer::sum);
        }
      }
      for (Map.Entry<String, Integer> e : carriers.entrySet()) {
        candidates.add(new Candidate(c, e.getKey(), e.getValue()));
      }
    }
    candidates.sort(
        Comparator.comparingInt((Candidate x) -> -x.carriers)
            .thenComparingInt(x -> x.cluster)
            .thenComparing(x -> x.id));

    String[] names = new String[all.size()];
    Set<String> taken = new HashSet<>();
    for (Candidate x : candidates) {
      if (names[x.cluster] == null && taken.add(x.id)) {
        names[x.cluster] = x.id;
      }
    }
    for (int c = 0; c < all.size(); c++) {
      if (names[c] == null) {
        String own = ownId.apply(all.get(c)[0]);
        String name = own;
        for (int n = 2; !taken.add(name); n++) {
          name = own + "-" + n;
        }
        names[c] = name;
      }
    }

    String[] clusterIds = new String[documents];
    boolean[] canonical = new boolean[documents];
    for (int c = 0; c < all.size(); c++) {
      int[] members = all.get(c);
      int head = members[0];
      if (keepCanonical) {
        for (int doc : members) {
          if (flagged.test(doc) && names[c].equals(current.apply(doc))) {
            head = doc;
            break;
          }
        }
      }
      for (int doc : members) {
        clusterIds[doc] = names[c];
      }
      canonical[head] = true;
    }
    return new Assignment(clusterIds, canonical);
  }
}
