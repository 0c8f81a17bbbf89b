package io.neardup.spark;

import io.neardup.cluster.core.UnionFind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
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
   * At most this many edges (after each task's spanning forest) are labelled in one task by a
   * union-find, in about 40 bytes an edge: the rounds' dozen shuffles and jobs cost more than one
   * shuffle of so few edges.
   */
  static final long ONE_TASK_EDGES = 1L << 21;

  /**
   * The label (smallest node of its component) of every node that has an edge.
   *
   * @param edges undirected edges, in any orientation, repeats and self-loops allowed
   * @param partitioner the partitioning of every shuffle
   * @return (node, label) for each node of an edge, the label included as (label, label)
   */
  static JavaPairRDD<Long, Long> labels(JavaPairRDD<Long, Long> edges, Partitioner partitioner) {
    return labels(edges, partitioner, ONE_TASK_EDGES);
  }

  /**
   * {@link #labels(JavaPairRDD, Partitioner)}, in one task by a union-find when the tasks' spanning
   * forests have at most {@code oneTaskEdges} edges in all, else by the rounds.
   */
  static JavaPairRDD<Long, Long> labels(
      JavaPairRDD<Long, Long> edges, Partitioner partitioner, long oneTaskEdges) {
    int partitions = partitioner.numPartitions();
    // each edge as (larger, smaller)
    JavaPairRDD<Long, Long> forests =
        edges.mapPartitionsToPair(ConnectedComponents::forest).persist(Cached.RECORDS);
    if (forests.count() <= oneTaskEdges) {
      // no partitioner kept: the joins after this spread the labels over the run's partitions
      return forests
          .partitionBy(new NearDupSpark.OnePartition())
          .mapPartitionsToPair(ConnectedComponents::unionFind);
    }
    JavaPairRDD<Long, Long> e = forests.distinct(partitions).persist(Cached.RECORDS);
    while (!isStarForest(e, partitioner)) {
      JavaPairRDD<Long, Long> next =
          smallStar(largeStar(e, partitioner), partitioner).persist(Cached.RECORDS);
      next.count(); // computed from e before e is dropped
      e.unpersist(false);
      e = next;
    }
    JavaPairRDD<Long, Long> centers =
        e.values().distinct(partitions).mapToPair(m -> new Tuple2<>(m, m));
    return e.union(centers);
  }

  /**
   * (node, label) for every node of the edges, by the library's union-find over the nodes numbered
   * in ascending order.
   */
  static Iterator<Tuple2<Long, Long>> unionFind(Iterator<Tuple2<Long, Long>> edges) {
    long[] a = new long[1024];
    long[] b = new long[1024];
    int n = 0;
    while (edges.hasNext()) {
      Tuple2<Long, Long> t = edges.next();
      if (n == a.length) {
        a = Arrays.copyOf(a, 2 * n);
        b = Arrays.copyOf(b, 2 * n);
      }
      a[n] = t._1();
      b[n++] = t._2();
    }
    long[] nodes = new long[2 * n];
    System.arraycopy(a, 0, nodes, 0, n);
    System.arraycopy(b, 0, nodes, n, n);
    Arrays.sort(nodes);
    int count = 0;
    for (int i = 0; i < nodes.length; i++) {
      if (i == 0 || nodes[i] != nodes[i - 1]) {
        nodes[count++] = nodes[i];
      }
    }
    UnionFind sets = new UnionFind(count);
    for (int k = 0; k < n; k++) {
      sets.union(
          Arrays.binarySearch(nodes, 0, count, a[k]), Arrays.binarySearch(nodes, 0, count, b[k]));
    }
    // nodes ascend, so the first node met of each set is its smallest: the set's label
    int[] smallest = new int[count];
    Arrays.fill(smallest, -1);
    int size = count;
    long[] ids = nodes;
    return new Iterator<>() {
      private int i;

      @Override
      public boolean hasNext() {
        return i < size;
      }

      @Override
      public Tuple2<Long, Long> next() {
        int root = sets.find(i);
        if (smallest[root] < 0) {
          smallest[root] = i;
        }
        Tuple2<Long, Long> out = new Tuple2<>(ids[i], ids[smallest[root]]);
        i++;
        return out;
      }
    };
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
