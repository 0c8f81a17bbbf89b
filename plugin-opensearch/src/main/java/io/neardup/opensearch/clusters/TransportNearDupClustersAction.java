package io.neardup.opensearch.clusters;

import org.opensearch.action.ActionListenerResponseHandler;
import org.opensearch.action.ActionType;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.cluster.node.DiscoveryNode;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.core.action.ActionListener;
import org.opensearch.tasks.Task;
import org.opensearch.transport.TransportService;

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
      new ActionType<>("indices:data/read/neardup/clusters", NearDupClustersResponse::new);

  private final DistributedClustering distributed;
  private final TransportService transportService;
  private final ClusterService clusterService;

  @Inject
  public TransportNearDupClustersAction(
      TransportService transportService,
      ActionFilters actionFilters,
      DistributedClustering distributed,
      ClusterService clusterService) {
    super(TYPE.name(), transportService, actionFilters, NearDupClustersRequest::new);
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
        new ActionListenerResponseHandler<>(l, NearDupClustersResponse::new));
    return true;
  }
}
