package io.neardup.elasticsearch.clusters;

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
import org.elasticsearch.threadpool.ThreadPool;
import org.elasticsearch.transport.TransportService;

/**
 * The clustering API on the node that receives it: the near-duplicate clusters of whole indexes,
 * computed across all shards.
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
 * <p>The task can be cancelled ({@code POST _tasks/<id>/_cancel}); it stops between round trips.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters");

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
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupClustersRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
    this.gathering =
        new SketchGathering(
            "_neardup/clusters",
            client,
            clusterService,
            resolver,
            breakers.getBreaker(CircuitBreaker.REQUEST),
            transportService.getThreadPool().executor(ThreadPool.Names.GENERIC));
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
        new ActionListenerResponseHandler<>(
            listener, NearDupClustersResponse::new, EsExecutors.DIRECT_EXECUTOR_SERVICE));
  }
}
