package io.neardup.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.HashPartitioner;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import scala.Tuple2;

/**
 * The results as {@code neardup dedup} writes them, as single local files, for small results and
 * for comparing with the CLI: the pairs as TSV ({@code id_a\tid_b\tsimilarity}, sorted by id, six
 * decimals) and the clusters as JSONL ({@code {"canonical": ID, "members": [...], "size": N}}, by
 * first member in input order, members in input order). Rows reach the driver one partition at a
 * time ({@code toLocalIterator}), never all at once: partitions of at most {@link #LINES_PER_PART}
 * lines.
 */
public final class CliFiles {
  static final String PAIRS_HEADER = "id_a\tid_b\tsimilarity";
  private static final JsonMapper JSON = new JsonMapper();

  private CliFiles() {}

  /**
   * The most lines of a file in one partition of its sorted rows: what the driver holds at once
   * while it writes the file (some tens of MB).
   */
  static final long LINES_PER_PART = 500_000;

  /** Writes the pairs file, replacing {@code file} once it is whole; returns the pairs written. */
  public static long writePairs(Dataset<Row> pairs, Path file) {
    return writePairs(pairs.javaRDD(), file);
  }

  /**
   * Writes the pairs file from rows of {@link NearDupSpark#PAIRS_SCHEMA}, sorted by id as the CLI
   * sorts them ({@link String#compareTo}); replaces {@code file} once it is whole; returns the
   * pairs written. The rows are computed once: their lines are kept serialised while they are
   * counted (which sizes the sort's partitions: one for a small file, no sampling job) and sorted.
   */
  static long writePairs(JavaRDD<Row> pairs, Path file) {
    // ids hold no control character, so (a, b) sorts as a + NUL + b
    JavaPairRDD<String, String> lines =
        pairs
            .mapToPair(r -> {
              StringBuilder sb = new StringBuilder();
              sb.append(r.getString(0)).append('\t').append(r.getString(1)).append('\t');
              appendSimilarity(sb, r.getDouble(2));
              return new Tuple2<>(r.getString(0) + '\u0000' + r.getString(1), sb.toString());
            })
            .persist(Cached.RECORDS);
    try {
      long count = lines.count();
      write(
          file,
          out -> {
            out.write(PAIRS_HEADER);
            out.write('\n');
            // each partition's lines become blocks on the executors, in order
            Iterator<String> blocks =
                lines
                    .sortByKey(true, fileParts(count, pairs.getNumPartitions()))
                    .values()
                    .mapPartitions(CliFiles::blocks)
                    .toLocalIterator();
            while (blocks.hasNext()) {
              out.write(blocks.next());
            }
          });
      return count;
    } finally {
      lines.unpersist(false);
    }
  }

  /** Lines, each ended by a line break, in blocks of up to a megabyte. */
  static Iterator<String> blocks(Iterator<String> lines) {
    List<String> blocks = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    while (lines.hasNext()) {
      sb.append(lines.next()).append('\n');
      if (sb.length() >= 1 << 20) {
        blocks.add(sb.toString());
        sb.setLength(0);
      }
    }
    if (!sb.isEmpty()) {
      blocks.add(sb.toString());
    }
    return blocks.iterator();
  }

  /**
   * A similarity with six decimals, as {@code String.format("%.6f")} writes it: digits made
   * directly, except near a tie of the seventh decimal, where the formatter's own rounding decides.
   */
  static void appendSimilarity(StringBuilder sb, double s) {
    double scaled = s * 1e6;
    double fraction = scaled - Math.floor(scaled);
    if (s >= 0 && s <= 1 && Math.abs(fraction - 0.5) > 1e-4) {
      long r = Math.round(scaled);
      long fixed = r % 1_000_000;
      sb.append(r / 1_000_000).append('.');
      for (long d = 100_000; d > fixed && d > 1; d /= 10) {
        sb.append('0');
      }
      sb.append(fixed);
    } else {
      sb.append(String.format(Locale.ROOT, "%.6f", s));
    }
  }

