package io.neardup.elasticsearch.clusters;

import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionListenerResponseHandler;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.cluster.node.DiscoveryNode;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.util.concurrent.EsExecutors;
import org.elasticsearch.injection.guice.Inject;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.transport.TransportService;

/**
 * The clustering API on the node that receives it (engine-common's {@link
 * io.neardup.engine.node.NodeClustering}, through {@link DistributedClustering}): a run under a
 * point in time, a page of a run this node keeps, or a later page's request sent to the node that
 * keeps its run. Cancellable ({@code POST _tasks/<id>/_cancel}) between round trips.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters");

  private final DistributedClustering distributed;
  private final TransportService transportService;
  private final ClusterService clusterService;

  @Inject
  public TransportNearDupClustersAction(
      TransportService transportService,
      ActionFilters actionFilters,
      DistributedClustering distributed,
      ClusterService clusterService) {
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupClustersRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
    this.distributed = distributed;
    this.transportService = transportService;
    this.clusterService = clusterService;
  }

  @Override
  protected void doExecute(
      Task task, NearDupClustersRequest request, ActionListener<NearDupClustersResponse> listener) {
    distributed.clusters(
        task, request, System.nanoTime(), node -> forward(node, request, listener), listener);
  }

  /**
   * Sends a later page's request to the node that keeps its run; false if that node left the
   * cluster.
   */
  private boolean forward(
      String node, NearDupClustersRequest request, ActionListener<NearDupClustersResponse> l) {
    DiscoveryNode target = clusterService.state().nodes().get(node);
    if (target == null) {
      return false;
    }
    transportService.sendRequest(
        target,
        TYPE.name(),
        request,
        new ActionListenerResponseHandler<>(
            l, NearDupClustersResponse::new, EsExecutors.DIRECT_EXECUTOR_SERVICE));
    return true;
  }
}
