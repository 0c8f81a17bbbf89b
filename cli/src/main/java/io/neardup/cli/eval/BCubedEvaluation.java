package io.neardup.cli.eval;

import io.neardup.cli.output.ResultFiles;
import io.neardup.cluster.core.UnionFind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * B-cubed precision, recall and F1 of clusters against the clusters of the truth (Bagga and Baldwin
 * 1998): for each document, the share of its cluster that is in its true cluster (precision) and
 * the share of its true cluster that is in its cluster (recall), averaged over all documents; a
 * document in no cluster is a cluster of its own. The true clusters are the connected components of
 * the truth's pairs at or above the threshold.
 */
public final class BCubedEvaluation {
  private BCubedEvaluation() {}

  /** The scores; F1 is the harmonic mean of the averages. */
  public record Scores(double precision, double recall) {
    public double f1() {
      return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    }
  }

  /**
   * @param ids every document of the input, in input order
   * @param clusters the clusters found
   * @param truth the true pairs; those below {@code threshold} are left out
   */
  public static Scores bcubed(
      List<String> ids,
      List<ResultFiles.ClusterIds> clusters,
      List<ResultFiles.Pair> truth,
      double threshold) {
    int n = ids.size();
    if (n == 0) {
      return new Scores(1, 1);
    }
    Map<String, Integer> index = new HashMap<>(2 * n);
    for (int i = 0; i < n; i++) {
      index.put(ids.get(i), i);
    }
    UnionFind trueSets = new UnionFind(n);
    for (ResultFiles.Pair p : truth) {
      Integer a = index.get(p.a());
      Integer b = index.get(p.b());
      if (a != null && b != null && p.similarity() >= threshold) {
        trueSets.union(a, b);
      }
    }
    int[] found = new int[n];
    for (int i = 0; i < n; i++) {
      found[i] = i;
    }
    for (ResultFiles.ClusterIds c : clusters) {
      int first = index.get(c.members().get(0));
      for (String id : c.members()) {
        found[index.get(id)] = first;
      }
    }
    // sizes of the found clusters, the true clusters and their intersections
    Map<Integer, Integer> foundSize = new HashMap<>();
    Map<Integer, Integer> trueSize = new HashMap<>();
    Map<Long, Integer> both = new HashMap<>();
    for (int i = 0; i < n; i++) {
      int t = trueSets.find(i);
      foundSize.merge(found[i], 1, Integer::sum);
      trueSize.merge(t, 1, Integer::sum);
      both.merge((long) found[i] << 32 | t, 1, Integer::sum);
    }
    double precision = 0;
    double recall = 0;
    for (int i = 0; i < n; i++) {
      int t = trueSets.find(i);
      double common = both.get((long) found[i] << 32 | t);
      precision += common / foundSize.get(found[i]);
      recall += common / trueSize.get(t);
    }
    return new Scores(precision / n, recall / n);
  }
}
