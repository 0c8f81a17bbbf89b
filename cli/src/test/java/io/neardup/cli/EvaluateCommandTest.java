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

  @Test
  void clustersAreScoredByBCubedAgainstTheTruthsComponents() throws Exception {
    Path input = tmp.resolve("corpus.jsonl");
    Files.writeString(
        input,
        """
        {"id": "a", "text": "x"}
        {"id": "b", "text": "x"}
        {"id": "c", "text": "x"}
        {"id": "d", "text": "x"}
        """);
    Path truth = tmp.resolve("truth.tsv");
    // components at 0.8: {a, b, c}, {d}; at 0.9: {a, b}, {c}, {d}
    Files.writeString(truth, "id_a\tid_b\tsimilarity\na\tb\t0.95\nb\tc\t0.85\n");
    Path clusters = tmp.resolve("clusters.jsonl");
    Files.writeString(
        clusters,
        "{\"canonical\": \"a\", \"members\": [\"a\", \"b\"], \"size\": 2}\n"
            + "{\"canonical\": \"c\", \"members\": [\"c\", \"d\"], \"size\": 2}\n");
    Cli.Result r =
        Cli.run(
            "evaluate",
            "--truth",
            truth,
            "--clusters",
            clusters,
            "--input",
            input,
            "--thresholds",
            "0.8,0.9");
    assertEquals(0, r.exit(), r.toString());
    // 0.8: precision (1 + 1 + 1/2 + 1/2) / 4 = 0.75; recall (2/3 + 2/3 + 1/3 + 1) / 4 = 0.6667
    assertTrue(r.out().contains("      0.8        0.7500     0.6667  0.7059\n"), r.out());
    // 0.9: precision 0.75; recall (1 + 1 + 1 + 1) / 4 = 1
    assertTrue(r.out().contains("      0.9        0.7500     1.0000  0.8571\n"), r.out());
    assertTrue(r.out().contains("clusters: 2 in"), r.out());

    Files.writeString(clusters, "{\"members\": [\"a\", \"z\"]}\n");
    Cli.Result unknown =
        Cli.run("evaluate", "--truth", truth, "--clusters", clusters, "--input", input);
    assertEquals(NearDupCli.EXIT_FAILURE, unknown.exit(), unknown.toString());
    assertTrue(
        unknown.err().contains("clusters.jsonl:1: member [z] is not a document of the input"),
        unknown.err());

    Cli.Result noInput = Cli.run("evaluate", "--truth", truth, "--clusters", clusters);
    assertEquals(NearDupCli.EXIT_USAGE, noInput.exit(), noInput.toString());
    assertTrue(noInput.err().contains("Missing option '--input'"), noInput.err());
    Cli.Result nothing = Cli.run("evaluate", "--truth", truth);
    assertEquals(NearDupCli.EXIT_USAGE, nothing.exit(), nothing.toString());
    assertTrue(nothing.err().contains("give --pairs, --clusters or both"), nothing.err());
  }
}
