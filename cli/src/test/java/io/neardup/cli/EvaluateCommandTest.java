package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluateCommandTest {
  @TempDir Path tmp;

  @Test
  void precisionRecallAndF1PerThreshold() throws Exception {
    Path truth = tmp.resolve("truth.tsv");
    Files.writeString(
        truth, "id_a\tid_b\tsimilarity\na\tb\t0.9\na\tc\t0.7\nb\tc\t0.55\nd\te\t0.85\n");
    Path pairs = tmp.resolve("pairs.tsv");
    // reversed ids are the same pair; d-f is a false positive
    Files.writeString(pairs, "id_a\tid_b\tsimilarity\nb\ta\t0.88\nc\ta\t0.72\nd\tf\t0.82\n");
    Cli.Result r =
        Cli.run("evaluate", "--truth", truth, "--pairs", pairs, "--thresholds", "0.6,0.8,0.9");
    assertEquals(0, r.exit(), r.toString());
    // 0.6: true {ab, ac, de}, reported {ab, ac, df}, correct 2
    assertTrue(
        r.out().contains("      0.6         3         3         2     0.6667  0.6667  0.6667\n"),
        r.out());
    // 0.8: true {ab, de}, reported {ab, df}, correct 1
    assertTrue(
        r.out().contains("      0.8         2         2         1     0.5000  0.5000  0.5000\n"),
        r.out());
    // 0.9: true {ab}, nothing reported: precision undefined
    assertTrue(
        r.out().contains("      0.9         1         0         0          -  0.0000       -\n"),
        r.out());
  }

  @Test
  void badLinesAndValuesAreReported() throws Exception {
    Path truth = tmp.resolve("truth.tsv");
    Files.writeString(truth, "a\tb\t0.9\nb\tc\n");
    Path pairs = tmp.resolve("pairs.tsv");
    Files.writeString(pairs, "a\tb\t0.9\n");
    Cli.Result r = Cli.run("evaluate", "--truth", truth, "--pairs", pairs);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains("truth.tsv:2: expected 3 tab-separated columns"), r.err());

    Cli.Result badThreshold =
        Cli.run("evaluate", "--truth", pairs, "--pairs", pairs, "--thresholds", "0.5,2");
    assertEquals(NearDupCli.EXIT_USAGE, badThreshold.exit(), badThreshold.toString());
    assertTrue(badThreshold.err().contains("'--thresholds'"), badThreshold.err());
  }
}
