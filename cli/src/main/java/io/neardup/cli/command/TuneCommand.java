package io.neardup.cli.command;

import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.Options;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.report.SCurveChart;
import io.neardup.lsh.Banding;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup tune}: the bands and rows for a threshold, their S-curve and error rates. */
@Command(
    name = "tune",
    mixinStandardHelpOptions = true,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Shows the LSH banding chosen for a threshold: bands b and rows r, the probability"
          + " P(s) = 1 - (1 - s^r)^b that a pair of similarity s becomes a candidate, the expected"
          + " false-negative rate above the threshold and false-positive rate below it, and"
          + " optionally the S-curve as an SVG or PNG chart."
    })
public final class TuneCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      required = true,
      paramLabel = "T",
      description = "The similarity near-duplicates must reach, in (0, 1].")
  double threshold;

  @Option(
      names = "--hashes",
      paramLabel = "K",
      description = "Sketch values per document (default: ${DEFAULT-VALUE}).")
  String hashes;

  @Option(
      names = "--bands",
      paramLabel = "B",
      description = "Bands, instead of choosing them for the threshold.")
  String bands;

  @Option(
      names = "--rows",
      paramLabel = "R",
      description = "Rows per band, instead of choosing them for the threshold.")
  String rows;

  @Option(
      names = "--chart",
      paramLabel = "FILE",
      description = "Write the S-curve chart: PNG if FILE ends with .png, else SVG.")
  Path chart;

  @Override
  public Integer call() throws Exception {
    if (chart != null) {
      String problem = ResultFiles.unwritable(chart);
      if (problem != null) {
        throw Options.invalid(spec, "--chart", problem);
      }
    }
    Map<String, String> map = new HashMap<>();
    putIfSet(map, Parameter.HASHES, hashes);
    putIfSet(map, Parameter.BANDS, bands);
    putIfSet(map, Parameter.ROWS, rows);
    NearDupSettings settings;
    try {
      settings = NearDupSettings.parse(map, Parameter.Style.KEBAB, b -> b.threshold(threshold));
    } catch (ParameterException e) {
      throw Options.usage(spec, e);
    }
    Banding banding = settings.banding();
    double t = settings.threshold();
    int k = settings.sketch().hashes();

    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        Locale.ROOT,
        "threshold %s, %d hashes: %d bands x %d rows (%d of %d values used)%n",
        settings.threshold(),
        k,
        banding.bands(),
        banding.rows(),
        banding.valuesUsed(),
        k);
    out.printf(
        Locale.ROOT,
        "P(t) = %.4f: a pair at the threshold becomes a candidate with this probability%n",
        banding.candidateProbability(t));
    out.printf(Locale.ROOT, "steepest at s = %.3f ((1/b)^(1/r))%n", banding.inflection());
    out.printf(
        Locale.ROOT,
        "false-negative rate above %s: %.4f%% (pairs with s in [t, 1] never proposed)%n",
        settings.threshold(),
        100 * banding.falseNegativeRate(t));
    out.printf(
        Locale.ROOT,
        "false-positive rate below %s: %.4f%% (pairs with s in [0, t) proposed and rejected by"
            + " verification)%n",
        settings.threshold(),
        100 * banding.falsePositiveRate(t));
    out.println();
    out.println("   s  P(s)");
    for (double s : similarities(t)) {
      double p = banding.candidateProbability(s);
      String bar = "#".repeat((int) Math.round(p * 40)) + (s == t ? "  <- threshold" : "");
      out.println(String.format(Locale.ROOT, "%4s  %.6f  %s", format(s), p, bar).stripTrailing());
    }
    if (chart != null) {
      new SCurveChart(banding, t).write(chart);
      out.println();
      out.println("wrote " + chart);
    }
    out.flush();
    return 0;
  }

  /** 0.1, 0.2, ..., 1.0 and the threshold in its place. */
  private static List<Double> similarities(double t) {
    List<Double> list = new ArrayList<>();
    boolean placed = false;
    for (int i = 1; i <= 10; i++) {
      double s = i / 10.0;
      if (!placed && t <= s) {
        if (Math.abs(t - s) > 1e-9) {
          list.add(t);
        } else {
          s = t;
        }
        placed = true;
      }
      list.add(s);
    }
    return list;
  }

  private static String format(double s) {
    String text = String.format(Locale.ROOT, "%.3f", s).replaceAll("0+$", "");
    return text.endsWith(".") ? text + "0" : text;
  }

  private static void putIfSet(Map<String, String> map, Parameter p, String value) {
    if (value != null) {
      map.put(p.name(Parameter.Style.KEBAB), value);
    }
  }
}
