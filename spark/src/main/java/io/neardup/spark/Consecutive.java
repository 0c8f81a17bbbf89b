package io.neardup.spark;

import java.io.Serializable;
import org.apache.spark.Partition;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.PartitionCoalescer;
import org.apache.spark.rdd.PartitionGroup;
import org.apache.spark.rdd.RDD;
import scala.Option;

/**
 * Consecutive partitions of a dataset read as one, in order: fewer, larger partitions without a
 * shuffle and without changing the dataset's order (Spark's own coalescing groups partitions by
 * where they are, which may interleave them).
 */
final class Consecutive implements PartitionCoalescer, Serializable {
  private static final long serialVersionUID = 1L;

  /** Group g reads the partitions from firsts[g] up to firsts[g + 1] (exclusive). */
  private final int[] firsts;

  private Consecutive(int[] firsts) {
    this.firsts = firsts;
  }

  /**
   * The first partition of each of {@code parts} groups of consecutive partitions (and, last, the
   * number of partitions), each group at least one partition and the documents ({@code counts}, by
   * partition) spread as evenly as whole partitions allow.
   */
  static int[] firsts(long[] counts, int parts) {
    int n = counts.length;
    if (n == 0) {
      return new int[] {0};
    }
    parts = Math.max(1, Math.min(parts, n));
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    int[] firsts = new int[parts + 1];
    long sum = 0;
    int i = 0;
    for (int g = 0; g < parts; g++) {
      firsts[g] = i;
      double target = (double) total * (g + 1) / parts;
      int last = n - (parts - g - 1); // leaves a partition for each group after this one
      // at least one partition, then each next one while it brings the sum closer to the target
      do {
        sum += counts[i++];
      } while (i < last
          && (g == parts - 1 || Math.abs(sum + counts[i] - target) < Math.abs(sum - target)));
    }
    firsts[parts] = n;
    return firsts;
  }

  /** {@code rdd}'s partitions grouped by {@code firsts} ({@link #firsts}), in order. */
  static <T> JavaRDD<T> coalesce(JavaRDD<T> rdd, int[] firsts) {
    if (firsts.length - 1 == rdd.getNumPartitions()) {
      return rdd;
    }
    return JavaRDD.fromRDD(
        rdd.rdd().coalesce(firsts.length - 1, false, Option.apply(new Consecutive(firsts)), null),
        rdd.classTag());
  }

  @Override
  public PartitionGroup[] coalesce(int maxPartitions, RDD<?> parent) {
    Partition[] partitions = parent.partitions();
    PartitionGroup[] groups = new PartitionGroup[firsts.length - 1];
    for (int g = 0; g < groups.length; g++) {
      groups[g] = new PartitionGroup(Option.empty());
      for (int i = firsts[g]; i < firsts[g + 1]; i++) {
        groups[g].partitions().addOne(partitions[i]);
      }
    }
    return groups;
  }
}
