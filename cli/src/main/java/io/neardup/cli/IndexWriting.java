package io.neardup.cli;

import io.neardup.cluster.Clusterer;
import io.neardup.cluster.Verification;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Writes an input into an index, the step that {@code index} and {@code dedup} share: checks, run
 * and summary. {@link OpenIndex} reads an index written earlier.
 */
final class IndexWriting {
  private IndexWriting() {}

  /** Checks the input and index options before any work starts. */
  static void check(CommandSpec spec, InputOptions input, RunOptions run, Path index)
      throws IOException {
    checkInput(spec, input, run);
    if (index != null) {
      String problem = OpenIndex.checkTarget(index);
      if (problem != null) {
        throw Options.invalid(spec, "--index", problem);
      }
      if (OpenIndex.isLocked(index)) {
        throw Options.invalid(spec, "--index", OpenIndex.locked(index));
      }
      if (OpenIndex.isUncommitted(index)) {
        spec.commandLine()
            .getErr()
            .println(
                "note: "
                    + index
                    + " holds an index that was never committed (an interrupted run); replacing"
                    + " it");
      }
    }
  }

  /** Checks the input options before any work starts. */
  static void checkInput(CommandSpec spec, InputOptions input, RunOptions run) throws IOException {
    if (!Files.exists(input.input)) {
      throw Options.invalid(spec, "--input", "no such file or directory: " + input.input);
    }
    WebCorpus.check(spec, input);
    input.languages(spec);
    String unreadable = CorpusReader.unreadable(input.input);
    if (unreadable != null) {
      throw Options.invalid(spec, "--input", unreadable);
    }
    Options.atLeast(spec, "--threads", run.threads(), 1);
  }

  /**
   * Indexes the input into {@code index} on all threads, replacing whatever index is there or, with
   * {@code appendAfter} at 0 or more, adding to it (records with an id the index has are bad
   * records); runs {@code beforeCommit} before the commit and prints a one-line summary on standard
   * error. Nothing is committed if the run fails.
   *
   * @param text whether documents keep their text, for {@code search}
   * @param appendAfter the input ordinal of the first new document of an append, or -1 for a new
   *     index
   */
  static RecordPipeline.Ingest run(
      InputOptions input,
      RunOptions run,
      NearDupSettings settings,
      NormalizationOptions normalization,
      Path index,
      boolean text,
      long appendAfter,
      ProgressLine progress,
      BeforeCommit beforeCommit)
      throws IOException {
    IndexWriterConfig config = writerConfig();
    if (appendAfter >= 0) {
      // no merges while the new documents are assigned: they stay after the indexed ones, in doc
      // id order, and the indexed ones keep their doc ids; a serial scheduler merges before the
      // commit
      config
          .setOpenMode(IndexWriterConfig.OpenMode.APPEND)
          .setMergePolicy(NoMergePolicy.INSTANCE)
          .setMergeScheduler(new SerialMergeScheduler());
    }
    return ingest(
        input,
        new HeldInput(input, 0),
        dedup(input, run, settings, normalization, text, progress)
            .ordinalBase(Math.max(0, appendAfter)),
        null,
        index,
        settings,
        normalization,
        progress,
        config,
        beforeCommit);
  }

  private static StreamingDedup dedup(
      InputOptions input,
      RunOptions run,
      NearDupSettings settings,
      NormalizationOptions normalization,
      boolean text,
      ProgressLine progress) {
    StreamingDedup dedup =
        new StreamingDedup(
            settings,
            normalization,
            settings.shingles() ? Verification.EXACT : Verification.SKETCH,
            run.threads(),
            input.onError,
            progress,
            null,
            text);
    dedup.languages(input.languageFilter());
    return dedup;
  }

