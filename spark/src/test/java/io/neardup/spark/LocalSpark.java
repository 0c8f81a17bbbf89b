package io.neardup.spark;

import org.apache.spark.sql.SparkSession;

/** A small local Spark session for tests: no UI, few shuffle partitions. */
final class LocalSpark {
  private LocalSpark() {}

  static SparkSession session(String master, int shufflePartitions) {
    return SparkSession.builder()
        .master(master)
        .appName("neardup-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", shufflePartitions)
        .config("spark.default.parallelism", shufflePartitions)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate();
  }
}
