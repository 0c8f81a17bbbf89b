package io.neardup.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark-submit entry point: inputs, outputs and the errors that name what is wrong. */
class DedupJobTest {
  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session("local[2]", 2);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static final String TEXT =
      "the committee met on tuesday to discuss the budget for the coming year and agreed to"
          + " raise the spending on roads and schools by a modest amount";

  static String line(String id, String text) {
    return "{\"id\":\"" + id + "\",\"text\":\"" + text + "\"}\n";
  }

  /**
   * The commands of docs/spark.md: each {@code bin/neardup-spark} command runs here as the launcher
   * runs it (inputs from the repository, outputs in a temporary directory, which must then hold
   * them); the arguments of each {@code spark-submit} command parse (their paths are a cluster's).
   */
  @Test
  void theDocsCommandsRun(@TempDir Path tmp) throws Exception {
    Path root = NearDupSparkTest.SAMPLES.getParent();
    String page = Files.readString(root.resolve("docs/spark.md"), StandardCharsets.UTF_8);
    java.util.regex.Matcher blocks =
        java.util.regex.Pattern.compile("```\\w*\n(.*?)```", java.util.regex.Pattern.DOTALL)
            .matcher(page);
    int launcher = 0;
    int submit = 0;
    while (blocks.find()) {
      String block = blocks.group(1).replace("\\\n", " ");
      for (String command : block.split("\n")) {
        java.util.List<String> words =
            new java.util.ArrayList<>(java.util.List.of(command.trim().split("\\s+")));
        if (words.get(0).equals("bin/neardup-spark")) {
          words.remove(0);
          java.util.List<Path> outputs = new java.util.ArrayList<>();
          for (int k = 0; k + 1 < words.size(); k++) {
            switch (words.get(k)) {
              case "--input" -> words.set(k + 1, root.resolve(words.get(k + 1)).toString());
              case "--pairs", "--clusters", "--output" -> {
                Path out = tmp.resolve(launcher + "-" + words.get(k + 1));
                outputs.add(out);
                words.set(k + 1, out.toString());
              }
              default -> {}
            }
          }
          DedupJob.run(spark, DedupJob.parse(words.toArray(new String[0])));
          for (Path out : outputs) {
            assertTrue(Files.size(out) > 0, command + ": no " + out);
          }
          launcher++;
        } else if (words.get(0).equals("spark-submit")) {
          int jar = words.indexOf("spark/target/neardup-spark.jar");
          DedupJob.parse(words.subList(jar + 1, words.size()).toArray(new String[0]));
          submit++;
        }
      }
    }
    assertTrue(launcher >= 2 && submit >= 1, launcher + " launcher and " + submit + " submit");
  }

  @Test
  void writesParquetAndTheCliFilesFromSeveralInputsInOrder(@TempDir Path tmp) throws Exception {
    Path a = tmp.resolve("a.jsonl");
    Path b = tmp.resolve("b.jsonl");
    Files.writeString(a, line("b-2", TEXT) + line("x", "something else entirely, nothing alike"));
    Files.writeString(b, line("a-1", TEXT + " today"));
    Path out = tmp.resolve("out");
    Path pairs = tmp.resolve("p.tsv");
    Path clusters = tmp.resolve("c.jsonl");
    DedupJob.run(
        spark,
        DedupJob.parse(
            new String[] {
              "--input",
              a.toString(),
              b.toString(),
              "--threshold",
              "0.8",
              "--output",
              out.toString(),
              "--pairs",
              pairs.toString(),
              "--clusters",
              clusters.toString()
            }));
    Dataset<Row> p = spark.read().parquet(out.resolve("pairs").toString());
    assertEquals(1, p.count());
    Row row = p.first();
    assertEquals("a-1", row.getString(0));
    assertEquals("b-2", row.getString(1));
    assertTrue(row.getDouble(2) >= 0.8 && row.getDouble(2) < 1, row.toString());
    Dataset<Row> c = spark.read().parquet(out.resolve("clusters").toString());
    assertEquals(2, c.count());
    // the first input's document comes first: it names the cluster and is canonical (score)
    assertEquals(1, c.filter("id = 'b-2' and canonical and cluster = 'b-2'").count());
    assertEquals(
        String.format("id_a\tid_b\tsimilarity%na-1\tb-2\t%.6f%n", row.getDouble(2)),
        Files.readString(pairs, StandardCharsets.UTF_8));
    assertEquals(
        "{\"canonical\": \"b-2\", \"members\": [\"b-2\", \"a-1\"], \"size\": 2}\n",
        Files.readString(clusters, StandardCharsets.UTF_8));
  }