  private static int docOf(IndexSearcher searcher, String id) {
    try {
      return StoredClusters.docOf(searcher, OpenIndex.ID_FIELD, id);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The merge policy an append restores once the new documents are assigned, so that repeated
   * appends do not pile up small segments.
   */
  static TieredMergePolicy mergePolicy() {
    TieredMergePolicy merges = new TieredMergePolicy();
    merges.setNoCFSRatio(
        0); // a bulk load writes each segment once; copying it into a compound file doubles that
    return merges;
  }

  /** What runs on the written documents before the commit: assigns their clusters. */
  @FunctionalInterface
  interface BeforeCommit {
    void run(IndexWriter writer, RecordPipeline.Ingest summary) throws IOException;
  }

  /**
   * Reads the input once through {@code dedup}: into {@code clusterer} and into the index in {@code
   * index} (a new one replacing whatever index is there, or an append, as {@code config} says;
   * committed with the settings), each when not null, running {@code beforeCommit} (when not null)
   * before the commit. Prints a one-line summary on standard error. Nothing is committed if the run
   * fails.
   *
   * @param source where the records come from: the input, or what an earlier pass held of it
   */
  static RecordPipeline.Ingest ingest(
      InputOptions input,
      HeldInput source,
      StreamingDedup dedup,
      Clusterer clusterer,
      Path index,
      NearDupSettings settings,
      NormalizationOptions normalization,
      ProgressLine progress,
      IndexWriterConfig config,
      BeforeCommit beforeCommit)
      throws IOException {
    RecordPipeline.Ingest summary;
    List<String> notes;
    try (CorpusReader reader = source.open()) {
      if (index == null) {
        summary = dedup.ingest(reader, clusterer, null);
      } else {
        Files.createDirectories(index);
        try (Directory directory = FSDirectory.open(index);
            IndexWriter writer = OpenIndex.writer(directory, config, index)) {
          if (config.getOpenMode() == IndexWriterConfig.OpenMode.APPEND) {
            try (DirectoryReader indexed = DirectoryReader.open(directory)) {
              IndexSearcher searcher = new IndexSearcher(indexed);
              reader.rejectIndexedIds(id -> docOf(searcher, id) >= 0, index.toString());
              summary = dedup.ingest(reader, clusterer, writer);
            }
          } else {
            summary = dedup.ingest(reader, clusterer, writer);
          }
          if (config.getOpenMode() != IndexWriterConfig.OpenMode.APPEND) {
            IndexMetadata.write(writer, settings, normalization, OpenIndex.NEARDUP_FIELDS);
          }
          if (beforeCommit != null) {
            beforeCommit.run(writer, summary);
          }
          progress.update("commit", 0, 0, summary.documents(), "docs");
          writer.commit();
          progress.done();
        }
      }
      notes = new java.util.ArrayList<>(reader.notes());
      notes.addAll(dedup.notes());
    }
    progress.println(
        String.format(
            Locale.ROOT,
            "indexed %s from %s in %s (%s skipped)",
            Clustering.count(summary.documents(), "document"),
            input.input,
            ProgressLine.elapsed(summary.startNanos()),
            Clustering.count(summary.skipped(), "bad record")));
    for (String note : notes) {
      progress.println(note);
    }
    return summary;
  }

  /**
   * The analyser of the full-text field: Lucene's standard analyser (standard tokenizer, lower
   * case) without its stop filter, whose default word list is empty anyway, so the tokens and the
   * queries of {@code search} are the same and no token pays a set lookup.
   */
  static final Analyzer TEXT_ANALYZER =
      new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
          StandardTokenizer tokenizer = new StandardTokenizer();
          return new TokenStreamComponents(tokenizer, new LowerCaseFilter(tokenizer));
        }

        @Override
        protected TokenStream normalize(String fieldName, TokenStream in) {
          return new LowerCaseFilter(in);
        }
      };

  /**
   * The configuration of a writer that replaces whatever index is in its directory and commits only
   * when told to. Documents are added from several threads, so their ids need not follow the input:
   * {@link OpenIndex#ORDINAL_FIELD} keeps the input order.
   */
  static IndexWriterConfig writerConfig() {
    return new IndexWriterConfig(TEXT_ANALYZER)
        .setUseCompoundFile(false)
        .setMergePolicy(mergePolicy())
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
        .setRAMBufferSizeMB(32)
        .setCommitOnClose(false);
  }
}
