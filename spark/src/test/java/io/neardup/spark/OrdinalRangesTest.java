package io.neardup.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.Tuple2;

/**
 * The ordinal ranges name, for every ordinal, the partition that holds it, empty partitions
 * included, so that data declared partitioned by them joins correctly.
 */
class OrdinalRangesTest {
  private static SparkSession spark;
  private static JavaSparkContext jsc;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session("local[2]", 4);
    jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  /** Ten values in five partitions of two, the second and the last emptied: sizes 2, 0, 2, 2, 0. */
  private static JavaRDD<Long> numbered() {
    List<Integer> values = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      values.add(i);
    }
    return jsc.parallelize(values, 5)
        .filter(v -> v != 2 && v != 3 && v != 8 && v != 9)
        .zipWithIndex()
        .map(Tuple2::_2);
  }

  @Test
  void eachOrdinalIsInThePartitionItWasNumberedIn() {
    JavaRDD<Long> ords = numbered();
    OrdinalRanges ranges = OrdinalRanges.of(ords);
    assertEquals(6, ranges.size());
    assertEquals(5, ranges.numPartitions());
    List<Tuple2<Integer, Long>> placed =
        ords.mapPartitionsWithIndex(
                (p, it) -> {
                  List<Tuple2<Integer, Long>> out = new ArrayList<>();
                  it.forEachRemaining(o -> out.add(new Tuple2<>(p, o)));
                  return out.iterator();
                },
                true)
            .collect();
    assertEquals(6, placed.size());
    for (Tuple2<Integer, Long> t : placed) {
      assertEquals(t._1().intValue(), ranges.getPartition(t._2()), "ordinal " + t._2());
    }
  }

  @Test
  void declaredDataJoinsAsShuffledData() {
    JavaRDD<Long> ords = numbered();
    OrdinalRanges ranges = OrdinalRanges.of(ords);
    JavaPairRDD<Long, String> names = ranges.keyed(ords.mapToPair(o -> new Tuple2<>(o, "n" + o)));
    assertTrue(names.rdd().partitioner().isDefined());
    assertEquals(ranges, names.rdd().partitioner().get());
    List<Tuple2<Long, Long>> others = new ArrayList<>();
    for (long o = 0; o < 6; o++) {
      others.add(new Tuple2<>(5 - o, o));
    }
    List<Tuple2<Long, Tuple2<String, Long>>> joined =
        names.join(jsc.parallelizePairs(others, 3)).collect();
    assertEquals(6, joined.size());
    for (Tuple2<Long, Tuple2<String, Long>> t : joined) {
      assertEquals("n" + t._1(), t._2()._1());
      assertEquals(5 - t._1(), t._2()._2().longValue());
    }
    // data in another partitioning is moved to the ranges, not declared
    JavaPairRDD<Long, Long> moved = ranges.keyed(jsc.parallelizePairs(others, 3));
    assertEquals(5, moved.getNumPartitions());
    assertEquals(
        6L,
        moved
            .mapPartitionsWithIndex(
                (p, it) -> {
                  long ok = 0;
                  while (it.hasNext()) {
                    ok += ranges.getPartition(it.next()._1()) == p ? 1 : 0;
                  }
                  return List.of(ok).iterator();
                },
                true)
            .reduce(Long::sum)
            .longValue());
  }

  @Test
  void lookupGivesEachKeyItsOrdinalsValueAsAJoinDoes() {
    JavaRDD<Long> ords = numbered();
    OrdinalRanges ranges = OrdinalRanges.of(ords);
    JavaPairRDD<Long, String> names = ranges.keyed(ords.mapToPair(o -> new Tuple2<>(o, "n" + o)));
    // keys out of order, repeated, and one (9) without a value: dropped, as by a join
    List<Tuple2<Long, Integer>> keys = new ArrayList<>();
    long[] wanted = {5, 0, 3, 3, 9, 1, 5, 4, 2, 3};
    for (int i = 0; i < wanted.length; i++) {
      keys.add(new Tuple2<>(wanted[i], i));
    }
    JavaPairRDD<Long, Integer> keyed = jsc.parallelizePairs(keys, 3);
    JavaPairRDD<Long, Tuple2<Integer, String>> looked = ranges.lookup(keyed, names);
    assertEquals(ranges, looked.rdd().partitioner().get());
    Comparator<Tuple2<Long, Tuple2<Integer, String>>> byKeyThenValue =
        Comparator.<Tuple2<Long, Tuple2<Integer, String>>>comparingLong(Tuple2::_1)
            .thenComparing(t -> t._2()._1());
    List<Tuple2<Long, Tuple2<Integer, String>>> got = new ArrayList<>(looked.collect());
    List<Tuple2<Long, Tuple2<Integer, String>>> joined =
        new ArrayList<>(keyed.join(names).mapValues(t -> new Tuple2<>(t._1(), t._2())).collect());
    got.sort(byKeyThenValue);
    joined.sort(byKeyThenValue);
    assertEquals(9, got.size());
    assertEquals(joined, got);
    // each partition's rows are where their ordinal belongs, ascending
    looked
        .mapPartitionsWithIndex(
            (p, it) -> {
              long last = -1;
              while (it.hasNext()) {
                long o = it.next()._1();
                if (ranges.getPartition(o) != p || o < last) {
                  throw new AssertionError("ordinal " + o + " in partition " + p);
                }
                last = o;
              }
              return List.of(0).iterator();
            },
            true)
        .count();
  }

  @Test
  void withoutDropsTheKeysOrdinalsAsSubtractByKeyDoes() {
    JavaRDD<Long> ords = numbered();
    OrdinalRanges ranges = OrdinalRanges.of(ords);
    JavaPairRDD<Long, String> names = ranges.keyed(ords.mapToPair(o -> new Tuple2<>(o, "n" + o)));
    List<Tuple2<Long, Boolean>> drop = new ArrayList<>();
    for (long o : new long[] {4, 1, 4, 9, 2}) {
      drop.add(new Tuple2<>(o, true));
    }
    JavaPairRDD<Long, Boolean> keys = jsc.parallelizePairs(drop, 2);
    JavaPairRDD<Long, String> kept = ranges.without(names, keys);
    assertEquals(ranges, kept.rdd().partitioner().get());
    List<Tuple2<Long, String>> got = new ArrayList<>(kept.collect());
    got.sort(Comparator.comparingLong(Tuple2::_1));
    List<Tuple2<Long, String>> subtracted = new ArrayList<>(names.subtractByKey(keys).collect());
    subtracted.sort(Comparator.comparingLong(Tuple2::_1));
    assertEquals(List.of(0L, 3L, 5L), got.stream().map(Tuple2::_1).toList());
    assertEquals(subtracted, got);
  }

  @Test
  void lookupRefusesATableNotPartitionedByTheRanges() {
    JavaRDD<Long> ords = numbered();
    OrdinalRanges ranges = OrdinalRanges.of(ords);
    JavaPairRDD<Long, String> unpartitioned = ords.mapToPair(o -> new Tuple2<>(o, "n" + o));
    assertThrows(
        IllegalArgumentException.class,
        () -> ranges.lookup(ords.mapToPair(o -> new Tuple2<>(o, 1)), unpartitioned));
  }

  /**
   * Consecutive partitions grouped keep the dataset's order, each group at least one partition and
   * the documents spread as evenly as whole partitions allow.
   */
  @Test
  void consecutivePartitionsKeepTheOrder() {
    assertEquals(
        List.of(0, 2, 3, 5),
        java.util.Arrays.stream(Consecutive.firsts(new long[] {1, 1, 4, 0, 2}, 3))
            .boxed()
            .toList());
    // empty partitions at the end still find a group; never more groups than partitions
    assertEquals(
        List.of(0, 1, 2, 3),
        java.util.Arrays.stream(Consecutive.firsts(new long[] {5, 0, 0}, 4)).boxed().toList());
    assertEquals(
        List.of(0, 3),
        java.util.Arrays.stream(Consecutive.firsts(new long[] {0, 0, 0}, 1)).boxed().toList());
    assertEquals(1, Consecutive.firsts(new long[0], 4).length);
    JavaRDD<Integer> rdd = jsc.parallelize(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 5);
    JavaRDD<Integer> grouped = Consecutive.coalesce(rdd, new int[] {0, 3, 5});
    assertEquals(2, grouped.getNumPartitions());
    assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), grouped.collect());
    assertEquals(List.of(6, 4), grouped.glom().map(List::size).collect());
  }

  /** The default partitions: the parallelism, more for many documents, at most the input's. */
  @Test
  void partitionsFollowTheDocumentsAndTheCores() {
    long[] small = new long[24];
    java.util.Arrays.fill(small, 1_000);
    assertEquals(8, NearDupSpark.partitions(0, small, 8));
    assertEquals(2, NearDupSpark.partitions(0, small, 2));
    assertEquals(5, NearDupSpark.partitions(5, small, 8));
    assertEquals(24, NearDupSpark.partitions(100, small, 8));
    long[] large = new long[40];
    java.util.Arrays.fill(large, NearDupSpark.DOCUMENTS_PER_PARTITION / 4 + 1);
    assertEquals(11, NearDupSpark.partitions(0, large, 2));
    assertEquals(40, NearDupSpark.partitions(0, large, 64));
    assertEquals(1, NearDupSpark.partitions(0, new long[0], 8));
  }
}
