package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.CorpusGenerator;
import io.neardup.testkit.ExactTruth;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TruthCommandTest {
  @TempDir Path tmp;

  @Test
  void reproducesTheCommittedTruthOfTheSampleCorpus() throws Exception {
    Path out = tmp.resolve("truth.tsv");
    Cli.Result r =
        Cli.run(
            "truth",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0.3",
            "--output",
            out);
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("among 430 documents"), r.err());
    assertEquals(
        Files.readString(SampleCorpusTest.SAMPLES.resolve("truth.tsv")), Files.readString(out));
  }

  @Test
  void equalsABruteForceJoinOnGeneratedCorpora() throws Exception {
    List<CorpusGenerator.Document> docs =
        new CorpusGenerator(CorpusGenerator.Config.defaults().withSize(400, 80).withSeed(7))
            .generate();
    Path input = tmp.resolve("corpus.jsonl");
    JsonMapper json = new JsonMapper();
    List<String> lines = new ArrayList<>();
    for (CorpusGenerator.Document d : docs) {
      lines.add(json.writeValueAsString(Map.of("id", "d" + d.id(), "text", d.text())));
    }
    Files.write(input, lines, StandardCharsets.UTF_8);
    ExactTruth brute = ExactTruth.table(CorpusGenerator.texts(docs));
    for (double t : new double[] {0.5, 0.8}) {
      Map<String, Double> expected = new TreeMap<>();
      brute.forEachPair(
          t,
          (a, b, s) -> {
            String x = "d" + docs.get(a).id();
            String y = "d" + docs.get(b).id();
            expected.put(x.compareTo(y) < 0 ? x + " " + y : y + " " + x, s);
          });
      Path out = tmp.resolve("truth-" + t + ".tsv");
      Cli.Result r =
          Cli.run("truth", "--input", input, "--threshold", t, "--output", out, "--threads", 2);
      assertEquals(0, r.exit(), r.toString());
      Map<String, Double> actual = new TreeMap<>();
      for (ResultFiles.Pair p : ResultFiles.readPairs(out)) {
        actual.put(p.a() + " " + p.b(), p.similarity());
      }
      assertEquals(expected.keySet(), actual.keySet(), "threshold " + t);
      for (Map.Entry<String, Double> e : expected.entrySet()) {
        assertEquals(e.getValue(), actual.get(e.getKey()), 1e-6, e.getKey());
      }
      assertFalse(expected.isEmpty());
    }
  }

  @Test
  void rejectsABadThresholdNamingIt() throws Exception {
    Cli.Result r =
        Cli.run(
            "truth",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0");
    assertEquals(2, r.exit(), r.toString());
    assertTrue(r.err().contains("--threshold"), r.err());
  }
}
