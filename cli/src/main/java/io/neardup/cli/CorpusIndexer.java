package io.neardup.cli;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.index.IndexMetadata;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LogByteSizeMergePolicy;
import org.apache.lucene.store.Directory;

/**
 * Indexes a corpus into a neardup index (layout in {@link CorpusIndex}). Texts are analysed by a
 * pool of threads while one thread reads the input and adds the documents in input order, so that
 * document ids follow the input (the first indexed copy is the default canonical) and a run gives
 * the same index whatever the number of threads.
 */
final class CorpusIndexer {
  /** Bad records reported one by one before the rest are only counted. */
  static final int MAX_REPORTED = 20;

  /**
   * What an indexing run did.
   *
   * @param indexed documents indexed
   * @param skipped bad records skipped
   * @param startNanos when the run started, for its duration
   */
  record Summary(long indexed, long skipped, long startNanos) {}

  private final NearDupSettings settings;
  private final NormalizationOptions normalization;
  private final int threads;
  private final InputOptions.OnError onError;
  private final Progress progress;

  CorpusIndexer(
      NearDupSettings settings,
      NormalizationOptions normalization,
      int threads,
      InputOptions.OnError onError,
      Progress progress) {
    this.settings = settings;
    this.normalization = normalization;
    this.threads = threads;
    this.onError = onError;
    this.progress = progress;
  }

  /**
   * Replaces whatever index is in {@code directory} with the records of {@code reader}, and records
   * the settings with {@link IndexMetadata}. Nothing is committed if the run fails.
   *
   * @throws CliFailure at the first bad record when {@code --on-error fail}
   */
  Summary index(CorpusReader reader, Directory directory) throws IOException {
    long start = System.nanoTime();
    NearDupDocumentBuilder builder =
        new NearDupDocumentBuilder(
            new NearDupAnalyzer(settings, normalization), CorpusIndex.NEARDUP_FIELDS);
    IndexWriterConfig config =
        new IndexWriterConfig(new StandardAnalyzer())
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            // merges adjacent segments only, so document ids stay in input order
            .setMergePolicy(new LogByteSizeMergePolicy())
            .setRAMBufferSizeMB(64)
            .setCommitOnClose(false);
    ExecutorService pool = Executors.newFixedThreadPool(threads, daemonThreads());
    long indexed = 0;
    long skipped = 0;
    try (IndexWriter writer = new IndexWriter(directory, config)) {
      ArrayDeque<Future<Document>> pending = new ArrayDeque<>();
      int maxPending = 64 * threads;
      while (true) {
        CorpusReader.Record record;
        try {
          record = reader.next();
        } catch (CorpusReader.BadRecord bad) {
          skipped++;
          badRecord(bad, skipped);
          continue;
        }
        if (record == null) {
          break;
        }
        pending.add(pool.submit(() -> document(builder, record)));
        if (pending.size() >= maxPending) {
          writer.addDocument(take(pending.poll()));
          indexed++;
          progress.update("indexing", reader.position(), reader.size(), indexed, "docs");
        }
      }
      while (!pending.isEmpty()) {
        writer.addDocument(take(pending.poll()));
        indexed++;
        progress.update("indexing", reader.position(), reader.size(), indexed, "docs");
      }
      progress.update("committing", 0, 0, indexed, "docs");
      IndexMetadata.write(writer, settings, normalization, CorpusIndex.NEARDUP_FIELDS);
      writer.commit();
    } finally {
      pool.shutdownNow();
      progress.done();
    }
    if (skipped > MAX_REPORTED) {
      progress.println(
          "... "
              + (skipped - MAX_REPORTED)
              + " more bad records skipped (only the first "
              + MAX_REPORTED
              + " are shown)");
    }
    return new Summary(indexed, skipped, start);
  }

  private void badRecord(CorpusReader.BadRecord bad, long count) {
    if (onError == InputOptions.OnError.FAIL) {
      throw new CliFailure(
          bad.getMessage() + " (--on-error skip reports bad records and goes on without them)");
    }
    if (count <= MAX_REPORTED) {
      progress.println(bad.location() + ": skipped: " + bad.problem());
    }
  }

  private static Document document(NearDupDocumentBuilder builder, CorpusReader.Record record) {
    Document doc = new Document();
    doc.add(new KeywordField(CorpusIndex.ID_FIELD, record.id(), Field.Store.YES));
    doc.add(new TextField(CorpusIndex.TEXT_FIELD, record.text(), Field.Store.YES));
    builder.addFields(doc, record.text());
    for (Map.Entry<String, Object> e : record.fields().entrySet()) {
      String name = e.getKey();
      switch (e.getValue()) {
        case Long l -> doc.add(new LongField(name, l, Field.Store.NO));
        case Double d -> doc.add(new DoubleField(name, d, Field.Store.NO));
        case String s -> doc.add(new KeywordField(name, s, Field.Store.NO));
        default -> throw new IllegalStateException("unexpected field value " + e.getValue());
      }
    }
    return doc;
  }

  private static Document take(Future<Document> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while indexing");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IllegalStateException(cause);
    }
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "neardup-analysis-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
