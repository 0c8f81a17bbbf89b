package io.neardup.spark;

import org.apache.spark.storage.StorageLevel;

/** How the job keeps the datasets it reads more than once. */
final class Cached {
  private Cached() {}

  /**
   * Datasets of many small records, kept serialised: Spark sizes a dataset it keeps as objects by
   * walking samples of its records each time it grows by a tenth, which for these records cost more
   * CPU than writing and reading them with Kryo; kept as bytes, its size is what was written.
   */
  static final StorageLevel RECORDS = StorageLevel.MEMORY_AND_DISK_SER();
}
