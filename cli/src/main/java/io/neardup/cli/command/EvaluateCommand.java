package io.neardup.cli.command;

import io.neardup.cli.eval.BCubedEvaluation;
import io.neardup.cli.eval.PairEvaluation;
import io.neardup.cli.input.CorpusReader;
import io.neardup.cli.options.Options;
import io.neardup.cli.output.ResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup evaluate}: precision, recall and F1 of a pairs file against ground truth, and the
 * B-cubed scores of a clusters file against the truth's connected components.
 */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
      "Scores near-duplicate pairs against ground truth. At each threshold t the true pairs are"
          + " the truth pairs with similarity >= t and the reported pairs those of the pairs file"
          + " with similarity >= t; precision = correct / reported, recall = correct / true.",
      "With --clusters (and --input, for the ids of every document) it scores clusters too:"
          + " B-cubed precision, recall and F1 against the connected components of the truth"
          + " pairs with similarity >= t (a document in no cluster is a cluster of its own)."
    })
public final class EvaluateCommand implements Callable<Integer> {
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
      paramLabel = "PAIRS.tsv",
      description = "Reported pairs, as written by dedup or clusters.")
  Path pairs;

  @Option(
      names = "--clusters",
      paramLabel = "CLUSTERS.jsonl",
      description =
          "Clusters to score, as written by dedup or clusters: one JSON object per line with the"
              + " member ids in \"members\"; needs --input.")
  Path clusters;

  @Option(
      names = "--input",
      paramLabel = "FILE",
      description =
          "With --clusters: the JSONL file or directory of text files that was clustered; its"
              + " ids are the documents scored.")
  Path input;

  @Option(
      names = "--id-field",
      paramLabel = "NAME",
      defaultValue = "id",
      description = "JSONL field of the document id in --input (default: ${DEFAULT-VALUE}).")
  String idField;

  @Option(
      names = "--text-field",
      paramLabel = "NAME",
      defaultValue = "text",
      description =
          "JSONL field of the text in --input: records without it are not documents, as in dedup"
              + " (default: ${DEFAULT-VALUE}).")
  String textField;

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
    if (pairs == null && clusters == null) {
      throw Options.usage(spec, "Missing option: give --pairs, --clusters or both");
    }
    if (clusters != null && input == null) {
      throw Options.usage(
          spec, "Missing option '--input': --clusters needs the ids of every document clustered");
    }
    if (clusters == null && input != null) {
      throw Options.usage(spec, "Option '--input' is only used with '--clusters'");
    }
    ResultFiles.PairsFile truthFile = ResultFiles.readPairsFile(truth);
    List<ResultFiles.Pair> truthPairs = truthFile.pairs();
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    if (truthFile.note(truth) != null) {
      err.println(truthFile.note(truth));
    }
    if (pairs != null) {
      pairScores(truthPairs, ts, out, err);
    }
    if (clusters != null) {
      clusterScores(truthPairs, ts, pairs != null, out, err);
    }
    out.flush();
    return 0;
  }

  private void clusterScores(
      List<ResultFiles.Pair> truthPairs,
      double[] ts,
      boolean afterPairs,
      PrintWriter out,
      PrintWriter err)
      throws IOException {
    List<String> ids = new ArrayList<>();
    try (CorpusReader reader = CorpusReader.open(input, idField, textField, Set.of())) {
      for (; ; ) {
        CorpusReader.Record r;
        try {
          r = reader.next();
        } catch (CorpusReader.BadRecord e) {
          // dedup skips bad records by default: they are no documents of its clusters either
          continue;
        }
        if (r == null) {
          break;
        }
        ids.add(r.id());
      }
    }
    List<ResultFiles.ClusterIds> found = ResultFiles.readClusters(clusters, new HashSet<>(ids));
    String note = CompareCommand.keepInputIds(truthPairs, ids, truth);
    if (note != null) {
      err.println(note);
    }
    err.flush();
    out.printf(
        Locale.ROOT,
        "%struth: %,d pairs in %s; clusters: %,d in %s, %,d documents in %s%n%n",
        afterPairs ? "\n" : "",
        truthPairs.size(),
        truth,
        found.size(),
        clusters,
        ids.size(),
        input);
    out.println("threshold  b3_precision  b3_recall   b3_f1");
    for (double t : ts) {
      BCubedEvaluation.Scores s = BCubedEvaluation.bcubed(ids, found, truthPairs, t);
      out.printf(
          Locale.ROOT,
          "%9s  %12s  %9s  %6s%n",
          t,
          score(s.precision()),
          score(s.recall()),
          score(s.f1()));
    }
  }

  private void pairScores(
      List<ResultFiles.Pair> truthPairs, double[] ts, PrintWriter out, PrintWriter err)
      throws IOException {
    ResultFiles.PairsFile reportedFile = ResultFiles.readPairsFile(pairs);
    List<ResultFiles.Pair> reported = reportedFile.pairs();
    if (reportedFile.note(pairs) != null) {
      err.println(reportedFile.note(pairs));
    }
    err.flush();
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
  }

  private static String score(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4f", v);
  }
}
