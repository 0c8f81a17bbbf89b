package io.neardup.cluster;

import java.util.List;

/**
 * The outcome of a {@link io.neardup.cluster.core.Clusterer} run.
 *
 * @param clusters the groups of two or more documents, ordered by their first member
 * @param stats what the run did
 */
public record ClusterResult(List<Cluster> clusters, ClusterStats stats) {
  public ClusterResult {
    clusters = List.copyOf(clusters);
  }
}
