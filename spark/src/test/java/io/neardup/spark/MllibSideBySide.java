package io.neardup.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;

import io.neardup.analysis.NormalizedTextAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * generated code: neither side pays its first run's compilation in a counted round); then MLlib,
 * neardup with {@code allPairs} (every pair listed, as MLlib lists them) and neardup at its
 * defaults alternate for the given number of rounds.
 *
 * <p>Arguments: {@code CORPUS OUTDIR THRESHOLD HASH_TABLES NUM_FEATURES ROUNDS [NAME=VALUE...]}
 * (neardup's options, as {@code DedupJob} takes them without the dashes, e.g. {@code bands=21
 * rows=6}); the master, memory and serializer come from the JVM's {@code spark.*} system
 * properties.
 */
public final class MllibSideBySide {
  private static final int SHINGLE_SIZE = 5;

  private MllibSideBySide() {}

  public static void main(String[] args) {
    if (args.length < 6) {
      System.err.println(
          "usage: MllibSideBySide CORPUS OUTDIR THRESHOLD HASH_TABLES NUM_FEATURES ROUNDS"
              + " [NAME=VALUE...]");
      System.exit(2);
    }
    String corpus = args[0];
    Path out = Path.of(args[1]);
    double threshold = Double.parseDouble(args[2]);
    int tables = Integer.parseInt(args[3]);
    int features = Integer.parseInt(args[4]);
    int rounds = Integer.parseInt(args[5]);
    // neardup's analysis options, as DedupJob takes them (e.g. bands=21 rows=6)
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 6; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      options.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    SparkSession spark = SparkSession.builder().appName("neardup-spark-bench").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StructType schema =
        new StructType().add("id", DataTypes.StringType).add("text", DataTypes.StringType);

    // a first run of each warms the JVM and the session for it; then they alternate, round after
    // round
    double warmUp =
        neardup(spark, corpus, schema, threshold, options, out, "neardup-warm-up", false);
    System.out.printf(Locale.ROOT, "warm-up neardup %.1f%n", warmUp);
    double mllibWarmUp =
        mllib(spark, corpus, schema, threshold, tables, features, out, "mllib-warm-up");
    System.out.printf(Locale.ROOT, "warm-up mllib %.1f%n", mllibWarmUp);
    for (int round = 1; round <= rounds; round++) {
      double mllib = mllib(spark, corpus, schema, threshold, tables, features, out, "mllib");
      double all =
          neardup(spark, corpus, schema, threshold, options, out, "neardup-all-pairs", true);
      double neardup = neardup(spark, corpus, schema, threshold, options, out, "neardup", false);
      System.out.printf(
          Locale.ROOT,
          "round %d mllib %.1f all-pairs %.1f neardup %.1f%n",
          round,
          mllib,
          all,
          neardup);
    }
    spark.stop();
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
}
