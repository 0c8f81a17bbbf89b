package io.neardup.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The {@code spark-submit} entry point: reads documents (JSONL, Parquet or WARC), runs {@link
 * NearDupSpark#dedup} and writes the Parquet datasets {@code DIR/pairs} and {@code DIR/clusters},
 * and, when asked, the CLI's pairs TSV and clusters JSONL as single local files.
 *
 * <pre>
 * spark-submit --class io.neardup.spark.DedupJob neardup-spark.jar \
 *   --input hdfs:///crawl/part-*.jsonl --threshold 0.8 --output hdfs:///dedup/run1
 * </pre>
 *
 * A usage error prints what is wrong and the usage on standard error and exits with status 2.
 */
public final class DedupJob {
  static final String USAGE =
      """
      Usage: DedupJob --input PATH... [--format jsonl|parquet|warc] [--id-col COL] [--text-col COL]
                      [--threshold T] [--output DIR] [--pairs FILE] [--clusters FILE]
                      [--verify exact|sketch] [--canonical POLICY] [--html] [--all-pairs]
                      [--on-error fail|skip] [--partitions N]
                      [--shingle-unit word|char] [--shingle-size N] [--hashes K] [--bits BITS]
                      [--scheme SCHEME] [--seed SEED] [--bands B] [--rows R] [--lowercase BOOL]
                      [--unicode NORM] [--punctuation WHAT] [--digits WHAT]
        --input PATH...   files or directories (local, hdfs://, s3a://, ...), read in the order given
        --format          jsonl (default; one JSON object per line), parquet, or warc (HTML responses,
                          the URL as id, main text with boilerplate local)
        --id-col, --text-col   the id and text columns or fields (default: id, text)
        --output DIR      writes Parquet datasets DIR/pairs and DIR/clusters
        --pairs FILE      also writes the pairs as neardup dedup does (TSV, sorted by id), one local file
        --clusters FILE   also writes the clusters as neardup dedup does (JSONL), one local file
        --all-pairs       list every pair, also inside groups of more than 128 identical texts and in
                          oversized buckets (by default only the pairs that join them); the cost then
                          grows with the number of pairs
        --on-error        fail (default) at the first record without a text or line that is not JSON,
                          naming it; skip counts and skips such records
        --partitions N    partitions of the phases after the analysis (at most the input's); default
                          spark.default.parallelism, more past 250,000 documents a partition
      At least one of --output, --pairs, --clusters.\
      """;

  private DedupJob() {}

  /** The parsed command line. */
  record Args(
      List<String> inputs,
      String format,
      String output,
      Path pairs,
      Path clusters,
      boolean skip,
      DedupOptions options) {}

  public static void main(String[] argv) {
    if (argv.length == 0 || List.of(argv).contains("--help") || List.of(argv).contains("-h")) {
      System.out.println(USAGE);
      System.exit(argv.length == 0 ? 2 : 0);
      return;
    }
    Args args;
    try {
      args = parse(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("neardup-spark: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    SparkSession.Builder builder = SparkSession.builder().appName("neardup dedup");
    if (System.getProperty("spark.master") == null) {
      builder.master("local[*]"); // run as a plain Java program: an embedded local Spark
    }
    serializer(builder);
    SparkSession spark = builder.getOrCreate();
    int status = 0;
    try {
      run(spark, args);
    } catch (IllegalArgumentException | InputException e) {
      System.err.println("neardup-spark: " + e.getMessage());
      status = 1;
    } finally {
      spark.stop();
    }
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Kryo for the shuffles, with the job's records registered ({@link NearDupKryo}): unless the
   * configuration (spark-submit's {@code --conf}, {@code spark-defaults.conf}) names a serializer;
   * the job's registrator is added to any the configuration names. The job's records hold no object
   * twice and no cycle, so Kryo then tracks no references (unless the configuration says): its
   * table of the objects written is cleared after every record, at a cost that grows with the
   * largest record written so far.
   */
  static void serializer(SparkSession.Builder builder) {
    if (System.getProperty("spark.serializer") == null) {
      builder.config("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
      if (System.getProperty("spark.kryo.referenceTracking") == null) {
        builder.config("spark.kryo.referenceTracking", "false");
      }
    }
    String ours = NearDupKryo.class.getName();
    String registrators = System.getProperty("spark.kryo.registrator", "").strip();
    if (!List.of(registrators.split("\\s*,\\s*")).contains(ours)) {
      builder.config(
          "spark.kryo.registrator", registrators.isEmpty() ? ours : registrators + "," + ours);
    }
  }

  /** Runs the job on {@code spark}; prints a summary on standard error. */
  static void run(SparkSession spark, Args args) {
    long start = System.nanoTime();
    long pairs;
    long clustered;
    long clusters;
    Inputs.Read read;
    NearDupSpark.Result r;
    try (Phases phases = new Phases(JavaSparkContext.fromSparkContext(spark.sparkContext()))) {
      phases.enter("read");
      read = Inputs.read(spark, args.inputs(), args.format(), args.options(), args.skip());
      try {
        r =
            read.docs() != null
                ? NearDupSpark.dedup(read.docs(), args.options())
                : NearDupSpark.dedupJsonLines(spark, read.jsonLines(), args.options());
      } catch (NearDupSpark.BadRecordException e) {
        throw new InputException(e.getMessage(), e);
      }
      phases.enter("write");
      // the Parquet pairs and the summary's count read the rows once computed; the pairs file
      // counts the lines it writes
      JavaRDD<Row> pairRows =
          args.output() != null
              ? r.pairRows().persist(StorageLevel.MEMORY_AND_DISK())
              : r.pairRows();
      if (args.output() != null) {
        r.pairs().write().mode(SaveMode.ErrorIfExists).parquet(args.output() + "/pairs");
        r.clusters().write().mode(SaveMode.ErrorIfExists).parquet(args.output() + "/clusters");
      }
      long written = args.pairs() != null ? CliFiles.writePairs(pairRows, args.pairs()) : -1;
      if (args.clusters() != null) {
        CliFiles.writeClusters(r, args.clusters());
      }
      phases.enter("summary");
      pairs = written >= 0 ? written : pairRows.count();
      pairRows.unpersist(false);
      // the cluster assignment is kept by the run: counted there, not through its rows' joins
      clustered = r.clustered();
      clusters = r.clusterCount();
    }
    System.err.printf(
        Locale.ROOT,
        "found %d near-duplicate pairs in %d clusters (%d of %d documents) at threshold %s,"
            + " verified by %s; %d bad records skipped; in %.1f s%n",
        pairs,
        clusters,
        clustered,
        r.documents(),
        args.options().threshold(),
        args.options().verification() == io.neardup.cluster.Verification.EXACT
            ? "exact Jaccard"
            : "sketch estimate",
        read.skipped() + r.skipped(),
        (System.nanoTime() - start) / 1e9);
    List<String> wrote = new ArrayList<>();
    if (args.output() != null) {
      wrote.add("Parquet to " + args.output() + "/pairs and " + args.output() + "/clusters");
    }
    if (args.pairs() != null) {
      wrote.add("pairs to " + args.pairs());
    }
    if (args.clusters() != null) {
      wrote.add("clusters to " + args.clusters());
    }
    System.err.println("wrote " + String.join(", ", wrote));
  }

  /**
   * Parses the command line; a bad one is an {@link IllegalArgumentException} naming the option.
   */
  static Args parse(String[] argv) {
    List<String> inputs = new ArrayList<>();
    String format = "jsonl";
    String output = null;
    Path pairs = null;
    Path clusters = null;
    boolean skip = false;
    DedupOptions options = new DedupOptions();
    for (int i = 0; i < argv.length; i++) {
      String a = argv[i];
      String name = a;
      String value = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        name = a.substring(0, eq);
        value = a.substring(eq + 1);
      }
      switch (name) {
        case "--html" -> {
          options.html(true);
          continue;
        }
        case "--all-pairs" -> {
          options.allPairs(true);
          continue;
        }
        case "--input" -> {
          if (value != null) {
            inputs.add(value);
          }
          while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
            inputs.add(argv[++i]);
          }
          if (inputs.isEmpty()) {
            throw new IllegalArgumentException("--input needs at least one path");
          }
          continue;
        }
        default -> {}
      }
      if (!name.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument [" + a + "]");
      }
      if (value == null) {
        if (i + 1 >= argv.length) {
          throw new IllegalArgumentException(name + " needs a value");
        }
        value = argv[++i];
      }
      try {
        switch (name) {
          case "--format" -> {
            format = value.toLowerCase(Locale.ROOT);
            if (!List.of("jsonl", "parquet", "warc").contains(format)) {
              throw new IllegalArgumentException(
                  "must be jsonl, parquet or warc, got [" + value + "]");
            }
          }
          case "--id-col" -> options.idColumn(value);
          case "--text-col" -> options.textColumn(value);
          case "--threshold" -> options.threshold(number(value));
          case "--output" -> output = value;
          case "--pairs" -> pairs = Path.of(value);
          case "--clusters" -> clusters = Path.of(value);
          case "--verify" -> options.verification(value);
          case "--canonical" -> options.canonical(value);
          case "--partitions" -> options.partitions(integer(value));
          case "--on-error" -> {
            if (!value.equals("fail") && !value.equals("skip")) {
              throw new IllegalArgumentException("must be fail or skip, got [" + value + "]");
            }
            skip = value.equals("skip");
            options.skipBadRecords(skip);
          }
          default -> options.option(name, value);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            e.getMessage().startsWith("unknown option")
                ? e.getMessage()
                : name + ": " + e.getMessage(),
            e);
      }
    }
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("--input is required");
    }
    if (output == null && pairs == null && clusters == null) {
      throw new IllegalArgumentException("nothing to write: give --output, --pairs or --clusters");
    }
    if (format.equals("warc")) {
      options.html(true);
      if (options.idColumn().equals("id")) {
        options.idColumn(Inputs.WARC_URL);
      }
      if (options.textColumn().equals("text")) {
        options.textColumn(Inputs.WARC_HTML);
      }
    }
    return new Args(inputs, format, output, pairs, clusters, skip, options);
  }

  private static int integer(String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("must be an integer, got [" + value + "]");
    }
  }

  private static double number(String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("must be a number, got [" + value + "]");
    }
  }

  /** An input that cannot be read, named. */
  static final class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The bytes of the files the paths name (a directory's files, not its subdirectories'). */
  static long bytes(SparkSession spark, List<String> paths) {
    long total = 0;
    for (String path : paths) {
      try {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
        org.apache.hadoop.fs.FileStatus[] found = fs.globStatus(p);
        for (org.apache.hadoop.fs.FileStatus f :
            found == null ? new org.apache.hadoop.fs.FileStatus[0] : found) {
          if (f.isDirectory()) {
            for (org.apache.hadoop.fs.FileStatus g : fs.listStatus(f.getPath())) {
              total += g.isFile() ? g.getLen() : 0;
            }
          } else {
            total += f.getLen();
          }
        }
      } catch (IOException e) {
        throw new InputException("cannot read input [" + path + "]: " + e.getMessage(), e);
      }
    }
    return total;
  }

  /** Whether a path exists, through its file system (local, HDFS, S3, ...). */
  static boolean exists(SparkSession spark, String path) {
    try {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
      org.apache.hadoop.fs.FileStatus[] found = fs.globStatus(p);
      return found != null && found.length > 0;
    } catch (IOException e) {
      throw new InputException("cannot read input [" + path + "]: " + e.getMessage(), e);
    }
  }
}
