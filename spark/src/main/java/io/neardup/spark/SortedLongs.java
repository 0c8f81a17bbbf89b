package io.neardup.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * A shuffle of longs without an object per entry: each map task fills one primitive block per
 * target task and sends blocks, not records, and each target task sorts its share as one {@code
 * long[]}. What the records would have been (a key and a value packed in one long) is then a run of
 * the sorted array, read without boxing, hashing or a map-side combine.
 */
final class SortedLongs {
  /** Entries per block sent to one task: bounds what a map task holds per target task. */
  static final int BLOCK = 1 << 16;

  private SortedLongs() {}

  /** The entries an element gives. */
  @FunctionalInterface
  interface Entries<T> extends Serializable {
    void each(T element, LongConsumer out);
  }

  /** The target task of an entry, from 0 to the number of tasks. */
  @FunctionalInterface
  interface Target extends Serializable {
    int of(long entry, int partitions);
  }

  /** The task of an entry by its upper 32 bits. */
  static int byUpperHalf(long entry, int partitions) {
    return Math.floorMod((int) (entry >> 32), partitions);
  }

  /** The task of an entry by a hash of all its bits. */
  static int byHash(long entry, int partitions) {
    long h = entry * 0x9E3779B97F4A7C15L;
    return Math.floorMod((int) (h >>> 32), partitions);
  }

  /**
   * Each task's entries, sorted, as one array (one record per task).
   *
   * @param partitions the number of tasks the entries are sorted in
   */
  static <T> JavaRDD<long[]> of(JavaRDD<T> in, Entries<T> entries, Target target, int partitions) {
    return in.mapPartitionsToPair(it -> blocks(it, entries, target, partitions))
        .partitionBy(new ByIndex(partitions))
        .mapPartitions(SortedLongs::sorted);
  }

  private static <T> Iterator<Tuple2<Integer, long[]>> blocks(
      Iterator<T> in, Entries<T> entries, Target target, int partitions) {
    List<Tuple2<Integer, long[]>> out = new ArrayList<>();
    long[][] blocks = new long[partitions][];
    int[] sizes = new int[partitions];
    LongConsumer add =
        entry -> {
          int p = target.of(entry, partitions);
          if (blocks[p] == null) {
            blocks[p] = new long[Math.min(BLOCK, 1024)];
          } else if (sizes[p] == blocks[p].length) {
            if (sizes[p] == BLOCK) {
              out.add(new Tuple2<>(p, blocks[p]));
              blocks[p] = new long[BLOCK];
              sizes[p] = 0;
            } else {
              blocks[p] = Arrays.copyOf(blocks[p], Math.min(BLOCK, sizes[p] * 2));
            }
          }
          blocks[p][sizes[p]++] = entry;
        };
    while (in.hasNext()) {
      entries.each(in.next(), add);
    }
    for (int p = 0; p < partitions; p++) {
      if (sizes[p] > 0) {
        out.add(new Tuple2<>(p, Arrays.copyOf(blocks[p], sizes[p])));
      }
    }
    return out.iterator();
  }

  private static Iterator<long[]> sorted(Iterator<Tuple2<Integer, long[]>> in) {
    List<long[]> blocks = new ArrayList<>();
    long total = 0;
    while (in.hasNext()) {
      long[] b = in.next()._2();
      blocks.add(b);
      total += b.length;
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException(total + " entries in one task: run with more partitions");
    }
    long[] entries = new long[(int) total];
    int n = 0;
    for (long[] b : blocks) {
      System.arraycopy(b, 0, entries, n, b.length);
      n += b.length;
    }
    blocks.clear();
    Arrays.sort(entries);
    return List.of(entries).iterator();
  }

  /**
   * The runs of equal upper halves of sorted entries that hold at least two distinct lower halves:
   * each run's key (the upper half) with its lower halves ascending and distinct.
   */
  static Iterator<Tuple2<Integer, long[]>> runs(long[] entries) {
    List<Tuple2<Integer, long[]>> out = new ArrayList<>();
    int n = entries.length;
    int start = 0;
    while (start < n) {
      int key = (int) (entries[start] >> 32);
      int end = start + 1;
      while (end < n && (int) (entries[end] >> 32) == key) {
        end++;
      }
      long[] values = new long[end - start];
      int size = 0;
      for (int i = start; i < end; i++) {
        long value = entries[i] & 0xFFFFFFFFL;
        if (size == 0 || values[size - 1] != value) {
          values[size++] = value;
        }
      }
      if (size >= 2) {
        out.add(new Tuple2<>(key, size == values.length ? values : Arrays.copyOf(values, size)));
      }
      start = end;
    }
    return out.iterator();
  }

  /** Each distinct entry of sorted entries with the number of times it occurs. */
  static Iterator<Tuple2<Long, Integer>> counted(long[] entries) {
    List<Tuple2<Long, Integer>> out = new ArrayList<>();
    int n = entries.length;
    int start = 0;
    while (start < n) {
      int end = start + 1;
      while (end < n && entries[end] == entries[start]) {
        end++;
      }
      out.add(new Tuple2<>(entries[start], end - start));
      start = end;
    }
    return out.iterator();
  }

  /** Sends a block to the task its key names. */
  static final class ByIndex extends FixedPartitioner {
    private static final long serialVersionUID = 1L;

    ByIndex(int partitions) {
      super(partitions);
    }

    @Override
    public int getPartition(Object key) {
      return (Integer) key;
    }
  }
}
