package io.neardup.spark;

import org.apache.spark.sql.SparkSession;

/** A small local Spark session for tests: no UI, few shuffle partitions. */
final class LocalSpark {
  private LocalSpark() {}

  static SparkSession session(String master, int shufflePartitions) {
    return builder(master, shufflePartitions).getOrCreate();
  }

  /**
   * A session with Kryo as the serializer, as {@link DedupJob} sets it (the job's records
   * registered) or as a cluster may set it for every job ({@code registered} false: only the
   * records' own {@code @DefaultSerializer}).
   */
  static SparkSession kryoSession(String master, int shufflePartitions, boolean registered) {
    SparkSession.Builder b =
        builder(master, shufflePartitions)
            .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
    if (registered) {
      b.config("spark.kryo.registrator", NearDupKryo.class.getName());
    }
    return b.getOrCreate();
  }

  private static SparkSession.Builder builder(String master, int shufflePartitions) {
    return SparkSession.builder()
        .master(master)
        .appName("neardup-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", shufflePartitions)
        .config("spark.default.parallelism", shufflePartitions)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1");
  }
}
