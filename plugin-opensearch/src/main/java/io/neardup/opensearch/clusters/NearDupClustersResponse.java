package io.neardup.opensearch.clusters;

import java.io.IOException;
import java.util.List;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.common.io.stream.Writeable;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * The clusters of an index, largest first, one page of them; the JSON of the Elasticsearch plugin's
 * clustering API.
 *
 * <pre>{@code
 * {"took": 812, "min_similarity": 0.8, "documents": 430, "clustered_documents": 197,
 *  "total_clusters": 67, "from": 0,                      // "run": "..." when kept
 *  "clusters": [
 *    {"size": 4, "canonical": {"_index": "docs", "_id": "17"},
 *     "copies": [{"_index": "docs", "_id": "212", "similarity": 0.9375}, ...]}, ...]}
 * }</pre>
 */
public final class NearDupClustersResponse extends ActionResponse implements ToXContentObject {

  /** A document of a cluster; similarity is its estimated Jaccard similarity with the canonical. */
  public record Member(String index, String id, double similarity) implements Writeable {
    Member(StreamInput in) throws IOException {
      this(in.readString(), in.readString(), in.readDouble());
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      out.writeString(index);
      out.writeString(id);
      out.writeDouble(similarity);
    }
  }

  /** A cluster: its canonical document and the other members in index order. */
  public record Cluster(Member canonical, List<Member> copies) implements Writeable {
    Cluster(StreamInput in) throws IOException {
      this(new Member(in), in.readList(Member::new));
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      canonical.writeTo(out);
      out.writeList(copies);
    }

    /** Number of documents, the canonical included. */
    public int size() {
      return 1 + copies.size();
    }
  }

  private final long tookMillis;
  private final double minSimilarity;
  private final long documents;
  private final long clusteredDocuments;
  private final int totalClusters;
  private final int from;
  private final List<Cluster> clusters;
  private final String run;

  public NearDupClustersResponse(
      long tookMillis,
      double minSimilarity,
      long documents,
      long clusteredDocuments,
      int totalClusters,
      int from,
      List<Cluster> clusters) {
    this(
        tookMillis,
        minSimilarity,
        documents,
        clusteredDocuments,
        totalClusters,
        from,
        clusters,
        null);
  }

  /**
   * @param run the id of the kept run the clusters can be paged from, or null
   */
  public NearDupClustersResponse(
      long tookMillis,
      double minSimilarity,
      long documents,
      long clusteredDocuments,
      int totalClusters,
      int from,
      List<Cluster> clusters,
      String run) {
    this.tookMillis = tookMillis;
    this.minSimilarity = minSimilarity;
    this.documents = documents;
    this.clusteredDocuments = clusteredDocuments;
    this.totalClusters = totalClusters;
    this.from = from;
    this.clusters = List.copyOf(clusters);
    this.run = run;
  }

  public NearDupClustersResponse(StreamInput in) throws IOException {
    this(
        in.readVLong(),
        in.readDouble(),
        in.readVLong(),
        in.readVLong(),
        in.readVInt(),
        in.readVInt(),
        in.readList(Cluster::new),
        in.readOptionalString());
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeVLong(tookMillis);
    out.writeDouble(minSimilarity);
    out.writeVLong(documents);
    out.writeVLong(clusteredDocuments);
    out.writeVInt(totalClusters);
    out.writeVInt(from);
    out.writeList(clusters);
    out.writeOptionalString(run);
  }

  /** The id of the kept run, or null if the run was not kept. */
  public String run() {
    return run;
  }

  /** Documents read (those matching the request's query). */
  public long documents() {
    return documents;
  }

  /** Documents in a cluster of two or more, over all clusters (not only this page). */
  public long clusteredDocuments() {
    return clusteredDocuments;
  }

  /** Number of clusters, over all pages. */
  public int totalClusters() {
    return totalClusters;
  }

  /** The minimum similarity used. */
  public double minSimilarity() {
    return minSimilarity;
  }

  /** This page's clusters. */
  public List<Cluster> clusters() {
    return clusters;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder b, Params params) throws IOException {
    b.startObject();
    if (run != null) {
      b.field("run", run);
    }
    b.field("took", tookMillis)
        .field("min_similarity", minSimilarity)
        .field("documents", documents)
        .field("clustered_documents", clusteredDocuments)
        .field("total_clusters", totalClusters)
        .field("from", from)
        .startArray("clusters");
    for (Cluster c : clusters) {
      b.startObject().field("size", c.size());
      b.startObject("canonical")
          .field("_index", c.canonical().index())
          .field("_id", c.canonical().id())
          .endObject();
      b.startArray("copies");
      for (Member m : c.copies()) {
        b.startObject()
            .field("_index", m.index())
            .field("_id", m.id())
            .field("similarity", m.similarity())
            .endObject();
      }
      b.endArray().endObject();
    }
    return b.endArray().endObject();
  }
}
