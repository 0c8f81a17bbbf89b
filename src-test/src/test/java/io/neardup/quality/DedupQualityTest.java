package io.neardup.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.cli.NearDupCli;
import io.neardup.testkit.CorpusGenerator;
import io.neardup.testkit.ExactTruth;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * The quality of {@code neardup dedup} end to end: a generated corpus ({@link CorpusGenerator}, see
 * {@link #CONFIG}) is written as JSONL, the real command runs in-process on it, and its pairs and
 * clusters files are compared with the exact similarities of {@link ExactTruth}, at thresholds 0.5,
 * 0.8 and 0.9 with both verifications.
 *
 * <p>For a threshold t:
 *
 * <ul>
 *   <li>Recall: at least 97 % of the pairs with exact Jaccard ≥ t + 0.05 are reported. Each such
 *       pair shares a band with probability at least 0.999 (the bands are chosen for t), and with
 *       {@code --verify sketch} its estimate still has to reach t: with 128 hashes (sd 0.044 at J =
 *       0.55, 0.032 at 0.85) that fails for 13 % (t = 0.5) to 6 % (t = 0.8) of the pairs at exactly
 *       t + 0.05, and far fewer above, where most pairs are.
 *   <li>Precision with {@code --verify exact} (the default): every reported pair has exact Jaccard
 *       ≥ t, and its reported similarity is that exact Jaccard (to the six decimals written).
 *   <li>Precision with {@code --verify sketch}: at least 97 % of the reported pairs have exact
 *       Jaccard ≥ t − 0.05; an estimate reaches t from 0.05 under it with probability 6 % (t = 0.9)
 *       to 13 % (t = 0.5), and from further below far more rarely.
 *   <li>Clusters are the connected components of the reported pairs: both ids of a pair are in one
 *       cluster, and the pairs inside a cluster connect all its members.
 * </ul>
 *
 * <p>Recall and precision are printed as a table, with their strict counterparts (both measured at
 * J ≥ t) and F1, the harmonic mean of the two checked figures.
 */
class DedupQualityTest {
  private static final double RECALL = 0.97;
  private static final double SKETCH_PRECISION = 0.97;
  private static final double MARGIN = 0.05;

  /**
   * The default corpus (1 500 documents, 300 families holding 70 % of them, variants edited towards
   * similarities over [0.3, 1], 30 % with a site template) with base documents from 20 words
   * instead of 50: a site template then outweighs the text of short unrelated documents, and their
   * similarities reach 0.6, so that boilerplate alone makes pairs on both sides of threshold 0.5.
   */
  private static final CorpusGenerator.Config CONFIG =
      new CorpusGenerator.Config(
          1_500, 300, 0.7, 12, 20, 1_000, 0.3, 0.1, 0.3, CorpusGenerator.Config.defaults().seed());

  private static final JsonMapper JSON = new JsonMapper();

  @TempDir static Path tmp;

  private static List<CorpusGenerator.Document> corpus;
  private static ExactTruth truth;
  private static Path corpusFile;
  private static final List<String> rows = new ArrayList<>();

  @BeforeAll
  static void generate() throws IOException {
    long start = System.nanoTime();
    corpus = new CorpusGenerator(CONFIG).generate();
    long generated = System.nanoTime();
    truth = ExactTruth.table(CorpusGenerator.texts(corpus));
    long computed = System.nanoTime();
    corpusFile = tmp.resolve("corpus.jsonl");
    try (Writer w = Files.newBufferedWriter(corpusFile, StandardCharsets.UTF_8)) {
      for (CorpusGenerator.Document d : corpus) {
        Map<String, Object> record = new HashMap<>();
        record.put("id", id(d.id()));
        record.put("text", d.text());
        w.write(JSON.writeValueAsString(record));
        w.write('\n');
      }
    }

    long[] histogram = new long[11];
    long[] nearNotCopies = new long[1];
    long[] templateOnly = new long[2]; // J >= 0.3, J >= 0.5
    truth.forEachPair(
        0.3,
        (a, b, s) -> {
          histogram[s >= 1 ? 10 : (int) (s * 10)]++;
          if (s >= 0.85 && s < 1) {
            nearNotCopies[0]++;
          }
          if (boilerplateOnly(a, b)) {
            templateOnly[s >= 0.5 ? 1 : 0]++;
          }
        });
    StringBuilder line = new StringBuilder("pairs by exact Jaccard:");
    for (int bin = 3; bin < histogram.length; bin++) {
      line.append(
          bin == 10
              ? " 1: " + histogram[bin]
              : String.format(
                  Locale.ROOT, " [%.1f,%.1f): %d", bin / 10.0, (bin + 1) / 10.0, histogram[bin]));
    }
    System.out.printf(
        Locale.ROOT,
        "%nDedup quality corpus: %d documents, generated in %.1f s, ground truth in %.1f s%n%s%n"
            + "pairs of different families (sharing a site template) at J >= 0.3: %d, at J >= 0.5:"
            + " %d; pairs at 0.85 <= J < 1: %d%n",
        corpus.size(),
        (generated - start) / 1e9,
        (computed - generated) / 1e9,
        line,
        templateOnly[0] + templateOnly[1],
        templateOnly[1],
        nearNotCopies[0]);
    // The checks need similar pairs that are not copies, and pairs in every range the thresholds
    // look at.
    assertTrue(nearNotCopies[0] >= 300, "too few pairs with 0.85 <= J < 1: " + nearNotCopies[0]);
    for (int bin = 3; bin < 10; bin++) {
      assertTrue(histogram[bin] >= 40, "too few pairs with J in the tenth from " + bin / 10.0);
    }
    assertTrue(
        templateOnly[0] >= 100 && templateOnly[1] >= 50,
        "too few boilerplate-sharing unrelated pairs on either side of 0.5");
  }

  @AfterAll
  static void printTable() {
    System.out.printf(
        Locale.ROOT,
        "%n%4s %-6s %9s %9s %9s %7s %9s %7s %8s %8s %7s%n",
        "t",
        "verify",
        "J>=t+.05",
        "J>=t",
        "reported",
        "recall",
        "precision",
        "F1",
        "recall@t",
        "prec.@t",
        "time");
    rows.forEach(System.out::println);
    System.out.println(
        "recall: of the pairs at J >= t + 0.05; precision: reported pairs at J >= t - 0.05;"
            + " recall@t and prec.@t: both at J >= t; time: the whole dedup run (index, cluster,"
            + " write)");
  }

  @ParameterizedTest(name = "threshold {0}, --verify {1}")
  @CsvSource({
    "0.8, exact",
    "0.8, sketch",
    "0.5, exact",
    "0.5, sketch",
    "0.9, exact",
    "0.9, sketch"
  })
  void dedupFindsTheTrueNearDuplicates(double threshold, String verify) throws IOException {
    boolean exact = verify.equals("exact");
    Path pairsFile = tmp.resolve("pairs-" + threshold + "-" + verify + ".tsv");
    Path clustersFile = tmp.resolve("clusters-" + threshold + "-" + verify + ".jsonl");
    List<String> args =
        new ArrayList<>(
            List.of(
                "dedup",
                "--input",
                corpusFile.toString(),
                "--threshold",
                Double.toString(threshold),
                "--pairs",
                pairsFile.toString(),
                "--clusters",
                clustersFile.toString(),
                "--no-progress"));
    if (!exact) {
      // exact is the default: that run goes without the option
      args.addAll(List.of("--verify", verify));
    }
    long start = System.nanoTime();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = NearDupCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(args.toArray(String[]::new));
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, exit, "dedup " + args + "\n--- out:\n" + out + "--- err:\n" + err);

    Map<Long, Double> pairs = readPairs(pairsFile);
    String where = String.format(Locale.ROOT, "threshold %s, --verify %s", threshold, verify);

    // Precision, and with exact verification the reported similarity itself.
    long atLowerBound = 0;
    long atThreshold = 0;
    long[] boilerplateReported = new long[2]; // all, at J >= t - margin
    List<String> below = new ArrayList<>();
    for (Map.Entry<Long, Double> p : pairs.entrySet()) {
      int a = first(p.getKey());
      int b = second(p.getKey());
      double j = truth.similarity(a, b);
      boolean boilerplate = boilerplateOnly(a, b);
      if (boilerplate) {
        boilerplateReported[0]++;
      }
      if (j >= threshold - MARGIN) {
        atLowerBound++;
        if (boilerplate) {
          boilerplateReported[1]++;
        }
      } else if (below.size() < 10) {
        below.add(
            String.format(Locale.ROOT, "%d-%d (J=%.4f, reported %.4f)", a, b, j, p.getValue()));
      }
      if (j >= threshold) {
        atThreshold++;
      }
      if (exact) {
        assertTrue(
            j >= threshold,
            String.format(Locale.ROOT, "%s: pair %d-%d has exact Jaccard %.6f", where, a, b, j));
        // written with six decimals
        assertEquals(j, p.getValue(), 5e-7 + 1e-12, where + ": similarity of " + a + "-" + b);
      }
    }

    // Recall.
    long[] truePairs = new long[2]; // J >= t + margin, J >= t
    long[] found = new long[2];
    long[] boilerplateTrue = new long[2]; // J >= t + margin: all, reported
    List<String> missed = new ArrayList<>();
    truth.forEachPair(
        threshold,
        (a, b, s) -> {
          boolean reported = pairs.containsKey(key(a, b));
          truePairs[1]++;
          if (reported) {
            found[1]++;
          }
          if (s >= threshold + MARGIN) {
            truePairs[0]++;
            if (boilerplateOnly(a, b)) {
              boilerplateTrue[0]++;
              boilerplateTrue[1] += reported ? 1 : 0;
            }
            if (reported) {
              found[0]++;
            } else if (missed.size() < 10) {
              missed.add(String.format(Locale.ROOT, "%d-%d (J=%.4f)", a, b, s));
            }
          }
        });

    double recall = ratio(found[0], truePairs[0]);
    double precision = ratio(atLowerBound, pairs.size());
    double f1 = recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision);
    String row =
        String.format(
            Locale.ROOT,
            "%4.2f %-6s %9d %9d %9d %7.4f %9.4f %7.4f %8.4f %8.4f %6.1fs",
            threshold,
            verify,
            truePairs[0],
            truePairs[1],
            pairs.size(),
            recall,
            precision,
            f1,
            ratio(found[1], truePairs[1]),
            ratio(atThreshold, pairs.size()),
            seconds);
    rows.add(row);
    System.out.printf(Locale.ROOT, "%n%s: %s%n%s", where, row, err);
    if (boilerplateTrue[0] + boilerplateReported[0] > 0) {
      System.out.printf(
          Locale.ROOT,
          "unrelated documents sharing a site template: %d of %d pairs at J >= t + 0.05"
              + " reported; %d of %d reported pairs at J >= t - 0.05%n",
          boilerplateTrue[1],
          boilerplateTrue[0],
          boilerplateReported[1],
          boilerplateReported[0]);
    }
    if (!missed.isEmpty()) {
      System.out.println("missed at J >= t + 0.05: " + missed);
    }
    if (!below.isEmpty()) {
      System.out.println("reported at J < t - 0.05: " + below);
    }

    assertTrue(truePairs[0] >= 100, where + ": too few true pairs: " + truePairs[0]);
    assertTrue(
        recall >= RECALL,
        String.format(
            Locale.ROOT,
            "%s: recall %.4f (%d of %d pairs at J >= %.2f) < %.2f; missed %s",
            where,
            recall,
            found[0],
            truePairs[0],
            threshold + MARGIN,
            RECALL,
            missed));
    if (!exact) {
      assertTrue(
          precision >= SKETCH_PRECISION,
          String.format(
              Locale.ROOT,
              "%s: precision %.4f (%d of %d reported pairs at J >= %.2f) < %.2f; e.g. %s",
              where,
              precision,
              atLowerBound,
              pairs.size(),
              threshold - MARGIN,
              SKETCH_PRECISION,
              below));
    }

    checkClusters(readClusters(clustersFile), pairs, where);
  }

  /**
   * The clusters are exactly the connected components of the reported pairs: members of one cluster
   * only, ids of a pair in one cluster, and each cluster connected by its pairs.
   */
  private static void checkClusters(
      List<Set<Integer>> clusters, Map<Long, Double> pairs, String where) {
    Map<Integer, Integer> clusterOf = new HashMap<>();
    for (int c = 0; c < clusters.size(); c++) {
      for (int d : clusters.get(c)) {
        Integer previous = clusterOf.put(d, c);
        assertEquals(null, previous, where + ": document " + d + " is in two clusters");
      }
    }
    // A union-find over the reported pairs.
    int[] parent = new int[corpus.size()];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    for (long pair : pairs.keySet()) {
      int a = first(pair);
      int b = second(pair);
      Integer ca = clusterOf.get(a);
      assertTrue(
          ca != null && ca.equals(clusterOf.get(b)),
          where + ": pair " + a + "-" + b + " is not inside one cluster");
      parent[find(parent, a)] = find(parent, b);
    }
    for (Set<Integer> cluster : clusters) {
      Set<Integer> roots = new TreeSet<>();
      for (int d : cluster) {
        roots.add(find(parent, d));
      }
      assertEquals(
          1, roots.size(), where + ": cluster " + cluster + " is not connected by reported pairs");
    }
  }

  /** Documents of different families: similar through the boilerplate of a site template only. */
  private static boolean boilerplateOnly(int a, int b) {
    return corpus.get(a).family() != corpus.get(b).family();
  }

  private static int find(int[] parent, int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }

  /** The pairs of a pairs file as ordered document keys, checking its form on the way. */
  private static Map<Long, Double> readPairs(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertFalse(lines.isEmpty(), "empty pairs file");
    assertEquals("id_a\tid_b\tsimilarity", lines.get(0), "header of " + file);
    Map<Long, Double> pairs = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cols = line.split("\t", -1);
      assertEquals(3, cols.length, "pairs line [" + line + "]");
      assertTrue(cols[0].compareTo(cols[1]) < 0, "id_a < id_b in [" + line + "]");
      double s = Double.parseDouble(cols[2]);
      assertTrue(s >= 0 && s <= 1, "similarity in [0, 1] in [" + line + "]");
      Double previous = pairs.put(key(document(cols[0]), document(cols[1])), s);
      assertEquals(null, previous, "pair reported twice: [" + line + "]");
    }
    return pairs;
  }

  /** The clusters of a clusters file as sets of documents, checking its form on the way. */
  private static List<Set<Integer>> readClusters(Path file) throws IOException {
    List<Set<Integer>> clusters = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      JsonNode node = JSON.readTree(line);
      Set<Integer> members = new HashSet<>();
      for (JsonNode m : node.get("members")) {
        if (!members.add(document(m.asText()))) {
          fail("member listed twice: " + line);
        }
      }
      assertTrue(members.size() >= 2, "cluster of one: " + line);
      assertEquals(members.size(), node.get("size").asInt(), "size of " + line);
      assertTrue(members.contains(document(node.get("canonical").asText())), "canonical " + line);
      clusters.add(members);
    }
    return clusters;
  }

  /** The id of a document in the JSONL file: zero-padded, so that ids sort as documents do. */
  private static String id(int document) {
    return String.format(Locale.ROOT, "doc%05d", document);
  }

  private static int document(String id) {
    assertTrue(id.startsWith("doc"), "unknown id " + id);
    return Integer.parseInt(id.substring(3));
  }

  private static long key(int a, int b) {
    return ((long) Math.min(a, b) << 32) | Math.max(a, b);
  }

  private static int first(long key) {
    return (int) (key >>> 32);
  }

  private static int second(long key) {
    return (int) key;
  }

  private static double ratio(long part, long whole) {
    return whole == 0 ? 1 : (double) part / whole;
  }
}
