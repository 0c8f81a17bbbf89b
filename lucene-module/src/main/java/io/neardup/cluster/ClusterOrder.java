package io.neardup.cluster;

import java.util.Comparator;
import java.util.List;

/**
 * How every surface lists clusters, defined once: the {@link io.neardup.cluster.core.Clusterer} (so
 * {@code neardup dedup} and the index clusterer), the engines' clusters API and their reconcile
 * (whose ties in naming clusters follow this order), and the Spark job's files. The same collection
 * gives the same list.
 *
 * <ol>
 *   <li>Members ascending in collection order: input order, a Lucene index's document order, an
 *       engine's index order (shard by shard, each in document order).
 *   <li>Clusters by their first member in that order, so a list never depends on sizes computed
 *       elsewhere and can be paged under a fixed order.
 *   <li>The canonical is the member a policy prefers; ties, and a policy by score (no keys), go to
 *       the first member.
 *   <li>A member's similarity to its canonical is reported to four decimals.
 * </ol>
 */
public final class ClusterOrder {
  private ClusterOrder() {}

  /** Clusters given as ascending member arrays, by their first member. */
  public static final Comparator<int[]> CLUSTERS = (a, b) -> Integer.compare(a[0], b[0]);

  /** Sorts clusters given as ascending member arrays into the order they are listed in. */
  public static void sort(List<int[]> clusters) {
    clusters.sort(CLUSTERS);
  }

  /**
   * How a policy compares two members of a cluster, by their positions in it.
   *
   * @param <E> what reading the compared values may throw
   */
  @FunctionalInterface
  public interface Preference<E extends Exception> {
    /** Negative if the member at position {@code i} is preferred to the one at {@code j}. */
    int compare(int i, int j) throws E;
  }

  /**
   * The position of a cluster's canonical among its {@code size} members listed in order: the first
   * strictly preferred one, so ties keep the first member.
   *
   * @param prefer the policy's comparison, or null for none (a policy by score): the first member
   */
  public static <E extends Exception> int canonical(int size, Preference<E> prefer) throws E {
    int best = 0;
    if (prefer != null) {
      for (int i = 1; i < size; i++) {
        if (prefer.compare(i, best) < 0) {
          best = i;
        }
      }
    }
    return best;
  }

  /** A similarity as the clusters are listed with it: to four decimals. */
  public static double similarity(double similarity) {
    return Math.round(similarity * 1e4) / 1e4;
  }
}
