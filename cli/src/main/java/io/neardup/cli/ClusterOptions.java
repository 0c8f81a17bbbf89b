package io.neardup.cli;

import io.neardup.cluster.Verification;
import picocli.CommandLine.Option;

/** How clusters are verified and chosen, and where they are written. */
final class ClusterOptions {
  @Option(
      names = "--verify",
      paramLabel = "exact|sketch",
      defaultValue = "exact",
      description =
          "How candidate pairs are verified: exact Jaccard similarity of the shingle sets, so"
              + " every reported pair truly reaches the threshold, or the sketch estimate, faster"
              + " and smaller (default: ${DEFAULT-VALUE}).")
  Verification verify;

  @Option(
      names = "--canonical",
      paramLabel = "POLICY",
      description =
          "Which member of a cluster is canonical: score (the first in input order), FIELD:asc"
              + " (lowest value of a JSONL field wins, e.g. published:asc) or FIELD:desc (highest"
              + " wins) (default: score).")
  String canonical;

  @Option(
      names = "--pairs",
      paramLabel = "PAIRS.tsv",
      description =
          "Write the near-duplicate pairs as TSV: a header line id_a, id_b, similarity, then one"
              + " line per pair with id_a < id_b (- for standard output).")
  String pairs;

  @Option(
      names = "--clusters",
      paramLabel = "CLUSTERS.jsonl",
      description =
          "Write the clusters of two or more documents as JSONL: {\"canonical\": ID, \"members\":"
              + " [IDs], \"size\": N} (- for standard output; the default when --pairs is not"
              + " given either).")
  String clusters;
}
