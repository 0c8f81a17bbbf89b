package io.neardup.spark;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session whose configuration sets Kryo for every job, without the job's registrator (as a
 * cluster's {@code spark-defaults.conf} may): the records' own serializers give the CLI's answer.
 */
class UnregisteredKryoTest {
  @BeforeAll
  static void start() {
    NearDupSparkTest.start(LocalSpark.kryoSession("local[2]", 4, false));
  }

  @AfterAll
  static void stop() {
    NearDupSparkTest.stop();
  }

  @Test
  void sampleCorpusGivesTheCliAnswer(@TempDir Path tmp) throws Exception {
    NearDupSparkTest.assertSameAsCli(
        NearDupSpark.dedup(NearDupSparkTest.corpus(2), new DedupOptions().threshold(0.8)),
        "sample-0.8",
        tmp);
  }

  @Test
  void allPairsGivesTheCliAnswer(@TempDir Path tmp) throws Exception {
    new NearDupSparkTest().allPairsGivesTheCliAnswer(2, 1, 16, 2, tmp);
  }
}
