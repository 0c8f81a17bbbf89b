package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.SampleCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DedupCommandTest {
  @TempDir Path tmp;

  /** The README's main job on the committed sample, checked against its brute-force truth. */
  @Test
  void mainJobOnTheSampleCorpusFindsTheTrueNearDuplicates() throws Exception {
    Path pairsFile = tmp.resolve("pairs.tsv");
    Path clustersFile = tmp.resolve("clusters.jsonl");
    Cli.Result r =
        Cli.run(
            "dedup",
            "--input",
            SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"),
            "--threshold",
            "0.8",
            "--pairs",
            pairsFile,
            "--clusters",
            clustersFile);
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("indexed 430 documents"), r.err());
    assertTrue(r.err().contains("(0 bad records skipped)"), r.err());

    Map<String, Double> truth = new HashMap<>();
    for (ResultFiles.Pair p :
        ResultFiles.readPairs(SampleCorpusTest.SAMPLES.resolve("truth.tsv"))) {
      if (p.similarity() >= 0.8) {
        truth.put(p.a() + " " + p.b(), p.similarity());
      }
    }
    List<ResultFiles.Pair> pairs = Cli.pairs(pairsFile);
    for (ResultFiles.Pair p : pairs) {
      assertTrue(p.a().compareTo(p.b()) < 0, "id_a < id_b: " + p);
      Double exact = truth.get(p.a() + " " + p.b());
      assertTrue(exact != null, "not a true near-duplicate pair: " + p);
      assertEquals(exact, p.similarity(), 1e-6, "exact Jaccard of " + p);
    }
    // LSH misses a pair at 0.8 with probability 1.5 %, at 0.9 with 0.001 %
    assertTrue(pairs.size() >= 0.97 * truth.size(), pairs.size() + " of " + truth.size());

    Map<String, SampleCorpus.Doc> docs = new HashMap<>();
    SampleCorpus.committed().forEach(d -> docs.put(d.id(), d));
    Map<String, Integer> clusterOf = new HashMap<>();
    List<JsonNode> clusters = Cli.clusters(clustersFile);
    assertFalse(clusters.isEmpty());
    for (int c = 0; c < clusters.size(); c++) {
      JsonNode cluster = clusters.get(c);
      List<String> members = Cli.members(cluster);
      assertEquals(members.size(), cluster.get("size").asInt());
      assertTrue(members.size() >= 2);
      // default canonical: the first in input order
      assertEquals(members.get(0), cluster.get("canonical").asText());
      Set<Integer> families = new HashSet<>();
      for (String id : members) {
        families.add(docs.get(id).family());
        assertEquals(null, clusterOf.put(id, c), id + " in two clusters");
      }
      assertEquals(1, families.size(), "one family per cluster: " + cluster);
    }
    for (ResultFiles.Pair p : pairs) {
      assertEquals(clusterOf.get(p.a()), clusterOf.get(p.b()), "pair in one cluster: " + p);
    }
  }

  @Test
  void resultsDoNotDependOnThreadsAndCanonicalFollowsTheField() throws Exception {
    List<SampleCorpus.Doc> docs = new SampleCorpus(7).generate(10, 15);
    Path input = tmp.resolve("corpus.jsonl");
    Cli.writeCorpus(input, docs);
    String[] outputs = new String[2];
    for (int threads = 1; threads <= 2; threads++) {
      Path pairs = tmp.resolve("pairs" + threads + ".tsv");
      Path clusters = tmp.resolve("clusters" + threads + ".jsonl");
      Cli.Result r =
          Cli.run(
              "dedup",
              "--input",
              input,
              "--pairs",
              pairs,
              "--clusters",
              clusters,
              "--canonical",
              "published:asc",
              "--threads",
              threads);
      assertEquals(0, r.exit(), r.toString());
      outputs[threads - 1] = Files.readString(pairs) + Files.readString(clusters);
    }
    assertEquals(outputs[0], outputs[1]);

    Map<String, SampleCorpus.Doc> byId = new HashMap<>();
    docs.forEach(d -> byId.put(d.id(), d));
    List<JsonNode> clusters = Cli.clusters(tmp.resolve("clusters1.jsonl"));
    assertFalse(clusters.isEmpty());
    for (JsonNode cluster : clusters) {
      SampleCorpus.Doc canonical = byId.get(cluster.get("canonical").asText());
      for (String id : Cli.members(cluster)) {
        SampleCorpus.Doc member = byId.get(id);
        int c = member.published().compareTo(canonical.published());
        assertTrue(
            c > 0 || (c == 0 && member.id().compareTo(canonical.id()) >= 0),
            "canonical is the earliest published: " + cluster);
      }
    }
  }

  @Test
  void sketchVerificationReportsEstimates() throws Exception {
    Path input = tmp.resolve("corpus.jsonl");
    Cli.writeCorpus(input, new SampleCorpus(7).generate(10, 15));
    Path pairs = tmp.resolve("pairs.tsv");
    Path index = tmp.resolve("index");
    Cli.Result r =
        Cli.run(
            "dedup", "--input", input, "--verify", "sketch", "--pairs", pairs, "--index", index);
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.err().contains("verified by sketch estimate"), r.err());
    List<ResultFiles.Pair> found = Cli.pairs(pairs);
    assertFalse(found.isEmpty());
    for (ResultFiles.Pair p : found) {
      assertTrue(p.similarity() >= 0.8, p.toString());
      double agreeing = p.similarity() * 128; // k = 128 values, 32 bits: m / k up to 2^-32
      assertEquals(Math.round(agreeing), agreeing, 1e-4, "an estimate: " + p);
    }
    // the index kept for later has no shingle sets, so exact verification is refused
    Cli.Result exact = Cli.run("clusters", "--index", index, "--verify", "exact");
    assertEquals(NearDupCli.EXIT_USAGE, exact.exit(), exact.toString());
    assertTrue(exact.err().contains("--verify"), exact.err());
  }

  @Test
  void directoryOfTextFilesUsesRelativePathsAsIds() throws Exception {
    List<SampleCorpus.Doc> docs = new SampleCorpus(11).generate(1, 2);
    Path dir = tmp.resolve("texts");
    Files.createDirectories(dir.resolve("sub"));
    Files.createDirectories(dir.resolve(".git"));
    Files.writeString(dir.resolve(".git/ignored.txt"), docs.get(0).text());
    Files.writeString(dir.resolve("a.txt"), docs.get(0).text(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("sub/copy.txt"), docs.get(0).text() + " Share this story.");
    Files.writeString(dir.resolve("sub/other.txt"), docs.get(2).text());
    Files.write(dir.resolve("binary.dat"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    Cli.Result r =
        Cli.run("dedup", "--input", dir, "--pairs", "-", "--clusters", "-", "--on-error", "skip");
    assertEquals(0, r.exit(), r.toString());
    assertTrue(r.out().startsWith(ResultFiles.PAIRS_HEADER + "\na.txt\tsub/copy.txt\t"), r.out());
    assertTrue(
        r.out()
            .contains(
                "{\"canonical\": \"a.txt\", \"members\": [\"a.txt\", \"sub/copy.txt\"], \"size\":"
                    + " 2}"),
        r.out());
    assertTrue(
        r.err().contains("binary.dat: skipped: text must be valid UTF-8, got invalid bytes [ff]"),
        r.err());
    assertTrue(r.err().contains("indexed 3 documents"), r.err());
    assertTrue(r.err().contains("(1 bad record"), r.err());
  }
}
