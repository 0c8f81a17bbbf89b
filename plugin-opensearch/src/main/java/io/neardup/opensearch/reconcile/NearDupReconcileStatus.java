package io.neardup.opensearch.reconcile;

import java.io.IOException;
import java.util.Locale;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.tasks.Task;

/**
 * The progress of a reconcile in {@code GET _tasks}; -1 for what is not known yet.
 *
 * <pre>{@code
 * {"phase": "writing", "total": 430, "read": 430, "clusters": 67, "changed": 12,
 *  "updated": 10, "failed": 0}
 * }</pre>
 *
 * @param phase reading the sketches, clustering, writing the changes, refreshing
 * @param total documents matching the request
 * @param read documents read so far
 * @param clusters clusters of two or more found
 * @param changed documents whose cluster id or canonical flag differ
 * @param updated documents written so far
 * @param failed documents whose update failed so far
 */
public record NearDupReconcileStatus(
    Phase phase, long total, long read, long clusters, long changed, long updated, long failed)
    implements Task.Status {
  /** The name of this status on the wire. */
  public static final String NAME = "neardup_reconcile";

  /** Where a reconcile is. */
  public enum Phase {
    READING,
    CLUSTERING,
    WRITING,
    REFRESHING;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Reads a status from the wire. */
  public NearDupReconcileStatus(StreamInput in) throws IOException {
    this(
        in.readEnum(Phase.class),
        in.readZLong(),
        in.readVLong(),
        in.readZLong(),
        in.readZLong(),
        in.readVLong(),
        in.readVLong());
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeEnum(phase);
    out.writeZLong(total);
    out.writeVLong(read);
    out.writeZLong(clusters);
    out.writeZLong(changed);
    out.writeVLong(updated);
    out.writeVLong(failed);
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    return builder
        .startObject()
        .field("phase", phase.toString())
        .field("total", total)
        .field("read", read)
        .field("clusters", clusters)
        .field("changed", changed)
        .field("updated", updated)
        .field("failed", failed)
        .endObject();
  }
}
