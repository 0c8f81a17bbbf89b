package io.neardup.opensearch.clusters;

import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.api.ReconcileResult;
import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.KeptRuns;
import io.neardup.engine.cluster.RunSearches;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.node.NodeClustering;
import io.neardup.engine.reconcile.ReconcileParams;
import io.neardup.engine.reconcile.ReconcileRun;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import io.neardup.opensearch.mapper.MappedFields;
import io.neardup.opensearch.support.InternalShardAggregation;
import io.neardup.opensearch.support.ShardAggregationBuilder;
import io.neardup.opensearch.support.ShardAggregations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.action.admin.indices.refresh.RefreshRequest;
import org.opensearch.action.bulk.BulkItemResponse;
import org.opensearch.action.bulk.BulkRequest;
import org.opensearch.action.search.CreatePitAction;
import org.opensearch.action.search.CreatePitRequest;
import org.opensearch.action.search.DeletePitAction;
import org.opensearch.action.search.DeletePitRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.update.UpdateRequest;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.common.unit.ByteSizeUnit;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.index.Index;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.core.tasks.TaskCancelledException;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.PointInTimeBuilder;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.fetch.StoredFieldsContext;
import org.opensearch.search.sort.SortBuilders;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.client.Client;
import org.opensearch.transport.client.ParentTaskAssigningClient;
import org.opensearch.transport.client.node.NodeClient;

/**
 * OpenSearch's side of the clusters and reconcile APIs, which are engine-common's {@link
 * NodeClustering}: the point in time, the searches {@link RunSearches} describes, reconcile's bulk
 * updates and refresh, the request circuit breaker and the memory budget {@link
 * #MEMORY_BUDGET_SETTING}. Cancellable between round trips.
 */