  @Test
  void warcPagesAreReadAsMainTextByUrl(@TempDir Path tmp) throws Exception {
    Path warc = tmp.resolve("crawl.warc.gz");
    String page =
        "<html><body><nav>home | about | contact</nav><article><p>"
            + TEXT
            + "</p><p>"
            + TEXT.replace("roads", "bridges")
            + "</p></article></body></html>";
    Files.write(
        warc,
        warcOf(
            org.netpreserve.jwarc.WarcCompression.GZIP,
            page,
            "https://a.example/1",
            "https://b.example/1"));
    Path pairs = tmp.resolve("p.tsv");
    DedupJob.run(
        spark,
        DedupJob.parse(
            new String[] {
              "--input", warc.toString(), "--format", "warc", "--pairs", pairs.toString()
            }));
    assertEquals(
        "id_a\tid_b\tsimilarity\nhttps://a.example/1\thttps://b.example/1\t1.000000\n",
        Files.readString(pairs, StandardCharsets.UTF_8));
  }

  @Test
  void aCorruptWarcRecordFailsNamingItOrIsSkippedAndCounted(@TempDir Path tmp) throws Exception {
    Path warc = tmp.resolve("crawl.warc");
    byte[] records =
        warcOf(
            org.netpreserve.jwarc.WarcCompression.NONE,
            "<p>" + TEXT + "</p>",
            "https://a.example/1",
            "https://b.example/1");
    java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
    file.write(records);
    file.write("WARC/1.1\r\nnot a header line\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    Files.write(warc, file.toByteArray());
    Path pairs = tmp.resolve("p.tsv");
    String[] fail = {"--input", warc.toString(), "--format", "warc", "--pairs", pairs.toString()};
    DedupJob.InputException e =
        assertThrows(
            DedupJob.InputException.class, () -> DedupJob.run(spark, DedupJob.parse(fail)));
    assertTrue(
        e.getMessage().startsWith("input [" + warc + "]: corrupt WARC record at byte offset "),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("(--on-error skip skips such records)"), e.getMessage());
    String[] skip = {
      "--input",
      warc.toString(),
      "--format",
      "warc",
      "--pairs",
      pairs.toString(),
      "--on-error",
      "skip"
    };
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      DedupJob.run(spark, DedupJob.parse(skip));
    } finally {
      System.setErr(err);
    }
    assertTrue(
        captured.toString(StandardCharsets.UTF_8).contains("; 1 bad records skipped;"),
        captured.toString(StandardCharsets.UTF_8));
    assertEquals(
        "id_a\tid_b\tsimilarity\nhttps://a.example/1\thttps://b.example/1\t1.000000\n",
        Files.readString(pairs, StandardCharsets.UTF_8));
  }

