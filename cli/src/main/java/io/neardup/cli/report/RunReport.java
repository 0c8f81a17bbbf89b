package io.neardup.cli.report;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.eval.MethodScores;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.ReportOptions;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.run.MethodRun;
import io.neardup.cli.run.SignaturePlan;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.Verification;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleUnit;
import io.neardup.signature.Method;
import io.neardup.sketch.SketchParameters;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The HTML report of one method run over an input, as {@code dedup} and {@code compare} write it.
 */
public final class RunReport {
  private RunReport() {}

  /** Whether a method's similarity is a Jaccard similarity, so its histogram means one thing. */
  public static boolean jaccard(Method method) {
    return method == Method.MINHASH || method == Method.MIN_M || method == Method.MOD_N;
  }

  /** Checks a report path before any work: a file to write, not a directory, not the input. */
  public static void check(CommandSpec spec, String option, Path report, Path input) {
    if (report == null) {
      return;
    }
    if (Files.isDirectory(report)) {
      throw Options.invalid(
          spec, option, "must be a file to write, got the directory [" + report + "]");
    }
    if (input != null
        && report.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize())) {
      throw Options.invalid(spec, option, "must not be the input [" + input + "]");
    }
    String problem = ResultFiles.unwritable(report);
    if (problem != null) {
      throw Options.invalid(spec, option, problem);
    }
  }

  /**
   * A canonical policy as the user wrote it, e.g. {@code published:asc,score}; the index's id field
   * under the input's name.
   */
  public static String describe(CanonicalPolicy canonical, String idField, String idAlias) {
    if (canonical.byScore()) {
      return "score (the first in input order)";
    }
    StringBuilder sb = new StringBuilder();
    for (CanonicalPolicy.Key k : canonical.keys()) {
      sb.append(sb.isEmpty() ? "" : ",")
          .append(k.field().equals(idField) ? idAlias : k.field())
          .append(k.ascending() ? ":asc" : ":desc");
    }
    return sb.toString();
  }

  /** The summary lines every report of a run starts with. */
  public static List<String[]> summary(
      String input,
      Method method,
      NearDupSettings settings,
      SignaturePlan plan,
      double threshold,
      Verification verification,
      String canonical,
      ClusterStats stats,
      long skipped,
      int pairs,
      ShownClusters.Selection clusters,
      double seconds) {
    List<String[]> rows = new ArrayList<>();
    rows.add(row("input", input));
    rows.add(row("method", method.toString()));
    SketchParameters sketch = settings.sketch();
    rows.add(
        row(
            "shingling",
            sketch.shingleUnit() == ShingleUnit.WORD
                ? "word " + sketch.shingleSize() + "-shingles"
                : "character " + sketch.shingleSize() + "-grams"));
    if (plan == null) {
      rows.add(
          row(
              "sketch",
              String.format(
                  Locale.ROOT,
                  "%d values of %d bits (%s)",
                  sketch.hashes(),
                  sketch.bits(),
                  sketch.scheme().parameterValue())));
      rows.add(
          row(
              "bands × rows",
              String.format(
                  Locale.ROOT,
                  "%d × %d, P(t) = %.3f",
                  settings.banding().bands(),
                  settings.banding().rows(),
                  settings.banding().candidateProbability(threshold))));
    }
    rows.add(row("threshold", SCurveChart.shortNumber(threshold)));
    rows.add(
        row(
            "verified by",
            plan != null
                ? plan.describe()
                : verification == Verification.EXACT ? "exact Jaccard" : "sketch estimate"));
    rows.add(row("canonical policy", canonical));
    rows.add(
        row(
            "documents",
            String.format(Locale.ROOT, "%,d", stats.documents())
                + (skipped > 0
                    ? String.format(Locale.ROOT, " (%,d bad records skipped)", skipped)
                    : "")));
    rows.add(
        row(
            "clusters",
            String.format(
                Locale.ROOT, "%,d holding %,d documents", clusters.total(), clusters.documents())));
    rows.add(row("near-duplicate pairs", String.format(Locale.ROOT, "%,d", pairs)));
    rows.add(
        row("candidate pairs checked", String.format(Locale.ROOT, "%,d", stats.candidatePairs())));
    rows.add(row("time", String.format(Locale.ROOT, "%.1f s", seconds)));
    return rows;
  }

  /**
   * Writes the report of a run.
   *
   * @param source where the texts of the clusters shown are read from
   * @param histogram the run's similarities, or null
   * @param methods the rows of a comparison, or empty
   */
  public static void write(
      Path file,
      InputOptions input,
      HeldInput source,
      NormalizationOptions normalization,
      MethodRun.Outcome outcome,
      double threshold,
      Verification verification,
      CanonicalPolicy canonical,
      int largest,
      SimilarityHistogram histogram,
      List<MethodScores> methods,
      String methodsTitle)
      throws IOException {
    if (WebCorpus.kind(input) != WebCorpus.Kind.TEXT) {
      input.want(WebCorpus.URL_FIELD);
      input.want(WebCorpus.BOILERPLATE_FIELD);
      input.forReport();
    }
    ShownClusters.Selection selection =
        new ShownClusters(
                outcome.settings(), normalization, canonical, input.idField, input.idField)
            .select(
                outcome.clusters(),
                largest,
                ReportOptions.DEFAULT_SAMPLE,
                ShownClusters.fromInput(input, source, canonical),
                histogram == null
                    ? List.of()
                    : histogram.misses().closest(i -> outcome.ids().get(i)));
    SignaturePlan plan = outcome.plan();
    List<String[]> summary =
        summary(
            input.input.toString(),
            outcome.method(),
            outcome.settings(),
            plan,
            threshold,
            verification,
            describe(canonical, null, null),
            outcome.result().stats(),
            outcome.read().skipped(),
            outcome.pairs().size(),
            selection,
            outcome.nanos() / 1e9);
    String measure =
        plan != null
            ? plan.describe()
            : verification == Verification.EXACT ? "exact Jaccard" : "the sketch estimate";
    HtmlReport.write(
        file,
        new HtmlReport.Report(
            input.input.getFileName().toString(),
            summary,
            threshold,
            plan == null ? outcome.settings().banding() : null,
            histogram,
            measure,
            selection,
            methods,
            methodsTitle));
  }

  private static String[] row(String label, String value) {
    return new String[] {label, value};
  }
}
