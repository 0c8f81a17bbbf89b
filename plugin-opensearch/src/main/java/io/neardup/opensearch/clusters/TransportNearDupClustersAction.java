package io.neardup.opensearch.clusters;

import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.opensearch.collapse.MappedFields;
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
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.ParentTaskAssigningClient;
import org.opensearch.transport.client.node.NodeClient;

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
      new ActionType<>("indices:data/read/neardup/clusters", NearDupClustersResponse::new);

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
    super(TYPE.name(), transportService, actionFilters, NearDupClustersRequest::new);
    ThreadPool threadPool = transportService.getThreadPool();
    CircuitBreaker breaker = breakers.getBreaker(CircuitBreaker.REQUEST);
    this.resolver = resolver;
    this.distributed =
        new DistributedClustering(
            breaker, threadPool, client, () -> clusterService.localNode().getId());
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
        new ActionListenerResponseHandler<>(listener, NearDupClustersResponse::new));
  }
}
