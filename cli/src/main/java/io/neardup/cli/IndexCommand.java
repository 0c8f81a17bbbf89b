package io.neardup.cli;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
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
final class IndexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Mixin IndexDirOption indexDir;

  @Option(
      names = "--threshold",
      paramLabel = "T",
      defaultValue = "" + Banding.DEFAULT_THRESHOLD,
      description =
          "The similarity the bands are chosen for, in (0, 1] (default: ${DEFAULT-VALUE}).")
  String threshold;

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
    NearDupSettings settings =
        analysis.settings(Options.threshold(spec, threshold), true, shingles);
    NormalizationOptions normalization = analysis.normalization();
    if (append) {
      return append(settings, normalization);
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
            ClusterStorage.storeNew(
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

  private int append(NearDupSettings given, NormalizationOptions givenNormalization)
      throws Exception {
    IndexWriting.checkInput(spec, input, run);
    IndexMetadata metadata;
    StoredClusters.Recorded recorded;
    int firstNew;
    boolean texts;
    try (OpenIndex opened = OpenIndex.open(indexDir.path)) {
      metadata = opened.metadata();
      recorded = opened.recorded();
      firstNew = opened.reader().maxDoc();
      texts = opened.hasTexts();
      if (recorded == null) {
        throw Options.invalid(
            spec,
            "--append",
            "the index at "
                + indexDir.path
                + " stores no clusters (built by an earlier neardup, or by dedup --index): run"
                + " neardup clusters --index "
                + indexDir.path
                + " --recompute --write once, then append");
      }
      if (opened.reader().numDeletedDocs() > 0) {
        throw Options.invalid(
            spec, "--append", "the index at " + indexDir.path + " has deleted documents");
      }
      ClusterStorage.checkAppendSettings(spec, metadata, given, givenNormalization);
      if (spec.commandLine().getParseResult().hasMatchedOption("--text")
          && textOption.text != texts) {
        throw Options.invalid(
            spec,
            textOption.text ? "--text" : "--no-text",
            "must match the index, which was built " + (texts ? "with" : "without") + " texts");
      }
      if (canonical != null) {
        CanonicalPolicy asked;
        try {
          asked = opened.resolve(Options.canonical(spec, canonical), input.idField);
        } catch (IllegalArgumentException e) {
          throw Options.invalid(spec, "--canonical", e.getMessage());
        }
        if (!asked.equals(recorded.canonical())) {
          throw Options.invalid(
              spec,
              "--canonical",
              "must match the policy the index's clusters were stored with ("
                  + recorded.canonical()
                  + ") when appending, got ["
                  + canonical
                  + "]; clusters --recompute --write --canonical POLICY changes it");
        }
      }
      // the policy reads its fields from the new documents too
      recorded.canonical().fields().stream()
          .filter(f -> !f.startsWith(CorpusReader.RESERVED_PREFIX))
          .forEach(input::want);
    }
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    String[] assigned = new String[1];
    RecordPipeline.Ingest summary =
        IndexWriting.run(
            input,
            run,
            metadata.settings(),
            metadata.normalization(),
            indexDir.path,
            texts,
            firstNew,
            progress,
            (writer, s) ->
                assigned[0] =
                    ClusterStorage.assignAppended(writer, metadata, recorded, firstNew, progress));
    progress.println(
        assigned[0]
            + "; index at "
            + indexDir.path
            + " now holds "
            + Clustering.count(firstNew + summary.documents(), "document"));
    return 0;
  }
}
