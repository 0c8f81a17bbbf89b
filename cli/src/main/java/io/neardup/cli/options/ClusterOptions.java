package io.neardup.cli.options;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cluster.Verification;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** How clusters are verified and chosen, and where they are written. */
public final class ClusterOptions {
  @Option(
      names = "--verify",
      paramLabel = "exact|sketch",
      defaultValue = "exact",
      description =
          "How candidate pairs are verified: exact Jaccard similarity of the shingle sets, so"
              + " every reported pair truly reaches the threshold, or the sketch estimate, faster"
              + " and smaller (default: ${DEFAULT-VALUE}).")
  public Verification verify;

  @Option(
      names = "--canonical",
      paramLabel = "POLICY",
      description =
          "Which member of a cluster is canonical: score (the first in input order), FIELD:asc"
              + " (lowest value of a JSONL field wins, e.g. published:asc), FIELD:desc (highest"
              + " wins), boilerplate[:FIELD] (least boilerplate; web input gives each page its"
              + " boilerplate_fraction), earliest[:FIELD] (lowest date; WARC input gives each page"
              + " its WARC-Date as date), popularity[:FIELD] (highest popularity), or a"
              + " comma-separated chain whose later keys break ties, e.g."
              + " earliest,popularity:inlinks,score (default: score).")
  public String canonical;

  @Option(
      names = "--pairs",
      paramLabel = "PAIRS.tsv",
      description =
          "Write the near-duplicate pairs as TSV: a header line id_a, id_b, similarity, then one"
              + " line per pair with id_a < id_b (- for standard output).")
  public String pairs;

  @Option(
      names = "--clusters",
      paramLabel = "CLUSTERS.jsonl",
      description =
          "Write the clusters of two or more documents as JSONL: {\"canonical\": ID, \"members\":"
              + " [IDs], \"size\": N} (- for standard output; the default when --pairs is not"
              + " given either).")
  public String clusters;

  /** Where the clusters go: --clusters, else standard output when --pairs is not given either. */
  public String clustersTarget() {
    return clusters != null ? clusters : pairs == null ? ResultFiles.STDOUT : null;
  }

  /**
   * Checks the options before any work starts, so that a run never ends in an output it cannot
   * write or one that destroys data: each result file must be writable and neither the input nor
   * the other result file. With an input (dedup), also asks it for the field of --canonical.
   *
   * @param input the input of the run, or null if it reads an index
   */
  public void check(CommandSpec spec, InputOptions input) {
    CanonicalPolicy policy = Options.canonical(spec, canonical);
    if (input != null) {
      policy.fields().forEach(input::want);
    }
    Path inputPath = input == null ? null : input.input;
    Path pairsPath = output(spec, "--pairs", pairs, inputPath);
    Path clustersPath = output(spec, "--clusters", clusters, inputPath);
    if (pairsPath != null
        && clustersPath != null
        && ResultFiles.sameFile(pairsPath, clustersPath)) {
      throw Options.usage(
          spec,
          "--pairs and --clusters must name different files, got ["
              + pairs
              + "] and ["
              + clusters
              + "]");
    }
  }

  /** The path of a result file option, checked; null for none or standard output. */
  public static Path output(CommandSpec spec, String option, String target, Path input) {
    if (target == null || ResultFiles.STDOUT.equals(target)) {
      return null;
    }
    Path path;
    try {
      path = Path.of(target);
    } catch (InvalidPathException e) {
      throw Options.invalid(spec, option, "must be a file path, got [" + target + "]");
    }
    if (input != null && ResultFiles.sameFile(path, input)) {
      throw Options.invalid(
          spec,
          option,
          "must not be the input, which it would overwrite, got [" + target + "] for --input");
    }
    String problem = ResultFiles.unwritable(path);
    if (problem != null) {
      throw Options.invalid(spec, option, problem);
    }
    return path;
  }
}
