package io.neardup.elasticsearch.reconcile;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.elasticsearch.tasks.CancellableTask;
import org.elasticsearch.tasks.TaskId;

/**
 * A running reconcile: cancellable ({@code POST _tasks/<id>/_cancel} stops it between batches), its
 * progress visible in {@code GET _tasks} as a {@link NearDupReconcileStatus}.
 */
public final class ReconcileTask extends CancellableTask {
  private volatile NearDupReconcileStatus.Phase phase = NearDupReconcileStatus.Phase.READING;
  private volatile long total = -1;
  private final AtomicLong read = new AtomicLong();
  private volatile long clusters = -1;
  private volatile long changed = -1;
  private final AtomicLong updated = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();

  ReconcileTask(
      long id,
      String type,
      String action,
      String description,
      TaskId parent,
      Map<String, String> headers) {
    super(id, type, action, description, parent, headers);
  }

  @Override
  public NearDupReconcileStatus getStatus() {
    return new NearDupReconcileStatus(
        phase, total, read.get(), clusters, changed, updated.get(), failed.get());
  }

  void total(long documents) {
    this.total = documents;
  }

  void read() {
    read.incrementAndGet();
  }

  void clustered(long clusters, long changed) {
    this.clusters = clusters;
    this.changed = changed;
    this.phase = NearDupReconcileStatus.Phase.WRITING;
  }

  void phase(NearDupReconcileStatus.Phase phase) {
    this.phase = phase;
  }

  void written(long updated, long failed) {
    this.updated.addAndGet(updated);
    this.failed.addAndGet(failed);
  }
}
