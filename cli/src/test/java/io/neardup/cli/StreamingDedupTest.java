package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.SampleCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streaming {@code dedup} against the index path, and its memory budget and spill files. */
class StreamingDedupTest {
  @TempDir Path tmp;

  private static final Path SAMPLE = SampleCorpusTest.SAMPLES.resolve("corpus.jsonl");

  /**
   * The streaming job and the index clusterer (index, then clusters) find the same pairs and
   * clusters on the sample corpus, canonicals included.
   */
  @Test
  void streamingDedupAndTheIndexClustererAgreeOnTheSampleCorpus() throws Exception {
    for (String canonical : List.of("score", "published:asc")) {
      Path streamed = tmp.resolve("streamed-" + canonical.length());
      Path indexed = tmp.resolve("indexed-" + canonical.length());
      Files.createDirectories(streamed);
      Files.createDirectories(indexed);
      Cli.Result dedup =
          Cli.run(
              "dedup",
              "--input",
              SAMPLE,
              "--canonical",
              canonical,
              "--pairs",
              streamed.resolve("pairs.tsv"),
              "--clusters",
              streamed.resolve("clusters.jsonl"));
      assertEquals(0, dedup.exit(), dedup.toString());
      Path index = tmp.resolve("index-" + canonical.length());
      // with the texts, one tokenisation feeds both the sketch and the full-text field
      String text = canonical.equals("score") ? "--text" : "--no-text";
      Cli.Result built =
          Cli.run("index", "--input", SAMPLE, "--index", index, text, "--fields", "published");
      assertEquals(0, built.exit(), built.toString());
      Cli.Result clusters =
          Cli.run(
              "clusters",
              "--index",
              index,
              "--canonical",
              canonical,
              "--pairs",
              indexed.resolve("pairs.tsv"),
              "--clusters",
              indexed.resolve("clusters.jsonl"));
      assertEquals(0, clusters.exit(), clusters.toString());
      String pairs = Files.readString(streamed.resolve("pairs.tsv"));
      assertTrue(pairs.lines().count() > 100, pairs);
      assertEquals(Files.readString(indexed.resolve("pairs.tsv")), pairs, canonical);
      assertEquals(
          Files.readString(indexed.resolve("clusters.jsonl")),
          Files.readString(streamed.resolve("clusters.jsonl")),
          canonical);
    }
  }

  /**
   * The reference other runtimes are compared with is what the CLI writes today: {@code dedup} (the
   * library's {@code Clusterer}) and {@code clusters --index} (its {@code NearDupClusterer}) list
   * the committed clusters of the sample corpus byte for byte, in the one cluster order (by first
   * member in input order) with the same canonicals.
   */
  @Test
  void dedupAndTheIndexClustererWriteTheCommittedSampleClustersInOrder() throws Exception {
    Path expected = SampleCorpusTest.SAMPLES.resolve("cli/sample-0.8.clusters.jsonl");
    Cli.Result dedup =
        Cli.run(
            "dedup",
            "--input",
            SAMPLE,
            "--threshold",
            "0.8",
            "--clusters",
            tmp.resolve("dedup.jsonl"));
    assertEquals(0, dedup.exit(), dedup.toString());
    assertEquals(Files.readString(expected), Files.readString(tmp.resolve("dedup.jsonl")));
    Path index = tmp.resolve("index");
    Cli.Result built = Cli.run("index", "--input", SAMPLE, "--index", index, "--no-text");
    assertEquals(0, built.exit(), built.toString());
    Cli.Result clusters =
        Cli.run(
            "clusters",
            "--index",
            index,
            "--threshold",
            "0.8",
            "--clusters",
            tmp.resolve("index.jsonl"));
    assertEquals(0, clusters.exit(), clusters.toString());
    assertEquals(Files.readString(expected), Files.readString(tmp.resolve("index.jsonl")));
  }

