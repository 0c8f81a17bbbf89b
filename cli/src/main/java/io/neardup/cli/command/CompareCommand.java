package io.neardup.cli.command;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.eval.BCubedEvaluation;
import io.neardup.cli.eval.MethodScores;
import io.neardup.cli.eval.PairEvaluation;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.input.HeldInput;
import io.neardup.cli.input.WebCorpus;
import io.neardup.cli.options.AnalysisOptions;
import io.neardup.cli.options.InputOptions;
import io.neardup.cli.options.LibraryDefaults;
import io.neardup.cli.options.MethodParameters;
import io.neardup.cli.options.Options;
import io.neardup.cli.options.ReportOptions;
import io.neardup.cli.options.RunOptions;
import io.neardup.cli.options.SpillOptions;
import io.neardup.cli.output.ProgressLine;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.cli.report.ComparisonChart;
import io.neardup.cli.report.RunReport;
import io.neardup.cli.report.SimilarityHistogram;
import io.neardup.cli.run.MethodRun;
import io.neardup.cluster.ClusterStats;
import io.neardup.cluster.Verification;
import io.neardup.signature.Method;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup compare}: every method on the same input, scored against the exact truth, in one
 * table.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = LibraryDefaults.class,
    description = {
      "Runs near-duplicate methods on the same input and scores each against the exact truth"
          + " (computed as by the truth command unless --truth gives it): candidate pairs,"
          + " reported pairs, precision, recall and F1 on pairs (as evaluate counts them: pairs"
          + " at or above --threshold), B-cubed F1 on clusters, time and bytes kept per"
          + " document. Every method lists every pair it finds, as dedup --all-pairs does, since"
          + " the truth lists them all. Prints the table as Markdown; --out also writes it as CSV,"
          + " a chart of"
          + " precision and recall (SVG), and each method's pairs and clusters.",
      "",
      "Example: neardup compare --input corpus.jsonl --threshold 0.8 --out comparison"
    })