public final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  public static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          NodeClustering.MEMORY_BUDGET_SETTING,
          new ByteSizeValue(64, ByteSizeUnit.MB),
          new ByteSizeValue(1, ByteSizeUnit.MB),
          new ByteSizeValue(1024, ByteSizeUnit.GB),
          Setting.Property.NodeScope,
          Setting.Property.Dynamic);

  /** Orders shards by index name, then number: the order of their document numbers. */
  private static final Comparator<ShardId> SHARD_ORDER =
      Comparator.comparing(ShardId::getIndexName).thenComparingInt(ShardId::id);

  private final Executor executor;
  private final Client client;
  private final ClusterService clusterService;
  private final IndexNameExpressionResolver resolver;
  private final MappedFields mappings = new MappedFields();
  private final NodeClustering<ShardId, String, QueryBuilder> clustering;

  /** Made by the engine's injector for each action that runs it. */
  @Inject
  public DistributedClustering(
      CircuitBreakerService breakers,
      ThreadPool threadPool,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver) {
    this.executor = threadPool.executor(ThreadPool.Names.GENERIC);
    this.client = client;
    this.clusterService = clusterService;
    this.resolver = resolver;
    CircuitBreaker breaker = breakers.getBreaker(CircuitBreaker.REQUEST);
    this.clustering =
        new NodeClustering<>(
            breaker::addEstimateBytesAndMaybeBreak,
            bytes -> breaker.addWithoutBreaking(-bytes),
            pit -> close(client, pit),
            () -> clusterService.localNode().getId(),
            KeptRuns.Scheduler.of(
                threadPool::relativeTimeInMillis,
                (task, delay) ->
                    threadPool.schedule(
                        task, TimeValue.timeValueMillis(delay), ThreadPool.Names.GENERIC)),
            SHARD_ORDER,
            MEMORY_BUDGET_SETTING.get(clusterService.getSettings()).getBytes());
    clusterService
        .getClusterSettings()
        .addSettingsUpdateConsumer(MEMORY_BUDGET_SETTING, v -> clustering.budget(v.getBytes()));
  }

  /**
   * Checks the request's field and canonical policy against the mappings of its concrete indexes
   * ({@link ClusterPlan#of}).
   *
   * @param api the API's path, the prefix of its error messages
   * @throws IllegalArgumentException naming the parameter (HTTP 400)
   */
  private ClusterPlan.Resolved plan(String api, NearDupClustersRequest request) {
    ClusterState state = clusterService.state();
    Map<String, Function<String, Map<String, Object>>> indexes = new LinkedHashMap<>();
    for (Index index : resolver.concreteIndices(state, request)) {
      IndexMetadata metadata = state.metadata().index(index);
      if (metadata != null) {
        indexes.put(index.getName(), path -> mappings.lookup(metadata, path));
      }
    }
    return ClusterPlan.of(api, request.params(), indexes);
  }

  /**
   * Answers a clustering request (engine-common's {@link NodeClustering#clusters}): a new run, a
   * page of a run this node keeps, or the request sent to the node that keeps its run ({@code
   * forward}, false if that node left).
   */
  void clusters(
      Task task,
      NearDupClustersRequest request,
      long start,
      Predicate<String> forward,
      ActionListener<NearDupClustersResponse> listener) {
    clustering.clusters(
        new Session(task, request, null),
        request.params(),
        request.query(),
        request.keepAlive() == null ? null : request.keepAlive().millis(),
        () -> plan(ClustersParams.API, request),
        start,
        ResourceNotFoundException::new,
        forward,
        ShardedRun.Listener.of(
            page -> listener.onResponse(new NearDupClustersResponse(page)), listener::onFailure));
  }

  /**
   * Reconciles on the distributed run under one point in time (engine-common's {@link
   * NodeClustering#reconcile}), writing with conditional bulk partial updates.
   */
  public void reconcile(
      Task task,
      NearDupClustersRequest request,
      ReconcileRun run,
      long start,
      ShardedRun.Listener<ReconcileResult> listener) {
    clustering.reconcile(
        () -> plan(ReconcileParams.API, request),
        mapped -> new Session(task, request, mapped),
        run,
        request.query(),
        start,
        listener);
  }

  /**
   * A request's point in time, the run's searches under it and reconcile's writes, on behalf of its
   * task.
   */
  private final class Session implements NodeClustering.Session<ShardId, String, QueryBuilder> {
    private final Task task;
    private final Client taskClient;
    private final NearDupClustersRequest request;
    private final ClusterPlan.Resolved mapped;

    Session(Task task, NearDupClustersRequest request, ClusterPlan.Resolved mapped) {
      this.task = task;
      this.taskClient = new ParentTaskAssigningClient(client, clusterService.localNode(), task);
      this.request = request;
      this.mapped = mapped;
    }

    @Override
    public Exception cancelled() {
      return task instanceof CancellableTask c && c.isCancelled()
          ? new TaskCancelledException("cancelled: " + c.getReasonCancelled())
          : null;
    }

    @Override
    public void bulk(
        List<ReconcileRun.Update> batch,
        ShardedRun.Listener<List<ReconcileResult.Failure>> listener) {
      BulkRequest bulk = new BulkRequest();
      for (ReconcileRun.Update u : batch) {
        bulk.add(
            new UpdateRequest(u.index(), u.id())
                .doc(u.doc())
                .setIfSeqNo(u.seqNo())
                .setIfPrimaryTerm(u.primaryTerm()));
      }
      taskClient.bulk(
          bulk,
          ActionListener.wrap(
              response ->
                  listener.onResponse(
                      ReconcileRun.failures(
                          response.getItems(),
                          BulkItemResponse::isFailed,
                          BulkItemResponse::getIndex,
                          BulkItemResponse::getId,
                          BulkItemResponse::getFailureMessage)),
              listener::onFailure));
    }

    @Override
    public void refresh(ShardedRun.Listener<Void> listener) {
      taskClient
          .admin()
          .indices()
          .refresh(
              new RefreshRequest(mapped.indexNames()),
              ActionListener.wrap(r -> listener.onResponse(null), listener::onFailure));
    }

    @Override
    public void open(long keepAliveMillis, ShardedRun.Listener<String> listener) {
      CreatePitRequest create =
          new CreatePitRequest(
              TimeValue.timeValueMillis(keepAliveMillis), false, request.indices());
      create.setIndicesOptions(request.indicesOptions());
      taskClient.execute(
          CreatePitAction.INSTANCE,
          create,
          ActionListener.wrap(
              created -> listener.onResponse(created.getId()), listener::onFailure));
    }

    @Override
    public void search(
        String pit,
        long keepAliveMillis,
        QueryBuilder query,
        RunSearches.Search<ShardId> search,
        ShardedRun.Listener<RunSearches.Answer<ShardId>> listener) {
      SearchSourceBuilder source =
          new SearchSourceBuilder()
              .query(query == null ? QueryBuilders.matchAllQuery() : query)
              .pointInTimeBuilder(
                  new PointInTimeBuilder(pit)
                      .setKeepAlive(TimeValue.timeValueMillis(keepAliveMillis)))
              .trackTotalHits(search.count())
              .size(search.size());
      if (search.buckets() != null) {
        source.aggregation(
            new ShardAggregationBuilder<>(
                ShardAggregations.BUCKETS, BucketsParams.NAME, search.buckets()));
      }
      if (search.docs() != null) {
        source.query(new NearDupShardDocsQueryBuilder(search.docs()));
      }
      if (search.docs() != null || search.assignments() != null) {
        source.sort(SortBuilders.shardDocSort()).fetchSource(false);
      }
      if (search.sketches() != null) {
        // ids come from the field's doc values: no stored fields
        source
            .storedField(StoredFieldsContext._NONE_)
            .ext(List.of(new NearDupSketchesBuilder(search.sketches())));
      }
      RunSearches.Assignments page = search.assignments();
      if (page != null) {
        source.seqNoAndPrimaryTerm(true);
        page.docValueFields().forEach(source::docValueField);
        if (page.after() != null) {
          source.searchAfter(new Object[] {page.after()});
        }
      }
      taskClient.execute(
          SearchAction.INSTANCE,
          new SearchRequest().source(source).requestCache(false),
          ActionListener.wrap(
              response ->
                  DistributedClusters.answer(
                      executor,
                      ClustersParams.API,
                      response.getFailedShards() > 0
                          ? response.getShardFailures()[0].reason()
                          : null,
                      () -> answer(search, response),
                      () -> {},
                      listener),
              listener::onFailure));
    }
  }

  private static RunSearches.Answer<ShardId> answer(
      RunSearches.Search<ShardId> search, SearchResponse response) {
    List<RunSearches.Hit<ShardId>> hits = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      hits.add(
          new RunSearches.Hit<>(
              hit.getShard().getShardId(),
              (Long) hit.getSortValues()[0],
              hit.getIndex(),
              hit.getId(),
              name -> hit.field(name) == null ? null : hit.field(name).getValues(),
              hit.getSeqNo(),
              hit.getPrimaryTerm()));
    }
    InternalShardAggregation<List<ShardBuckets<ShardId>>> buckets =
        search.buckets() == null ? null : response.getAggregations().get(BucketsParams.NAME);
    return RunSearches.answer(
        search,
        search.count() ? response.getHits().getTotalHits().value() : 0,
        buckets == null ? List.of() : buckets.value(),
        hits,
        NearDupSketchFetchSubPhase.HIT_FIELD);
  }

  private static void close(Client client, String pit) {
    client.execute(
        DeletePitAction.INSTANCE, new DeletePitRequest(pit), ActionListener.wrap(r -> {}, e -> {}));
  }
}
