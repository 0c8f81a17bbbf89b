package io.neardup.opensearch.clusters;

import io.neardup.engine.cluster.DistributedClusters;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.action.ActionListenerResponseHandler;
import org.opensearch.action.ActionType;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.node.DiscoveryNode;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.common.settings.Setting;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.tasks.Task;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.node.NodeClient;

/**
 * The clustering API on the node that receives it (engine-common's {@link
 * io.neardup.engine.cluster.DistributedClusters}): checks the request against the mappings ({@link
 * DistributedClustering#plan}), runs {@link DistributedClustering} under a point in time, or sends
 * a later page's request to the node that keeps its run. Cancellable ({@code POST
 * _tasks/<id>/_cancel}) between round trips.
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
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(TYPE.name(), transportService, actionFilters, NearDupClustersRequest::new);
    this.distributed =
        new DistributedClustering(
            breakers, transportService.getThreadPool(), client, clusterService, resolver);
    this.transportService = transportService;
    this.clusterService = clusterService;
  }

  /** The setting of the coordinating node's memory budget per run. */
  public static Setting<ByteSizeValue> memoryBudgetSetting() {
    return DistributedClustering.MEMORY_BUDGET_SETTING;
  }

  @Override
  protected void doExecute(
      Task task, NearDupClustersRequest request, ActionListener<NearDupClustersResponse> listener) {
    long start = System.nanoTime();
    try {
      if (request.params().run() != null) {
        page(task, request, start, listener);
        return;
      }
      distributed.run(task, request, start, listener);
    } catch (RuntimeException e) {
      listener.onFailure(e);
    }
  }

  /** A page of a kept run, on the node that keeps it. */
  private void page(
      Task task,
      NearDupClustersRequest request,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    String node = DistributedClusters.keeperOf(request.params().run());
    if (node.equals(clusterService.localNode().getId())) {
      distributed.page(task, request, start, listener);
      return;
    }
    DiscoveryNode target = clusterService.state().nodes().get(node);
    if (target == null) {
      throw new ResourceNotFoundException(DistributedClusters.keeperLeft(request.params().run()));
    }
    transportService.sendRequest(
        target,
        TYPE.name(),
        request,
        new ActionListenerResponseHandler<>(listener, NearDupClustersResponse::new));
  }
}