public final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin InputOptions input;

  @Option(
      names = "--threshold",
      converter = Options.ThresholdConverter.class,
      paramLabel = "T",
      defaultValue = "0.8",
      description =
          "The Jaccard similarity of shingle sets from which two texts are near-duplicates, in"
              + " (0, 1] (default: ${DEFAULT-VALUE}).")
  double threshold;

  @Option(
      names = "--truth",
      paramLabel = "TRUTH.tsv",
      description =
          "The exact truth, as written by truth (id_a, id_b, similarity); it must hold every"
              + " pair at or above --threshold (default: computed from the input).")
  Path truth;

  @Option(
      names = "--methods",
      paramLabel = "NAMES",
      defaultValue = "all",
      description =
          "The methods to compare, comma-separated, or all (default: ${DEFAULT-VALUE}): "
              + "minhash, min-m, mod-n, simhash, md5, tfidf, long-sent, heavy-sent, lex-rand.")
  String methods;

  @Option(
      names = "--verify",
      paramLabel = "exact|sketch",
      defaultValue = "exact",
      description = "minhash: how candidate pairs are verified (default: ${DEFAULT-VALUE}).")
  Verification verify;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write comparison.md, comparison.csv, comparison.svg, pairs-METHOD.tsv,"
              + " clusters-METHOD.jsonl (and truth.tsv when computed), and report.html into DIR:"
              + " one self-contained HTML page with the methods' chart and table and the report"
              + " of the first method's run (minhash when compared), as dedup --report writes"
              + " it.")
  Path out;

  @Option(
      names = "--input-memory",
      paramLabel = "SIZE",
      description =
          "Memory for holding the parsed input (and its shingle sets) so that it is read once for"
              + " the truth and every method, e.g. 512m; a larger input, or web pages, are read"
              + " again by each (default: a quarter of the JVM's heap; 0 reads it every time).")
  String inputMemory;

  @Mixin MethodParameters parameters;

  @Mixin AnalysisOptions analysis;

  @Mixin RunOptions run;

  @Mixin SpillOptions spillOptions;

  @Override
  public Integer call() throws Exception {
    double t = threshold;
    List<Method> chosen = methods(spec, methods);
    parameters.check(spec);
    analysis.settings(t, false, true); // bad analysis options fail before any work
    spillOptions.memory(spec);
    if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
      throw Options.invalid(spec, "--out", "must be a directory, got the file [" + out + "]");
    }
    long budget = inputMemory(spec, inputMemory);
    HeldInput source = new HeldInput(input, budget);
    ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), run.progress());
    List<ResultFiles.Pair> truthPairs;
    long truthStart = System.nanoTime();
    if (truth != null) {
      ResultFiles.PairsFile truthFile = ResultFiles.readPairsFile(truth);
      truthPairs = new ArrayList<>(truthFile.pairs());
      String note = truthFile.note(truth);
      if (note != null) {
        progress.println(note);
      }
    } else {
      truthPairs =
          TruthCommand.compute(input, source, analysis, t, run.threads(), progress).pairs();
      progress.println(
          String.format(
              Locale.ROOT,
              "truth: %s at exact Jaccard >= %s in %s",
              RunSummary.count(truthPairs.size(), "pair"),
              t,
              ProgressLine.elapsed(truthStart)));
      progress.println(held(source, budget));
    }
    if (out != null) {
      Files.createDirectories(out);
      if (truth == null) {
        ResultFiles.write(
            out.resolve("truth.tsv").toString(), null, w -> ResultFiles.writePairs(w, truthPairs));
      }
    }

    MethodRun runner = new MethodRun(spec, input, source, analysis, parameters, run, spillOptions);
    List<MethodScores> rows = new ArrayList<>();
    // the report shows the clusters of one run: minhash's when compared, else the first method's
    Method reported = chosen.contains(Method.MINHASH) ? Method.MINHASH : chosen.get(0);
    MethodRun.Outcome reportedOutcome = null;
    SimilarityHistogram histogram = null;
    for (Method method : chosen) {
      if (out != null && method == reported && RunReport.jaccard(method)) {
        histogram = new SimilarityHistogram(t, true);
        runner.histogram(histogram);
      }
      MethodRun.Outcome o =
          // every pair is listed, as with dedup --all-pairs: the truth lists every pair too, also
          // inside large groups of copies of one text
          runner.run(method, t, verify, true, CanonicalPolicy.BEST_SCORE, null, false, progress);
      if (method == reported) {
        reportedOutcome = o;
      }
      if (truth != null && rows.isEmpty()) {
        progress.println(held(source, budget));
        String note = keepInputIds(truthPairs, o.ids(), truth);
        if (note != null) {
          progress.println(note);
        }
      }
      List<ResultFiles.ClusterIds> clusters = o.clusters();
      ClusterStats stats = o.result().stats();
      MethodScores row =
          new MethodScores(
              method,
              stats.candidatePairs(),
              o.pairs().size(),
              PairEvaluation.evaluate(truthPairs, o.pairs(), new double[] {t}).get(0),
              BCubedEvaluation.bcubed(o.ids(), clusters, truthPairs, t),
              o.nanos() / 1e9,
              stats.bytesPerDocument());
      rows.add(row);
      progress.println(
          String.format(
              Locale.ROOT,
              "%s: %s, precision %s, recall %s, in %.1f s",
              method,
              RunSummary.count(row.reportedPairs(), "pair"),
              MethodScores.score(row.pairs().precision()),
              MethodScores.score(row.pairs().recall()),
              row.seconds()));
      if (out != null) {
        List<ResultFiles.Pair> pairs = o.pairs();
        ResultFiles.write(
            out.resolve("pairs-" + method + ".tsv").toString(),
            null,
            w -> ResultFiles.writePairs(w, pairs));
        ResultFiles.write(
            out.resolve("clusters-" + method + ".jsonl").toString(),
            null,
            w -> ResultFiles.writeClusters(w, clusters));
      }
    }

    String title =
        String.format(
            Locale.ROOT,
            "%s at threshold %s: %s (%s)",
            input.input.getFileName(),
            t,
            RunSummary.count(
                truthPairs.stream().filter(p -> p.similarity() >= t).count(), "true pair"),
            truth != null ? "truth from " + truth : "exact truth computed");
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(markdown(title, rows));
    stdout.flush();
    if (out != null) {
      ResultFiles.writeFile(out.resolve("comparison.md"), w -> w.write(markdown(title, rows)));
      ResultFiles.writeFile(out.resolve("comparison.csv"), w -> w.write(csv(rows)));
      ResultFiles.writeFile(
          out.resolve("comparison.svg"), w -> w.write(new ComparisonChart(title, rows).svg()));
      progress.update("report", 0, 0, 0, "");
      long reportStart = System.nanoTime();
      RunReport.write(
          out.resolve("report.html"),
          input,
          source,
          analysis.normalization(),
          reportedOutcome,
          t,
          verify,
          CanonicalPolicy.BEST_SCORE,
          ReportOptions.DEFAULT_LARGEST,
          histogram,
          rows,
          title);
      progress.done();
      progress.println(
          "report: the " + reported + " run's clusters, in " + ProgressLine.elapsed(reportStart));
      progress.println(
          "wrote the comparison, its chart, each method's pairs and the report to " + out);
    }
    return 0;
  }

  /** The bytes {@code --input-memory} gives, or its default. */
  static long inputMemory(CommandSpec spec, String size) {
    if (size == null) {
      return Runtime.getRuntime().maxMemory() / 4;
    }
    long bytes = SpillOptions.parseSize(size);
    if (bytes < 0) {
      throw Options.invalid(
          spec, "--input-memory", "must be a size like 512m or 2g, or 0, got [" + size + "]");
    }
    return bytes;
  }

  /**
   * Leaves out of the truth the pairs naming an id the input does not have: they can be found by no
   * method, and recall would count them.
   *
   * @return a warning saying how many were left out and which id first, or null if none
   */
  static String keepInputIds(List<ResultFiles.Pair> truthPairs, List<String> ids, Path truth) {
    java.util.Set<String> input = new java.util.HashSet<>(ids);
    String first = null;
    int before = truthPairs.size();
    java.util.Iterator<ResultFiles.Pair> it = truthPairs.iterator();
    while (it.hasNext()) {
      ResultFiles.Pair p = it.next();
      String absent = !input.contains(p.a()) ? p.a() : !input.contains(p.b()) ? p.b() : null;
      if (absent != null) {
        first = first == null ? absent : first;
        it.remove();
      }
    }
    if (first == null) {
      return null;
    }
    return "warning: "
        + truth
        + ": ids that are not in the input (the first: ["
        + CorpusReader.printable(first)
        + "]) are in "
        + RunSummary.count(before - truthPairs.size(), "pair")
        + ": left out; "
        + RunSummary.count(truthPairs.size(), "pair")
        + " are used";
  }

  /** What the progress line says, after the first pass, of how later passes get the input. */
  private String held(HeldInput source, long budget) throws IOException {
    if (source.held()) {
      return String.format(
          Locale.ROOT,
          "input: held in memory (%,d MB%s), not read again",
          Math.max(1, source.bytes() >> 20),
          source.compactSets() != null ? " with its shingle sets" : "");
    }
    if (WebCorpus.kind(input) != WebCorpus.Kind.TEXT) {
      return "input: web pages, read again by each method";
    }
    return String.format(
        Locale.ROOT,
        "input: more than --input-memory %,d MB, read again by each method",
        budget >> 20);
  }

  /** The methods named by {@code --methods}, in the order given, each once. */
  static List<Method> methods(CommandSpec spec, String names) {
    if (names.trim().equalsIgnoreCase("all")) {
      return List.of(Method.values());
    }
    Set<Method> chosen = new LinkedHashSet<>();
    for (String name : names.split(",")) {
      try {
        chosen.add(Method.of(name.trim()));
      } catch (IllegalArgumentException e) {
        throw Options.invalid(spec, "--methods", e.getMessage());
      }
    }
    return new ArrayList<>(chosen);
  }

  static String markdown(String title, List<MethodScores> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("## ").append(title).append("\n\n");
    sb.append(
        "| method | candidate pairs | reported pairs | precision | recall | F1 | B³ F1 | time (s) |"
            + " bytes/doc |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (MethodScores r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d | %,d | %s | %s | %s | %s | %.1f | %,.0f |%n",
              r.method(),
              r.candidatePairs(),
              r.reportedPairs(),
              MethodScores.score(r.pairs().precision()),
              MethodScores.score(r.pairs().recall()),
              MethodScores.score(r.pairs().f1()),
              MethodScores.score(r.clusters().f1()),
              r.seconds(),
              r.bytesPerDocument()));
    }
    return sb.toString();
  }

  static String csv(List<MethodScores> rows) {
    StringBuilder sb =
        new StringBuilder(
            "method,candidate_pairs,reported_pairs,true_pairs,correct_pairs,precision,recall,f1,"
                + "bcubed_precision,bcubed_recall,bcubed_f1,seconds,bytes_per_document\n");
    for (MethodScores r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "%s,%d,%d,%d,%d,%s,%s,%s,%.4f,%.4f,%.4f,%.3f,%.1f%n",
              r.method(),
              r.candidatePairs(),
              r.reportedPairs(),
              r.pairs().truth(),
              r.pairs().correct(),
              csvScore(r.pairs().precision()),
              csvScore(r.pairs().recall()),
              csvScore(r.pairs().f1()),
              r.clusters().precision(),
              r.clusters().recall(),
              r.clusters().f1(),
              r.seconds(),
              r.bytesPerDocument()));
    }
    return sb.toString();
  }

  private static String csvScore(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
