package io.neardup.cli;

import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Model.CommandSpec;

/** The indexing step that {@code index} and {@code dedup} share: checks, run and summary. */
final class Indexing {
  private Indexing() {}

  /** Checks the input and index options before any work starts. */
  static void check(CommandSpec spec, InputOptions input, RunOptions run, Path index)
      throws IOException {
    if (!Files.exists(input.input)) {
      throw Options.invalid(spec, "--input", "no such file or directory: " + input.input);
    }
    String unreadable = CorpusReader.unreadable(input.input);
    if (unreadable != null) {
      throw Options.invalid(spec, "--input", unreadable);
    }
    Options.atLeast(spec, "--threads", run.threads(), 1);
    if (index != null) {
      String problem = CorpusIndex.checkTarget(index);
      if (problem != null) {
        throw Options.invalid(spec, "--index", problem);
      }
      if (CorpusIndex.isUncommitted(index)) {
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

  /** Indexes the input into {@code index} and prints a one-line summary on standard error. */
  static CorpusIndexer.Summary run(
      InputOptions input,
      RunOptions run,
      NearDupSettings settings,
      NormalizationOptions normalization,
      Path index,
      Progress progress)
      throws IOException {
    Files.createDirectories(index);
    CorpusIndexer.Summary summary;
    try (CorpusReader reader =
            CorpusReader.open(input.input, input.idField, input.textField, input.fields());
        Directory directory = FSDirectory.open(index)) {
      summary =
          new CorpusIndexer(settings, normalization, run.threads(), input.onError, progress)
              .index(reader, directory);
    }
    progress.println(
        String.format(
            Locale.ROOT,
            "indexed %s from %s in %s (%s skipped)",
            Clustering.count(summary.indexed(), "document"),
            input.input,
            Progress.elapsed(summary.startNanos()),
            Clustering.count(summary.skipped(), "bad record")));
    return summary;
  }
}
