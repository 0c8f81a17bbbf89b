package io.neardup.cluster.distributed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
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
 *
 * <p>Memory: the documents no cluster holds (most of an index) are never listed one by one; beyond
 * the given clusters it keeps about 8 bytes per document (its cluster, the documents alone sorted
 * by their current id) and the names of the documents alone that are named neither after their
 * current id nor after themselves.
 */
public final class StableClusterIds {
  /**
   * Bytes an assignment holds per document beyond the given clusters (its cluster, two sort orders
   * of the documents alone, their flags), for a circuit breaker.
   */
  public static final int BYTES_PER_DOCUMENT = 13;

  private StableClusterIds() {}

  /** Whether a document's id or canonical flag is unknown or set. */
  @FunctionalInterface
  public interface DocPredicate {
    boolean test(int doc);
  }

  /** The cluster id and canonical flag of every document. */
  public static final class Assignment {
    private final int[] clusterOf;
    private final String[] names;
    private final int[] heads;
    private final BitSet keeps;
    private final Map<Integer, String> renamed;
    private final IntFunction<String> current;
    private final IntFunction<String> ownId;

    private Assignment(
        int[] clusterOf,
        String[] names,
        int[] heads,
        BitSet keeps,
        Map<Integer, String> renamed,
        IntFunction<String> current,
        IntFunction<String> ownId) {
      this.clusterOf = clusterOf;
      this.names = names;
      this.heads = heads;
      this.keeps = keeps;
      this.renamed = renamed;
      this.current = current;
      this.ownId = ownId;
    }

    /** The cluster id of a document. */
    public String clusterId(int doc) {
      int c = clusterOf[doc];
      if (c >= 0) {
        return names[c];
      }
      if (keeps.get(doc)) {
        return current.apply(doc);
      }
      String name = renamed.get(doc);
      return name != null ? name : ownId.apply(doc);
    }

    /** Whether a document is its cluster's canonical (a document alone always is). */
    public boolean canonical(int doc) {
      int c = clusterOf[doc];
      return c < 0 || heads[c] == doc;
    }
  }

  private record Candidate(int cluster, String id, int carriers) {}

  /**
   * @param clusters the clusters of two or more, as document ordinals, canonical first, in the
   *     order that breaks ties (the {@link io.neardup.cluster.ClusterOrder})
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
    int[] clusterOf = new int[documents];
    Arrays.fill(clusterOf, -1);
    for (int c = 0; c < clusters.size(); c++) {
      for (int doc : clusters.get(c)) {
        if (clusterOf[doc] >= 0) {
          throw new IllegalArgumentException("document " + doc + " is in two clusters");
        }
        clusterOf[doc] = c;
      }
    }

    // the given clusters' candidates come first: a document alone has one carrier and a later
    // place in the order than every given cluster
    List<Candidate> candidates = new ArrayList<>();
    Map<String, Integer> carriers = new HashMap<>();
    for (int c = 0; c < clusters.size(); c++) {
      carriers.clear();
      for (int doc : clusters.get(c)) {
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
    String[] names = new String[clusters.size()];
    Set<String> taken = new HashSet<>();
    for (Candidate x : candidates) {
      if (names[x.cluster] == null && taken.add(x.id)) {
        names[x.cluster] = x.id;
      }
    }

    // then the documents alone, in document order: the first of those carrying an id no cluster
    // took keeps it
    Alone alone = new Alone(clusterOf, current);
    BitSet keeps = alone.keeps(taken);

    for (int c = 0; c < clusters.size(); c++) {
      if (names[c] == null) {
        String own = ownId.apply(clusters.get(c)[0]);
        String name = own;
        for (int n = 2; alone.keeps(name) || !taken.add(name); n++) {
          name = own + "-" + n;
        }
        names[c] = name;
      }
    }
    // the other documents alone, in document order, mostly named after themselves: only the
    // names of those that are not, suffixed, are held
    Map<Integer, String> renamed = new HashMap<>();
    BitSet own = alone.namedAfterThemselves(keeps, ownId);
    for (int doc = own.nextSetBit(0); doc >= 0; doc = own.nextSetBit(doc + 1)) {
      String id = ownId.apply(doc);
      if (alone.keeps(id) || taken.contains(id) || alone.namedBefore(id, doc, own)) {
        own.clear(doc);
        String name;
        for (int n = 2; ; n++) {
          name = id + "-" + n;
          if (!alone.keeps(name) && !alone.namedBefore(name, doc, own) && taken.add(name)) {
            break;
          }
        }
        renamed.put(doc, name);
      }
    }

    int[] heads = new int[clusters.size()];
    for (int c = 0; c < clusters.size(); c++) {
      int[] members = clusters.get(c);
      heads[c] = members[0];
      if (keepCanonical) {
        for (int doc : members) {
          if (flagged.test(doc) && names[c].equals(current.apply(doc))) {
            heads[c] = doc;
            break;
          }
        }
      }
    }
    return new Assignment(clusterOf, names, heads, keeps, renamed, current, ownId);
  }

  /**
   * The documents alone: those that carry an id sorted by it, and those named after themselves
   * sorted by their own id (ties in document order).
   */
  private static final class Alone {
    private final int[] clusterOf;
    private final IntFunction<String> current;
    private final int[] byId;
    private Set<String> taken;
    private IntFunction<String> ownId;
    private int[] byOwnId = new int[0];

