package io.neardup.engine.api;

import io.neardup.engine.api.ClusterListing.Group;
import io.neardup.engine.api.ClusterListing.Member;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clusters of an index in the {@link io.neardup.cluster.ClusterOrder} (by their first member in
 * index order), one page of them: the response of the engines' clustering API, its wire form and
 * its JSON as plain maps and lists (each engine's XContent builder writes {@link #head} and then
 * each cluster's {@link #body(Group)}, so a large page can stream).
 *
 * <pre>{@code
 * {"took": 812, "min_similarity": 0.8, "documents": 430, "clustered_documents": 197,
 *  "total_clusters": 67, "from": 0,                      // "run": "..." when kept
 *  "clusters": [
 *    {"size": 4, "canonical": {"_index": "docs", "_id": "17"},
 *     "copies": [{"_index": "docs", "_id": "212", "similarity": 0.9375}, ...]}, ...]}
 * }</pre>
 *
 * @param tookMillis how long the request took
 * @param minSimilarity the minimum similarity used
 * @param documents documents read (those matching the request's query)
 * @param clusteredDocuments documents in a cluster of two or more, over all clusters
 * @param totalClusters number of clusters, over all pages
 * @param from clusters skipped before this page
 * @param clusters this page's clusters
 * @param run the id of the kept run the clusters can be paged from, or null
 */
public record ClustersPage(
    long tookMillis,
    double minSimilarity,
    long documents,
    long clusteredDocuments,
    int totalClusters,
    int from,
    List<Group> clusters,
    String run) {

  /** The key of the clusters' array. */
  public static final String CLUSTERS = "clusters";

  public ClustersPage {
    clusters = List.copyOf(clusters);
  }

  /** The response of a computed page. */
  public static ClustersPage of(
      ClusterListing.Page page, long tookMillis, double minSimilarity, String run) {
    return new ClustersPage(
        tookMillis,
        minSimilarity,
        page.documents(),
        page.clusteredDocuments(),
        page.totalClusters(),
        page.from(),
        page.clusters(),
        run);
  }

  private static Member readMember(WireInput in) throws IOException {
    return new Member(in.readString(), in.readString(), in.readDouble());
  }

  private static void writeMember(Member m, WireOutput out) throws IOException {
    out.writeString(m.index());
    out.writeString(m.id());
    out.writeDouble(m.similarity());
  }

  /** Reads what {@link #write} wrote. */
  public static ClustersPage read(WireInput in) throws IOException {
    return new ClustersPage(
        in.readVLong(),
        in.readDouble(),
        in.readVLong(),
        in.readVLong(),
        in.readVInt(),
        in.readVInt(),
        in.readList(c -> new Group(readMember(c), c.readList(ClustersPage::readMember))),
        in.readOptionalString());
  }

  public void write(WireOutput out) throws IOException {
    out.writeVLong(tookMillis);
    out.writeDouble(minSimilarity);
    out.writeVLong(documents);
    out.writeVLong(clusteredDocuments);
    out.writeVInt(totalClusters);
    out.writeVInt(from);
    out.writeList(
        clusters,
        (c, o) -> {
          writeMember(c.canonical(), o);
          o.writeList(c.copies(), ClustersPage::writeMember);
        });
    out.writeOptionalString(run);
  }

  /** The response's fields before {@link #CLUSTERS}, in order. */
  public Map<String, Object> head() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (run != null) {
      out.put("run", run);
    }
    out.put("took", tookMillis);
    out.put("min_similarity", minSimilarity);
    out.put("documents", documents);
    out.put("clustered_documents", clusteredDocuments);
    out.put("total_clusters", totalClusters);
    out.put("from", from);
    return out;
  }

  /** One cluster's object in {@link #CLUSTERS}. */
  public static Map<String, Object> body(Group c) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("size", c.size());
    Map<String, Object> canonical = new LinkedHashMap<>();
    canonical.put("_index", c.canonical().index());
    canonical.put("_id", c.canonical().id());
    out.put("canonical", canonical);
    out.put(
        "copies",
        c.copies().stream()
            .map(m -> {
              Map<String, Object> copy = new LinkedHashMap<>();
              copy.put("_index", m.index());
              copy.put("_id", m.id());
              copy.put("similarity", m.similarity());
              return copy;
            })
            .toList());
    return out;
  }
}
