package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.ExactTruth;
import io.neardup.testkit.SampleCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code index}, then {@code clusters}, {@code similar} and {@code search} over that index. */
class IndexCommandTest {
  @TempDir static Path tmp;
  static Path index;
  static List<SampleCorpus.Doc> docs;
  static List<ExactTruth.Pair> truth;
  static Cli.Result indexRun;

  @BeforeAll
  static void buildIndex() throws Exception {
    docs = new SampleCorpus(7).generate(10, 15);
    truth = SampleCorpus.truth(docs, 0.8);
    Path input = tmp.resolve("corpus.jsonl");
    Cli.writeCorpus(input, docs);
    index = tmp.resolve("index");
    indexRun =
        Cli.run(
            "index",
            "--input",
            input,
            "--index",
            index,
            "--fields",
            "published,views",
            "--progress");
  }

  @Test
  void indexReportsAndRecordsItsSettings() {
    assertEquals(0, indexRun.exit(), indexRun.toString());
    assertTrue(indexRun.err().contains("indexed " + docs.size() + " documents"), indexRun.err());
    assertTrue(indexRun.err().contains("\rindexing"), "progress line: " + indexRun.err());
    assertTrue(
        indexRun.err().contains("threshold 0.8, 128 hashes, 18 bands x 7 rows"), indexRun.err());
  }

  @Test
  void clustersOfTheIndexMatchTheTruth() throws Exception {
    Path pairs = tmp.resolve("pairs.tsv");
    Cli.Result r = Cli.run("clusters", "--index", index, "--pairs", pairs, "--clusters", "-");
    assertEquals(0, r.exit(), r.toString());
    List<ResultFiles.Pair> found = Cli.pairs(pairs);
    assertEquals(truth.size(), found.size(), "pairs " + found + " vs truth " + truth);
    for (int i = 0; i < truth.size(); i++) {
      assertEquals(truth.get(i).a(), found.get(i).a());
      assertEquals(truth.get(i).b(), found.get(i).b());
      assertEquals(truth.get(i).similarity(), found.get(i).similarity(), 1e-6);
    }
    assertTrue(r.out().startsWith("{\"canonical\": \"doc-"), r.out());
  }

  @Test
  void similarFindsTheCopiesOfADocumentAndOfAText() {
    ExactTruth.Pair pair = truth.get(0);
    Cli.Result byId = Cli.run("similar", "--index", index, "--id", pair.a());
    assertEquals(0, byId.exit(), byId.toString());
    assertTrue(byId.out().contains(pair.b()), byId.out());
    assertFalse(byId.out().contains(" " + pair.a() + " "), "not itself: " + byId.out());

    String text = docs.stream().filter(d -> d.id().equals(pair.b())).findFirst().get().text();
    Cli.Result byText = Cli.run("similar", "--index", index, "--text", text);
    assertEquals(0, byText.exit(), byText.toString());
    assertTrue(byText.out().contains("1.0000  1.0000  " + pair.b()), byText.out());
    assertTrue(byText.out().contains(pair.a()), byText.out());

    Cli.Result noWords = Cli.run("similar", "--index", index, "--text", "!!! ... ???");
    assertEquals(0, noWords.exit(), noWords.toString());
    assertTrue(noWords.out().contains("has no words after normalisation"), noWords.out());

    Cli.Result unrelated = Cli.run("similar", "--index", index, "--text", "three short words");
    assertEquals(0, unrelated.exit(), unrelated.toString());
    assertTrue(unrelated.out().startsWith("0 near-duplicates of the text"), unrelated.out());

    Cli.Result unknown = Cli.run("similar", "--index", index, "--id", "no-such-doc");
    assertEquals(NearDupCli.EXIT_FAILURE, unknown.exit(), unknown.toString());
    assertTrue(unknown.err().contains("no document with id [no-such-doc]"), unknown.err());
  }

  @Test
  void searchCollapsesCopies() {
    // an original with an identical copy: both match the query equally well
    ExactTruth.Pair pair =
        truth.stream().filter(p -> p.similarity() == 1.0).findFirst().orElseThrow();
    String text = docs.stream().filter(d -> d.id().equals(pair.a())).findFirst().get().text();
    String query = String.join(" ", List.of(text.split("\\s+")).subList(0, 12));

    Cli.Result group =
        Cli.run("search", "--index", index, "--query", query, "--collapse", "group", "--limit", 50);
    assertEquals(0, group.exit(), group.toString());
    String canonical = group.out().contains("copy of " + pair.a()) ? pair.a() : pair.b();
    String copy = canonical.equals(pair.a()) ? pair.b() : pair.a();
    assertTrue(group.out().contains(copy + "  copy of " + canonical), group.out());

    Cli.Result remove =
        Cli.run(
            "search", "--index", index, "--query", query, "--collapse", "remove", "--limit", 50);
    assertEquals(0, remove.exit(), remove.toString());
    assertTrue(remove.out().contains(canonical), remove.out());
    assertFalse(remove.out().contains(copy), remove.out());

    Cli.Result demote = Cli.run("search", "--index", index, "--query", query, "--limit", 50);
    assertEquals(0, demote.exit(), demote.toString());
    assertTrue(demote.out().contains("(demote)"), demote.out());
    int copyLine = demote.out().indexOf(copy + "  copy of " + canonical);
    assertTrue(copyLine > demote.out().indexOf(canonical + "  "), demote.out());

    Cli.Result badField =
        Cli.run("search", "--index", index, "--query", query, "--canonical", "nosuch:asc");
    assertEquals(NearDupCli.EXIT_USAGE, badField.exit(), badField.toString());
    assertTrue(badField.err().contains("--canonical"), badField.err());
    assertTrue(badField.err().contains("published"), "lists usable fields: " + badField.err());
  }

  @Test
  void missingIndexIsARuntimeFailure() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Cli.Result r = Cli.run("clusters", "--index", empty);
    assertEquals(NearDupCli.EXIT_FAILURE, r.exit(), r.toString());
    assertTrue(r.err().contains("no index at"), r.err());
  }
}
