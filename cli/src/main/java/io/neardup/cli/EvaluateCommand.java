package io.neardup.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup evaluate}: precision, recall and F1 of a pairs file against ground truth. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
      "Scores near-duplicate pairs against ground truth. At each threshold t the true pairs are"
          + " the truth pairs with similarity >= t and the reported pairs those of the pairs file"
          + " with similarity >= t; precision = correct / reported, recall = correct / true."
    })
final class EvaluateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--truth",
      required = true,
      paramLabel = "TRUTH.tsv",
      description =
          "Ground truth: id_a, id_b, similarity per line, tab-separated (e.g. the exact Jaccard"
              + " similarity of every pair above some floor); a header line is allowed.")
  Path truth;

  @Option(
      names = "--pairs",
      required = true,
      paramLabel = "PAIRS.tsv",
      description = "Reported pairs, as written by dedup or clusters.")
  Path pairs;

  @Option(
      names = "--thresholds",
      converter = Options.ThresholdConverter.class,
      split = ",",
      paramLabel = "T",
      defaultValue = "0.5,0.6,0.7,0.8,0.9",
      description = "Thresholds to score at, comma-separated (default: ${DEFAULT-VALUE}).")
  List<Double> thresholds;

  @Override
  public Integer call() throws Exception {
    double[] ts = new double[thresholds.size()];
    for (int i = 0; i < ts.length; i++) {
      ts[i] = thresholds.get(i);
    }
    ResultFiles.PairsFile truthFile = ResultFiles.readPairsFile(truth);
    ResultFiles.PairsFile reportedFile = ResultFiles.readPairsFile(pairs);
    List<ResultFiles.Pair> truthPairs = truthFile.pairs();
    List<ResultFiles.Pair> reported = reportedFile.pairs();
    PrintWriter err = spec.commandLine().getErr();
    for (String note : new String[] {truthFile.note(truth), reportedFile.note(pairs)}) {
      if (note != null) {
        err.println(note);
      }
    }
    err.flush();
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        Locale.ROOT,
        "truth: %,d pairs in %s; reported: %,d pairs in %s%n%n",
        truthPairs.size(),
        truth,
        reported.size(),
        pairs);
    out.println("threshold      true  reported   correct  precision  recall      f1");
    for (PairEvaluation.Row row : PairEvaluation.evaluate(truthPairs, reported, ts)) {
      out.printf(
          Locale.ROOT,
          "%9s  %8d  %8d  %8d  %9s  %6s  %6s%n",
          row.threshold(),
          row.truth(),
          row.reported(),
          row.correct(),
          score(row.precision()),
          score(row.recall()),
          score(row.f1()));
    }
    double lowest =
        reported.stream().mapToDouble(ResultFiles.Pair::similarity).min().orElse(Double.NaN);
    for (double t : ts) {
      if (t < lowest - 1e-9) {
        out.printf(
            Locale.ROOT,
            "%nnote: no reported pair is below %s: the pairs were probably found at that threshold,"
                + " so recall at lower thresholds counts pairs that were never looked for.%n",
            ResultFiles.formatSimilarity(lowest).replaceAll("0+$", ""));
        break;
      }
    }
    out.flush();
    return 0;
  }

  private static String score(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
  }
}
