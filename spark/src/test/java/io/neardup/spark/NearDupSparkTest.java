package io.neardup.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scala.Tuple2;

/**
 * Spark in local mode gives the CLI's answer: the pairs and clusters files equal, byte for byte,
 * what {@code neardup dedup} wrote for the same input and options (committed under {@code
 * samples/cli} for the sample corpus and {@code src/test/resources/cli} for the generated one, with
 * the commands that made them in their READMEs), whatever the number of partitions.
 */
class NearDupSparkTest {
  static final Path SAMPLES =
      Path.of(System.getProperty("basedir", "."))
          .toAbsolutePath()
          .resolve("../samples")
          .normalize();
  static final Path EXPECTED =
      Path.of(System.getProperty("basedir", "."))
          .toAbsolutePath()
          .resolve("src/test/resources/cli")
          .normalize();

  static SparkSession spark;
  static List<Row> corpus;
  static StructType corpusSchema;

  @BeforeAll
  static void start() {
    // Kryo with the job's records registered, as DedupJob runs (DedupJobTest: Java serialization)
    start(LocalSpark.kryoSession("local[2]", 4, true));
  }

  static void start(SparkSession session) {
    spark = session;
    Dataset<Row> read = spark.read().json(SAMPLES.resolve("corpus.jsonl").toString());
    corpusSchema = read.schema();
    corpus = read.collectAsList(); // one small file: one partition, in file order
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Dataset<Row> corpus(int partitions) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(jsc.parallelize(corpus, partitions), corpusSchema);
  }

  static void assertSameAsCli(NearDupSpark.Result r, String name, Path tmp) throws Exception {
    Path pairs = tmp.resolve(name + ".pairs.tsv");
    Path clusters = tmp.resolve(name + ".clusters.jsonl");
    CliFiles.writePairs(r.pairs(), pairs);
    CliFiles.writeClusters(r, clusters);
    Path expected = name.startsWith("sample") ? SAMPLES.resolve("cli") : EXPECTED;
    assertEquals(
        Files.readString(expected.resolve(name + ".pairs.tsv"), StandardCharsets.UTF_8),
        Files.readString(pairs, StandardCharsets.UTF_8),
        name + " pairs");
    assertEquals(
        Files.readString(expected.resolve(name + ".clusters.jsonl"), StandardCharsets.UTF_8),
        Files.readString(clusters, StandardCharsets.UTF_8),
        name + " clusters");
  }

  /**
   * On each partitioning, the components in one task and (rounds) by the distributed rounds; the
   * phases after the analysis on as many partitions ({@code after}), on consecutive ones grouped
   * (fewer) or on as many as the defaults choose (0).
   */
  @ParameterizedTest
  @CsvSource({
    "1, false, 1",
    "2, false, 2",
    "2, true, 2",
    "8, false, 8",
    "8, true, 8",
    "8, true, 3",
    "8, false, 0"
  })
  void sampleCorpusGivesTheCliAnswer(int partitions, boolean rounds, int after, @TempDir Path tmp)
      throws Exception {
    DedupOptions options = new DedupOptions().threshold(0.8).partitions(after);
    if (rounds) {
      options.componentsInOneTask(0);
    }
    NearDupSpark.Result r = NearDupSpark.dedup(corpus(partitions), options);
    assertEquals(corpus.size(), r.documents());
    assertEquals(0, r.oversizedBuckets());
    assertSameAsCli(r, "sample-0.8", tmp);
    // the assignment: one canonical per cluster, at similarity 1 to itself
    Dataset<Row> c = r.clusters();
    long clusters = c.select("cluster").distinct().count();
    assertTrue(clusters > 50, clusters + " clusters");
    assertEquals(clusters, c.filter("canonical").count());
    assertEquals(0, c.filter("canonical and similarity != 1.0").count());
    // single linkage: a member may reach its canonical only through others, so below 0.8
    assertEquals(0, c.filter("similarity <= 0 or similarity > 1").count());
    assertEquals(195, c.count());
  }

  @Test
  void sketchVerificationAndAFieldPolicyGiveTheCliAnswer(@TempDir Path tmp) throws Exception {
    NearDupSpark.Result r =
        NearDupSpark.dedup(
            corpus(3),
            new DedupOptions()
                .threshold(0.7)
                .verification("sketch")
                .canonical("published:asc")
                .option("shingle-size", "4"));
    assertSameAsCli(r, "sample-0.7-sketch-published", tmp);
  }

