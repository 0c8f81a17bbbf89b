package io.neardup.engine.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The clusters of an engine's clustering API as a page lists them, in the {@link
 * io.neardup.cluster.ClusterOrder}: each cluster's canonical member and its copies with their
 * similarity to it ({@link ShardedClusterer.Clusters#group}).
 */
public final class ClusterListing {
  private ClusterListing() {}

  /** A document of a cluster; similarity is its estimated Jaccard similarity with the canonical. */
  public record Member(String index, String id, double similarity) {}

  /** A cluster: its canonical document and the other members in the order they were added. */
  public record Group(Member canonical, List<Member> copies) {
    /** Number of documents, the canonical included. */
    public int size() {
      return 1 + copies.size();
    }

    /** The ids of the members, the canonical first, then the copies in order. */
    public List<String> ids() {
      List<String> ids = new ArrayList<>(size());
      ids.add(canonical.id());
      copies.forEach(m -> ids.add(m.id()));
      return ids;
    }
  }

  /**
   * A page of clusters.
   *
   * @param documents documents added
   * @param clusteredDocuments documents in a cluster of two or more, over all clusters
   * @param totalClusters number of clusters, over all pages
   * @param from position of the page's first cluster
   * @param clusters the page's clusters, in the {@link io.neardup.cluster.ClusterOrder}
   */
  public record Page(
      int documents, long clusteredDocuments, int totalClusters, int from, List<Group> clusters) {}
}
