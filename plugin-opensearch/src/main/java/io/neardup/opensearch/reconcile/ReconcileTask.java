package io.neardup.opensearch.reconcile;

import io.neardup.engine.api.ReconcileProgress;
import java.util.Map;
import org.opensearch.core.tasks.TaskId;
import org.opensearch.tasks.CancellableTask;

/**
 * A running reconcile: cancellable ({@code POST _tasks/<id>/_cancel} stops it between batches), its
 * {@link ReconcileProgress} visible in {@code GET _tasks} as a {@link NearDupReconcileStatus}.
 */
public final class ReconcileTask extends CancellableTask {
  private final ReconcileProgress progress = new ReconcileProgress();

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
  public boolean shouldCancelChildrenOnCancellation() {
    return true;
  }

  @Override
  public NearDupReconcileStatus getStatus() {
    return new NearDupReconcileStatus(progress.status());
  }

  ReconcileProgress progress() {
    return progress;
  }
}
