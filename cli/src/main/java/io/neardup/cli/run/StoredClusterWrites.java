package io.neardup.cli.run;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.output.CliFailure;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.RunSummary;
import io.neardup.cluster.Verification;
import io.neardup.cluster.core.SpillDirectory;
import io.neardup.index.AppendClusters;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The cluster assignment an index stores ({@link StoredClusters}), as the commands use it: stored
 * when {@code index} builds an index and when {@code clusters --recompute --write} reconciles it,
 * extended by {@code index --append} ({@link AppendClusters}).
 */
public final class StoredClusterWrites {
  private StoredClusterWrites() {}

  /**
   * Stores recomputed clusters in the index being written: names them after the ids documents carry
   * (a fresh index: after each canonical) and writes what changed.
   *
   * @return the documents whose cluster or flag was written
   */
  static int store(
      IndexWriter writer,
      OpenIndex view,
      ClusteringStep.Result result,
      double threshold,
      Verification verification)
      throws IOException {
    StoredClusters.Reconcile changes =
        StoredClusters.reconcile(
            view.reader(), view.metadata().fields(), view.ids(), result.docClusters(), false);
    StoredClusters.write(
        writer,
        OpenIndex.ID_FIELD,
        view.metadata().fields(),
        changes.changes(),
        changes.pointers());
    StoredClusters.record(
        writer,
        new StoredClusters.Recorded(threshold, verification, withoutOrdinal(result.canonical())));
    return changes.changes().size();
  }

  /**
   * Clusters the documents just written into a new index and stores the result, before its first
   * commit: {@code index} builds indexes whose clusters {@code clusters} reads without clustering.
   */
  public static void storeNew(
      CommandSpec spec,
      IndexWriter writer,
      Path path,
      IndexMetadata metadata,
      ClusterOptions options,
      RunOptions run,
      String idAlias,
      SpillOptions spillOptions,
      long memory,
      ProgressLine progress)
      throws IOException {
    try (OpenIndex view = OpenIndex.of(path, DirectoryReader.open(writer), metadata);
        SpillDirectory spill = StreamingDedup.spill(spillOptions.directory(spec))) {
      double threshold = metadata.settings().threshold();
      ClusteringStep.Result result =
          ClusteringStep.run(
              spec, view, threshold, options, run, idAlias, spill, memory, progress, null, false);
      store(writer, view, result, threshold, options.verify);
    }
  }

  /**
   * Recomputes and stores the clusters of an existing index ({@code clusters --recompute --write}):
   * a reconcile that rewrites only the documents whose cluster or flag changes.
   *
   * @return the documents written
   */
  public static int reconcile(
      OpenIndex index, ClusteringStep.Result result, double threshold, Verification verification)
      throws IOException {
    String field = index.metadata().fields().clusterField();
    if (FieldInfos.getMergedFieldInfos(index.reader()).fieldInfo(field) == null
        && index.reader().numDocs() > 0) {
      // Lucene updates only fields an index has, and adding one takes a document
      throw new CliFailure(
          "the index at "
              + index.path()
              + " was built before neardup stored clusters: clusters --recompute reads it, but"
              + " storing its clusters needs the fields of a newer index: build it again with"
              + " neardup index");
    }
    try (Directory directory = FSDirectory.open(index.path());
        IndexWriter writer =
            OpenIndex.writer(
                directory,
                IndexWriting.writerConfig().setOpenMode(IndexWriterConfig.OpenMode.APPEND),
                index.path())) {
      int written = store(writer, index, result, threshold, verification);
      writer.commit();
      return written;
    }
  }

  /**
   * Assigns the documents an append wrote (doc ids from {@code firstNew} on, the merge policy off)
   * to the stored clusters, writes the assignment, and restores the merge policy.
   */
  static String assignAppended(
      IndexWriter writer,
      IndexMetadata metadata,
      StoredClusters.Recorded recorded,
      int firstNew,
      ProgressLine progress)
      throws IOException {
    String summary;
    try (DirectoryReader reader = DirectoryReader.open(writer)) {
      int n = reader.maxDoc() - firstNew;
      long[] byOrdinal = new long[n];
      OpenIndex view = OpenIndex.of(null, reader, metadata);
      long[] ordinals = view.ordinals();
      for (int i = 0; i < n; i++) {
        byOrdinal[i] = (ordinals[firstNew + i] << 32) | (firstNew + i);
      }
      Arrays.sort(byOrdinal); // input order: each document meets the new ones before it
      // canonical ties go to the input order, which documents written on several threads record
      StoredClusters.Recorded ordered =
          view.hasOrdinals()
              ? new StoredClusters.Recorded(
                  recorded.threshold(),
                  recorded.verification(),
                  recorded.canonical().then(CanonicalPolicy.lowest(OpenIndex.ORDINAL_FIELD)))
              : recorded;
      AppendClusters append =
          new AppendClusters(
              reader,
              metadata.fields(),
              metadata.settings(),
              OpenIndex.ID_FIELD,
              ordered,
              firstNew);
      for (int i = 0; i < n; i++) {
        append.add((int) byOrdinal[i]);
        progress.update("assigning clusters", i + 1, n, i + 1, "docs");
      }
      progress.done();
      List<StoredClusters.Change> changes = append.changes();
      StoredClusters.write(
          writer, OpenIndex.ID_FIELD, metadata.fields(), changes, append.pointers());
      summary = appendSummary(append, changes, n, firstNew);
    }
    StoredClusters.record(writer, recorded);
    writer.getConfig().setMergePolicy(IndexWriting.mergePolicy());
    writer.maybeMerge();
    return summary;
  }

  /** The summary line of an append. */
  private static String appendSummary(
      AppendClusters append, List<StoredClusters.Change> changes, int documents, int firstNew) {
    long indexed = changes.stream().filter(c -> c.doc() < firstNew).count();
    List<String> notes = new ArrayList<>();
    if (append.bridges() > 0) {
      notes.add(
          String.format(
              Locale.ROOT,
              "; %s resembled two or more clusters and joined the most similar one"
                  + " (clusters --recompute --write merges them)",
              RunSummary.count(append.bridges(), "new document")));
    }
    return String.format(
        Locale.ROOT,
        "assigned %s: %,d joined a cluster, %s; cluster fields written for %s (%,d of them"
            + " indexed before)%s",
        RunSummary.count(documents, "new document"),
        append.joined(),
        RunSummary.count(append.flips(), "canonical") + " changed",
        RunSummary.count(changes.size(), "document"),
        indexed,
        String.join("", notes));
  }

  /** The policy as recorded: the input-order tie-break is implied, not a field to name. */
  static CanonicalPolicy withoutOrdinal(CanonicalPolicy policy) {
    return new CanonicalPolicy(
        policy.keys().stream().filter(k -> !k.field().equals(OpenIndex.ORDINAL_FIELD)).toList());
  }
}
