package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cli.output.ResultFiles;
import io.neardup.signature.Method;
import io.neardup.signature.Terms;
import io.neardup.testkit.SampleCorpus;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dedup --method NAME} for every method on the committed sample corpus. */
class MethodsTest {
  @TempDir Path tmp;

  private static final Path CORPUS = SampleCorpusTest.SAMPLES.resolve("corpus.jsonl");

  private record Run(Set<String> pairs, Cli.Result result) {}

  private Run dedup(String method, Object... more) throws Exception {
    Path pairsFile = tmp.resolve(method + "-pairs.tsv");
    Path clustersFile = tmp.resolve(method + "-clusters.jsonl");
    List<Object> args =
        new java.util.ArrayList<>(
            List.of(
                "dedup",
                "--input",
                CORPUS,
                "--method",
                method,
                "--threshold",
                "0.8",
                "--pairs",
                pairsFile,
                "--clusters",
                clustersFile));
    args.addAll(List.of(more));
    Cli.Result r = Cli.run(args.toArray());
    assertEquals(0, r.exit(), r.toString());
    Set<String> pairs = new TreeSet<>();
    for (ResultFiles.Pair p : Cli.pairs(pairsFile)) {
      assertTrue(p.a().compareTo(p.b()) < 0, "id_a < id_b: " + p);
      pairs.add(p.a() + " " + p.b());
    }
    // every listed pair is inside one listed cluster
    Map<String, Integer> clusterOf = new HashMap<>();
    List<com.fasterxml.jackson.databind.JsonNode> clusters = Cli.clusters(clustersFile);
    for (int c = 0; c < clusters.size(); c++) {
      for (String id : Cli.members(clusters.get(c))) {
        clusterOf.put(id, c);
      }
    }
    for (String p : pairs) {
      String[] ab = p.split(" ");
      assertTrue(clusterOf.get(ab[0]) != null && clusterOf.get(ab[0]).equals(clusterOf.get(ab[1])));
    }
    return new Run(pairs, r);
  }

  private static Map<String, Double> truth() throws Exception {
    Map<String, Double> truth = new HashMap<>();
    for (ResultFiles.Pair p :
        ResultFiles.readPairs(SampleCorpusTest.SAMPLES.resolve("truth.tsv"))) {
      truth.put(p.a() + " " + p.b(), p.similarity());
    }
    return truth;
  }

  /** Pairs of documents whose normalised texts are equal, by brute force. */
  private static Set<String> identicalTexts() {
    List<SampleCorpus.Doc> docs = SampleCorpus.committed();
    Set<String> pairs = new TreeSet<>();
    for (int a = 0; a < docs.size(); a++) {
      for (int b = a + 1; b < docs.size(); b++) {
        if (Terms.normalized(docs.get(a).text()).equals(Terms.normalized(docs.get(b).text()))) {
          String x = docs.get(a).id();
          String y = docs.get(b).id();
          pairs.add(x.compareTo(y) < 0 ? x + " " + y : y + " " + x);
        }
      }
    }
    return pairs;
  }

  /** Share of {@code pairs} whose exact Jaccard similarity is at least {@code floor}. */
  private static double precision(Set<String> pairs, Map<String, Double> truth, double floor) {
    long good = pairs.stream().filter(p -> truth.getOrDefault(p, 0.0) >= floor).count();
    return pairs.isEmpty() ? 1 : (double) good / pairs.size();
  }

  /** Share of the true pairs at {@code floor} or above that {@code pairs} has. */
  private static double recall(Set<String> pairs, Map<String, Double> truth, double floor) {
    long all = truth.values().stream().filter(s -> s >= floor).count();
    long found =
        truth.entrySet().stream()
            .filter(e -> e.getValue() >= floor && pairs.contains(e.getKey()))
            .count();
    return (double) found / all;
  }

  private static String figures(String method, Set<String> pairs, Map<String, Double> truth) {
    return String.format(
        Locale.ROOT,
        "%s: %d pairs, precision at 0.6 %.3f, recall at 0.9 %.3f",
        method,
        pairs.size(),
        precision(pairs, truth, 0.6),
        recall(pairs, truth, 0.9));
  }

