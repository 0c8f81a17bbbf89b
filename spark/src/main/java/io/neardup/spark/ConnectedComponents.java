package io.neardup.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Connected components of an undirected graph by alternating Large-Star and Small-Star rounds (R.
 * Kiveris, S. Lattanzi, V. Mirrokni, V. Rastogi, S. Vassilvitskii: <i>Connected Components in
 * MapReduce and Beyond</i>, ACM SoCC 2014). Each round is a few shuffles, each node's neighbour
 * minimum comes from a reduction (no node's neighbours are ever held in memory at once), and the
 * number of rounds is O(log² n) at worst, O(log n) in practice, independent of the diameter. At
 * convergence every component is a star around its smallest node, so the labels are deterministic:
 * a node's label is the smallest node of its component, whatever the partitioning.
 *
 * <p>The rounds stop as soon as the edges form stars around their smallest nodes (the fixed point
 * of both operations), checked by one reduction; a graph that already is one (near-duplicate pairs
 * mostly are) costs no round at all. Every shuffle uses the caller's partitioner, so the number of
 * tasks stays that of the run rather than doubling with each union.
 */
final class ConnectedComponents {
  private ConnectedComponents() {}

  /**
   * The label (smallest node of its component) of every node that has an edge.
   *
   * @param edges undirected edges, in any orientation, repeats and self-loops allowed
   * @param partitioner the partitioning of every shuffle
   * @return (node, label) for each node of an edge, the label included as (label, label)
   */
  static JavaPairRDD<Long, Long> labels(JavaPairRDD<Long, Long> edges, Partitioner partitioner) {
    int partitions = partitioner.numPartitions();
    // each edge as (larger, smaller), once
    JavaPairRDD<Long, Long> e =
        edges
            .mapPartitionsToPair(ConnectedComponents::forest)
            .mapToPair(t -> t._1() > t._2() ? t : new Tuple2<>(t._2(), t._1()))
            .distinct(partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    while (!isStarForest(e, partitioner)) {
      JavaPairRDD<Long, Long> next =
          smallStar(largeStar(e, partitioner), partitioner).persist(StorageLevel.MEMORY_AND_DISK());
      next.count(); // computed from e before e is dropped
      e.unpersist(false);
      e = next;
    }
    JavaPairRDD<Long, Long> centers =
        e.values().distinct(partitions).mapToPair(m -> new Tuple2<>(m, m));
    return e.union(centers);
  }

  /**
   * A spanning forest of a task's edges, each tree a star around its smallest node: the same
   * components from at most one edge per node of the task, however many edges it had (a family of n
   * near-duplicates listed pair by pair has n(n−1)/2 edges and needs n − 1). Holds one entry per
   * node of the task's edges.
   */
  static Iterator<Tuple2<Long, Long>> forest(Iterator<Tuple2<Long, Long>> edges) {
    Map<Long, Long> parent = new HashMap<>();
    while (edges.hasNext()) {
      Tuple2<Long, Long> t = edges.next();
      long a = root(parent, t._1());
      long b = root(parent, t._2());
      if (a != b) {
        parent.put(Math.max(a, b), Math.min(a, b));
      }
    }
    List<Tuple2<Long, Long>> out = new ArrayList<>();
    for (Long node : parent.keySet()) {
      long r = root(parent, node);
      if (r != node) {
        out.add(new Tuple2<>(node, r));
      }
    }
    return out.iterator();
  }

  private static long root(Map<Long, Long> parent, long x) {
    long r = x;
    Long p;
    while ((p = parent.get(r)) != null && p != r) {
      r = p;
    }
    // path compression: later finds are short
    while (x != r) {
      long next = parent.get(x);
      parent.put(x, r);
      x = next;
    }
    return r;
  }

  /**
   * Whether the edges (larger, smaller) are stars around their smallest nodes: no node has two
   * smaller neighbours, and no node with a smaller neighbour has a larger one. Then Large-Star and
   * Small-Star change nothing, and each edge links a node to its component's smallest node.
   */
  static boolean isStarForest(JavaPairRDD<Long, Long> e, Partitioner partitioner) {
    // per node: the count of its smaller neighbours (low 32 bits) and of its larger ones (high)
    return e.flatMapToPair(
            t -> List.of(new Tuple2<>(t._1(), 1L), new Tuple2<>(t._2(), 1L << 32)).iterator())
        .reduceByKey(partitioner, Long::sum)
        .filter(t -> {
          long smaller = t._2() & 0xFFFFFFFFL;
          long larger = t._2() >>> 32;
          return smaller > 1 || (smaller == 1 && larger > 0);
        })
        .isEmpty();
  }

  /**
   * Large-Star: each node u links every larger neighbour to m(u), the least of u and its
   * neighbours.
   */
  private static JavaPairRDD<Long, Long> largeStar(
      JavaPairRDD<Long, Long> e, Partitioner partitioner) {
    JavaPairRDD<Long, Long> both = e.union(e.mapToPair(Tuple2::swap));
    JavaPairRDD<Long, Long> min =
        both.reduceByKey(partitioner, Math::min)
            .mapToPair(t -> new Tuple2<>(t._1(), Math.min(t._1(), t._2())));
    return both.filter(t -> t._2() > t._1())
        .join(min, partitioner)
        .mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2()))
        .filter(t -> !t._1().equals(t._2()))
        .distinct(partitioner.numPartitions());
  }

  /**
   * Small-Star: each node u links itself and its smaller neighbours to m(u), the least of them
   * (edges come as (larger, smaller), so a node's smaller neighbours are its values).
   */
  private static JavaPairRDD<Long, Long> smallStar(
      JavaPairRDD<Long, Long> e, Partitioner partitioner) {
    JavaPairRDD<Long, Long> min = e.reduceByKey(partitioner, Math::min);
    JavaPairRDD<Long, Long> neighbours =
        e.join(min, partitioner).mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2()));
    return neighbours
        .union(min)
        .filter(t -> !t._1().equals(t._2()))
        .distinct(partitioner.numPartitions());
  }
}
