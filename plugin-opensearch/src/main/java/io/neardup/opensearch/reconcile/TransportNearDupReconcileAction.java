package io.neardup.opensearch.reconcile;

import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.Reassignment;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.reconcile.ReconcileParams;
import io.neardup.engine.reconcile.ReconcileRun;
import io.neardup.opensearch.clusters.DistributedClustering;
import io.neardup.opensearch.clusters.RequestPlan;
import io.neardup.opensearch.clusters.TransportNearDupClustersAction;
import io.neardup.opensearch.collapse.MappedFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.opensearch.action.ActionType;
import org.opensearch.action.admin.indices.refresh.RefreshRequest;
import org.opensearch.action.bulk.BulkItemResponse;
import org.opensearch.action.bulk.BulkRequest;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.action.update.UpdateRequest;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.common.settings.Setting;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.index.Index;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.core.tasks.TaskCancelledException;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.Client;
import org.opensearch.transport.client.ParentTaskAssigningClient;
import org.opensearch.transport.client.node.NodeClient;

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

  private final NodeClient client;
  private final ClusterService clusterService;
  private final IndexNameExpressionResolver resolver;
  private final DistributedClustering distributed;
  private final MappedFields mappings = new MappedFields();
  private volatile long budget;

  @Inject
  public TransportNearDupReconcileAction(
      TransportService transportService,
      ActionFilters actionFilters,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(TYPE.name(), transportService, actionFilters, NearDupReconcileRequest::new);
    this.client = client;
    this.clusterService = clusterService;
    this.resolver = resolver;
    this.distributed =
        new DistributedClustering(
            breakers.getBreaker(CircuitBreaker.REQUEST),
            transportService.getThreadPool(),
            client,
            () -> clusterService.localNode().getId());
    Setting<ByteSizeValue> budgetSetting = TransportNearDupClustersAction.memoryBudgetSetting();
    this.budget = budgetSetting.get(clusterService.getSettings()).getBytes();
    clusterService
        .getClusterSettings()
        .addSettingsUpdateConsumer(budgetSetting, v -> this.budget = v.getBytes());
  }

  @Override
  protected void doExecute(
      Task task,
      NearDupReconcileRequest request,
      ActionListener<NearDupReconcileResponse> listener) {
    long start = System.nanoTime();
    RequestPlan plan;
    boolean canonicalMapped;
    try {
      plan =
          RequestPlan.of(
              ReconcileParams.API, request.clusters(), clusterService, resolver, mappings);
      canonicalMapped = checkTargets(plan, request);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    ReconcileRun run = new ReconcileRun(request.params(), ((ReconcileTask) task).progress());
    Client taskClient = new ParentTaskAssigningClient(client, clusterService.localNode(), task);
    distributed.reconcile(
        task,
        taskClient,
        request.clusters(),
        plan,
        budget,
        run,
        request.params(),
        canonicalMapped,
        ShardedRun.Listener.of(
            done ->
                run.write(
                    new Writes(run, (CancellableTask) task, taskClient, plan),
                    start,
                    plan.mapped().minSimilarity(),
                    ShardedRun.Listener.of(
                        result -> listener.onResponse(new NearDupReconcileResponse(result)),
                        listener::onFailure)),
            listener::onFailure));
  }

  /** Checks the target fields in every index ({@link ReconcileParams#checkTargets}). */
  private boolean checkTargets(RequestPlan plan, NearDupReconcileRequest request) {
    Map<String, Function<String, Map<String, Object>>> mapped = new LinkedHashMap<>();
    for (Index index : plan.indices()) {
      IndexMetadata metadata = clusterService.state().metadata().index(index);
      if (metadata != null) {
        mapped.put(index.getName(), path -> mappings.lookup(metadata, path));
      }
    }
    return request.params().checkTargets(mapped);
  }

  /** The run's writes: bulk partial updates, then a refresh. */
  private record Writes(ReconcileRun run, CancellableTask task, Client client, RequestPlan plan)
      implements ReconcileRun.Writes {
    @Override
    public Exception cancelled() {
      return task.isCancelled()
          ? new TaskCancelledException("cancelled: " + task.getReasonCancelled())
          : null;
    }

    @Override
    public void bulk(
        List<Reassignment.Write> batch,
        ShardedRun.Listener<List<ReconcileResult.Failure>> listener) {
      BulkRequest bulk = new BulkRequest();
      for (Reassignment.Write c : batch) {
        bulk.add(
            new UpdateRequest(c.index(), c.id())
                .doc(run.doc(c))
                .setIfSeqNo(c.seqNo())
                .setIfPrimaryTerm(c.primaryTerm()));
      }
      client.bulk(
          bulk,
          ActionListener.wrap(
              response -> {
                List<ReconcileResult.Failure> items = new ArrayList<>(response.getItems().length);
                for (BulkItemResponse item : response.getItems()) {
                  items.add(
                      item.isFailed()
                          ? new ReconcileResult.Failure(
                              item.getIndex(), item.getId(), item.getFailureMessage())
                          : null);
                }
                listener.onResponse(items);
              },
              listener::onFailure));
    }

    @Override
    public void refresh(ShardedRun.Listener<Void> listener) {
      String[] names = Arrays.stream(plan.indices()).map(Index::getName).toArray(String[]::new);
      client
          .admin()
          .indices()
          .refresh(
              new RefreshRequest(names),
              ActionListener.wrap(r -> listener.onResponse(null), listener::onFailure));
    }
  }
}
