package io.neardup.elasticsearch.clusters;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.elasticsearch.action.ActionResponse;
import org.elasticsearch.common.collect.Iterators;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.common.xcontent.ChunkedToXContentHelper;
import org.elasticsearch.common.xcontent.ChunkedToXContentObject;
import org.elasticsearch.xcontent.ToXContent;

/**
 * The clusters of an index, largest first, one page of them. Rendered in chunks (one per cluster),
 * so a large page streams to the client instead of being built as one document.
 *
 * <pre>{@code
 * {"took": 812, "min_similarity": 0.8, "documents": 430, "clustered_documents": 197,
 *  "total_clusters": 67, "from": 0,                      // "run": "..." when kept
 *  "clusters": [
 *    {"size": 4, "canonical": {"_index": "docs", "_id": "17"},
 *     "copies": [{"_index": "docs", "_id": "212", "similarity": 0.9375}, ...]}, ...]}
 * }</pre>
 */
public final class NearDupClustersResponse extends ActionResponse
    implements ChunkedToXContentObject {

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
      this(new Member(in), in.readCollectionAsList(Member::new));
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      canonical.writeTo(out);
      out.writeCollection(copies);
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
        in.readCollectionAsList(Cluster::new),
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
    out.writeCollection(clusters);
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
  public Iterator<? extends ToXContent> toXContentChunked(ToXContent.Params params) {
    return Iterators.concat(
        ChunkedToXContentHelper.chunk((b, p) -> {
          b.startObject();
          if (run != null) {
            b.field("run", run);
          }
          return b.field("took", tookMillis)
              .field("min_similarity", minSimilarity)
              .field("documents", documents)
              .field("clustered_documents", clusteredDocuments)
              .field("total_clusters", totalClusters)
              .field("from", from)
              .startArray("clusters");
        }),
        Iterators.map(
            clusters.iterator(),
            c ->
                (b, p) -> {
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
                  return b.endArray().endObject();
                }),
        ChunkedToXContentHelper.chunk((b, p) -> b.endArray().endObject()));
  }
}
