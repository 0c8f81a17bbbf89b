package io.neardup.spark;

import java.util.ArrayList;
import java.util.List;
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
 */
final class ConnectedComponents {
  private ConnectedComponents() {}

  /**
   * The label (smallest node of its component) of every node that has an edge.
   *
   * @param edges undirected edges, in any orientation, repeats and self-loops allowed
   * @return (node, label) for each node of an edge, the label included as (label, label)
   */
  static JavaPairRDD<Long, Long> labels(JavaPairRDD<Long, Long> edges) {
    // each edge as (larger, smaller), once
    JavaPairRDD<Long, Long> e =
        edges
            .filter(t -> !t._1().equals(t._2()))
            .mapToPair(t -> t._1() > t._2() ? t : new Tuple2<>(t._2(), t._1()))
            .distinct()
            .persist(StorageLevel.MEMORY_AND_DISK());
    List<JavaPairRDD<Long, Long>> old = new ArrayList<>();
    while (true) {
      JavaPairRDD<Long, Long> next =
          smallStar(largeStar(e)).persist(StorageLevel.MEMORY_AND_DISK());
      boolean changed = !next.subtract(e).union(e.subtract(next)).isEmpty();
      old.add(e);
      e = next;
      if (!changed) {
        break;
      }
    }
    for (JavaPairRDD<Long, Long> rdd : old) {
      rdd.unpersist(false);
    }
    JavaPairRDD<Long, Long> centers = e.values().distinct().mapToPair(m -> new Tuple2<>(m, m));
    return e.union(centers);
  }

  /**
   * Large-Star: each node u links every larger neighbour to m(u), the least of u and its
   * neighbours.
   */
  private static JavaPairRDD<Long, Long> largeStar(JavaPairRDD<Long, Long> e) {
    JavaPairRDD<Long, Long> both = e.union(e.mapToPair(Tuple2::swap));
    JavaPairRDD<Long, Long> min =
        both.reduceByKey(Math::min).mapToPair(t -> new Tuple2<>(t._1(), Math.min(t._1(), t._2())));
    return both.filter(t -> t._2() > t._1())
        .join(min)
        .mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2()))
        .filter(t -> !t._1().equals(t._2()))
        .distinct();
  }

  /**
   * Small-Star: each node u links itself and its smaller neighbours to m(u), the least of them
   * (edges come as (larger, smaller), so a node's smaller neighbours are its values).
   */
  private static JavaPairRDD<Long, Long> smallStar(JavaPairRDD<Long, Long> e) {
    JavaPairRDD<Long, Long> min = e.reduceByKey(Math::min);
    JavaPairRDD<Long, Long> neighbours =
        e.join(min).mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2()));
    return neighbours.union(min).filter(t -> !t._1().equals(t._2())).distinct();
  }
}
