package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.signature.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
  @TempDir Path tmp;

  @Test
  void everyMethodsFiguresEqualWhatEvaluateComputesFromItsFiles() throws Exception {
    Path out = tmp.resolve("comparison");
    Cli.Result r =
        Cli.run(
            "compare",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0.8",
            "--out",
            out);
    assertEquals(0, r.exit(), r.toString());
    for (Method m : Method.values()) {
      assertTrue(r.out().contains("| " + m + " |"), r.out());
    }
    List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
    assertEquals(Method.values().length + 1, csv.size(), csv.toString());
    String header = csv.get(0);
    assertTrue(header.startsWith("method,candidate_pairs,reported_pairs,true_pairs"), header);
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",");
      String method = f[0];
      Cli.Result evaluated =
          Cli.run(
              "evaluate",
              "--truth",
              out.resolve("truth.tsv"),
              "--pairs",
              out.resolve("pairs-" + method + ".tsv"),
              "--thresholds",
              "0.8");
      assertEquals(0, evaluated.exit(), evaluated.toString());
      String row =
          evaluated
              .out()
              .lines()
              .filter(l -> l.trim().startsWith("0.8 "))
              .findFirst()
              .orElseThrow();
      String[] e = row.trim().split("\\s+");
      // evaluate: threshold, true, reported, correct, precision, recall, f1
      assertEquals(e[1], f[3], method + " true pairs");
      assertEquals(e[3], f[4], method + " correct pairs");
      assertEquals(e[4], f[5], method + " precision");
      assertEquals(e[5], f[6], method + " recall");
      assertEquals(e[6], f[7], method + " f1");
      assertTrue(Files.size(out.resolve("clusters-" + method + ".jsonl")) > 0, method);
      if (method.equals("minhash")) {
        assertTrue(Double.parseDouble(f[7]) >= 0.98, "minhash F1 " + f[7]);
        assertTrue(Double.parseDouble(f[10]) >= 0.98, "minhash B-cubed F1 " + f[10]);
      }
      if (method.equals("md5")) {
        assertEquals("1.0000", f[5], "md5 lists identical texts only");
      }
    }
    String svg = Files.readString(out.resolve("comparison.svg"));
    assertTrue(svg.startsWith("<?xml") && svg.contains("lex-rand") && svg.endsWith("</svg>\n"));
    assertTrue(Files.readString(out.resolve("comparison.md")).contains("| minhash |"));
  }

  @Test
  void theHeldInputGivesWhatReadingItAgainGives() throws Exception {
    // the sample corpus with a bad record and a duplicate id, which every pass reports
    Path input = tmp.resolve("corpus.jsonl");
    List<String> lines = Files.readAllLines(SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"));
    List<String> corpus = new java.util.ArrayList<>(lines);
    corpus.add(3, "{\"id\": \"broken\"");
    corpus.add(lines.get(5));
    Files.write(input, corpus);
    Map<String, Cli.Result> runs = new java.util.LinkedHashMap<>();
    for (String memory : new String[] {"256m", "0", "20k"}) {
      Path out = tmp.resolve("out-" + memory);
      Cli.Result r =
          Cli.run(
              "compare",
              "--input",
              input,
              "--threshold",
              "0.8",
              "--input-memory",
              memory,
              "--on-error",
              "skip",
              "--out",
              out);
      assertEquals(0, r.exit(), r.toString());
      runs.put(memory, r);
    }
    assertTrue(runs.get("256m").err().contains("input: held in memory ("), runs.get("256m").err());
    assertTrue(runs.get("256m").err().contains("with its shingle sets"), runs.get("256m").err());
    for (String memory : new String[] {"0", "20k"}) {
      assertTrue(
          runs.get(memory).err().contains("read again by each method"), runs.get(memory).err());
    }
    Path held = tmp.resolve("out-256m");
    for (String memory : new String[] {"0", "20k"}) {
      Path read = tmp.resolve("out-" + memory);
      List<String> files = new java.util.ArrayList<>(List.of("truth.tsv"));
      for (Method m : Method.values()) {
        files.add("pairs-" + m + ".tsv");
        files.add("clusters-" + m + ".jsonl");
      }
      for (String file : files) {
        assertEquals(
            Files.readString(read.resolve(file)), Files.readString(held.resolve(file)), file);
      }
      // every figure but the time
      assertEquals(
          withoutSeconds(Files.readAllLines(read.resolve("comparison.csv"))),
          withoutSeconds(Files.readAllLines(held.resolve("comparison.csv"))));
      // each pass reports the bad records, whether it reads the input or replays it
      assertEquals(
          skips(runs.get(memory).err()), skips(runs.get("256m").err()), runs.get("256m").err());
    }
    // the truth and each method report both (the first pass of the two-pass methods reports none)
    assertEquals(2 * (1 + Method.values().length), skips(runs.get("256m").err()));
  }

  private static List<String> withoutSeconds(List<String> csv) {
    return csv.stream().map(l -> l.replaceAll(",[^,]*(,[^,]*)$", "$1")).toList();
  }

  private static long skips(String err) {
    return err.lines().filter(l -> l.contains(": skipped: ")).count();
  }

  @Test
  void aGivenTruthIsUsedAndUnknownMethodsAreRefused() throws Exception {
    Cli.Result r =
        Cli.run(
            "compare",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--truth",
            SampleCorpusTest.SAMPLES.resolve("truth.tsv"),
            "--methods",
            "md5,minhash",
            "--threshold",
            "0.9");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().contains("truth from"), r.out());
    assertTrue(r.out().indexOf("| md5 |") < r.out().indexOf("| minhash |"), r.out());
    assertTrue(!r.out().contains("| simhash |"), r.out());

    Cli.Result bad =
        Cli.run(
            "compare",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--methods",
            "minhash,bogus");
    assertEquals(2, bad.exit(), bad.toString());
    assertTrue(bad.err().contains("--methods"), bad.err());
  }
}
