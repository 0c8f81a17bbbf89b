package io.neardup.engine.api;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The progress of a running reconcile, updated as it goes and read by the engine's task API as a
 * {@link Status}; -1 for what is not known yet.
 */
public final class ReconcileProgress {
  private volatile Phase phase = Phase.READING;
  private volatile long total = -1;
  private final AtomicLong read = new AtomicLong();
  private volatile long clusters = -1;
  private volatile long changed = -1;
  private final AtomicLong updated = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();

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

  /**
   * A snapshot of the progress, in {@code GET _tasks}.
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
  public record Status(
      Phase phase, long total, long read, long clusters, long changed, long updated, long failed) {
    /** The name of this status on the wire. */
    public static final String NAME = "neardup_reconcile";

    /** Reads what {@link #write} wrote. */
    public static Status read(WireInput in) throws IOException {
      return new Status(
          in.readEnum(Phase.class),
          in.readZLong(),
          in.readVLong(),
          in.readZLong(),
          in.readZLong(),
          in.readVLong(),
          in.readVLong());
    }

    public void write(WireOutput out) throws IOException {
      out.writeEnum(phase);
      out.writeZLong(total);
      out.writeVLong(read);
      out.writeZLong(clusters);
      out.writeZLong(changed);
      out.writeVLong(updated);
      out.writeVLong(failed);
    }

    /** The JSON object. */
    public Map<String, Object> body() {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("phase", phase.toString());
      out.put("total", total);
      out.put("read", read);
      out.put("clusters", clusters);
      out.put("changed", changed);
      out.put("updated", updated);
      out.put("failed", failed);
      return out;
    }
  }

  /** The progress now. */
  public Status status() {
    return new Status(phase, total, read.get(), clusters, changed, updated.get(), failed.get());
  }

  /** The number of documents to read is known. */
  public void total(long documents) {
    this.total = documents;
  }

  /** One more document read. */
  public void read() {
    read.incrementAndGet();
  }

  /** The clusters are known: the writing starts. */
  public void clustered(long clusters, long changed) {
    this.clusters = clusters;
    this.changed = changed;
    this.phase = Phase.WRITING;
  }

  public void phase(Phase phase) {
    this.phase = phase;
  }

  /** A batch of writes ended. */
  public void written(long updated, long failed) {
    this.updated.addAndGet(updated);
    this.failed.addAndGet(failed);
  }
}
