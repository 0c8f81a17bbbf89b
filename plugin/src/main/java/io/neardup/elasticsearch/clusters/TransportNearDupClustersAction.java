package io.neardup.elasticsearch.clusters;

import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.client.internal.ParentTaskAssigningClient;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
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
            "_neardup/clusters",
            breakers.getBreaker(CircuitBreaker.REQUEST),
            transportService.getThreadPool().executor(ThreadPool.Names.GENERIC));
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
    SketchGathering.Plan plan;
    try {
      plan = gathering.plan(request);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    distributed.run(
        task,
        client,
        new ParentTaskAssigningClient(client, clusterService.localNode(), task),
        request,
        plan,
        budget,
        start,
        listener);
  }
}
