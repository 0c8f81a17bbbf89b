package io.neardup.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import scala.Tuple2;

/**
 * Band entries into buckets, as the core makes them: each entry is one long (the bucket key in the
 * upper 32 bits, the document's ordinal in the lower), entries travel in blocks per target task
 * rather than one record each, and each task sorts its entries, so that a bucket is a run of equal
 * upper halves with its ordinals ascending. A task holds its share of the entries as a primitive
 * array: the entries over the number of partitions.
 */
final class Buckets {
  /** Entries per block sent to one task: bounds what a map task holds per target task. */
  static final int BLOCK = 1 << 16;

  private Buckets() {}

  /**
   * The buckets of at least two documents, by bucket key, each with its ordinals ascending and
   * distinct (two bands of a document may share a key).
   *
   * @param keys each document's bucket keys, by ordinal (below 2³¹)
   * @param partitions the number of tasks the entries are sorted in
   */
  static JavaPairRDD<Integer, long[]> of(JavaPairRDD<Long, int[]> keys, int partitions) {
    return keys.mapPartitionsToPair(docs -> blocks(docs, partitions))
        .partitionBy(new ByIndex(partitions))
        .mapPartitionsToPair(Buckets::sorted);
  }

  private static Iterator<Tuple2<Integer, long[]>> blocks(
      Iterator<Tuple2<Long, int[]>> docs, int partitions) {
    List<Tuple2<Integer, long[]>> out = new ArrayList<>();
    long[][] blocks = new long[partitions][];
    int[] sizes = new int[partitions];
    while (docs.hasNext()) {
      Tuple2<Long, int[]> d = docs.next();
      long ord = d._1();
      for (int key : d._2()) {
        int p = Math.floorMod(key, partitions);
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
        blocks[p][sizes[p]++] = (long) key << 32 | ord;
      }
    }
    for (int p = 0; p < partitions; p++) {
      if (sizes[p] > 0) {
        out.add(new Tuple2<>(p, Arrays.copyOf(blocks[p], sizes[p])));
      }
    }
    return out.iterator();
  }

  private static Iterator<Tuple2<Integer, long[]>> sorted(Iterator<Tuple2<Integer, long[]>> in) {
    List<long[]> blocks = new ArrayList<>();
    long total = 0;
    while (in.hasNext()) {
      long[] b = in.next()._2();
      blocks.add(b);
      total += b.length;
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException(
          total + " band entries in one task: run with more partitions");
    }
    long[] entries = new long[(int) total];
    int n = 0;
    for (long[] b : blocks) {
      System.arraycopy(b, 0, entries, n, b.length);
      n += b.length;
    }
    blocks.clear();
    Arrays.sort(entries);
    List<Tuple2<Integer, long[]>> out = new ArrayList<>();
    int start = 0;
    while (start < n) {
      int key = (int) (entries[start] >> 32);
      int end = start + 1;
      while (end < n && (int) (entries[end] >> 32) == key) {
        end++;
      }
      long[] ords = new long[end - start];
      int size = 0;
      for (int i = start; i < end; i++) {
        long ord = entries[i] & 0xFFFFFFFFL;
        if (size == 0 || ords[size - 1] != ord) {
          ords[size++] = ord;
        }
      }
      if (size >= 2) {
        out.add(new Tuple2<>(key, size == ords.length ? ords : Arrays.copyOf(ords, size)));
      }
      start = end;
    }
    return out.iterator();
  }

  /** Sends a block to the task its key names. */
  static final class ByIndex extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int partitions;

    ByIndex(int partitions) {
      this.partitions = partitions;
    }

    @Override
    public int numPartitions() {
      return partitions;
    }

    @Override
    public int getPartition(Object key) {
      return (Integer) key;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ByIndex b && b.partitions == partitions;
    }

    @Override
    public int hashCode() {
      return partitions;
    }
  }
}
