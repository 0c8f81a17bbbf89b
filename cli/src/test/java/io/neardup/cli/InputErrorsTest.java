package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad records: reported with their line number; --on-error decides whether the run goes on. */
class InputErrorsTest {
  @TempDir Path tmp;
  Path input;
  String base;

  @BeforeEach
  void writeInput() throws Exception {
    base = new SampleCorpus(3).generate(0, 1).get(0).text().replace("\n", " ").replace("\"", "'");
    input = tmp.resolve("corpus.jsonl");
    Files.writeString(
        input,
        String.join(
            "\n",
            "{\"id\": \"a\", \"text\": \"" + base + "\", \"year\": 2001}",
            "{\"id\": \"b\", \"text\": \"" + base + " Share this story.\"",
            "{\"id\": \"c\", \"body\": \"no text field\"}",
            "",
            "[1, 2, 3]",
            "{\"id\": \"a\", \"text\": \"the same id again\"}",
            "{\"id\": {\"x\": 1}, \"text\": \"an object id\"}",
            "{\"id\": \"d\", \"text\": 42}",
            "{\"id\": \"e\", \"text\": \"" + base + " Comments are closed.\", \"year\": \"late\"}",
            "{\"id\": \"f\", \"text\": \"" + base + " Read more.\", \"year\": 1999}",
            ""));
  }

  @Test
  void skipReportsEveryBadLineAndGoesOn() throws Exception {
    Path pairs = tmp.resolve("pairs.tsv");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            input,
            "--on-error",
            "skip",
            "--pairs",
            pairs,
            "--clusters",
            tmp.resolve("clusters.jsonl"));
    assertEquals(0, r.exit(), r.toString());
    String name = input.toString();
    for (String expected :
        List.of(
            name + ":2: skipped: invalid JSON",
            name + ":3: skipped: no text field [text]",
            name + ":5: skipped: expected a JSON object, got an array",
            name + ":6: skipped: duplicate id [a], first seen at " + name + ":1",
            name + ":7: skipped: id field [id] must be a string or an integer, got an object",
            name + ":8: skipped: text field [text] must be a string, got a number",
            name + ":9: skipped: field [year] must be an integer as at " + name + ":1, got [late]",
            "indexed 2 documents",
            "(7 bad records skipped)")) {
      assertTrue(r.err().contains(expected), "expected [" + expected + "] in\n" + r.err());
    }
    assertFalse(r.err().contains(":4:"), "blank lines are no records: " + r.err());
    List<ResultFiles.Pair> found = Cli.pairs(pairs);
    assertEquals(1, found.size(), found.toString());
    assertEquals("a", found.get(0).a());
    assertEquals("f", found.get(0).b());
  }

  @Test
  void failStopsAtTheFirstBadLine() {
    Path index = tmp.resolve("index");
    Cli.Result r = Cli.run("index", "--input", input, "--index", index);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains(input + ":2: invalid JSON at column"), r.err());
    assertTrue(r.err().contains("--on-error skip"), r.err());
    assertFalse(r.err().contains(":3:"), r.err());
    Cli.Result clusters = Cli.run("clusters", "--index", index);
    assertEquals(NearDupCli.EXIT_FAILURE, clusters.exit(), "nothing committed: " + clusters);
  }

  @Test
  void duplicateIdFailsWithBothLines() throws Exception {
    Path dup = tmp.resolve("dup.jsonl");
    Files.writeString(
        dup,
        "{\"id\": 7, \"text\": \"one two three four five six\"}\n"
            + "{\"id\": \"7\", \"text\": \"seven eight nine ten eleven\"}\n");
    Cli.Result r = Cli.run("dedup", "--input", dup);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(
        r.err().contains(dup + ":2: duplicate id [7], first seen at " + dup + ":1"), r.err());
  }

  @Test
  void customIdAndTextFields() throws Exception {
    Path custom = tmp.resolve("custom.jsonl");
    Files.writeString(
        custom,
        "{\"key\": \"x\", \"body\": \""
            + base
            + "\"}\n{\"key\": \"y\", \"body\": \""
            + base
            + "\"}\n");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            custom,
            "--id-field",
            "key",
            "--text-field",
            "body",
            "--canonical",
            "key:desc",
            "--clusters",
            "-");
    assertEquals(0, r.exit(), r.toString());
    assertEquals("{\"canonical\": \"y\", \"members\": [\"x\", \"y\"], \"size\": 2}\n", r.out());
  }
}
