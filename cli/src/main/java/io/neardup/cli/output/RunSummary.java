package io.neardup.cli.output;

import io.neardup.cluster.ClusterStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A clustering run's results and the lines that report them, as {@code dedup} and {@code clusters}
 * both write them: the pairs and clusters where the options say ({@link ResultFiles}), the "found"
 * line and the "wrote" line.
 */
public final class RunSummary {
  private RunSummary() {}

  /**
   * Writes the pairs and the clusters, each when its target is not null ({@value
   * ResultFiles#STDOUT}: standard output).
   */
  public static void write(
      PrintWriter stdout,
      String pairsTarget,
      List<ResultFiles.Pair> pairs,
      String clustersTarget,
      List<ResultFiles.ClusterIds> clusters)
      throws IOException {
    if (pairsTarget != null && pairs != null) {
      ResultFiles.write(pairsTarget, stdout, w -> ResultFiles.writePairs(w, pairs));
    }
    if (clustersTarget != null) {
      ResultFiles.write(clustersTarget, stdout, w -> ResultFiles.writeClusters(w, clusters));
    }
  }

  /**
   * The line saying what a run found.
   *
   * @param threshold the threshold as shown, or null where the method's own is described by {@code
   *     verifiedBy}
   * @param verifiedBy how pairs were decided, e.g. {@code exact Jaccard}
   * @param identical what the groups of identical sets are of, e.g. {@code identical texts}
   */
  public static String found(
      long listed,
      List<ResultFiles.ClusterIds> clusters,
      ClusterStats stats,
      String threshold,
      String verifiedBy,
      String identical,
      long startNanos) {
    long clustered = 0;
    for (ResultFiles.ClusterIds c : clusters) {
      clustered += c.members().size();
    }
    return String.format(
        Locale.ROOT,
        "found %s in %s (%,d of %,d documents)%s, verified by %s (%s checked, %s of %s), in %s",
        count(listed, "near-duplicate pair"),
        count(clusters.size(), "cluster"),
        clustered,
        stats.documents(),
        threshold == null ? "" : " at threshold " + threshold,
        verifiedBy,
        count(stats.candidatePairs(), "candidate pair"),
        count(stats.identicalGroups(), "group"),
        identical,
        ProgressLine.elapsed(startNanos));
  }

  /**
   * Prints which files a run wrote, e.g. {@code wrote pairs to p.tsv and clusters to c.jsonl};
   * nothing if it wrote none (standard output is no file).
   *
   * @param written what went where, e.g. {@code "pairs to p.tsv"}, in the order to say them
   */
  public static void wrote(ProgressLine progress, List<String> written) {
    if (!written.isEmpty()) {
      progress.println("wrote " + String.join(" and ", written));
    }
  }

  /** {@code what + " to " + target} for a file target; nothing for none or standard output. */
  public static void addFile(List<String> written, String what, String target) {
    if (target != null && !ResultFiles.STDOUT.equals(target)) {
      written.add(what + " to " + target);
    }
  }

  /** A new list for {@link #addFile}. */
  public static List<String> files() {
    return new ArrayList<>();
  }

  /** {@code 1 cluster}, {@code 2 clusters}. */
  public static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }
}
