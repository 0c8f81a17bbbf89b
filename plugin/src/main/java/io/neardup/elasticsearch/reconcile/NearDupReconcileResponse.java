package io.neardup.elasticsearch.reconcile;

import java.io.IOException;
import java.util.List;
import org.elasticsearch.action.ActionResponse;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.xcontent.ToXContentObject;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * What a reconcile did.
 *
 * <pre>{@code
 * {"took": 95, "dry_run": false, "min_similarity": 0.8, "documents": 430, "clusters": 67,
 *  "changed": 12, "updated": 12, "unchanged": 418, "failed": 0, "failures": []}
 * }</pre>
 *
 * {@code changed} documents had a cluster id or canonical flag that differs from the recomputed
 * one; {@code updated} of them were written (none in a dry run); {@code failures} lists the first
 * {@link #MAX_FAILURES} of the {@code failed} ones with the reason.
 */
public final class NearDupReconcileResponse extends ActionResponse implements ToXContentObject {
  /** Most failures listed one by one. */
  public static final int MAX_FAILURES = 100;

  /** A document whose update failed. */
  public record Failure(String index, String id, String reason) implements Writeable {
    Failure(StreamInput in) throws IOException {
      this(in.readString(), in.readString(), in.readString());
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      out.writeString(index);
      out.writeString(id);
      out.writeString(reason);
    }
  }

  private final long tookMillis;
  private final boolean dryRun;
  private final double minSimilarity;
  private final long documents;
  private final long clusters;
  private final long changed;
  private final long updated;
  private final long failed;
  private final List<Failure> failures;

  public NearDupReconcileResponse(
      long tookMillis,
      boolean dryRun,
      double minSimilarity,
      long documents,
      long clusters,
      long changed,
      long updated,
      long failed,
      List<Failure> failures) {
    this.tookMillis = tookMillis;
    this.dryRun = dryRun;
    this.minSimilarity = minSimilarity;
    this.documents = documents;
    this.clusters = clusters;
    this.changed = changed;
    this.updated = updated;
    this.failed = failed;
    this.failures = List.copyOf(failures);
  }

  public NearDupReconcileResponse(StreamInput in) throws IOException {
    this(
        in.readVLong(),
        in.readBoolean(),
        in.readDouble(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readVLong(),
        in.readCollectionAsList(Failure::new));
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeVLong(tookMillis);
    out.writeBoolean(dryRun);
    out.writeDouble(minSimilarity);
    out.writeVLong(documents);
    out.writeVLong(clusters);
    out.writeVLong(changed);
    out.writeVLong(updated);
    out.writeVLong(failed);
    out.writeCollection(failures);
  }

  /** Documents read (those matching the request's query). */
  public long documents() {
    return documents;
  }

  /** Clusters of two or more documents. */
  public long clusters() {
    return clusters;
  }

  /** Documents whose cluster id or canonical flag differed from the recomputed ones. */
  public long changed() {
    return changed;
  }

  /** Documents written. */
  public long updated() {
    return updated;
  }

  /** Documents read whose assignment was already right. */
  public long unchanged() {
    return documents - changed;
  }

  /** Documents whose update failed. */
  public long failed() {
    return failed;
  }

  /** The first failures, with their reasons. */
  public List<Failure> failures() {
    return failures;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    builder
        .startObject()
        .field("took", tookMillis)
        .field("dry_run", dryRun)
        .field("min_similarity", minSimilarity)
        .field("documents", documents)
        .field("clusters", clusters)
        .field("changed", changed)
        .field("updated", updated)
        .field("unchanged", unchanged())
        .field("failed", failed)
        .startArray("failures");
    for (Failure f : failures) {
      builder
          .startObject()
          .field("_index", f.index())
          .field("_id", f.id())
          .field("reason", f.reason())
          .endObject();
    }
    return builder.endArray().endObject();
  }
}
