package io.neardup.cli.run;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.index.OpenIndex;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.RunSummary;
import io.neardup.index.IndexMetadata;
import io.neardup.index.StoredClusters;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code index --append}: the checks of an append against the index it adds to, the run, and the
 * assignment of the new documents to the stored clusters ({@link
 * StoredClusterWrites#assignAppended}).
 */
public final class IndexAppend {
  private IndexAppend() {}

  /**
   * Appends the input to the index in {@code index} and assigns the new documents to its stored
   * clusters, after checking that the options agree with the index.
   *
   * @param given the settings the analysis options describe (defaults for those not given)
   * @param text the --text option
   * @param canonical the --canonical option, or null
   */
  public static void run(
      CommandSpec spec,
      InputOptions input,
      RunOptions run,
      Path index,
      NearDupSettings given,
      NormalizationOptions givenNormalization,
      boolean text,
      String canonical)
      throws IOException {
    IndexWriting.checkInput(spec, input, run);
    IndexMetadata metadata;
    StoredClusters.Recorded recorded;
    int firstNew;
    boolean texts;
    try (OpenIndex opened = OpenIndex.open(index)) {
      metadata = opened.metadata();
      recorded = opened.recorded();
      firstNew = opened.reader().maxDoc();
      texts = opened.hasTexts();
      if (recorded == null) {
        throw Options.invalid(
            spec,
            "--append",
            "the index at "
                + index
                + " stores no clusters (built by an earlier neardup, or by dedup --index): run"
                + " neardup clusters --index "
                + index
                + " --recompute --write once, then append");
      }
      if (opened.reader().numDeletedDocs() > 0) {
        throw Options.invalid(spec, "--append", "the index at " + index + " has deleted documents");
      }
      checkSettings(spec, metadata, given, givenNormalization);
      if (spec.commandLine().getParseResult().hasMatchedOption("--text") && text != texts) {
        throw Options.invalid(
            spec,
            text ? "--text" : "--no-text",
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
    RecordPipeline.Summary summary =
        IndexWriting.run(
            input,
            run,
            metadata.settings(),
            metadata.normalization(),
            index,
            texts,
            firstNew,
            progress,
            (writer, s) ->
                assigned[0] =
                    StoredClusterWrites.assignAppended(
                        writer, metadata, recorded, firstNew, progress));
    progress.println(
        assigned[0]
            + "; index at "
            + index
            + " now holds "
            + RunSummary.count(firstNew + summary.documents(), "document"));
  }

  /**
   * The analysis settings an append uses: the index's. An option given on the command line must
   * agree with them; one left out takes the index's value.
   *
   * @param given the settings the options describe, defaults included
   * @throws picocli.CommandLine.ParameterException naming the first option that differs
   */
  private static void checkSettings(
      CommandSpec spec,
      IndexMetadata recorded,
      NearDupSettings given,
      NormalizationOptions givenNormalization) {
    Map<String, String> want = new LinkedHashMap<>();
    want.putAll(recorded.settings().toMap(Parameter.Style.KEBAB));
    want.putAll(recorded.normalization().toMap(Parameter.Style.KEBAB));
    Map<String, String> got = new LinkedHashMap<>();
    got.putAll(given.toMap(Parameter.Style.KEBAB));
    got.putAll(givenNormalization.toMap(Parameter.Style.KEBAB));
    for (Map.Entry<String, String> e : want.entrySet()) {
      String option = "--" + e.getKey();
      String value = got.get(e.getKey());
      if (spec.commandLine().getParseResult().hasMatchedOption(option)
          && !Objects.equals(e.getValue(), value)) {
        throw Options.invalid(
            spec,
            option,
            "must match the setting the index was built with ("
                + e.getValue()
                + ") when appending, got ["
                + value
                + "]; leave it out to use the index's");
      }
    }
  }
}