  /** Writes the clusters file, replacing {@code file} once it is whole. */
  public static void writeClusters(NearDupSpark.Result result, Path file) {
    // the members are partitioned by ranges of ordinals, ascending (a run's own partitioning):
    // keyed by (cluster, ordinal) and sent to the range of the cluster's first ordinal, sorted
    // there, the clusters come in order in one shuffle, each member after the ones before it
    Partitioner ranges = result.members().partitioner().orElse(new HashPartitioner(1));
    Iterator<String> blocks =
        result
            .members()
            .mapToPair(t -> new Tuple2<>(t._2().cluster() << 32 | t._1(), t._2()))
            .repartitionAndSortWithinPartitions(
                new ByCluster(ranges, fileParts(result.clustered(), ranges.numPartitions())))
            .mapPartitions(CliFiles::clusterLines)
            .toLocalIterator();
    write(
        file,
        out -> {
          while (blocks.hasNext()) {
            out.write(blocks.next());
          }
        });
  }

  /**
   * The partitions of a file's sorted lines: each is one job of {@code toLocalIterator}, whose
   * result the driver holds, so as few as keep each within {@link #LINES_PER_PART} (one for a small
   * file), and no more than the data's partitions.
   */
  static int fileParts(long lines, int partitions) {
    return (int) Math.max(1, Math.min(partitions, (lines + LINES_PER_PART - 1) / LINES_PER_PART));
  }

  /**
   * A partitioner of (cluster, ordinal) keys, each 32 bits, by the cluster's ordinal: consecutive
   * ordinal ranges merged into {@code parts} partitions, in order.
   */
  private static final class ByCluster extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final Partitioner ranges;
    private final int parts;

    ByCluster(Partitioner ranges, int parts) {
      this.ranges = ranges;
      this.parts = parts;
    }

    @Override
    public int numPartitions() {
      return parts;
    }

    @Override
    public int getPartition(Object key) {
      return (int) ((long) ranges.getPartition((Long) key >>> 32) * parts / ranges.numPartitions());
    }
  }

  /**
   * The clusters' lines of members sorted by (cluster, ordinal), in blocks of up to a megabyte; one
   * cluster's members held at a time.
   */
  static Iterator<String> clusterLines(Iterator<Tuple2<Long, NearDupSpark.ClusterMember>> sorted) {
    List<String> blocks = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    List<Tuple2<Long, NearDupSpark.ClusterMember>> cluster = new ArrayList<>();
    long current = -1;
    while (true) {
      Tuple2<Long, NearDupSpark.ClusterMember> t = sorted.hasNext() ? sorted.next() : null;
      if (!cluster.isEmpty() && (t == null || t._2().cluster() != current)) {
        sb.append(clusterLine(cluster)).append('\n');
        cluster.clear();
        if (sb.length() >= 1 << 20) {
          blocks.add(sb.toString());
          sb.setLength(0);
        }
      }
      if (t == null) {
        break;
      }
      current = t._2().cluster();
      cluster.add(new Tuple2<>(t._1() & 0xFFFFFFFFL, t._2()));
    }
    if (!sb.isEmpty()) {
      blocks.add(sb.toString());
    }
    return blocks.iterator();
  }

  /** One cluster's line: members in input order, the canonical first among its fields. */
  static String clusterLine(Iterable<Tuple2<Long, NearDupSpark.ClusterMember>> members) {
    List<Tuple2<Long, NearDupSpark.ClusterMember>> list = new ArrayList<>();
    members.forEach(list::add);
    list.sort((a, b) -> Long.compare(a._1(), b._1()));
    String canonical = null;
    StringBuilder m = new StringBuilder();
    for (int i = 0; i < list.size(); i++) {
      Tuple2<Long, NearDupSpark.ClusterMember> t = list.get(i);
      if (t._1() == t._2().canonical()) {
        canonical = t._2().id();
      }
      m.append(i == 0 ? "" : ", ").append(json(t._2().id()));
    }
    return "{\"canonical\": "
        + json(canonical)
        + ", \"members\": ["
        + m
        + "], \"size\": "
        + list.size()
        + "}";
  }

  private static String json(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  interface Content {
    void writeTo(Writer out) throws IOException;
  }

  private static void write(Path file, Content content) {
    Path target = file.toAbsolutePath();
    Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
    try {
      if (target.getParent() != null) {
        Files.createDirectories(target.getParent());
      }
      try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        content.writeTo(out);
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the write error below is the one to report
      }
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    }
  }
}
