package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.cluster.DistributedClusters;
import org.elasticsearch.ResourceNotFoundException;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionListenerResponseHandler;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.client.internal.ParentTaskAssigningClient;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.node.DiscoveryNode;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.common.unit.ByteSizeValue;
import org.elasticsearch.common.util.concurrent.EsExecutors;
import org.elasticsearch.indices.breaker.CircuitBreakerService;
import org.elasticsearch.injection.guice.Inject;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.transport.TransportService;

/**
 * The clustering API on the node that receives it (engine-common's {@link
 * io.neardup.engine.cluster.DistributedClusters}): checks the request against the mappings ({@link
 * RequestPlan#of}), runs {@link DistributedClustering} under a point in time, or sends a later
 * page's request to the node that keeps its run. Cancellable ({@code POST _tasks/<id>/_cancel})
 * between round trips.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters");

  private final IndexNameExpressionResolver resolver;
  private final MappedFields mappings = new MappedFields();
  private final DistributedClustering distributed;
  private final TransportService transportService;
  private final NodeClient client;
  private final ClusterService clusterService;
  private volatile long budget;
  private static final String API = "_neardup/clusters";

  @Inject
  public TransportNearDupClustersAction(
      TransportService transportService,
      ActionFilters actionFilters,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupClustersRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
    this.resolver = resolver;
    this.distributed =
        new DistributedClustering(
            breakers.getBreaker(CircuitBreaker.REQUEST),
            transportService.getThreadPool(),
            client,
            () -> clusterService.localNode().getId());
    this.transportService = transportService;
    this.client = client;
    this.clusterService = clusterService;
    this.budget =
        DistributedClustering.MEMORY_BUDGET_SETTING.get(clusterService.getSettings()).getBytes();
    clusterService
        .getClusterSettings()
        .addSettingsUpdateConsumer(
            DistributedClustering.MEMORY_BUDGET_SETTING, v -> this.budget = v.getBytes());
  }

  /** The setting of the coordinating node's memory budget per run. */
  public static Setting<ByteSizeValue> memoryBudgetSetting() {
    return DistributedClustering.MEMORY_BUDGET_SETTING;
  }

  @Override
  protected void doExecute(
      Task task, NearDupClustersRequest request, ActionListener<NearDupClustersResponse> listener) {
    long start = System.nanoTime();
    ParentTaskAssigningClient taskClient =
        new ParentTaskAssigningClient(client, clusterService.localNode(), task);
    try {
      if (request.params().run() != null) {
        page(task, taskClient, request, start, listener);
        return;
      }
      RequestPlan plan = RequestPlan.of(API, request, clusterService, resolver, mappings);
      distributed.run(task, taskClient, request, plan, budget, start, listener);
    } catch (RuntimeException e) {
      listener.onFailure(e);
    }
  }

  /** A page of a kept run, on the node that keeps it. */
  private void page(
      Task task,
      ParentTaskAssigningClient taskClient,
      NearDupClustersRequest request,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    String node = DistributedClusters.keeperOf(request.params().run());
    if (node.equals(clusterService.localNode().getId())) {
      distributed.page(task, taskClient, request, start, listener);
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
        new ActionListenerResponseHandler<>(
            listener, NearDupClustersResponse::new, EsExecutors.DIRECT_EXECUTOR_SERVICE));
  }
}
