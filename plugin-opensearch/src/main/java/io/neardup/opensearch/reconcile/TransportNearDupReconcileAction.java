package io.neardup.opensearch.reconcile;

import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.reconcile.ReconcileRun;
import io.neardup.opensearch.clusters.DistributedClustering;
import org.opensearch.action.ActionType;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.common.inject.Inject;
import org.opensearch.core.action.ActionListener;
import org.opensearch.tasks.Task;
import org.opensearch.transport.TransportService;

/**
 * The reconcile API on the node that receives it (engine-common's {@link ReconcileRun}): under one
 * point in time, reads every document's current assignment page by page and clusters the documents
 * on the distributed run ({@link DistributedClustering#reconcile}), then writes what changes with
 * conditional bulk partial updates, which do not run ingest pipelines. Cancellable between batches;
 * its {@link NearDupReconcileStatus} shows the progress.
 */
public final class TransportNearDupReconcileAction
    extends HandledTransportAction<NearDupReconcileRequest, NearDupReconcileResponse> {
  /** The action. */
  public static final ActionType<NearDupReconcileResponse> TYPE =
      new ActionType<>("indices:data/write/neardup/reconcile", NearDupReconcileResponse::new);

  private final DistributedClustering distributed;

  @Inject
  public TransportNearDupReconcileAction(
      TransportService transportService,
      ActionFilters actionFilters,
      DistributedClustering distributed) {
    super(TYPE.name(), transportService, actionFilters, NearDupReconcileRequest::new);
    this.distributed = distributed;
  }

  @Override
  protected void doExecute(
      Task task,
      NearDupReconcileRequest request,
      ActionListener<NearDupReconcileResponse> listener) {
    distributed.reconcile(
        task,
        request.clusters(),
        new ReconcileRun(request.params(), ((ReconcileTask) task).progress()),
        System.nanoTime(),
        ShardedRun.Listener.of(
            result -> listener.onResponse(new NearDupReconcileResponse(result)),
            listener::onFailure));
  }
}
