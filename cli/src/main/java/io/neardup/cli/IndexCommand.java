package io.neardup.cli;

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
          + " analysis options. An existing index in DIR is replaced, as is one a killed run left"
          + " uncommitted."
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

  @Mixin TextOption textOption;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Override
  public Integer call() throws Exception {
    NearDupSettings settings =
        analysis.settings(Options.threshold(spec, threshold), true, shingles);
    NormalizationOptions normalization = analysis.normalization();
    IndexWriting.check(spec, input, run, indexDir.path);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    IndexWriting.run(input, run, settings, normalization, indexDir.path, textOption.text, progress);
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