  /**
   * A generated corpus as a Dataset of {@code partitions} partitions; copied to the path the system
   * property {@code writeProperty} names, when set, to make the CLI's expected files from.
   */
  private static Dataset<Row> partitioned(Path file, int partitions, String writeProperty)
      throws IOException {
    String write = System.getProperty(writeProperty);
    if (write != null) {
      Files.copy(file, Path.of(write), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    Dataset<Row> read = spark.read().json(file.toString());
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(jsc.parallelize(read.collectAsList(), partitions), read.schema());
  }

  /**
   * Oversized buckets, and the buckets within the size limit compared as candidate pairs or in
   * tiles (by default from 16 documents; here also every bucket in tiles of 16, and none).
   */
  @ParameterizedTest
  @CsvSource({
    "1, 16, 512, false, 1",
    "2, 1, 16, true, 2",
    "8, 1000, 512, false, 8",
    "8, 16, 512, true, 8",
    "8, 1, 16, true, 3"
  })
  void oversizedBucketsGiveTheCliAnswer(
      int partitions, int from, int tile, boolean rounds, int after, @TempDir Path tmp)
      throws Exception {
    Path file = tmp.resolve("oversized.jsonl");
    OversizedCorpus.write(file);
    Dataset<Row> docs = partitioned(file, partitions, "neardup.spark.oversized.write");
    DedupOptions options = new DedupOptions().threshold(0.8).tiles(from, tile).partitions(after);
    if (rounds) {
      options.componentsInOneTask(
          0); // the distributed rounds, before and after the oversized phase
    }
    NearDupSpark.Result r = NearDupSpark.dedup(docs, options);
    assertTrue(r.oversizedBuckets() > 0, "no oversized bucket");
    assertSameAsCli(r, "oversized-0.8", tmp);
  }

  /**
   * {@code --all-pairs}: every pair of the oversized buckets and of a group of more than 128
   * identical texts, as the CLI lists them (its files are large, so they are committed
   * gzip-compressed), on each partitioning, with the default tiles (a bucket or group in one tile)
   * and with small ones, so that buckets and groups are cut into many tiles whose pairs must each
   * be found once.
   */
  @ParameterizedTest
  @CsvSource({"1, 16, 512, 1", "2, 1, 16, 2", "8, 1000, 40, 8", "8, 1, 16, 3"})
  void allPairsGivesTheCliAnswer(int partitions, int from, int tile, int after, @TempDir Path tmp)
      throws Exception {
    Path file = tmp.resolve("all-pairs.jsonl");
    AllPairsCorpus.write(file);
    Dataset<Row> docs = partitioned(file, partitions, "neardup.spark.allpairs.write");
    NearDupSpark.Result r =
        NearDupSpark.dedup(
            docs,
            new DedupOptions().threshold(0.8).allPairs(true).tiles(from, tile).partitions(after));
    assertTrue(r.oversizedBuckets() > 0, "no oversized bucket");
    Path pairs = tmp.resolve("all.pairs.tsv");
    Path clusters = tmp.resolve("all.clusters.jsonl");
    CliFiles.writePairs(r.pairs(), pairs);
    CliFiles.writeClusters(r, clusters);
    assertEquals(
        gunzip(EXPECTED.resolve("all-pairs-0.8.pairs.tsv.gz")),
        Files.readString(pairs, StandardCharsets.UTF_8),
        "pairs");
    assertEquals(
        gunzip(EXPECTED.resolve("all-pairs-0.8.clusters.jsonl.gz")),
        Files.readString(clusters, StandardCharsets.UTF_8),
        "clusters");
  }

  static String gunzip(Path file) throws java.io.IOException {
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static final StructType SIMPLE =
      new StructType().add("id", DataTypes.StringType).add("text", DataTypes.StringType);

  static Dataset<Row> simple(Object[]... rows) {
    List<Row> list = new ArrayList<>();
    for (Object[] r : rows) {
      list.add(RowFactory.create(r));
    }
    return spark.createDataFrame(list, SIMPLE);
  }

  @Test
  void badInputIsNamed() {
    Dataset<Row> ok = simple(new Object[] {"a", "one two three four five six"});
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NearDupSpark.dedup(ok, new DedupOptions().textColumn("body")));
    assertEquals("no text column [body]; columns: id, text", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NearDupSpark.dedup(ok, new DedupOptions().idColumn("url")));
    assertEquals("no id column [url]; columns: id, text", e.getMessage());
    Dataset<Row> numbers = spark.sql("select 'a' as id, 42 as text");
    e =
        assertThrows(
            IllegalArgumentException.class, () -> NearDupSpark.dedup(numbers, new DedupOptions()));
    assertEquals("text column [text] is of type int; it must be a string", e.getMessage());
    Dataset<Row> nulls = simple(new Object[] {"a", "one two three"}, new Object[] {"b", null});
    e =
        assertThrows(
            IllegalArgumentException.class, () -> NearDupSpark.dedup(nulls, new DedupOptions()));
    assertTrue(e.getMessage().startsWith("record [b]: column [text] is null"), e.getMessage());
    Dataset<Row> repeated =
        simple(new Object[] {"a", "one two three"}, new Object[] {"a", "four five six"});
    e =
        assertThrows(
            IllegalArgumentException.class, () -> NearDupSpark.dedup(repeated, new DedupOptions()));
    assertEquals(
        "id [a] is repeated (2 records) in column [id]; ids must be unique", e.getMessage());
    Dataset<Row> tabbed =
        simple(new Object[] {"a\tb", "one two three"}, new Object[] {"c", "four five six"});
    e =
        assertThrows(
            IllegalArgumentException.class, () -> NearDupSpark.dedup(tabbed, new DedupOptions()));
    assertEquals(
        "column [id]: an id must not be blank or hold a tab, line break or other control character,"
            + " got [a\\u0009b] (or skip such records: skipBadRecords)",
        e.getMessage());
    assertEquals(
        1,
        NearDupSpark.dedup(tabbed, new DedupOptions().skipBadRecords(true)).skipped(),
        "skipped and counted when asked");
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new DedupOptions().option("shingle-size", "zero"));
    assertTrue(e.getMessage().contains("shingle-size"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new DedupOptions().verification("fast"));
    assertEquals("verification must be exact or sketch, got [fast]", e.getMessage());
  }

  @Test
  void nullTextsAreSkippedAndCountedWhenAsked() {
    String text = "the quick brown fox jumps over the lazy dog again and again today";
    Dataset<Row> docs =
        simple(
            new Object[] {"a", text},
            new Object[] {"b", null},
            new Object[] {"c", text},
            new Object[] {"d", ""});
    NearDupSpark.Result r = NearDupSpark.dedup(docs, new DedupOptions().skipBadRecords(true));
    assertEquals(1, r.skipped());
    assertEquals(3, r.documents());
    List<Row> pairs = r.pairs().collectAsList();
    assertEquals(1, pairs.size());
    assertEquals(RowFactory.create("a", "c", 1.0), pairs.get(0));
  }

  /**
   * Components of a path (the worst diameter), a cycle, a star around a large node, two stars
   * joined by their leaves and a lone pair: every node's label is its component's smallest node, as
   * a union-find over the same edges gives, on three partitions.
   */
  @Test
  void connectedComponentsLabelEveryNodeWithItsComponentsSmallestNode() {
    List<Tuple2<Long, Long>> edges = new ArrayList<>();
    for (long i = 0; i < 40; i++) {
      edges.add(new Tuple2<>(i + 1, i)); // path 0..40
    }
    for (long i = 100; i < 110; i++) {
      edges.add(new Tuple2<>(i, i == 109 ? 100 : i + 1)); // cycle 100..109
    }
    for (long i = 200; i < 220; i++) {
      edges.add(new Tuple2<>(500L, i)); // star around 500, its leaves smaller
    }
    edges.add(new Tuple2<>(301L, 300L)); // stars around 300 and 310 joined by 305-315
    edges.add(new Tuple2<>(305L, 300L));
    edges.add(new Tuple2<>(311L, 310L));
    edges.add(new Tuple2<>(315L, 310L));
    edges.add(new Tuple2<>(315L, 305L));
    edges.add(new Tuple2<>(401L, 400L)); // a pair, repeated and reversed, and a self-loop
    edges.add(new Tuple2<>(400L, 401L));
    edges.add(new Tuple2<>(401L, 401L));
    Map<Long, Long> parent = new HashMap<>();
    for (Tuple2<Long, Long> e : edges) {
      long a = root(parent, e._1());
      long b = root(parent, e._2());
      parent.put(Math.max(a, b), Math.min(a, b));
      parent.putIfAbsent(Math.min(a, b), Math.min(a, b));
    }
    Map<Long, Long> expected = new TreeMap<>();
    for (Long node : parent.keySet()) {
      expected.put(node, root(parent, node));
    }
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    HashPartitioner partitioner = new HashPartitioner(3);
    // in one task (a union-find) and by the rounds of the distributed algorithm
    for (long oneTaskEdges : new long[] {ConnectedComponents.ONE_TASK_EDGES, 0}) {
      Map<Long, Long> labels =
          new TreeMap<>(
              ConnectedComponents.labels(jsc.parallelizePairs(edges, 3), partitioner, oneTaskEdges)
                  .collectAsMap());
      assertEquals(expected, labels, "at most " + oneTaskEdges + " edges in one task");
    }
    assertTrue(
        ConnectedComponents.isStarForest(
            jsc.parallelizePairs(List.of(new Tuple2<>(5L, 1L), new Tuple2<>(7L, 1L))),
            partitioner));
    assertTrue(
        !ConnectedComponents.isStarForest(
            jsc.parallelizePairs(List.of(new Tuple2<>(5L, 1L), new Tuple2<>(7L, 5L))), partitioner),
        "a path of three nodes is no star");
  }

  private static long root(Map<Long, Long> parent, long x) {
    parent.putIfAbsent(x, x);
    while (parent.get(x) != x) {
      x = parent.get(x);
    }
    return x;
  }
}