  @Test
  void md5FindsExactlyTheTextsThatAreEqualAfterNormalisation() throws Exception {
    Set<String> expected = identicalTexts();
    assertTrue(expected.size() >= 5, "identical pairs in the sample: " + expected.size());
    Run md5 = dedup("md5");
    assertEquals(expected, md5.pairs());
    assertTrue(md5.result().err().contains("verified by equal md5 signature"), md5.result().err());
  }

  @Test
  void sketchMethodsFindTheTrueNearDuplicates() throws Exception {
    Map<String, Double> truth = truth();
    for (String method : List.of("minhash", "min-m", "mod-n")) {
      Set<String> pairs = dedup(method).pairs();
      String f = figures(method, pairs, truth);
      assertTrue(precision(pairs, truth, 0.6) >= 0.95, f);
      assertTrue(recall(pairs, truth, 0.9) >= 0.9, f);
    }
  }

  @Test
  void simHashFindsCloseCopiesAndItsParameterMatters() throws Exception {
    Map<String, Double> truth = truth();
    Set<String> h3 = dedup("simhash").pairs();
    Set<String> h10 = dedup("simhash", "--max-hamming", "10").pairs();
    String f = figures("simhash h=3", h3, truth) + "; " + figures("simhash h=10", h10, truth);
    assertTrue(h10.containsAll(h3), f);
    assertTrue(h10.size() > h3.size(), f);
    assertTrue(precision(h3, truth, 0.6) >= 0.9, f);
    assertTrue(h3.containsAll(identicalTexts()), f);
  }

  @Test
  void signatureMethodsFindCopiesAndFewFalsePairs() throws Exception {
    Map<String, Double> truth = truth();
    Set<String> identical = identicalTexts();
    for (String method : List.of("tfidf", "long-sent", "heavy-sent", "lex-rand")) {
      Run run = dedup(method);
      Set<String> pairs = run.pairs();
      String f = figures(method, pairs, truth) + "\n" + run.result().err();
      assertTrue(pairs.size() > identical.size(), f);
      assertTrue(precision(pairs, truth, 0.3) >= 0.9, f);
      if (!method.equals("long-sent")) {
        // functions of the terms alone: equal terms, equal signatures
        assertTrue(pairs.containsAll(identical), f);
      }
      boolean twoPass = Method.of(method).twoPass();
      assertEquals(twoPass, run.result().err().contains("reads the input twice"), f);
    }
  }

  @Test
  void everyMethodRunsAndTheDefaultIsMinHash() throws Exception {
    Set<String> labels = new HashSet<>(Method.labels());
    assertEquals(9, labels.size());
    Path pairsFile = tmp.resolve("default.tsv");
    Cli.Result r = Cli.run("dedup", "--input", CORPUS, "--pairs", pairsFile);
    assertEquals(0, r.exit(), r.toString());
    assertEquals(dedup("minhash").pairs().size(), Cli.pairs(pairsFile).size());
  }

  @Test
  void badMethodsAndParametersAreRejectedByName() {
    String[][] cases = {
      {"--method", "nope", "--method", "minhash, min-m, mod-n, simhash"},
      {"--max-hamming", "40", "--max-hamming", "max-hamming must be in [0, 32], got 40"},
      {"--tfidf-terms", "0", "--tfidf-terms", "tfidf-terms must be >= 1, got 0"},
      {"--min-m", "-1", "--min-m", "min-m must be >= 1"},
      {"--mod-n", "0", "--mod-n", "mod-n must be >= 1"},
      {"--sentences", "0", "--sentences", "sentences must be >= 1"},
    };
    for (String[] c : cases) {
      Cli.Result r = Cli.run("dedup", "--input", CORPUS, c[0], c[1]);
      assertEquals(2, r.exit(), r.toString());
      assertTrue(r.err().contains("'" + c[2] + "'") && r.err().contains(c[3]), r.toString());
    }
    Cli.Result r =
        Cli.run("dedup", "--input", CORPUS, "--method", "md5", "--index", tmp.resolve("index"));
    assertEquals(2, r.exit(), r.toString());
    assertTrue(r.err().contains("'--index'"), r.toString());
  }
}
