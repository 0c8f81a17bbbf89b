package io.neardup.elasticsearch.reconcile;

import io.neardup.elasticsearch.clusters.DistributedClustering;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.reconcile.ReconcileRun;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.common.util.concurrent.EsExecutors;
import org.elasticsearch.injection.guice.Inject;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.transport.TransportService;

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
      new ActionType<>("indices:data/write/neardup/reconcile");

  private final DistributedClustering distributed;

  @Inject
  public TransportNearDupReconcileAction(
      TransportService transportService,
      ActionFilters actionFilters,
      DistributedClustering distributed) {
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupReconcileRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
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