  @Test
  void badLinesFailNamingTheFileOrAreSkippedAndCounted(@TempDir Path tmp) throws Exception {
    Path a = tmp.resolve("a.jsonl");
    String first = line("1", TEXT);
    Files.writeString(
        a,
        first
            + "{not json\n"
            + "\n"
            + "{\"id\": 1.5, \"text\": \"a number is no id\"}\n"
            + line("2", TEXT));
    Path pairs = tmp.resolve("p.tsv");
    String[] args = {"--input", a.toString(), "--pairs", pairs.toString()};
    DedupJob.InputException e =
        assertThrows(
            DedupJob.InputException.class, () -> DedupJob.run(spark, DedupJob.parse(args)));
    assertEquals(
        "input ["
            + a
            + "]: a line is not a JSON object: {not json (--on-error skip skips such lines)",
        e.getMessage());
    // a policy that compares a field reads the lines with Spark's JSON source: the same message
    String[] byField = {
      "--input", a.toString(), "--pairs", pairs.toString(), "--canonical", "published:asc"
    };
    e =
        assertThrows(
            DedupJob.InputException.class, () -> DedupJob.run(spark, DedupJob.parse(byField)));
    assertTrue(
        e.getMessage().startsWith("input [" + a + "]: a line is not a JSON object: {not json"),
        e.getMessage());
    Path b = tmp.resolve("b.jsonl");
    Files.writeString(b, first + "{\"id\": 1.5, \"text\": \"a number is no id\"}\n");
    String[] wrongId = {"--input", b.toString(), "--pairs", pairs.toString()};
    e =
        assertThrows(
            DedupJob.InputException.class, () -> DedupJob.run(spark, DedupJob.parse(wrongId)));
    assertEquals(
        "input ["
            + b
            + "]: the line at byte offset "
            + first.getBytes(StandardCharsets.UTF_8).length
            + ": id field [id] must be a string or an integer, got a number"
            + " (--on-error skip skips such lines)",
        e.getMessage());
    String[] skip = {"--input", a.toString(), "--pairs", pairs.toString(), "--on-error", "skip"};
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      DedupJob.run(spark, DedupJob.parse(skip));
    } finally {
      System.setErr(err);
    }
    // the line that is not JSON and the one with a number for an id; the blank line is no record
    assertTrue(
        captured.toString(StandardCharsets.UTF_8).contains("(2 of 2 documents)")
            && captured.toString(StandardCharsets.UTF_8).contains("; 2 bad records skipped;"),
        captured.toString(StandardCharsets.UTF_8));
    assertEquals(
        "id_a\tid_b\tsimilarity\n1\t2\t1.000000\n",
        Files.readString(pairs, StandardCharsets.UTF_8));
  }

  @Test
  void missingFilesAndBadOptionsAreNamed(@TempDir Path tmp) {
    Path missing = tmp.resolve("missing.jsonl");
    DedupJob.InputException e =
        assertThrows(
            DedupJob.InputException.class,
            () ->
                DedupJob.run(
                    spark,
                    DedupJob.parse(
                        new String[] {"--input", missing.toString(), "--pairs", "p.tsv"})));
    assertEquals("cannot read input [" + missing + "]: no such file", e.getMessage());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DedupJob.parse(new String[] {"--input", "x", "--threshold", "2", "--pairs", "p"}));
    assertEquals("--threshold: threshold must be in (0, 1], got 2.0", bad.getMessage());
    bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> DedupJob.parse(new String[] {"--input", "x", "--format", "csv", "--pairs", "p"}));
    assertEquals("--format: must be jsonl, parquet or warc, got [csv]", bad.getMessage());
    bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> DedupJob.parse(new String[] {"--input", "x", "--shingles", "3", "--pairs", "p"}));
    assertTrue(
        bad.getMessage().startsWith("unknown option [shingles]; allowed:"), bad.getMessage());
    bad =
        assertThrows(
            IllegalArgumentException.class, () -> DedupJob.parse(new String[] {"--input", "x"}));
    assertEquals("nothing to write: give --output, --pairs or --clusters", bad.getMessage());
    bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DedupJob.parse(
                    new String[] {"--input", "x", "--partitions", "-1", "--pairs", "p"}));
    assertEquals("--partitions: partitions must be >= 0 (0: automatic), got -1", bad.getMessage());
    assertEquals(
        12,
        DedupJob.parse(new String[] {"--input", "x", "--partitions", "12", "--pairs", "p"})
            .options()
            .partitions());
  }

  /** A WARC file of HTML responses, one per URL, each with {@code page} as its payload. */
  private static byte[] warcOf(
      org.netpreserve.jwarc.WarcCompression compression, String page, String... urls)
      throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (org.netpreserve.jwarc.WarcWriter w =
        new org.netpreserve.jwarc.WarcWriter(
            java.nio.channels.Channels.newChannel(out), compression)) {
      for (String url : urls) {
        w.write(
            new org.netpreserve.jwarc.WarcResponse.Builder(url)
                .body(
                    new org.netpreserve.jwarc.HttpResponse.Builder(200, "OK")
                        .body(
                            org.netpreserve.jwarc.MediaType.parse("text/html; charset=utf-8"),
                            page.getBytes(StandardCharsets.UTF_8))
                        .build())
                .build());
      }
    }
    return out.toByteArray();
  }
}
