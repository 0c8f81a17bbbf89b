package io.neardup.spark;

import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import scala.Option;
import scala.reflect.ClassTag;

/**
 * Ordinals partitioned by the ranges the input ordinals were numbered in: partition i holds the
 * ordinals that the analysed documents' partition i was given ({@code zipWithIndex} numbers the
 * partitions in order). Data keyed by ordinal and made from the analysed documents is therefore
 * already partitioned so, and declaring it ({@link #keyed}) lets the joins by ordinal read it in
 * place instead of shuffling every document's set and id once more.
 */
final class OrdinalRanges extends Partitioner {
  private static final long serialVersionUID = 1L;

  /** Partition i holds the ordinals from starts[i] up to starts[i + 1] (exclusive). */
  private final long[] starts;

  private OrdinalRanges(long[] starts) {
    this.starts = starts;
  }

  /**
   * The ranges of {@code docs}' partitions, counted in one job (which also materialises them when
   * persisted); their ordinals must be numbered partition by partition from 0.
   */
  static OrdinalRanges of(JavaRDD<?> docs) {
    List<Long> counts =
        docs.mapPartitions(
                it -> {
                  long n = 0;
                  while (it.hasNext()) {
                    it.next();
                    n++;
                  }
                  return List.of(n).iterator();
                })
            .collect();
    return ofCounts(counts.stream().mapToLong(Long::longValue).toArray());
  }

  /** The ranges of partitions holding {@code counts[i]} ordinals each, numbered from 0. */
  static OrdinalRanges ofCounts(long[] counts) {
    long[] starts = new long[counts.length + 1];
    for (int i = 0; i < counts.length; i++) {
      starts[i + 1] = starts[i] + counts[i];
    }
    return new OrdinalRanges(starts);
  }

  /** The first ordinal of partition {@code i}. */
  long start(int i) {
    return starts[i];
  }

  /** The number of ordinals: the documents counted. */
  long size() {
    return starts[starts.length - 1];
  }

  @Override
  public int numPartitions() {
    return Math.max(1, starts.length - 1);
  }

  @Override
  public int getPartition(Object key) {
    long ord = (Long) key;
    // the last partition whose range starts at or below the ordinal (empty partitions skipped)
    int lo = 0;
    int hi = starts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[mid + 1] <= ord) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return Math.min(lo, numPartitions() - 1);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OrdinalRanges o && java.util.Arrays.equals(starts, o.starts);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(starts);
  }

  /**
   * {@code pairs}, keyed by the ordinals of the analysed documents' partition of the same index,
   * declared partitioned by these ranges (no shuffle).
   */
  <V> JavaPairRDD<Long, V> keyed(JavaPairRDD<Long, V> pairs) {
    if (pairs.getNumPartitions() != starts.length - 1) {
      return pairs.partitionBy(this); // not the analysed documents' partitions (none: no input)
    }
    return JavaPairRDD.fromRDD(
        new Declared<>(pairs.rdd(), this, pairs.classTag()), pairs.kClassTag(), pairs.vClassTag());
  }

  /** Its parent's partitions as they are, with the partitioner they already follow. */
  private static final class Declared<T> extends RDD<T> {
    private static final long serialVersionUID = 1L;
    private final Partitioner by;
    private final ClassTag<T> tag;

    Declared(RDD<T> parent, Partitioner by, ClassTag<T> tag) {
      super(parent, tag);
      this.by = by;
      this.tag = tag;
    }

    @Override
    public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
      return firstParent(tag).iterator(split, context);
    }

    @Override
    public Partition[] getPartitions() {
      return firstParent(tag).partitions();
    }

    @Override
    public Option<Partitioner> partitioner() {
      return Option.apply(by);
    }
  }
}