    Alone(int[] clusterOf, IntFunction<String> current) {
      this.clusterOf = clusterOf;
      this.current = current;
      BitSet carriers = new BitSet(clusterOf.length);
      for (int doc = 0; doc < clusterOf.length; doc++) {
        if (clusterOf[doc] < 0 && current.apply(doc) != null) {
          carriers.set(doc);
        }
      }
      this.byId = sorted(carriers, current);
    }

    /** Marks the documents that keep their id: the first of each id that {@code taken} lacks. */
    BitSet keeps(Set<String> taken) {
      this.taken = taken;
      BitSet keeps = new BitSet();
      for (int i = 0; i < byId.length; i++) {
        String id = current.apply(byId[i]);
        if ((i == 0 || !id.equals(current.apply(byId[i - 1]))) && !taken.contains(id)) {
          keeps.set(byId[i]);
        }
      }
      return keeps;
    }

    /** Whether a document alone keeps {@code id} (so no other cluster may take it). */
    boolean keeps(String id) {
      // its first carrier keeps it unless a given cluster took it first (taken grows later only
      // by names that no document alone keeps)
      return find(byId, current, id) >= 0 && !taken.contains(id);
    }

    /** The documents alone that keep no id, sorted by their own id for {@link #namedBefore}. */
    BitSet namedAfterThemselves(BitSet keeps, IntFunction<String> ownId) {
      this.ownId = ownId;
      BitSet rest = new BitSet(clusterOf.length);
      for (int doc = 0; doc < clusterOf.length; doc++) {
        if (clusterOf[doc] < 0 && !keeps.get(doc)) {
          rest.set(doc);
        }
      }
      this.byOwnId = sorted(rest, ownId);
      return rest;
    }

    /** Whether a document alone before {@code doc} is named {@code name} after itself. */
    boolean namedBefore(String name, int doc, BitSet named) {
      int i = find(byOwnId, ownId, name);
      if (i < 0) {
        return false;
      }
      while (i > 0 && ownId.apply(byOwnId[i - 1]).equals(name)) {
        i--;
      }
      for (; i < byOwnId.length && ownId.apply(byOwnId[i]).equals(name); i++) {
        if (byOwnId[i] < doc && named.get(byOwnId[i])) {
          return true;
        }
      }
      return false;
    }

    /** A position in {@code docs} (sorted by {@code key}) whose key is {@code value}, or -1. */
    private static int find(int[] docs, IntFunction<String> key, String value) {
      int lo = 0;
      int hi = docs.length - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int cmp = key.apply(docs[mid]).compareTo(value);
        if (cmp == 0) {
          return mid;
        }
        if (cmp < 0) {
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      return -1;
    }

    /** The set documents, sorted by {@code key}, ties in document order. */
    private static int[] sorted(BitSet docs, IntFunction<String> key) {
      int[] out = docs.stream().toArray();
      sort(out, new int[out.length], 0, out.length, key);
      return out;
    }

    /** A stable merge sort of {@code docs[from, to)} by {@code key}. */
    private static void sort(int[] docs, int[] buffer, int from, int to, IntFunction<String> key) {
      if (to - from < 2) {
        return;
      }
      int mid = (from + to) >>> 1;
      sort(docs, buffer, from, mid, key);
      sort(docs, buffer, mid, to, key);
      if (key.apply(docs[mid - 1]).compareTo(key.apply(docs[mid])) <= 0) {
        return;
      }
      System.arraycopy(docs, from, buffer, from, to - from);
      int i = from;
      int j = mid;
      for (int k = from; k < to; k++) {
        if (j >= to || (i < mid && key.apply(buffer[i]).compareTo(key.apply(buffer[j])) <= 0)) {
          docs[k] = buffer[i++];
        } else {
          docs[k] = buffer[j++];
        }
      }
    }
  }
}
