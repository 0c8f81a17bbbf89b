package io.neardup.opensearch.clusters;

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
 * The clustering API on the node that receives it: the near-duplicate clusters of whole indexes,
 * computed across all shards, as on Elasticsearch.
 *
 * <ol>
 *   <li>Checks the field (type {@code neardup}, the same sketch settings in every index that maps
 *       it) and the canonical field against the mappings; violations are HTTP 400.
 *   <li>Runs {@link DistributedClustering} under a point in time: the shards send their band
 *       entries one partition of the band-hash space at a time ({@link
 *       NearDupBucketsAggregationBuilder}), this node merge-joins them and verifies the candidate
 *       pairs with sketches fetched on demand, in memory bounded by {@code
 *       neardup.clusters.memory_budget} (default 64mb) and accounted to the request circuit
 *       breaker, whatever the size of the indexes.
 *   <li>Chooses each cluster's canonical by the policy (the first document in index order when none
 *       is given), sorts the clusters largest first and returns the requested page, reading only
 *       its members' ids and canonical values.
 * </ol>
 *
 * <p>A page of a kept run ({@code run}) is served by the node that keeps it, whichever node
 * receives it. The task can be cancelled ({@code POST _tasks/<id>/_cancel}); it stops between round
 * trips.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters", NearDupClustersResponse::new);

  private final SketchGathering gathering;
  private final DistributedClustering distributed;
  private final TransportService transportService;
  private final NodeClient client;
  private final ClusterService clusterService;
  private volatile long budget;

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
    this.gathering =
        new SketchGathering(
            "_neardup/clusters",
            client,
            clusterService,
            resolver,
            breaker,
            threadPool.executor(ThreadPool.Names.GENERIC));
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
      SketchGathering.Plan plan = gathering.plan(request);
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
    String node = DistributedClustering.nodeOf(request.params().run());
    if (node == null) {
      throw new IllegalArgumentException(
          "[_neardup/clusters] [run] must be the id of a kept run, got ["
              + request.params().run()
              + "]");
    }
    if (node.equals(clusterService.localNode().getId())) {
      distributed.page(task, taskClient, request, start, listener);
      return;
    }
    DiscoveryNode target = clusterService.state().nodes().get(node);
    if (target == null) {
      throw new ResourceNotFoundException(
          "[_neardup/clusters] no kept run ["
              + request.params().run()
              + "]: the node that kept it left the cluster; run the clustering again");
    }
    transportService.sendRequest(
        target,
        TYPE.name(),
        request,
        new ActionListenerResponseHandler<>(listener, NearDupClustersResponse::new));
  }
}
