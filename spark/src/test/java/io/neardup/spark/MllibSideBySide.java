package io.neardup.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;

import io.neardup.analysis.NormalizedTextAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.spark.ml.feature.HashingTF;
import org.apache.spark.ml.feature.MinHashLSH;
import org.apache.spark.ml.feature.MinHashLSHModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The side-by-side run of benchmarks/spark-bench.sh: on one local Spark session, {@link
 * NearDupSpark#dedup} and what Spark users have, MLlib's {@link MinHashLSH} with {@code
 * approxSimilarityJoin}, over the same word shingles (the library's tokens, joined in shingles of
 * {@code shingle-size} words, a text shorter than one shingle taken whole as the library takes it),
 * each writing the CLI's pairs TSV for {@code neardup evaluate}. Both start from the same JSONL
 * file and end with the pairs file written (and neardup's clusters file). A first run of each, not
 * counted, warms the JVM and the session for it (neardup's code paths, then MLlib's and Spark SQL's
 * generated code: neither side pays its first run's compilation in a counted round) on a sample of
 * the corpus (every k-th line, at most {@link #WARM_UP_TEXTS}), since on a large corpus MLlib's
 * first run may take as long as its counted one; then MLlib, neardup with {@code allPairs} (every
 * pair listed, as MLlib lists them) and neardup at its defaults alternate for the given number of
 * rounds. MLlib's runs may be given a time limit: a run past it is cancelled (its Spark jobs) and
 * reported as not finished, and the rounds after it skip MLlib. Each run also reports the most heap
 * its JVM held after a collection while it ran (the live data, not the garbage).
 *
 * <p>Arguments: {@code CORPUS OUTDIR THRESHOLD HASH_TABLES NUM_FEATURES ROUNDS
 * [--mllib-limit=SECONDS] [NAME=VALUE...]} (neardup's options, as {@code DedupJob} takes them
 * without the dashes, e.g. {@code bands=21 rows=6}); the master, memory and serializer come from
 * the JVM's {@code spark.*} system properties.
 */
public final class MllibSideBySide {
  private static final int SHINGLE_SIZE = 5;
  static final int WARM_UP_TEXTS = 3000;

  private MllibSideBySide() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 6) {
      System.err.println(
          "usage: MllibSideBySide CORPUS OUTDIR THRESHOLD HASH_TABLES NUM_FEATURES ROUNDS"
              + " [--mllib-limit=SECONDS] [NAME=VALUE...]");
      System.exit(2);
    }
    String corpus = args[0];
    Path out = Path.of(args[1]);
    double threshold = Double.parseDouble(args[2]);
    int tables = Integer.parseInt(args[3]);
    int features = Integer.parseInt(args[4]);
    int rounds = Integer.parseInt(args[5]);
    long limit = 0;
    // neardup's analysis options, as DedupJob takes them (e.g. bands=21 rows=6)
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 6; i < args.length; i++) {
      if (args[i].startsWith("--mllib-limit=")) {
        limit = Long.parseLong(args[i].substring("--mllib-limit=".length()));
        continue;
      }
      int eq = args[i].indexOf('=');
      options.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    SparkSession spark = SparkSession.builder().appName("neardup-spark-bench").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Files.createDirectories(out);
    StructType schema =
        new StructType().add("id", DataTypes.StringType).add("text", DataTypes.StringType);
    String sample = warmUpSample(corpus, out.resolve("warm-up.jsonl"));
    HeapWatch heap = new HeapWatch();

    // a first run of each warms the JVM and the session for it; then they alternate, round after
    // round
    heap.reset();
    double warmUp =
        neardup(spark, sample, schema, threshold, options, out, "neardup-warm-up", false);
    System.out.printf(Locale.ROOT, "warm-up neardup %.1f%n", warmUp);
    double mllibWarmUp =
        within(
            spark,
            out,
            "mllib-warm-up",
            0,
            () -> mllib(spark, sample, schema, threshold, tables, features, out, "mllib-warm-up"));
    System.out.printf(Locale.ROOT, "warm-up mllib %.1f%n", mllibWarmUp);
    boolean mllibFinished = true;
    for (int round = 1; round <= rounds; round++) {
      String mllib = "skipped";
      String mllibHeap = "-";
      if (mllibFinished) {
        heap.reset();
        double seconds =
            within(
                spark,
                out,
                "mllib",
                limit,
                () -> mllib(spark, corpus, schema, threshold, tables, features, out, "mllib"));
        mllibHeap = heap.peakMb();
        mllibFinished = seconds >= 0;
        mllib = mllibFinished ? String.format(Locale.ROOT, "%.1f", seconds) : "dnf-" + limit;
      }
      heap.reset();
      double all =
          neardup(spark, corpus, schema, threshold, options, out, "neardup-all-pairs", true);
      String allHeap = heap.peakMb();
      heap.reset();
      double neardup = neardup(spark, corpus, schema, threshold, options, out, "neardup", false);
      String neardupHeap = heap.peakMb();
      System.out.printf(
          Locale.ROOT,
          "round %d mllib %s all-pairs %.1f neardup %.1f%n",
          round,
          mllib,
          all,
          neardup);
      System.out.printf(
          Locale.ROOT,
          "heap %d mllib %s all-pairs %s neardup %s%n",
          round,
          mllibHeap,
          allHeap,
          neardupHeap);
    }
    heap.close();
    spark.stop();
  }

  /**
   * Every k-th line of the corpus, at most {@link #WARM_UP_TEXTS} lines, written to {@code file}:
   * the same kind of text as the corpus, for the warm-up runs.
   */
  private static String warmUpSample(String corpus, Path file) throws IOException {
    List<String> lines = Files.readAllLines(Path.of(corpus));
    int step = Math.max(1, (lines.size() + WARM_UP_TEXTS - 1) / WARM_UP_TEXTS);
    List<String> sample = new ArrayList<>();
    for (int i = 0; i < lines.size(); i += step) {
      sample.add(lines.get(i));
    }
    Files.write(file, sample);
    return file.toString();
  }

  /**
   * An MLlib run, cancelled (its Spark jobs) when it takes more than {@code limit} seconds (0: no
   * limit); its time, or -1 when it was cancelled.
   */
  private static double within(
      SparkSession spark, Path out, String name, long limit, Callable<Double> mllib)
      throws InterruptedException {
    String group = "bench-" + name;
    ExecutorService runner = Executors.newSingleThreadExecutor();
    Future<Double> run =
        runner.submit(() -> {
          spark.sparkContext().setJobGroup(group, name, true);
          try {
            return mllib.call();
          } finally {
            spark.sparkContext().clearJobGroup();
          }
        });
    runner.shutdown();
    try {
      return limit > 0 ? run.get(limit, TimeUnit.SECONDS) : run.get();
    } catch (TimeoutException timedOut) {
      spark.sparkContext().cancelJobGroup(group);
      try {
        run.get();
      } catch (ExecutionException expected) {
        // the cancelled jobs end the run with an error
      }
      try {
        Files.deleteIfExists(out.resolve(name + ".pairs.tsv"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      release(spark);
      System.err.printf(Locale.ROOT, "%s: cancelled after %d s%n", name, limit);
      return -1;
    } catch (ExecutionException e) {
      throw new IllegalStateException(name + " failed", e.getCause());
    }
  }

  private static Dataset<Row> read(SparkSession spark, String corpus, StructType schema) {
    return spark.read().schema(schema).json(corpus).select("id", "text");
  }

  private static double neardup(
      SparkSession spark,
      String corpus,
      StructType schema,
      double threshold,
      Map<String, String> options,
      Path out,
      String name,
      boolean allPairs) {
    long start = System.nanoTime();
    DedupOptions o = new DedupOptions().threshold(threshold).allPairs(allPairs);
    options.forEach(o::option);
    NearDupSpark.Result r = NearDupSpark.dedup(read(spark, corpus, schema), o);
    CliFiles.writePairs(r.pairs(), out.resolve(name + ".pairs.tsv"));
    CliFiles.writeClusters(r, out.resolve(name + ".clusters.jsonl"));
    double seconds = (System.nanoTime() - start) / 1e9;
    release(spark);
    System.err.printf(Locale.ROOT, "%s: %.1f s%n", name, seconds);
    return seconds;
  }

  private static double mllib(
      SparkSession spark,
      String corpus,
      StructType schema,
      double threshold,
      int tables,
      int features,
      Path out,
      String name) {
    long start = System.nanoTime();
    StructType shingled =
        new StructType()
            .add("id", DataTypes.StringType)
            .add("shingles", DataTypes.createArrayType(DataTypes.StringType));
    Dataset<Row> shingles =
        read(spark, corpus, schema)
            .mapPartitions(MllibSideBySide::shingle, Encoders.row(shingled))
            .filter(size(col("shingles")).gt(0));
    Dataset<Row> vectors =
        new HashingTF()
            .setInputCol("shingles")
            .setOutputCol("features")
            .setNumFeatures(features)
            .setBinary(true)
            .transform(shingles)
            .select("id", "features")
            .cache();
    MinHashLSHModel model =
        new MinHashLSH()
            .setNumHashTables(tables)
            .setSeed(42)
            .setInputCol("features")
            .setOutputCol("hashes")
            .fit(vectors);
    Dataset<Row> pairs =
        model
            .approxSimilarityJoin(vectors, vectors, 1 - threshold, "distance")
            .filter(col("datasetA.id").lt(col("datasetB.id")))
            .select(
                col("datasetA.id").as("id_a"),
                col("datasetB.id").as("id_b"),
                lit(1.0).minus(col("distance")).as("similarity"));
    CliFiles.writePairs(pairs, out.resolve(name + ".pairs.tsv"));
    double seconds = (System.nanoTime() - start) / 1e9;
    vectors.unpersist();
    release(spark);
    System.err.printf(Locale.ROOT, "%s: %.1f s%n", name, seconds);
    return seconds;
  }

  /** The library's normalised word tokens in shingles of {@link #SHINGLE_SIZE}, distinct or not. */
  private static Iterator<Row> shingle(Iterator<Row> rows) {
    NormalizedTextAnalyzer analyzer = new NormalizedTextAnalyzer();
    List<String> tokens = new ArrayList<>();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Row next() {
        Row row = rows.next();
        tokens.clear();
        String text = row.getString(1);
        if (text != null) {
          try (TokenStream ts = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
              tokens.add(term.toString());
            }
            ts.end();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        List<String> shingles = new ArrayList<>();
        if (!tokens.isEmpty() && tokens.size() < SHINGLE_SIZE) {
          shingles.add(String.join(" ", tokens));
        }
        for (int i = 0; i + SHINGLE_SIZE <= tokens.size(); i++) {
          shingles.add(String.join(" ", tokens.subList(i, i + SHINGLE_SIZE)));
        }
        return RowFactory.create(row.getString(0), shingles.toArray(new String[0]));
      }
    };
  }

  /** Drops what a run persisted, so the next one starts from the same state. */
  private static void release(SparkSession spark) {
    spark.catalog().clearCache();
    for (var rdd :
        scala.jdk.javaapi.CollectionConverters.asJava(spark.sparkContext().getPersistentRDDs())
            .values()) {
      rdd.unpersist(true);
    }
  }

  /**
   * The most heap held after a garbage collection while a run goes on: the live data, sampled from
   * the memory pools' usage after their last collection every 100 ms.
   */
  private static final class HeapWatch implements AutoCloseable {
    private final AtomicLong peak = new AtomicLong();
    private final Thread sampler;
    private volatile boolean stopped;

    HeapWatch() {
      sampler =
          new Thread(
              () -> {
                while (!stopped) {
                  long used = 0;
                  for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                    MemoryUsage after = pool.getCollectionUsage();
                    if (pool.getType() == MemoryType.HEAP && after != null) {
                      used += after.getUsed();
                    }
                  }
                  peak.accumulateAndGet(used, Math::max);
                  try {
                    Thread.sleep(100);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "heap-watch");
      sampler.setDaemon(true);
      sampler.start();
    }

    void reset() {
      System.gc();
      peak.set(0);
    }

    String peakMb() {
      return Long.toString(peak.get() >> 20);
    }

    @Override
    public void close() {
      stopped = true;
      sampler.interrupt();
    }
  }
}
