package io.neardup.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * JSONL read as lines and parsed in the analysis task, reading only the id and the text of each
 * object (every other field is skipped unread), as the CLI reads it: no schema pass over the input
 * and no Spark SQL rows. Used when the canonical policy reads no field of the records but the id
 * (by score, by id); a policy that compares a field needs its type across the records, which
 * Spark's JSON source infers ({@link Inputs}).
 *
 * <p>Each line becomes a row (id, text, problem): a line that is not a JSON object, or whose id or
 * text is of the wrong kind, is a row holding only what is wrong with it, which the run reports
 * (naming the input) or skips and counts.
 */
final class JsonLinesInput implements Serializable {
  private static final long serialVersionUID = 1L;

  static final int ID = 0;
  static final int TEXT = 1;
  static final int PROBLEM = 2;

  // records bounded by the line, not by Jackson's default limits (20 M chars a string)
  private static final JsonFactory JSON =
      new JsonFactoryBuilder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxStringLength(Integer.MAX_VALUE)
                  .maxNameLength(Integer.MAX_VALUE)
                  .maxNumberLength(Integer.MAX_VALUE)
                  .maxNestingDepth(Integer.MAX_VALUE)
                  .build())
          .build();

  private final String path;
  private final String idField;
  private final String textField;

  private JsonLinesInput(String path, String idField, String textField) {
    this.path = path;
    this.idField = idField;
    this.textField = textField;
  }

  /**
   * The records of the files {@code path} names (a file, a directory or a glob; a directory's files
   * in the order of their names), in order, in splits of at most {@code split} bytes (and of the
   * file system's block).
   */
  static JavaRDD<Row> read(
      SparkSession spark, String path, long split, String idField, String textField) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Configuration conf = new Configuration(jsc.hadoopConfiguration());
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, split);
    JsonLinesInput input = new JsonLinesInput(path, idField, textField);
    return jsc.newAPIHadoopFile(path, InOrder.class, LongWritable.class, Text.class, conf)
        .mapPartitions(input::rows);
  }

  /**
   * The split size Spark's file sources take for {@code bytes} of input: {@code
   * spark.sql.files.maxPartitionBytes}, or less when that would leave cores idle (the input spread
   * over {@code spark.default.parallelism} tasks, at least {@code spark.sql.files.openCostInBytes}
   * each).
   */
  static long splitSize(SparkSession spark, long bytes) {
    long max =
        JavaUtils.byteStringAsBytes(spark.conf().get("spark.sql.files.maxPartitionBytes", "128m"));
    long open =
        JavaUtils.byteStringAsBytes(spark.conf().get("spark.sql.files.openCostInBytes", "4m"));
    int parallelism = Math.max(1, spark.sparkContext().defaultParallelism());
    return Math.min(max, Math.max(open, (bytes + parallelism - 1) / parallelism));
  }

  /** The files of a directory or glob in the order of their names (Hadoop lists them unordered). */
  public static final class InOrder extends TextInputFormat {
    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
      List<FileStatus> files = new ArrayList<>(super.listStatus(job));
      files.sort(Comparator.comparing(f -> f.getPath().toString()));
      return files;
    }
  }

  /** A split's lines as rows, blank lines left out. */
  Iterator<Row> rows(Iterator<Tuple2<LongWritable, Text>> lines) {
    return new Iterator<>() {
      Row next;

      @Override
      public boolean hasNext() {
        while (next == null && lines.hasNext()) {
          Tuple2<LongWritable, Text> line = lines.next();
          // the reader reuses its Text: parsed now
          next = parse(line._1().get(), line._2().getBytes(), line._2().getLength());
        }
        return next != null;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Row r = next;
        next = null;
        return r;
      }
    };
  }

  /** One line as a row, or null for a blank one. */
  Row parse(long offset, byte[] bytes, int length) {
    int start = 0;
    if (offset == 0
        && length >= 3
        && (bytes[0] & 0xFF) == 0xEF
        && (bytes[1] & 0xFF) == 0xBB
        && (bytes[2] & 0xFF) == 0xBF) {
      start = 3; // a byte order mark some editors write
    }
    int end = length;
    while (end > start && Character.isWhitespace(bytes[end - 1])) {
      end--;
    }
    int from = start;
    while (from < end && Character.isWhitespace(bytes[from])) {
      from++;
    }
    if (from == end) {
      return null;
    }
    String id = null;
    String text = null;
    boolean seenId = false;
    boolean seenText = false;
    try (JsonParser p = JSON.createParser(bytes, from, end - from)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return notAnObject(bytes, from, end);
      }
      JsonToken token;
      while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals(idField)) {
          if (seenId) {
            return problem(offset, "duplicate field [" + field + "]");
          }
          seenId = true;
          switch (value) {
            case VALUE_STRING -> id = p.getText();
            case VALUE_NUMBER_INT -> id = p.getNumberValue().toString();
            case VALUE_NULL -> {}
            default -> {
              return problem(
                  offset,
                  "id field [" + idField + "] must be a string or an integer, got " + kind(value));
            }
          }
        } else if (field.equals(textField)) {
          if (seenText) {
            return problem(offset, "duplicate field [" + field + "]");
          }
          seenText = true;
          switch (value) {
            case VALUE_STRING -> text = p.getText();
            case VALUE_NULL -> {}
            default -> {
              return problem(
                  offset, "text field [" + textField + "] must be a string, got " + kind(value));
            }
          }
        }
        p.skipChildren();
      }
      if (token != JsonToken.END_OBJECT || p.nextToken() != null) {
        return notAnObject(bytes, from, end);
      }
    } catch (JsonProcessingException e) {
      return notAnObject(bytes, from, end);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return RowFactory.create(id, text, null);
  }

  private Row notAnObject(byte[] bytes, int from, int end) {
    String line = new String(bytes, from, Math.min(end - from, 400), StandardCharsets.UTF_8);
    return RowFactory.create(
        null,
        null,
        "input ["
            + path
            + "]: a line is not a JSON object: "
            + (line.length() > 80 ? line.substring(0, 80) + "..." : line)
            + " (--on-error skip skips such lines)");
  }

  private Row problem(long offset, String what) {
    return RowFactory.create(
        null,
        null,
        "input ["
            + path
            + "]: the line at byte offset "
            + offset
            + ": "
            + what
            + " (--on-error skip skips such lines)");
  }

  private static String kind(JsonToken token) {
    return switch (token) {
      case START_ARRAY -> "an array";
      case START_OBJECT -> "an object";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      default -> token.toString().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
