package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.neardup.cli.output.CliFailure;
import io.neardup.cli.output.ResultFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results are written whole or not at all, every I/O error names its file, and options that can
 * only fail late are checked before the run.
 */
class OutputsAndMessagesTest {
  private static final Path SAMPLE = SampleCorpusTest.SAMPLES.resolve("corpus.jsonl");

  @TempDir Path tmp;

  @Test
  void aResultFileIsReplacedOnlyOnceWrittenWhole() throws Exception {
    Path pairs = tmp.resolve("pairs.tsv");
    Files.writeString(pairs, "the previous run's pairs\n");
    CliFailure e =
        assertThrows(
            CliFailure.class,
            () ->
                ResultFiles.writeFile(
                    pairs,
                    w -> {
                      w.write("id_a\tid_b\tsimilarity\n");
                      w.flush();
                      throw new IOException("No space left on device");
                    }));
    assertEquals("cannot write " + pairs + ": No space left on device", e.getMessage());
    assertEquals("the previous run's pairs\n", Files.readString(pairs));
    try (Stream<Path> files = Files.list(tmp)) {
      assertEquals(List.of(pairs), files.toList(), "no temporary file is left behind");
    }

    Cli.Result r = Cli.run("dedup", "--input", SAMPLE, "--pairs", pairs);
    assertEquals(0, r.exit(), r.toString());
    assertTrue(Files.readString(pairs).startsWith(ResultFiles.PAIRS_HEADER), r.toString());
    try (Stream<Path> files = Files.list(tmp)) {
      assertEquals(List.of(pairs), files.toList());
    }
  }

  @Test
  void aFullDeviceIsNamed() {
    Path full = Path.of("/dev/full");
    assumeTrue(Files.exists(full), "no /dev/full here");
    Cli.Result r = Cli.run("dedup", "--input", SAMPLE, "--pairs", full);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains("cannot write /dev/full: No space left on device"), r.err());
  }

  @Test
  void outputsThatCannotBeWrittenAreRefusedBeforeTheRun() throws Exception {
    Path file = Files.writeString(tmp.resolve("afile"), "x");
    String inFile = "but [" + file.toAbsolutePath() + "] is a file";

    Cli.Result report = Cli.run("dedup", "--input", SAMPLE, "--report", file.resolve("r.html"));
    assertEquals(NearDupCli.EXIT_USAGE, report.exit(), report.toString());
    assertTrue(report.err().contains("'--report': must be in a directory"), report.err());
    assertTrue(report.err().contains(inFile), report.err());
    assertFalse(report.err().contains("indexed"), "refused before the run: " + report.err());

    Cli.Result chart =
        Cli.run("tune", "--threshold", "0.8", "--chart", file.resolve("x.svg").toString());
    assertEquals(NearDupCli.EXIT_USAGE, chart.exit(), chart.toString());
    assertTrue(chart.err().contains("'--chart': must be in a directory"), chart.err());
    assertTrue(chart.err().contains(inFile), chart.err());

    Cli.Result tmpDir = Cli.run("dedup", "--input", SAMPLE, "--tmp-dir", file);
    assertEquals(NearDupCli.EXIT_USAGE, tmpDir.exit(), tmpDir.toString());
    assertTrue(
        tmpDir.err().contains("'--tmp-dir': must be a directory, got the file [" + file + "]"),
        tmpDir.err());

    Cli.Result memory = Cli.run("dedup", "--input", SAMPLE, "--memory", "1.5m");
    assertEquals(NearDupCli.EXIT_USAGE, memory.exit(), memory.toString());
    assertTrue(
        memory
            .err()
            .contains(
                "'--memory': must be a whole number of bytes with an optional unit k, m or g, like"
                    + " 256m or 2g (no fractions: 1536m, not 1.5g), got [1.5m]"),
        memory.err());
  }

  @Test
  void anIndexAnotherRunIsWritingIsNotTakenForAnInterruptedOne() throws Exception {
    Path index = tmp.resolve("index");
    Files.createDirectories(index);
    try (Directory directory = FSDirectory.open(index);
        Lock lock = directory.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
      Cli.Result r = Cli.run("index", "--input", SAMPLE, "--index", index);
      assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
      assertTrue(
          r.err().contains("'--index': is being written by another run right now (it holds"),
          r.err());
      assertFalse(r.err().contains("interrupted"), r.err());
    }
    Cli.Result after = Cli.run("index", "--input", SAMPLE, "--index", index);
    assertEquals(0, after.exit(), after.toString());
  }

  @Test
  void aTruthFileIsReadAsItIsAndWhatIsLeftOutIsSaid() throws Exception {
    Path binary = tmp.resolve("truth.bin");
    Files.write(binary, new byte[] {'a', '\t', 'b', '\t', '1', '\n', (byte) 0xff, (byte) 0xfe, 0});
    Cli.Result bad = Cli.run("evaluate", "--truth", binary, "--pairs", binary);
    assertEquals(NearDupCli.EXIT_FAILURE, bad.exit(), bad.toString());
    assertTrue(
        bad.err()
            .contains(
                binary
                    + ":2: a pairs file must be UTF-8 text (id_a<TAB>id_b<TAB>similarity per"
                    + " line), got bytes that are not UTF-8"),
        bad.err());

    Path truth = tmp.resolve("truth.tsv");
    Files.writeString(
        truth,
        "id_a\tid_b\tsimilarity\na\tb\t0.9\nb\ta\t0.9\nc\tc\t1\nc\td\t0.85\n",
        StandardCharsets.UTF_8);
    Path pairs = tmp.resolve("pairs.tsv");
    Files.writeString(pairs, "a\tb\t0.9\n", StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("evaluate", "--truth", truth, "--pairs", pairs, "--thresholds", "0.8");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(
        r.err()
            .contains(
                "warning: "
                    + truth
                    + ": 1 line pairs an id with itself, 1 line repeats a pair (in any order):"
                    + " left out; 2 pairs are used"),
        r.err());
    assertTrue(r.out().startsWith("truth: 2 pairs in " + truth), r.out());
    // 1 of the 2 true pairs found: recall over the pairs counted
    assertTrue(r.out().contains(" 0.5000 "), r.out());

    // compare: pairs naming ids the input does not have are left out of recall, and said
    Path withAbsent = tmp.resolve("absent.tsv");
    String sample = Files.readString(SampleCorpusTest.SAMPLES.resolve("truth.tsv"));
    Files.writeString(withAbsent, sample + "nowhere-1\tnowhere-2\t0.95\n");
    Cli.Result compare =
        Cli.run(
            "compare",
            "--input",
            SAMPLE,
            "--truth",
            withAbsent,
            "--methods",
            "minhash",
            "--threshold",
            "0.9");
    assertEquals(0, compare.exit(), compare.toString());
    assertTrue(
        compare
            .err()
            .contains(
                "warning: "
                    + withAbsent
                    + ": ids that are not in the input (the first: [nowhere-1]) are in 1 pair: left"
                    + " out;"),
        compare.err());
  }
}
