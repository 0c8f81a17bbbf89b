package io.neardup.cli.command;

import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.options.AnalysisOptions;
import io.neardup.cli.options.ClusterOptions;
import io.neardup.cli.options.IndexDirOption;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.options.TextOption;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.run.IndexAppend;
import io.neardup.cli.run.IndexWriting;
import io.neardup.cli.run.StoredClusterWrites;
import io.neardup.cluster.Verification;
import io.neardup.index.IndexMetadata;
import io.neardup.lsh.Banding;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup index}: builds a neardup index of a corpus for the other commands. */
@Command(
    name = "index",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Indexes a corpus into a Lucene index: ids, texts, the JSONL fields named by --fields, and"
          + " the near-duplicate band tokens, sketches, exact-duplicate tokens and shingle sets."
          + " The settings are recorded in the index, so clusters, similar and search need no"
          + " analysis options. The index also stores each document's cluster (id and canonical"
          + " flag), which clusters reads without clustering again. An existing index in DIR is"
          + " replaced, as is one a killed run left uncommitted; with --append, the input is"
          + " added to it instead."
    })
public final class IndexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Mixin IndexDirOption indexDir;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      defaultValue = "" + Banding.DEFAULT_THRESHOLD,
      description =
          "The similarity the bands are chosen for, in (0, 1] (default: ${DEFAULT-VALUE}).")
  double threshold;

  @Option(
      names = "--shingles",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Keep each document's shingle fingerprints, for exact verification (default: true;"
              + " --no-shingles makes a smaller index that only --verify sketch can cluster).")
  boolean shingles;

  @Option(
      names = "--append",
      description =
          "Add the input to the existing index in DIR: each new document joins the stored cluster"
              + " of its most similar near-duplicate (indexed, or new and earlier in the input),"
              + " or starts its own; only new documents and the canonicals they replace are"
              + " written. Analysis options must match the index's (leave them out). An id the"
              + " index has is a bad record.")
  boolean append;

  @Option(
      names = "--canonical",
      paramLabel = "POLICY",
      description =
          "Which member of a stored cluster is canonical, as for clusters --canonical; recorded"
              + " in the index, and applied by --append (default: score, the first in input"
              + " order).")
  String canonical;

  @Mixin TextOption textOption;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Override
  public Integer call() throws Exception {
    NearDupSettings settings = analysis.settings(threshold, true, shingles);
    NormalizationOptions normalization = analysis.normalization();
    if (append) {
      IndexAppend.run(
          spec, input, run, indexDir.path, settings, normalization, textOption.text, canonical);
      return 0;
    }
    IndexWriting.check(spec, input, run, indexDir.path);
    ClusterOptions clusterOptions = new ClusterOptions();
    clusterOptions.verify = settings.shingles() ? Verification.EXACT : Verification.SKETCH;
    clusterOptions.canonical = canonical;
    clusterOptions.check(spec, input);
    long memory = spillOptions.memory(spec);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    IndexMetadata metadata = new IndexMetadata(settings, normalization, OpenIndex.NEARDUP_FIELDS);
    IndexWriting.run(
        input,
        run,
        settings,
        normalization,
        indexDir.path,
        textOption.text,
        -1,
        progress,
        (writer, summary) ->
            StoredClusterWrites.storeNew(
                spec,
                writer,
                indexDir.path,
                metadata,
                clusterOptions,
                run,
                input.idField,
                spillOptions,
                memory,
                progress));
    progress.println(
        String.format(
            Locale.ROOT,
            "index at %s: %s, threshold %s, %d hashes, %s",
            indexDir.path,
            settings.sketch().shingleUnit().parameterValue()
                + " "
                + settings.sketch().shingleSize()
                + "-shingles",
            settings.threshold(),
            settings.sketch().hashes(),
            settings.banding()));
    return 0;
  }
}
