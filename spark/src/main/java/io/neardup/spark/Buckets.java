package io.neardup.spark;

import java.util.function.LongConsumer;
import org.apache.spark.api.java.JavaPairRDD;
import scala.Tuple2;

/**
 * Band entries into buckets, as the core makes them: each entry is one long (the bucket key in the
 * upper 32 bits, the document's ordinal in the lower), shuffled in primitive blocks ({@link
 * SortedLongs}), so that a bucket is a run of equal upper halves with its ordinals ascending. A
 * task holds its share of the entries as a primitive array: the entries over the number of
 * partitions.
 */
final class Buckets {
  private Buckets() {}

  /**
   * The buckets of at least two documents, by bucket key, each with its ordinals ascending and
   * distinct (two bands of a document may share a key).
   *
   * @param keys each document's bucket keys, by ordinal (below 2³¹)
   * @param partitions the number of tasks the entries are sorted in
   */
  static JavaPairRDD<Integer, long[]> of(JavaPairRDD<Long, int[]> keys, int partitions) {
    return SortedLongs.of(
            keys.rdd().toJavaRDD(),
            (Tuple2<Long, int[]> d, LongConsumer out) -> {
              long ord = d._1();
              for (int key : d._2()) {
                out.accept((long) key << 32 | ord);
              }
            },
            SortedLongs::byUpperHalf,
            partitions)
        .flatMapToPair(SortedLongs::runs);
  }
}
