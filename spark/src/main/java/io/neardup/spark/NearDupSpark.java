package io.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.PairMeasure;
import io.neardup.cluster.core.PairMeasures;
import io.neardup.settings.NearDupSettings;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Near-duplicate detection of a whole {@link Dataset} on Spark, with the same answer as {@code
 * neardup dedup} on the same input and options: the same pairs, clusters and canonicals. The
 * library's pipeline becomes a sequence of shuffles, memory bounded per task and nothing collected
 * on the driver:
 *
 * <ol>
 *   <li><b>analysis</b> on the executors with the library's chain ({@link Analysis}); the input
 *       ordinal is the dataset's order (partitions in order, rows in order), which decides
 *       canonical ties as the input order does in the CLI;
 *   <li><b>identical</b>: documents with equal sets are grouped by the set, represented by their
 *       first document;
 *   <li><b>buckets</b>: band entries of representatives partitioned by the upper 32 bits of the
 *       band hash; a bucket of up to {@code maxBucketSize} documents gives all its pairs as
 *       candidates, a larger one is deferred;
 *   <li><b>verify</b>: each distinct candidate is brought together with both sets by two joins and
 *       compared (exact Jaccard of compact shingle sets or the sketch estimate);
 *   <li><b>oversized</b>: each member of a deferred bucket is compared with up to {@code
 *       representatives} representatives unless already connected to them, as the core does: the
 *       components so far come from a first connected-components run, and the deferred buckets are
 *       read one after another in one task (sorted by bucket key, then ordinal), holding only the
 *       representatives' sets and one union-find entry per component they touch;
 *   <li><b>clusters</b>: connected components of the verified pairs ({@link ConnectedComponents},
 *       large-star/small-star), each with its canonical by the policy, ties to input order.
 * </ol>
 *
 * <p>With {@link DedupOptions#allPairs}, as {@code neardup dedup --all-pairs}, the oversized phase
 * gives way to comparing every pair of the oversized buckets, distributed tile by tile ({@link
 * Tiles}), and groups of identical texts are listed pair by pair whatever their size.
 *
 * <p>The oversized phase is the one sequential step, because which pairs the core compares there
 * depends on the joins before them; its task reads only the members of oversized buckets (rare in
 * real text: boilerplate and templates), a stream, not the data.
 */
public final class NearDupSpark {
  private NearDupSpark() {}

  /** The schema of the pairs: the lesser id first, as the CLI's pairs file. */
  public static final StructType PAIRS_SCHEMA =
      new StructType()
          .add("id_a", DataTypes.StringType, false)
          .add("id_b", DataTypes.StringType, false)
          .add("similarity", DataTypes.DoubleType, false);

  /**
   * The schema of the cluster assignment: each clustered document, its cluster (named by its first
   * member in input order), whether it is the canonical, and its similarity to the canonical.
   */
  public static final StructType CLUSTERS_SCHEMA =
      new StructType()
          .add("id", DataTypes.StringType, false)
          .add("cluster", DataTypes.StringType, false)
          .add("canonical", DataTypes.BooleanType, false)
          .add("similarity", DataTypes.DoubleType, false);

  /**
   * What a run found. The pairs and clusters are Datasets made when first asked for: a run whose
   * results are only written as files ({@link CliFiles}) never starts Spark SQL (its analyser,
   * planner and code generation cost seconds of the driver's time).
   */
  public static final class Result {
    private final SparkSession spark;
    private final JavaRDD<Row> pairRows;
    private final JavaRDD<Row> clusterRows;
    private final long documents;
    private final long skipped;
    private final long oversizedBuckets;
    private final JavaPairRDD<Long, ClusterMember> members;
    private Dataset<Row> pairs;
    private Dataset<Row> clusters;
    private long[] counts;

    Result(
        SparkSession spark,
        JavaRDD<Row> pairRows,
        JavaRDD<Row> clusterRows,
        long documents,
        long skipped,
        long oversizedBuckets,
        JavaPairRDD<Long, ClusterMember> members) {
      this.spark = spark;
      this.pairRows = pairRows;
      this.clusterRows = clusterRows;
      this.documents = documents;
      this.skipped = skipped;
      this.oversizedBuckets = oversizedBuckets;
      this.members = members;
    }

    /** The verified pairs ({@link #PAIRS_SCHEMA}). */
    public synchronized Dataset<Row> pairs() {
      if (pairs == null) {
        pairs = spark.createDataFrame(pairRows, PAIRS_SCHEMA);
      }
      return pairs;
    }

    /** The cluster assignment ({@link #CLUSTERS_SCHEMA}). */
    public synchronized Dataset<Row> clusters() {
      if (clusters == null) {
        clusters = spark.createDataFrame(clusterRows, CLUSTERS_SCHEMA);
      }
      return clusters;
    }

    /** The rows of {@link #pairs()}, which is made from this RDD (persisting it persists both). */
    JavaRDD<Row> pairRows() {
      return pairRows;
    }

    /** The documents analysed. */
    public long documents() {
      return documents;
    }

    /** The records skipped for a null text or a bad id (only with {@code skipBadRecords}). */
    public long skipped() {
      return skipped;
    }

    /**
     * The buckets larger than {@code maxBucketSize}, whose members were compared with
     * representatives only (with {@code allPairs}, with each other, tile by tile).
     */
    public long oversizedBuckets() {
      return oversizedBuckets;
    }

    /** The clustered documents (counted with the clusters in one job, when first asked for). */
    public long clustered() {
      return counts()[0];
    }

    /** The clusters (their canonicals, counted with {@link #clustered}). */
    public long clusterCount() {
      return counts()[1];
    }

    private synchronized long[] counts() {
      if (counts == null) {
        counts =
            members
                .mapPartitions(it -> {
                  long[] c = new long[2];
                  while (it.hasNext()) {
                    Tuple2<Long, ClusterMember> m = it.next();
                    c[0]++;
                    c[1] += m._1() == m._2().canonical() ? 1 : 0;
                  }
                  return List.of(c).iterator();
                })
                .reduce((x, y) -> new long[] {x[0] + y[0], x[1] + y[1]});
      }
      return counts;
    }

    /** The clustered documents by input ordinal (for {@link CliFiles}). */
    public JavaPairRDD<Long, ClusterMember> members() {
      return members;
    }
  }

  /** A clustered document by ordinal: its id, its cluster's first ordinal and canonical. */
  @DefaultSerializer(NearDupKryo.ClusterMemberSerializer.class)
  public record ClusterMember(String id, long cluster, long canonical, double similarity)
      implements Serializable {}

  /**
   * Finds the near-duplicate pairs and clusters of {@code docs}.
   *
   * @throws IllegalArgumentException naming the column when a column is missing or of the wrong
   *     type, or the record when a text is null or an id blank or holding a control character
   *     (unless skipped) or an id repeats
   */
  public static Result dedup(Dataset<Row> docs, DedupOptions options) {
    SparkSession spark = docs.sparkSession();
    StructType schema = docs.schema();
    int idIndex = column(schema, options.idColumn(), "id", true);
    int textIndex = column(schema, options.textColumn(), "text", false);
    CanonicalPolicy policy = options.canonicalPolicy();
    int[] canonicalIndexes = new int[policy.fields().size()];
    for (int k = 0; k < canonicalIndexes.length; k++) {
      String field = policy.fields().get(k);
      if (field.equals(options.idColumn())) {
        canonicalIndexes[k] = -1;
      } else if (field.equals(CanonicalPolicy.BOILERPLATE_FIELD)
          && options.html()
          && !Arrays.asList(schema.fieldNames()).contains(field)) {
        canonicalIndexes[k] = -2;
      } else if (!Arrays.asList(schema.fieldNames()).contains(field)) {
        throw new IllegalArgumentException(
            "canonical policy ["
                + policy
                + "]: no column ["
                + field
                + "]; columns: "
                + String.join(", ", schema.fieldNames()));
      } else {
        canonicalIndexes[k] = schema.fieldIndex(field);
      }
    }
    NearDupSettings settings = options.settings();
    options.normalization();
    // one read of the input, of the columns used only (a JSON or Parquet scan then skips the
    // others)
    Map<String, Integer> used = new LinkedHashMap<>();
    used.put(schema.fieldNames()[idIndex], 0);
    used.putIfAbsent(schema.fieldNames()[textIndex], used.size());
    int[] usedCanonical = new int[canonicalIndexes.length];
    for (int k = 0; k < canonicalIndexes.length; k++) {
      usedCanonical[k] =
          canonicalIndexes[k] < 0
              ? canonicalIndexes[k]
              : used.computeIfAbsent(schema.fieldNames()[canonicalIndexes[k]], f -> used.size());
    }
    Dataset<Row> columns =
        docs.select(
            used.keySet().stream()
                .map(f -> docs.col("`" + f.replace("`", "``") + "`"))
                .toArray(Column[]::new));
    Analysis analysis =
        new Analysis(
            options,
            used.get(schema.fieldNames()[idIndex]),
            used.get(schema.fieldNames()[textIndex]),
            -1,
            usedCanonical);
    return run(spark, columns.javaRDD(), analysis, options);
  }

  /**
   * {@link #dedup} of JSONL's lines as {@link JsonLinesInput} reads them (id, text, problem), for a
   * canonical policy that reads no field but the id: a line with a problem fails the run naming it
   * ({@link BadRecordException}) or, with {@code skipBadRecords}, is skipped and counted.
   */
  static Result dedupJsonLines(SparkSession spark, JavaRDD<Row> lines, DedupOptions options) {
    options.settings();
    options.normalization();
    int[] canonicalIndexes = new int[options.canonicalPolicy().fields().size()];
    Arrays.fill(canonicalIndexes, -1); // the id: Inputs reads such policies only
    Analysis analysis =
        new Analysis(
            options,
            JsonLinesInput.ID,
            JsonLinesInput.TEXT,
            JsonLinesInput.PROBLEM,
            canonicalIndexes);
    return run(spark, lines, analysis, options);
  }

  /** A record that cannot be read (a line that is not a JSON object), named. */
  static final class BadRecordException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    BadRecordException(String message) {
      super(message);
    }
  }

  private static Result run(
      SparkSession spark, JavaRDD<Row> rows, Analysis analysis, DedupOptions options) {
    String text = options.textColumn();
    String id = options.idColumn();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Phases phases = new Phases(jsc);
    try {
      // the analysis keeps bad records (not analysed) for the checks
      phases.enter("analysis");
      JavaRDD<DocBlock> blocks =
          rows.mapPartitions(it -> DocBlock.of(analysis.analyse(it)))
              .persist(StorageLevel.MEMORY_AND_DISK());
      JavaRDD<Doc> read = blocks.flatMap(DocBlock::iterator);
      // one job: each partition's records by what is wrong with them (0: nothing), which gives
      // the checks and the ranges the good documents' ordinals are numbered in
      List<long[]> counts = read.mapPartitions(NearDupSpark::countByProblems).collect();
      phases.enter("checks");
      long skipped = 0;
      int seen = 0;
      long[] goodCounts = new long[counts.size()];
      for (int i = 0; i < goodCounts.length; i++) {
        long[] c = counts.get(i);
        goodCounts[i] = c[0];
        for (int p = 1; p < c.length; p++) {
          if (c[p] > 0) {
            seen |= p;
            skipped += c[p];
          }
        }
      }
      if (seen != 0) {
        String error = null;
        if ((seen & Doc.BAD_RECORD) != 0 && !options.skipBadRecords()) {
          // such a record holds what is wrong with it in place of its id
          Doc bad = read.filter(d -> (d.problems() & Doc.BAD_RECORD) != 0).first();
          blocks.unpersist(false);
          throw new BadRecordException(bad.id());
        }
        if ((seen & Doc.NULL_TEXT) != 0 && !options.skipBadRecords()) {
          Doc bad = read.filter(d -> (d.problems() & Doc.NULL_TEXT) != 0).first();
          error =
              "record ["
                  + bad.id()
                  + "]: column ["
                  + text
                  + "] is null; every record needs a text (or skip such records: skipBadRecords)";
        } else if ((seen & Doc.NULL_ID) != 0) {
          error = "column [" + id + "] is null in a record; ids are required";
        } else if (!options.skipBadRecords()) {
          Doc bad = read.filter(d -> d.problems() != 0).first();
          error =
              "column ["
                  + id
                  + "]: an id must not be blank or hold a tab, line break or other control"
                  + " character, got ["
                  + printable(bad.id())
                  + "] (or skip such records: skipBadRecords)";
        }
        if (error != null) {
          blocks.unpersist(false);
          throw new IllegalArgumentException(error);
        }
      }
      // the phases after the analysis run on consecutive input partitions grouped to the
      // partitions asked for or sized to the documents and the cores: each task and stage costs
      // the same whatever it holds, and a small input cut in many splits paid that many times
      long[] inputCounts = goodCounts;
      int parts = partitions(options.partitions(), inputCounts, jsc.defaultParallelism());
      int[] firsts = Consecutive.firsts(inputCounts, parts);
      goodCounts = new long[firsts.length - 1];
      for (int g = 0; g < goodCounts.length; g++) {
        for (int i = firsts[g]; i < firsts[g + 1]; i++) {
          goodCounts[g] += inputCounts[i];
        }
      }
      JavaRDD<Doc> good =
          Consecutive.coalesce(skipped > 0 ? read.filter(d -> d.problems() == 0) : read, firsts);
      int shuffleParts = Math.max(1, good.getNumPartitions());
      // ids meet by a 64-bit hash (8 bytes a document shuffled, not the id); only when two share
      // one are the ids themselves compared, which tells a repeated id from a collision
      boolean sharedHash =
          !good.mapToPair(d -> new Tuple2<>(ID_HASH.hashCharsToLong(d.id()), 1L))
              .reduceByKey(Long::sum, shuffleParts)
              .filter(t -> t._2() > 1)
              .keys()
              // one job (take would scan the partitions in several): each task's first at most
              .mapPartitions(it -> it.hasNext() ? List.of(it.next()).iterator() : it)
              .collect()
              .isEmpty();
      List<Tuple2<String, Long>> repeated =
          !sharedHash
              ? List.of()
              : good.mapToPair(d -> new Tuple2<>(d.id(), 1L))
                  .reduceByKey(Long::sum, shuffleParts)
                  .filter(t -> t._2() > 1)
                  .mapPartitions(it -> it.hasNext() ? List.of(it.next()).iterator() : it)
                  .collect();
      if (!repeated.isEmpty()) {
        blocks.unpersist(false);
        throw new IllegalArgumentException(
            "id ["
                + repeated.get(0)._1()
                + "] is repeated ("
                + repeated.get(0)._2()
                + " records) in column ["
                + id
                + "]; ids must be unique");
      }
      // the input ordinal: the dataset's order, numbered on the cached analysis as it is read
      // (partition i from the count of good documents before it), not a second cached copy
      phases.enter("analysis");
      OrdinalRanges byOrd = OrdinalRanges.ofCounts(goodCounts);
      long documents = byOrd.size();
      if (documents > Integer.MAX_VALUE) {
        blocks.unpersist(false);
        throw new IllegalArgumentException(
            "at most " + Integer.MAX_VALUE + " documents per run, got " + documents);
      }
      Pipeline run = new Pipeline(options, phases);
      return run.execute(spark, good, byOrd, skipped);
    } finally {
      phases.close();
    }
  }

  /**
   * The most documents a partition is given by default after the analysis: its band entries (8
   * bytes per band) then take some 40 MB at 20 bands.
   */
  static final int DOCUMENTS_PER_PARTITION = 250_000;

  /**
   * The partitions after the analysis: {@code asked} when given (at most the input's), else the
   * default parallelism, or more when a partition would otherwise hold more than {@link
   * #DOCUMENTS_PER_PARTITION} documents; never more than the input's partitions (consecutive ones
   * are grouped, not split).
   */
  static int partitions(int asked, long[] counts, int parallelism) {
    int input = Math.max(1, counts.length);
    if (asked > 0) {
      return Math.min(asked, input);
    }
    long documents = 0;
    for (long c : counts) {
      documents += c;
    }
    long bySize = (documents + DOCUMENTS_PER_PARTITION - 1) / DOCUMENTS_PER_PARTITION;
    return (int) Math.min(input, Math.max(Math.max(1, parallelism), bySize));
  }

  private static final com.dynatrace.hash4j.hashing.Hasher64 ID_HASH =
      com.dynatrace.hash4j.hashing.Hashing.xxh3_64();

  /** What a document gives, knowing its input ordinal; null for nothing. */
  interface Numbered<T> extends Serializable {
    T apply(long ord, Doc doc);
  }

  /**
   * {@code f} of each good document with its input ordinal, numbered partition by partition from
   * {@code byOrd}'s ranges as the persisted analysis is read (no document copied to carry its
   * ordinal), in order; null results left out.
   */
  static <T> JavaRDD<T> numbered(JavaRDD<Doc> good, OrdinalRanges byOrd, Numbered<T> f) {
    return good.mapPartitionsWithIndex(
        (i, it) -> {
          long first = byOrd.start(i);
          return new Iterator<T>() {
            long next = first;
            T pending;

            @Override
            public boolean hasNext() {
              while (pending == null && it.hasNext()) {
                pending = f.apply(next++, it.next());
              }
              return pending != null;
            }

            @Override
            public T next() {
              if (!hasNext()) {
                throw new java.util.NoSuchElementException();
              }
              T t = pending;
              pending = null;
              return t;
            }
          };
        },
        true);
  }

  /**
   * {@code f} of each good document (only of those with a set: {@code withSets}) keyed by its
   * ordinal, where it is.
   */
  static <V> JavaPairRDD<Long, V> byOrdinal(
      JavaRDD<Doc> good, OrdinalRanges byOrd, boolean withSets, Numbered<V> f) {
    return byOrd.keyed(
        JavaPairRDD.fromJavaRDD(
            numbered(
                good,
                byOrd,
                (o, d) ->
                    withSets && d.set().length == 0 ? null : new Tuple2<>(o, f.apply(o, d)))));
  }

  /** A partition's records counted by {@link Doc#problems()} (index 0: the good ones). */
  static Iterator<long[]> countByProblems(Iterator<Doc> docs) {
    long[] counts = new long[(Doc.NULL_TEXT | Doc.NULL_ID | Doc.BAD_ID | Doc.BAD_RECORD) + 1];
    while (docs.hasNext()) {
      counts[docs.next().problems()]++;
    }
    return List.of(counts).iterator();
  }

  /** The measure of the run: exact Jaccard or the sketch estimate. */
  static PairMeasure measure(DedupOptions options, NearDupSettings settings) {
    return options.verification() == Verification.SKETCH
        ? PairMeasures.sketchEstimate(settings.sketch().hashes(), settings.sketch().bits())
        : PairMeasures.exactJaccard();
  }

  private static int column(StructType schema, String name, String what, boolean id) {
    if (!Arrays.asList(schema.fieldNames()).contains(name)) {
      throw new IllegalArgumentException(
          "no "
              + what
              + " column ["
              + name
              + "]; columns: "
              + String.join(", ", schema.fieldNames()));
    }
    StructField field = schema.apply(name);
    DataType type = field.dataType();
    boolean ok =
        type.equals(DataTypes.StringType)
            || (id
                && (type.equals(DataTypes.LongType)
                    || type.equals(DataTypes.IntegerType)
                    || type.equals(DataTypes.ShortType)));
    if (!ok) {
      throw new IllegalArgumentException(
          what
              + " column ["
              + name
              + "] is of type "
              + type.simpleString()
              + "; it must be "
              + (id ? "a string or an integer" : "a string"));
    }
    return schema.fieldIndex(name);
  }

  /** A row's id as a string (string or integer column). */
  /** A value on one line, for a message: control characters escaped. */
  static String printable(String s) {
    StringBuilder sb = new StringBuilder();
    s.codePoints()
        .forEach(c -> {
          if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
            sb.append(String.format("\\u%04x", c));
          } else {
            sb.appendCodePoint(c);
          }
        });
    return sb.toString();
  }

  static String idOf(Row row, int index) {
    Object v = row.get(index);
    return v == null ? null : v.toString();
  }

  /** The phases after analysis, each a few shuffles. */
  private static final class Pipeline implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int maxBucketSize;
    private final int representatives;
    private final boolean allPairs;
    private final int tile;
    private final int tileFrom;
    private final double threshold;
    private final long componentsInOneTask;
    private final DedupOptions options;
    private final transient Phases phases;
    // made on each executor: the library's measures are not serializable
    private transient PairMeasure measure;
    private transient CanonicalPolicy policy;

    Pipeline(DedupOptions options, Phases phases) {
      this.phases = phases;
      this.maxBucketSize = options.maxBucketSize();
      this.representatives = options.representatives();
      this.allPairs = options.allPairs();
      this.tile = options.tile();
      this.tileFrom = options.tileFrom();
      this.threshold = options.threshold();
      this.componentsInOneTask = options.componentsInOneTask();
      this.options = options;
    }

    private PairMeasure measure() {
      if (measure == null) {
        measure = NearDupSpark.measure(options, options.settings());
      }
      return measure;
    }

    private CanonicalPolicy policy() {
      if (policy == null) {
        policy = options.canonicalPolicy();
      }
      return policy;
    }

    Result execute(SparkSession spark, JavaRDD<Doc> good, OrdinalRanges byOrd, long skipped) {
      long documents = byOrd.size();
      int partitions = Math.max(1, good.getNumPartitions());
      phases.enter("sets");
      // by ordinal, where the documents are: the joins by ordinal read the sets in place; a view
      // of the cached analysis (persisting it again would add Spark's size estimates, not save
      // work)
      JavaPairRDD<Long, int[]> sets = byOrdinal(good, byOrd, true, (o, d) -> d.set());

      // identical: groups of equal sets, by their first member; as in the core, documents meet by
      // a hash of their set and each run of equal hashes is split into groups of equal sets, so
      // that only the sets of documents that share a hash move
      phases.enter("identical");
      // (the upper 32 bits of the hash and the ordinal in one long: a collision of the halves only
      // brings two sets together to be compared, as a collision of whole hashes would)
      JavaPairRDD<Long, Long> sharingHash =
          SortedLongs.of(
                  numbered(
                      good,
                      byOrd,
                      (o, d) -> d.set().length > 0 ? setHash(d.set()) >>> 32 << 32 | o : null),
                  (Long h, LongConsumer out) -> out.accept(h),
                  SortedLongs::byUpperHalf,
                  partitions)
              .flatMapToPair(SortedLongs::runs)
              .values()
              .flatMapToPair(m -> {
                List<Tuple2<Long, Long>> out = new ArrayList<>(m.length);
                for (long o : m) {
                  out.add(new Tuple2<>(o, m[0]));
                }
                return out.iterator();
              });
      JavaPairRDD<Long, long[]> groups =
          byOrd
              .lookup(sharingHash, sets)
              .mapToPair(t -> new Tuple2<>(t._2()._1(), new Tuple2<>(t._1(), t._2()._2())))
              .groupByKey(partitions)
              .flatMap(t -> equalSets(t._2()))
              .mapToPair(m -> new Tuple2<>(m[0], m))
              .persist(Cached.RECORDS);
      JavaPairRDD<Long, Long> groupEdges =
          groups.flatMapToPair(g -> {
            List<Tuple2<Long, Long>> out = new ArrayList<>();
            for (int i = 1; i < g._2().length; i++) {
              out.add(new Tuple2<>(g._1(), g._2()[i]));
            }
            return out.iterator();
          });

      // buckets of representatives
      phases.enter("buckets");
      JavaPairRDD<Long, Boolean> hidden = groupEdges.mapToPair(t -> new Tuple2<>(t._2(), true));
      JavaPairRDD<Long, int[]> representativeKeys =
          byOrd.without(byOrdinal(good, byOrd, true, (o, d) -> d.bucketKeys()), hidden);
      JavaPairRDD<Integer, long[]> buckets =
          Buckets.of(representativeKeys, partitions).persist(Cached.RECORDS);
      // by size: 0 up to tileFrom documents (candidate pairs), 1 compared in tiles, 2 oversized
      int from = Math.min(tileFrom, maxBucketSize);
      Map<Integer, Long> sizes =
          buckets
              .map(b -> b._2().length <= from ? 0 : b._2().length <= maxBucketSize ? 1 : 2)
              .countByValue();
      long oversizedBuckets = sizes.getOrDefault(2, 0L);
      boolean tiles = sizes.getOrDefault(1, 0L) > 0 || (allPairs && oversizedBuckets > 0);
      // each candidate with the number of buckets it shares, from one sorted array per task
      JavaPairRDD<Long, Integer> candidates =
          SortedLongs.of(
                  buckets.values().filter(b -> b.length <= from),
                  (long[] b, LongConsumer out) -> {
                    for (int i = 0; i < b.length - 1; i++) {
                      for (int j = i + 1; j < b.length; j++) {
                        out.accept(b[i] << 32 | b[j]);
                      }
                    }
                  },
                  SortedLongs::byHash,
                  partitions)
              .flatMapToPair(SortedLongs::counted);

      // verify: both sets brought to each candidate
      phases.enter("verify");
      JavaPairRDD<Long, Half> firstHalves =
          byOrd
              .lookup(
                  candidates.mapToPair(
                      t -> new Tuple2<>(t._1() >>> 32, new long[] {t._1() & 0xFFFFFFFFL, t._2()})),
                  sets)
              .mapToPair(t ->
                  new Tuple2<>(
                      t._2()._1()[0], new Half(t._1(), (int) t._2()._1()[1], t._2()._2())));
      JavaRDD<Verified> verifiedPairs =
          byOrd
              .lookup(firstHalves, sets)
              .flatMap(t -> {
                Half h = t._2()._1();
                int[] b = t._2()._2();
                double s = similarity(h.set(), b, h.shared());
                return s < 0
                    ? java.util.Collections.emptyIterator()
                    : List.of(new Verified(h.ord(), t._1(), s)).iterator();
              });
      JavaRDD<Verified> verified = verifiedPairs;
      if (tiles) {
        // larger buckets (with allPairs, oversized ones too) tile by tile; a pair that also shares
        // a bucket of candidate pairs was compared there as well, and is kept once
        JavaRDD<Verified> tiled =
            Tiles.verify(
                buckets.filter(
                    b -> b._2().length > from && (allPairs || b._2().length <= maxBucketSize)),
                sets,
                byOrd,
                partitions,
                tile,
                (a, b) -> similarity(a, b, -1));
        verified =
            verifiedPairs
                .union(tiled)
                .mapToPair(v -> new Tuple2<>(v.a() << 32 | v.b(), v))
                .reduceByKey((x, y) -> x, partitions)
                .values();
      }
      verified = verified.persist(Cached.RECORDS);

      // oversized: members compared with a few representatives, knowing the components so far
      phases.enter("oversized");
      JavaPairRDD<Long, Integer> oversizedMembers =
          buckets
              .filter(b -> b._2().length > maxBucketSize)
              .flatMapToPair(t -> {
                List<Tuple2<Long, Integer>> out = new ArrayList<>(t._2().length);
                for (long m : t._2()) {
                  out.add(new Tuple2<>(m, t._1()));
                }
                return out.iterator();
              });
      phases.enter("components");
      JavaPairRDD<Long, Long> labels =
          ConnectedComponents.labels(
              groupEdges.union(verified.mapToPair(v -> new Tuple2<>(v.a(), v.b()))),
              byOrd,
              componentsInOneTask);
      JavaRDD<Verified> joined = verified;
      if (oversizedBuckets > 0 && !allPairs) {
        JavaPairRDD<Long, Long> before = labels.persist(Cached.RECORDS);
        phases.enter("oversized");
        JavaRDD<Verified> oversized =
            byOrd
                .lookup(oversizedMembers, sets)
                .leftOuterJoin(before)
                .mapToPair(t ->
                    new Tuple2<>(
                        new BucketMember(t._2()._1()._1(), t._1()),
                        new Member(t._2()._1()._2(), t._2()._2().orElse(t._1()))))
                .repartitionAndSortWithinPartitions(new OnePartition())
                .mapPartitions(this::oversizedBuckets)
                .persist(Cached.RECORDS);
        joined = verified.union(oversized);
        if (!oversized.isEmpty()) {
          // the components so far are stars: joining the new pairs to them takes a round or two
          phases.enter("components");
          labels =
              ConnectedComponents.labels(
                  before.union(oversized.mapToPair(v -> new Tuple2<>(v.a(), v.b()))),
                  byOrd,
                  componentsInOneTask);
        }
      }

      phases.enter("output");
      JavaRDD<Verified> listed;
      if (allPairs) {
        // a pair of representatives without identical texts is listed as it is; groups and their
        // pairs in blocks of at most tile² pairs, spread over the tasks, made as they are read
        JavaRDD<scala.Tuple3<Verified, long[], long[]>> withGroups =
            expand(joined, groups).persist(Cached.RECORDS);
        listed =
            withGroups
                .filter(t -> t._2().length == 1 && t._3().length == 1)
                .map(scala.Tuple3::_1)
                .union(
                    withGroups
                        .filter(t -> t._2().length > 1 || t._3().length > 1)
                        .flatMap(t -> Tiles.across(t._2(), t._3(), t._1().similarity(), tile))
                        .union(groups.values().flatMap(g -> Tiles.within(g, 1.0, tile)))
                        .repartition(partitions)
                        .flatMap(Tiles.PairBlock::pairs));
      } else {
        listed =
            expand(joined, groups)
                .flatMap(this::expanded)
                .union(groups.values().flatMap(this::groupPairs));
      }

      // (member, (cluster, canonical)): the canonical the least by the policy, ties to the lowest
      // ordinal; by score (input order) that is the cluster's label, its lowest ordinal
      JavaPairRDD<Long, long[]> clusterOf;
      if (policy().byScore()) {
        clusterOf = labels.mapValues(l -> new long[] {l, l});
      } else {
        JavaPairRDD<Long, Object> values =
            byOrdinal(good, byOrd, false, (o, d) -> d.canonicalValue());
        JavaPairRDD<Long, Long> canonicalOf =
            byOrd
                .lookup(labels, values)
                .mapToPair(t -> new Tuple2<>(t._2()._1(), new Tuple2<>(t._1(), t._2()._2())))
                .reduceByKey(
                    (x, y) -> {
                      int c = policy().compare(x._2(), y._2());
                      if (c == 0) {
                        c = Long.compare(x._1(), y._1());
                      }
                      return c <= 0 ? x : y;
                    },
                    partitions)
                .mapValues(Tuple2::_1);
        clusterOf =
            labels
                .mapToPair(Tuple2::swap)
                .join(canonicalOf, partitions)
                .mapToPair(t -> new Tuple2<>(t._2()._1(), new long[] {t._1(), t._2()._2()}));
      }
      JavaPairRDD<Long, String> ids = byOrdinal(good, byOrd, false, (o, d) -> d.id());
      // each member's similarity to its canonical: 1 when its set is the canonical's (its group's
      // first member is the canonical), else the similarity of the verified pair of its
      // representative (itself or its group's first) and the canonical, when there is one (as a
      // rule: most members were compared with their canonical); only the others bring the member's
      // set to the canonical's
      JavaPairRDD<Long, Long> representativeOf =
          groups.flatMapToPair(g -> {
            List<Tuple2<Long, Long>> out = new ArrayList<>(g._2().length - 1);
            for (int i = 1; i < g._2().length; i++) {
              out.add(new Tuple2<>(g._2()[i], g._1()));
            }
            return out.iterator();
          });
      JavaPairRDD<Long, Double> verifiedSimilarity =
          joined
              .mapToPair(v -> new Tuple2<>(v.a() << 32 | v.b(), v.similarity()))
              .reduceByKey((x, y) -> x, partitions);
      // (member, [label, canonical, similarity's bits or NaN's: to compute])
      JavaPairRDD<Long, long[]> byPair =
          clusterOf
              .leftOuterJoin(representativeOf, partitions)
              .mapToPair(t -> {
                long m = t._1();
                long label = t._2()._1()[0];
                long c = t._2()._1()[1];
                long r = t._2()._2().orElse(m);
                long key = r == c ? -1 - m : Math.min(r, c) << 32 | Math.max(r, c);
                return new Tuple2<>(key, new long[] {m, label, c});
              })
              .leftOuterJoin(verifiedSimilarity)
              .mapToPair(t -> {
                long[] v = t._2()._1();
                double s = t._1() < 0 ? 1.0 : t._2()._2().orElse(Double.NaN);
                return new Tuple2<>(v[0], new long[] {v[1], v[2], Double.doubleToLongBits(s)});
              })
              .persist(Cached.RECORDS);
      JavaPairRDD<Long, Half> toCompute =
          byOrd
              .lookup(byPair.filter(t -> Double.isNaN(Double.longBitsToDouble(t._2()[2]))), sets)
              .mapToPair(t ->
                  new Tuple2<>(
                      t._2()._1()[1], new Half(t._1(), (int) t._2()._1()[0], t._2()._2())));
      JavaPairRDD<Long, long[]> computed =
          byOrd
              .lookup(toCompute, sets)
              .mapToPair(t -> {
                Half h = t._2()._1();
                double s =
                    measure().similarity(h.set(), h.set().length, t._2()._2(), t._2()._2().length);
                return new Tuple2<>(
                    h.ord(), new long[] {h.shared(), t._1(), Double.doubleToLongBits(s)});
              });
      JavaPairRDD<Long, ClusterMember> members =
          byOrd
              .lookup(
                  byPair
                      .filter(t -> !Double.isNaN(Double.longBitsToDouble(t._2()[2])))
                      .union(computed),
                  ids)
              .mapValues(t ->
                  new ClusterMember(
                      t._2(), t._1()[0], t._1()[1], Double.longBitsToDouble(t._1()[2])))
              .persist(Cached.RECORDS);
      // cluster ids: a cluster is named by its label, its lowest ordinal, itself a member
      JavaPairRDD<Long, String> clusterIds =
          members.filter(t -> t._1() == t._2().cluster()).mapValues(ClusterMember::id);
      JavaRDD<Row> clusterRows =
          byOrd
              .lookup(members.mapToPair(t -> new Tuple2<>(t._2().cluster(), t)), clusterIds)
              .map(t -> {
                ClusterMember m = t._2()._1()._2();
                long ord = t._2()._1()._1();
                return RowFactory.create(m.id(), t._2()._2(), ord == m.canonical(), m.similarity());
              });
      JavaPairRDD<Long, Tuple2<String, Double>> firstIds =
          byOrd
              .lookup(listed.mapToPair(v -> new Tuple2<>(v.a(), v)), ids)
              .mapToPair(t ->
                  new Tuple2<>(
                      t._2()._1().b(), new Tuple2<>(t._2()._2(), t._2()._1().similarity())));
      JavaRDD<Row> pairRows =
          byOrd
              .lookup(firstIds, ids)
              .map(t -> {
                String x = t._2()._1()._1();
                String y = t._2()._2();
                double s = t._2()._1()._2();
                return x.compareTo(y) <= 0
                    ? RowFactory.create(x, y, s)
                    : RowFactory.create(y, x, s);
              });
      return new Result(
          spark, pairRows, clusterRows, documents, skipped, oversizedBuckets, members);
    }

    private double similarity(int[] a, int[] b, int shared) {
      PairMeasure measure = measure();
      if (!measure.canReach(a.length, b.length, shared, threshold)) {
        return -1;
      }
      return measure.ifReaches(a, a.length, b, b.length, threshold);
    }

    /** The pairs of an identical group: all when it fits a bucket, else the first with each. */
    private Iterator<Verified> groupPairs(long[] members) {
      List<Verified> out = new ArrayList<>();
      if (members.length <= maxBucketSize) {
        for (int i = 0; i < members.length; i++) {
          for (int j = i + 1; j < members.length; j++) {
            out.add(new Verified(members[i], members[j], 1.0));
          }
        }
      } else {
        for (int i = 1; i < members.length; i++) {
          out.add(new Verified(members[0], members[i], 1.0));
        }
      }
      return out.iterator();
    }

    /**
     * Each verified pair of representatives with their groups of identical texts (the
     * representative alone when it has none), the lesser first.
     */
    private JavaRDD<scala.Tuple3<Verified, long[], long[]>> expand(
        JavaRDD<Verified> joined, JavaPairRDD<Long, long[]> groups) {
      return joined
          .mapToPair(v -> new Tuple2<>(v.a(), v))
          .leftOuterJoin(groups)
          .mapToPair(t ->
              new Tuple2<>(t._2()._1().b(), new Tuple2<>(t._2()._1(), t._2()._2().orElse(null))))
          .leftOuterJoin(groups)
          .map(t -> {
            Verified v = t._2()._1()._1();
            long[] gx = t._2()._1()._2();
            long[] gy = t._2()._2().orElse(null);
            return new scala.Tuple3<>(
                v, gx == null ? new long[] {v.a()} : gx, gy == null ? new long[] {v.b()} : gy);
          });
    }

    /**
     * A verified pair of representatives listed with their groups' members when the groups are
     * small enough to have been one bucket, as the core lists them.
     */
    private Iterator<Verified> expanded(scala.Tuple3<Verified, long[], long[]> t) {
      Verified v = t._1();
      long[] xs = t._2();
      long[] ys = t._3();
      if ((long) xs.length * ys.length == 1 || xs.length + ys.length > maxBucketSize) {
        return List.of(v).iterator();
      }
      List<Verified> out = new ArrayList<>(xs.length * ys.length);
      for (long a : xs) {
        for (long b : ys) {
          out.add(new Verified(Math.min(a, b), Math.max(a, b), v.similarity()));
        }
      }
      return out.iterator();
    }

    /**
     * Streams through oversized buckets, each sorted by ordinal: a member is compared with the
     * representatives so far unless already connected to them (its component before this phase or a
     * join within the bucket), and becomes one when it matched none, up to the configured number.
     */
    private Iterator<Verified> oversizedBuckets(Iterator<Tuple2<BucketMember, Member>> in) {
      List<Verified> out = new ArrayList<>();
      int bucket = -1;
      boolean started = false;
      long[] repOrds = new long[representatives];
      int[][] repSets = new int[representatives][];
      long[] repLabels = new long[representatives];
      int count = 0;
      Map<Long, Long> parent = new HashMap<>();
      while (in.hasNext()) {
        Tuple2<BucketMember, Member> t = in.next();
        if (!started || t._1().bucket() != bucket) {
          started = true;
          bucket = t._1().bucket();
          count = 0;
        }
        long m = t._1().ord();
        Member member = t._2();
        boolean matched = false;
        for (int r = 0; r < count; r++) {
          if (find(parent, repLabels[r]) == find(parent, member.label())) {
            matched = true;
            continue;
          }
          double s = similarity(repSets[r], member.set(), -1);
          if (s >= 0) {
            parent.put(find(parent, member.label()), find(parent, repLabels[r]));
            out.add(new Verified(Math.min(repOrds[r], m), Math.max(repOrds[r], m), s));
            matched = true;
          }
        }
        if (!matched && count < representatives) {
          repOrds[count] = m;
          repSets[count] = member.set();
          repLabels[count++] = member.label();
        }
      }
      return out.iterator();
    }

    private static long find(Map<Long, Long> parent, long x) {
      Long p;
      while ((p = parent.get(x)) != null) {
        x = p;
      }
      return x;
    }
  }

  /** A 64-bit hash of a set: equal sets hash alike, and unequal ones rarely do. */
  static long setHash(int[] set) {
    long h = set.length;
    for (int x : set) {
      h = (h ^ (x & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L;
      h ^= h >>> 29;
    }
    return h;
  }

  /**
   * Documents that share a set hash, split into the groups (of two or more) of truly equal sets,
   * each its ordinals ascending.
   */
  static Iterator<long[]> equalSets(Iterable<Tuple2<Long, int[]>> sameHash) {
    List<Tuple2<Long, int[]>> left = new ArrayList<>();
    sameHash.forEach(left::add);
    left.sort((x, y) -> Long.compare(x._1(), y._1()));
    List<long[]> groups = new ArrayList<>();
    while (left.size() >= 2) {
      int[] first = left.get(0)._2();
      List<Tuple2<Long, int[]>> rest = new ArrayList<>();
      long[] group = new long[left.size()];
      int size = 0;
      for (Tuple2<Long, int[]> t : left) {
        if (Arrays.equals(first, t._2())) {
          group[size++] = t._1();
        } else {
          rest.add(t);
        }
      }
      if (size >= 2) {
        groups.add(Arrays.copyOf(group, size));
      }
      left = rest;
    }
    return groups.iterator();
  }

  /** A verified pair of ordinals, the lower first. */
  @DefaultSerializer(NearDupKryo.VerifiedSerializer.class)
  record Verified(long a, long b, double similarity) implements Serializable {}

  /** One side of a pair on its way to the other's set. */
  @DefaultSerializer(NearDupKryo.HalfSerializer.class)
  record Half(long ord, int shared, int[] set) implements Serializable {}

  /** A member of an oversized bucket with its set and its component before that phase. */
  @DefaultSerializer(NearDupKryo.MemberSerializer.class)
  record Member(int[] set, long label) implements Serializable {}

  /** A member of an oversized bucket, sorted by bucket then ordinal. */
  @DefaultSerializer(NearDupKryo.BucketMemberSerializer.class)
  record BucketMember(int bucket, long ord) implements Serializable, Comparable<BucketMember> {
    @Override
    public int compareTo(BucketMember o) {
      int c = Integer.compare(bucket, o.bucket);
      return c != 0 ? c : Long.compare(ord, o.ord);
    }
  }

  /**
   * Sends every member of every oversized bucket to one task, sorted by bucket key then ordinal:
   * the core reads oversized buckets one after another, each seeing the joins of the ones before.
   */
  static final class OnePartition extends Partitioner {
    private static final long serialVersionUID = 1L;

    @Override
    public int numPartitions() {
      return 1;
    }

    @Override
    public int getPartition(Object key) {
      return 0;
    }
  }
}