  /** A tiny budget spills sorted runs to disk and changes no result; nothing is left behind. */
  @Test
  void aSmallMemoryBudgetSpillsAndChangesNothing() throws Exception {
    Path input = tmp.resolve("corpus.jsonl");
    Cli.writeCorpus(input, new SampleCorpus(11).generate(1700, 100));
    Path spillBase = tmp.resolve("spill");
    String[] outputs = new String[2];
    String[] memory = {"256m", "1m"};
    for (int i = 0; i < 2; i++) {
      Path pairs = tmp.resolve("pairs" + i + ".tsv");
      Path clusters = tmp.resolve("clusters" + i + ".jsonl");
      Cli.Result r =
          Cli.run(
              "dedup",
              "--input",
              input,
              "--memory",
              memory[i],
              "--tmp-dir",
              spillBase,
              "--pairs",
              pairs,
              "--clusters",
              clusters);
      assertEquals(0, r.exit(), r.toString());
      assertEquals(i == 1, r.err().contains("spilled"), r.err());
      outputs[i] = Files.readString(pairs) + Files.readString(clusters);
      try (Stream<Path> left = Files.list(spillBase)) {
        assertEquals(List.of(), left.toList(), "temporary files removed");
      }
    }
    assertFalse(outputs[0].isEmpty());
    assertEquals(outputs[0], outputs[1]);
  }

  /**
   * A group of more than 128 identical texts is listed as its first text with every other, and the
   * summary counts the rest; --all-pairs lists them all. Empty texts join nobody.
   */
  @Test
  void largeGroupsOfIdenticalTextsAreListedLinearlyUnlessEveryPairIsAsked() throws Exception {
    Path input = tmp.resolve("copies.jsonl");
    StringBuilder lines = new StringBuilder();
    String text =
        "the same notice is printed at the foot of every page of this site, word for word";
    for (int i = 0; i < 150; i++) {
      lines.append(String.format("{\"id\": \"c%03d\", \"text\": \"%s\"}%n", i, text));
    }
    for (int i = 0; i < 3; i++) {
      lines.append(String.format("{\"id\": \"e%d\", \"text\": \"\"}%n", i));
    }
    Files.writeString(input, lines);
    String[] clusters = new String[2];
    for (int all = 0; all < 2; all++) {
      Path pairs = tmp.resolve("pairs" + all + ".tsv");
      Path clustersFile = tmp.resolve("clusters" + all + ".jsonl");
      Cli.Result r =
          all == 0
              ? Cli.run("dedup", "--input", input, "--pairs", pairs, "--clusters", clustersFile)
              : Cli.run(
                  "dedup",
                  "--input",
                  input,
                  "--pairs",
                  pairs,
                  "--clusters",
                  clustersFile,
                  "--all-pairs");
      assertEquals(0, r.exit(), r.toString());
      List<ResultFiles.Pair> found = Cli.pairs(pairs);
      if (all == 0) {
        assertEquals(149, found.size());
        assertTrue(
            r.err().contains("11,026 pairs inside groups of more than 128 identical texts are not"),
            r.err());
      } else {
        assertEquals(150 * 149 / 2, found.size());
        assertFalse(r.err().contains("not listed"), r.err());
      }
      for (ResultFiles.Pair p : found) {
        assertEquals(1.0, p.similarity());
        assertTrue(p.a().startsWith("c") && p.b().startsWith("c"), p.toString());
      }
      clusters[all] = Files.readString(clustersFile);
    }
    assertEquals(clusters[0], clusters[1]);
    assertEquals(1, clusters[0].lines().count());
    assertTrue(clusters[0].contains("\"size\": 150"), clusters[0]);
  }

  @Test
  void anUnwritableTemporaryDirectoryIsNamed() throws Exception {
    Path file = tmp.resolve("a-file");
    Files.writeString(file, "x");
    Cli.Result r =
        Cli.run("dedup", "--input", SAMPLE, "--tmp-dir", file, "--pairs", tmp.resolve("p.tsv"));
    // refused before the run, naming the option
    assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
    assertTrue(
        r.err().contains("'--tmp-dir': must be a directory, got the file [" + file + "]"), r.err());
    assertFalse(Files.exists(tmp.resolve("p.tsv")), "no output of a failed run");
  }

  @Test
  void badMemoryBudgetsAreUsageErrors() throws Exception {
    for (String bad : List.of("12x", "-5m", "100k", "100000g")) {
      Cli.Result r = Cli.run("dedup", "--input", SAMPLE, "--memory", bad);
      assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
      assertTrue(r.err().contains("--memory"), r.err());
      assertTrue(r.err().contains(bad), r.err());
    }
  }

  /** The summary says how long each phase took and how much memory the run used. */
  @Test
  void summaryHasPhaseTimesAndPeakMemory() throws Exception {
    Cli.Result r = Cli.run("dedup", "--input", SAMPLE, "--pairs", tmp.resolve("p.tsv"));
    assertEquals(0, r.exit(), r.toString());
    for (String phase :
        List.of("read and analyse", "identical", "buckets", "verify", "clusters", "peak")) {
      assertTrue(r.err().contains(phase), r.err());
    }
  }
}
