package io.neardup.cli.run;

import io.neardup.cli.index.IndexLayout;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cluster.Verification;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
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
public final class IndexWriting {
  private IndexWriting() {}

  /** Checks the input and index options before any work starts. */
  public static void check(CommandSpec spec, InputOptions input, RunOptions run, Path index)
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
  public static RecordPipeline.Summary run(
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
    StreamingDedup dedup =
        dedup(input, run, settings, normalization, text, progress)
            .ordinalBase(Math.max(0, appendAfter));
    HeldInput source = new HeldInput(input, 0);
    StreamingDedup.Read done =
        write(
            index,
            settings,
            normalization,
            progress,
            config,
            beforeCommit,
            (writer, indexed) -> dedup.read(source, null, writer, indexed, index.toString()));
    done.print(progress, input.input);
    return done.summary();
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
  public interface BeforeCommit {
    void run(IndexWriter writer, RecordPipeline.Summary summary) throws IOException;
  }

  /**
   * Writes the index in {@code index} (a new one replacing whatever index is there, or an append,
   * as {@code config} says) with what {@code read} adds to its writer, committed with the settings,
   * running {@code beforeCommit} (when not null) before the commit. Nothing is committed if the
   * read fails.
   */
  public static StreamingDedup.Read write(
      Path index,
      NearDupSettings settings,
      NormalizationOptions normalization,
      ProgressLine progress,
      IndexWriterConfig config,
      BeforeCommit beforeCommit,
      Reading read)
      throws IOException {
    Files.createDirectories(index);
    try (Directory directory = FSDirectory.open(index);
        IndexWriter writer = OpenIndex.writer(directory, config, index)) {
      StreamingDedup.Read done;
      if (config.getOpenMode() == IndexWriterConfig.OpenMode.APPEND) {
        try (DirectoryReader indexed = DirectoryReader.open(directory)) {
          IndexSearcher searcher = new IndexSearcher(indexed);
          done = read.read(writer, id -> docOf(searcher, id) >= 0);
        }
      } else {
        done = read.read(writer, null);
        IndexMetadata.write(writer, settings, normalization, OpenIndex.NEARDUP_FIELDS);
      }
      if (beforeCommit != null) {
        beforeCommit.run(writer, done.summary());
      }
      progress.update("commit", 0, 0, done.summary().documents(), "docs");
      writer.commit();
      progress.done();
      return done;
    }
  }

  /** Reads the input into an index's writer. */
  @FunctionalInterface
  public interface Reading {
    /**
     * @param indexed whether an id is in the index already (an append), or null
     */
    StreamingDedup.Read read(IndexWriter writer, Predicate<String> indexed) throws IOException;
  }

  /**
   * The configuration of a writer that replaces whatever index is in its directory and commits only
   * when told to. Documents are added from several threads, so their ids need not follow the input:
   * {@link OpenIndex#ORDINAL_FIELD} keeps the input order.
   */
  public static IndexWriterConfig writerConfig() {
    return new IndexWriterConfig(IndexLayout.TEXT_ANALYZER)
        .setUseCompoundFile(false)
        .setMergePolicy(mergePolicy())
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
        .setRAMBufferSizeMB(32)
        .setCommitOnClose(false);
  }
}
