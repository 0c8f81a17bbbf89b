package io.neardup.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.Partition;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import scala.Option;
import scala.Tuple2;
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

  /**
   * Each (ordinal, w) of {@code keys} with the value {@code table} holds for that ordinal: a join
   * by ordinal that reads the table in place. The keys go to the table's partitions (unless they
   * are there), are sorted there by ordinal and merged with the table as it is read, its ordinals
   * ascending in each partition as the analysed documents number them; unlike a join, no task puts
   * the table's entries in a hash map (and Spark does not estimate its size over and over). The
   * result is partitioned by these ranges; keys without a value in the table are dropped.
   *
   * @param table keyed by ordinal, partitioned by these ranges ({@link #keyed}), ascending
   */
  <W, V> JavaPairRDD<Long, Tuple2<W, V>> lookup(
      JavaPairRDD<Long, W> keys, JavaPairRDD<Long, V> table) {
    if (!table.partitioner().isPresent() || !equals(table.partitioner().get())) {
      throw new IllegalArgumentException("the table is not partitioned by these ranges");
    }
    JavaRDD<Tuple2<Long, Tuple2<W, V>>> merged =
        keys.partitionBy(this).zipPartitions(table, OrdinalRanges::merge);
    return JavaPairRDD.fromRDD(
        new Declared<>(merged.rdd(), this, merged.classTag()), anyTag(), anyTag());
  }

  /**
   * The entries of {@code table} whose ordinal is not a key of {@code keys}: a subtraction by
   * ordinal that reads the table in place (Spark's {@code subtractByKey} puts the whole table in a
   * hash map). The keys go to the table's partitions and are sorted there.
   *
   * @param table keyed by ordinal, partitioned by these ranges ({@link #keyed}), ascending
   */
  <V> JavaPairRDD<Long, V> without(JavaPairRDD<Long, V> table, JavaPairRDD<Long, ?> keys) {
    if (!table.partitioner().isPresent() || !equals(table.partitioner().get())) {
      throw new IllegalArgumentException("the table is not partitioned by these ranges");
    }
    JavaRDD<Tuple2<Long, V>> kept =
        table
            .rdd()
            .toJavaRDD()
            .zipPartitions(
                keys.partitionBy(this),
                (entries, drop) -> {
                  long[] ords = sortedOrdinals(drop);
                  return new Iterator<Tuple2<Long, V>>() {
                    Tuple2<Long, V> next;
                    int k;
                    long last = Long.MIN_VALUE;

                    @Override
                    public boolean hasNext() {
                      while (next == null && entries.hasNext()) {
                        Tuple2<Long, V> e = entries.next();
                        long o = e._1();
                        if (o < last) {
                          throw new IllegalStateException("the table's ordinals are not ascending");
                        }
                        last = o;
                        while (k < ords.length && ords[k] < o) {
                          k++;
                        }
                        if (k == ords.length || ords[k] != o) {
                          next = e;
                        }
                      }
                      return next != null;
                    }

                    @Override
                    public Tuple2<Long, V> next() {
                      if (!hasNext()) {
                        throw new NoSuchElementException();
                      }
                      Tuple2<Long, V> e = next;
                      next = null;
                      return e;
                    }
                  };
                });
    return JavaPairRDD.fromRDD(
        new Declared<>(kept.rdd(), this, kept.classTag()), anyTag(), anyTag());
  }

  /** The ordinals of a partition's keys, ascending. */
  private static long[] sortedOrdinals(Iterator<? extends Tuple2<Long, ?>> keys) {
    long[] ords = new long[16];
    int n = 0;
    while (keys.hasNext()) {
      if (n == ords.length) {
        ords = Arrays.copyOf(ords, n * 2);
      }
      ords[n++] = keys.next()._1();
    }
    ords = Arrays.copyOf(ords, n);
    Arrays.sort(ords);
    return ords;
  }

  @SuppressWarnings("unchecked")
  private static <T> ClassTag<T> anyTag() {
    return (ClassTag<T>) (ClassTag<?>) scala.reflect.ClassTag$.MODULE$.AnyRef();
  }

  /** A partition's keys, sorted by ordinal, merged with its table's entries (ascending). */
  private static <W, V> Iterator<Tuple2<Long, Tuple2<W, V>>> merge(
      Iterator<Tuple2<Long, W>> keys, Iterator<Tuple2<Long, V>> table) {
    List<Tuple2<Long, W>> list = new ArrayList<>();
    keys.forEachRemaining(list::add);
    if (list.isEmpty()) {
      return java.util.Collections.emptyIterator();
    }
    long[] ords = new long[list.size()];
    int[] order = sortedIndexes(list, ords);
    return new Iterator<>() {
      int next; // the next key, in ordinal order
      long last = Long.MIN_VALUE;
      Tuple2<Long, V> entry; // the table's entry of the next key's ordinal, once found

      @Override
      public boolean hasNext() {
        while (next < order.length) {
          long ord = ords[order[next]];
          if (entry != null) {
            if (entry._1() == ord) {
              return true;
            }
            if (entry._1() > ord) {
              next++; // a key whose ordinal the table lacks: dropped
              continue;
            }
          }
          if (!table.hasNext()) {
            return false;
          }
          entry = table.next();
          if (entry._1() < last) {
            throw new IllegalStateException("the table's ordinals are not ascending");
          }
          last = entry._1();
        }
        return false;
      }

      @Override
      public Tuple2<Long, Tuple2<W, V>> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Tuple2<Long, W> k = list.get(order[next++]);
        return new Tuple2<>(k._1(), new Tuple2<>(k._2(), entry._2()));
      }
    };
  }

  /**
   * The indexes of {@code list} in the order of its ordinals (ties in list order), which fill ords.
   */
  private static int[] sortedIndexes(List<? extends Tuple2<Long, ?>> list, long[] ords) {
    int n = list.size();
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      ords[i] = list.get(i)._1();
      min = Math.min(min, ords[i]);
      max = Math.max(max, ords[i]);
    }
    int[] order = new int[n];
    if (max - min < (1L << 31)) {
      // one primitive sort of (ordinal less the least, index) packed in a long
      long[] packed = new long[n];
      for (int i = 0; i < n; i++) {
        packed[i] = (ords[i] - min) << 32 | i;
      }
      Arrays.sort(packed);
      for (int i = 0; i < n; i++) {
        order[i] = (int) packed[i];
      }
    } else {
      Integer[] boxed = new Integer[n];
      Arrays.setAll(boxed, i -> i);
      Arrays.sort(boxed, (a, b) -> Long.compare(ords[a], ords[b]));
      for (int i = 0; i < n; i++) {
        order[i] = boxed[i];
      }
    }
    return order;
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
