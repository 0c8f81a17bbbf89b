package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.neardup.cli.options.RunOptions;
import io.neardup.cli.output.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad usage exits with 2 and a message naming the option. */
class UsageErrorsTest {
  @TempDir static Path tmp;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "dedup --threshold 1.5                       | --threshold': threshold must be a number in"
            + " (0.0, 1.0], got [1.5]",
        "dedup --threshold high                      | --threshold': threshold must be a number",
        "dedup --hashes 0                            | --hashes': hashes must be an integer between"
            + " 1 and 1024, got [0]",
        "dedup --bits 12                             | --bits': bits must be one of [8, 16, 32, 64]",
        "dedup --shingle-unit sentence               | --shingle-unit': shingle-unit must be one of"
            + " [word, char]",
        "dedup --bands 100 --rows 7                  | --bands': bands must be such that bands *"
            + " rows <= hashes (128)",
        "dedup --digits round                        | --digits': digits must be one of [keep,"
            + " drop, mask]",
        "dedup --on-error ignore                     | --on-error'",
        "dedup --verify fuzzy                        | --verify'",
        "dedup --canonical :asc                      | --canonical': canonical must be [score]",
        "dedup --canonical date:sideways             | --canonical': canonical order must be one of",
        "dedup --threads 0                           | --threads': must be at least 1, got [0]",
        "dedup --thresold 0.8                        | Unknown options: '--thresold', '0.8'",
        "tune --threshold 0                          | --threshold': threshold must be a number in"
            + " (0.0, 1.0], got [0]",
        "tune --threshold 0.8 --rows 200             | --rows': rows must be at most hashes (128),"
            + " got [200]",
        "search --index idx --query q --collapse fold | --collapse': mode must be one of [remove,"
            + " demote, group], got [fold]",
        "search --index idx --query q --window 0     | --window': must be between 1 and 1000",
        "similar --index idx                         | Error: Missing required argument",
        "similar --index idx --id a --text b         | mutually exclusive",
      })
  void badOptionExitsWithUsageError(String args, String message) throws Exception {
    Path input = tmp.resolve("in.jsonl");
    Files.writeString(input, "{\"id\": \"a\", \"text\": \"some text\"}\n");
    String line = args.trim();
    if (line.startsWith("dedup")) {
      line += " --input " + input;
    }
    Cli.Result r = Cli.run((Object[]) line.split("\\s+"));
    assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
    assertTrue(r.err().contains(message.trim()), "expected [" + message.trim() + "] in " + r);
    assertTrue(r.err().contains("--help' for more information"), r.err());
    assertEquals("", r.out());
  }

  @Test
  void missingInputAndSubcommand() {
    Cli.Result noFile = Cli.run("dedup", "--input", tmp.resolve("nope.jsonl"));
    assertEquals(NearDupCli.EXIT_USAGE, noFile.exit(), noFile.toString());
    assertTrue(noFile.err().contains("'--input': no such file or directory"), noFile.err());

    Cli.Result none = Cli.run();
    assertEquals(NearDupCli.EXIT_USAGE, none.exit(), none.toString());
    assertTrue(none.err().contains("Missing required subcommand"), none.err());

    Cli.Result help = Cli.run("dedup", "--help");
    assertEquals(0, help.exit(), help.toString());
    assertTrue(help.out().contains("--hashes=K"), help.out());
    assertTrue(help.out().contains("(default: 128)"), help.out());
  }

  @Test
  void indexRefusesADirectoryThatHoldsOtherFiles() throws Exception {
    Path input = tmp.resolve("in2.jsonl");
    Files.writeString(input, "{\"id\": \"a\", \"text\": \"some text\"}\n");
    Path dir = Files.createDirectories(tmp.resolve("notes"));
    Files.writeString(dir.resolve("todo.txt"), "keep me");
    Cli.Result r = Cli.run("index", "--input", input, "--index", dir);
    assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
    assertTrue(r.err().contains("'--index'"), r.err());
    assertTrue(Files.exists(dir.resolve("todo.txt")));
  }

  private static final String TEXT =
      "the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat by the"
          + " door of the old house";

  private static final String CORPUS =
      "{\"id\": \"a\", \"text\": \""
          + TEXT
          + "\"}\n{\"id\": \"b\", \"text\": \""
          + TEXT
          + " today\"}\n";

  @Test
  void moreThreadsThanProcessorsAreCappedWithAWarning() throws Exception {
    Path input = tmp.resolve("threads.jsonl");
    Files.writeString(input, CORPUS);
    int processors = Runtime.getRuntime().availableProcessors();
    Cli.Result r = Cli.run("dedup", "--input", input, "--threads", 1000, "--pairs", "-");
    assertEquals(0, r.exit(), r.toString());
    String warning =
        "warning: --threads 1000 is more than the "
            + processors
            + (processors == 1 ? " processor" : " processors")
            + "; using "
            + processors
            + "\n";
    assertTrue(r.err().contains(warning), r.err());
    assertEquals(r.err().indexOf(warning), r.err().lastIndexOf(warning), "once: " + r.err());

    RunOptions options = new RunOptions();
    options.threads = 1000;
    assertEquals(processors, options.threads());
    options.threads = processors;
    assertEquals(processors, options.threads());

    Cli.Result exact = Cli.run("dedup", "--input", input, "--threads", processors);
    assertFalse(exact.err().contains("warning"), exact.err());
  }

  @Test
  void indexReplacesAnIndexThatWasNeverCommitted() throws Exception {
    Path input = tmp.resolve("interrupted.jsonl");
    Files.writeString(input, CORPUS);
    // what `kill -9` leaves: flushed segments and the lock, no segments_N; copied while the
    // writer still holds the lock, as the killed process did
    Path scratch = tmp.resolve("scratch-index");
    Path dir = Files.createDirectories(tmp.resolve("interrupted-index"));
    try (FSDirectory d = FSDirectory.open(scratch);
        IndexWriter w =
            new IndexWriter(
                d, new IndexWriterConfig().setCommitOnClose(false).setUseCompoundFile(false))) {
      for (int i = 0; i < 10; i++) {
        Document doc = new Document();
        doc.add(new TextField("body", "some text " + i, Field.Store.YES));
        w.addDocument(doc);
      }
      w.flush();
      try (var files = Files.list(scratch)) {
        for (Path f : files.toList()) {
          Files.copy(f, dir.resolve(f.getFileName()));
        }
      }
      w.rollback();
    }
    try (var files = Files.list(dir)) {
      List<String> names = files.map(f -> f.getFileName().toString()).toList();
      assertTrue(names.contains("write.lock"), names.toString());
      assertTrue(names.size() > 1, names.toString());
      assertFalse(names.stream().anyMatch(n -> n.startsWith("segments")), names.toString());
    }

    Cli.Result r = Cli.run("index", "--input", input, "--index", dir);
    assertEquals(0, r.exit(), r.toString());
    assertTrue(
        r.err()
            .contains(
                "note: "
                    + dir
                    + " holds an index that was never committed (an interrupted run); replacing"
                    + " it"),
        r.err());
    Cli.Result clusters = Cli.run("clusters", "--index", dir);
    assertEquals(0, clusters.exit(), clusters.toString());
    assertEquals(
        "{\"canonical\": \"a\", \"members\": [\"a\", \"b\"], \"size\": 2}\n", clusters.out());
    Cli.Result again = Cli.run("index", "--input", input, "--index", dir);
    assertEquals(0, again.exit(), again.toString());
    assertFalse(again.err().contains("note:"), "a committed index: " + again.err());

    // the same files next to anything else are not a leftover index
    Path mixed = Files.createDirectories(tmp.resolve("mixed-index"));
    Files.writeString(mixed.resolve("write.lock"), "");
    Files.writeString(mixed.resolve("_0.cfs"), "");
    Files.writeString(mixed.resolve("notes.txt"), "keep me");
    Cli.Result refused = Cli.run("index", "--input", input, "--index", mixed);
    assertEquals(NearDupCli.EXIT_USAGE, refused.exit(), refused.toString());
    assertTrue(refused.err().contains("is neither empty nor an index"), refused.err());
    assertTrue(Files.exists(mixed.resolve("notes.txt")));
  }

  @Test
  void resultFilesNamingTheInputAreRefusedBeforeAnyWork() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("overwrite"));
    Path input = dir.resolve("corpus.jsonl");
    Files.writeString(input, CORPUS);
    Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), input);
    for (Object target : List.of(input, dir.resolve("sub/../corpus.jsonl"), link)) {
      for (String option : List.of("--pairs", "--clusters")) {
        Cli.Result r = Cli.run("dedup", "--input", input, option, target);
        assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
        assertTrue(
            r.err().contains("'" + option + "': must not be the input, which it would overwrite"),
            r.err());
        assertFalse(r.err().contains("indexed"), "before any work: " + r.err());
        assertEquals(CORPUS, Files.readString(input));
      }
    }
  }

  @Test
  void pairsAndClustersMustBeDifferentFiles() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("same"));
    Path input = dir.resolve("corpus.jsonl");
    Files.writeString(input, CORPUS);
    Path out = dir.resolve("out.txt");
    Cli.Result r =
        Cli.run("dedup", "--input", input, "--pairs", out, "--clusters", dir.resolve("./out.txt"));
    assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
    assertTrue(r.err().contains("--pairs and --clusters must name different files"), r.err());
    assertFalse(Files.exists(out));

    Cli.Result stdout = Cli.run("dedup", "--input", input, "--pairs", "-", "--clusters", "-");
    assertEquals(0, stdout.exit(), "both to standard output is fine: " + stdout);
    assertTrue(stdout.out().startsWith(ResultFiles.PAIRS_HEADER + "\na\tb\t"), stdout.out());
  }

  @Test
  void resultFilesThatCannotBeWrittenAreRefusedBeforeAnyWork() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("unwritable"));
    Path input = dir.resolve("corpus.jsonl");
    Files.writeString(input, CORPUS);
    Cli.Result belowAFile =
        Cli.run("dedup", "--input", input, "--pairs", dir.resolve("corpus.jsonl/pairs.tsv"));
    assertEquals(NearDupCli.EXIT_USAGE, belowAFile.exit(), belowAFile.toString());
    assertTrue(belowAFile.err().contains("'--pairs': must be in a directory"), belowAFile.err());
    assertFalse(belowAFile.err().contains("indexed"), belowAFile.err());

    Cli.Result directory = Cli.run("dedup", "--input", input, "--clusters", dir);
    assertEquals(NearDupCli.EXIT_USAGE, directory.exit(), directory.toString());
    assertTrue(directory.err().contains("'--clusters': must be a file, got the directory"));

    Path index = tmp.resolve("unwritable-index");
    Cli.Result clusters = Cli.run("index", "--input", input, "--index", index);
    assertEquals(0, clusters.exit(), clusters.toString());
    Cli.Result fromIndex = Cli.run("clusters", "--index", index, "--pairs", dir);
    assertEquals(NearDupCli.EXIT_USAGE, fromIndex.exit(), fromIndex.toString());
    assertTrue(fromIndex.err().contains("'--pairs': must be a file"), fromIndex.err());

    Path readOnly = Files.createDirectories(dir.resolve("read-only"));
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      assumeFalse(Files.isWritable(readOnly), "permissions do not bind this user (root)");
      Cli.Result r =
          Cli.run("dedup", "--input", input, "--pairs", readOnly.resolve("sub/pairs.tsv"));
      assertEquals(NearDupCli.EXIT_USAGE, r.exit(), r.toString());
      assertTrue(r.err().contains("'--pairs': must be in a writable directory"), r.err());
      assertFalse(r.err().contains("indexed"), r.err());
    } finally {
      Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }
}
