package io.neardup.spark;

import io.neardup.web.html.HtmlDecoder;
import io.neardup.web.warc.WarcPages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.input.PortableDataStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Reads {@link DedupJob}'s inputs into one dataset, in the order the paths are given (the input
 * order decides canonical ties): JSONL (one object per line; a line that is not JSON fails the job
 * naming its file, or is skipped and counted), Parquet, or WARC (each HTML response a record: its
 * URL the id, its decoded page the text).
 */
final class Inputs {
  static final String WARC_URL = "url";
  static final String WARC_HTML = "html";
  private static final String CORRUPT = "_corrupt_record";

  /** The largest page read from a WARC file, as the CLI's default. */
  private static final int MAX_PAGE_BYTES = 64 << 20;

  private Inputs() {}

  /**
   * The documents, and how many records were skipped while reading: either a dataset, or JSONL's
   * lines as {@link JsonLinesInput} rows (id, text, problem), parsed as the analysis reads them.
   */
  record Read(Dataset<Row> docs, JavaRDD<Row> jsonLines, long skipped) {}

  static Read read(
      SparkSession spark, List<String> paths, String format, DedupOptions options, boolean skip) {
    for (String path : paths) {
      if (!DedupJob.exists(spark, path)) {
        throw new DedupJob.InputException("cannot read input [" + path + "]: no such file", null);
      }
    }
    if (format.equals("jsonl") && readsNoField(options)) {
      JavaRDD<Row> lines = null;
      long split = JsonLinesInput.splitSize(spark, DedupJob.bytes(spark, paths));
      for (String path : paths) {
        JavaRDD<Row> one;
        try {
          one = JsonLinesInput.read(spark, path, split, options.idColumn(), options.textColumn());
        } catch (RuntimeException e) {
          throw new DedupJob.InputException(
              "cannot read input [" + path + "] as jsonl: " + e.getMessage(), e);
        }
        lines = lines == null ? one : lines.union(one);
      }
      return new Read(null, lines, 0);
    }
    Dataset<Row> all = null;
    long skipped = 0;
    for (String path : paths) {
      Dataset<Row> one;
      try {
        one =
            switch (format) {
              case "parquet" -> spark.read().parquet(path);
              case "warc" -> warc(spark, path);
              default -> spark.read().option("columnNameOfCorruptRecord", CORRUPT).json(path);
            };
      } catch (RuntimeException e) {
        throw new DedupJob.InputException(
            "cannot read input [" + path + "] as " + format + ": " + e.getMessage(), e);
      }
      if (Arrays.asList(one.columns()).contains(CORRUPT)) {
        one = one.cache();
        Dataset<Row> bad = one.filter(functions.col(CORRUPT).isNotNull());
        if (skip) {
          skipped += bad.count();
        } else {
          List<Row> first = bad.select(CORRUPT).limit(1).collectAsList();
          if (!first.isEmpty()) {
            String line = first.get(0).getString(0);
            throw new DedupJob.InputException(
                format.equals("warc")
                    ? "input [" + path + "]: " + line + " (--on-error skip skips such records)"
                    : "input ["
                        + path
                        + "]: a line is not a JSON object: "
                        + (line.length() > 80 ? line.substring(0, 80) + "..." : line)
                        + " (--on-error skip skips such lines)",
                null);
          }
        }
        one = one.filter(functions.col(CORRUPT).isNull()).drop(CORRUPT);
      }
      all = all == null ? one : all.unionByName(one, true);
    }
    return new Read(all, null, skipped);
  }

  /** Whether the canonical policy compares no field of the records but the id. */
  static boolean readsNoField(DedupOptions options) {
    for (String field : options.canonicalPolicy().fields()) {
      if (!field.equals(options.idColumn())) {
        return false;
      }
    }
    return true;
  }

  static final StructType WARC_SCHEMA =
      new StructType()
          .add(WARC_URL, DataTypes.StringType, true)
          .add(WARC_HTML, DataTypes.StringType, true)
          .add(CORRUPT, DataTypes.StringType, true);

  /** The HTML pages of WARC files, one task per file, read as a stream. */
  private static Dataset<Row> warc(SparkSession spark, String path) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<Row> rows = jsc.binaryFiles(path).flatMap(f -> new WarcRows(f._1(), f._2()));
    return spark.createDataFrame(rows, WARC_SCHEMA);
  }

  /**
   * The HTML pages of one WARC file as rows (URL, decoded page), one at a time: the file is copied
   * to the task's local disk (the WARC reader needs a file), read, and deleted at the end. A
   * corrupt or too large record is a row of its own holding only why ({@code _corrupt_record}), so
   * that the run fails naming it or skips and counts it, as for JSONL; the reader resynchronises at
   * the next record.
   */
  private static final class WarcRows implements java.util.Iterator<Row> {
    private final String name;
    private final Path local;
    private final WarcPages pages;
    private Row next;

    WarcRows(String name, PortableDataStream stream) throws IOException {
      this.name = name;
      this.local = Files.createTempFile("neardup-warc", ".warc");
      try (InputStream in = stream.open()) {
        Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
        this.pages = new WarcPages(local, MAX_PAGE_BYTES);
      } catch (IOException e) {
        Files.deleteIfExists(local);
        throw new IOException("cannot read WARC file [" + name + "]: " + e.getMessage(), e);
      }
      advance();
    }

    private void advance() {
      next = null;
      try {
        while (next == null) {
          WarcPages.Entry e;
          try {
            e = pages.next();
          } catch (WarcPages.CorruptWarcException | WarcPages.PageTooLargeException bad) {
            next = RowFactory.create(null, null, bad.getMessage());
            continue;
          }
          if (e == null) {
            pages.close();
            Files.deleteIfExists(local);
            return;
          }
          if (e instanceof WarcPages.Page p) {
            next =
                RowFactory.create(
                    p.url(), HtmlDecoder.decode(p.body(), p.contentType()).html(), null);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot read WARC file [" + name + "]: " + e.getMessage(), e);
      }
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public Row next() {
      if (next == null) {
        throw new java.util.NoSuchElementException();
      }
      Row r = next;
      advance();
      return r;
    }
  }
}
