package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.elasticsearch.support.InternalShardAggregation;
import io.neardup.elasticsearch.support.ShardAggregationBuilder;
import io.neardup.elasticsearch.support.ShardAggregations;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import org.elasticsearch.ResourceNotFoundException;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.admin.indices.refresh.RefreshRequest;
import org.elasticsearch.action.bulk.BulkItemResponse;
import org.elasticsearch.action.bulk.BulkRequest;
import org.elasticsearch.action.search.ClosePointInTimeRequest;
import org.elasticsearch.action.search.OpenPointInTimeRequest;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.TransportClosePointInTimeAction;
import org.elasticsearch.action.search.TransportOpenPointInTimeAction;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.action.update.UpdateRequest;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.client.internal.ParentTaskAssigningClient;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.ClusterState;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.bytes.BytesReference;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.common.unit.ByteSizeValue;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.Index;
import org.elasticsearch.index.query.QueryBuilder;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.indices.breaker.CircuitBreakerService;
import org.elasticsearch.injection.guice.Inject;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.PointInTimeBuilder;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.fetch.StoredFieldsContext;
import org.elasticsearch.search.sort.SortBuilders;
import org.elasticsearch.tasks.CancellableTask;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskCancelledException;
import org.elasticsearch.threadpool.ThreadPool;

/**
 * Elasticsearch's side of the clusters and reconcile APIs, which are engine-common's {@link
 * NodeClustering}: the point in time, the searches {@link RunSearches} describes, reconcile's bulk
 * updates and refresh, the request circuit breaker and the memory budget {@link
 * #MEMORY_BUDGET_SETTING}. Cancellable between round trips.
 */
public final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  public static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          NodeClustering.MEMORY_BUDGET_SETTING,
          ByteSizeValue.ofMb(64),
          ByteSizeValue.ofMb(1),
          ByteSizeValue.ofGb(1024),
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
  private final NodeClustering<ShardId, BytesReference, QueryBuilder> clustering;

  /** Made by the engine's injector for each action that runs it. */
  @Inject
  public DistributedClustering(
      CircuitBreakerService breakers,
      ThreadPool threadPool,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver) {
    this.executor = threadPool.generic();
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
                    threadPool.schedule(task, TimeValue.timeValueMillis(delay), executor)),
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
      IndexMetadata metadata = state.metadata().getProject().index(index);
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
  private final class Session
      implements NodeClustering.Session<ShardId, BytesReference, QueryBuilder> {
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
    public void open(long keepAliveMillis, ShardedRun.Listener<BytesReference> listener) {
      taskClient.execute(
          TransportOpenPointInTimeAction.TYPE,
          new OpenPointInTimeRequest(request.indices())
              .indicesOptions(request.indicesOptions())
              .keepAlive(TimeValue.timeValueMillis(keepAliveMillis)),
          ActionListener.wrap(
              opened -> listener.onResponse(opened.getPointInTimeId()), listener::onFailure));
    }

    @Override
    public void search(
        BytesReference pit,
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
        source.sort(SortBuilders.pitTiebreaker()).fetchSource(false);
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
          TransportSearchAction.TYPE,
          new SearchRequest().source(source).requestCache(false),
          new ActionListener<>() {
            @Override
            public void onResponse(SearchResponse response) {
              response.mustIncRef();
              DistributedClusters.answer(
                  executor,
                  ClustersParams.API,
                  response.getFailedShards() > 0 ? response.getShardFailures()[0].reason() : null,
                  () -> answer(search, response),
                  response::decRef,
                  listener);
            }

            @Override
            public void onFailure(Exception e) {
              listener.onFailure(e);
            }
          });
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

  private static void close(Client client, BytesReference pit) {
    client.execute(
        TransportClosePointInTimeAction.TYPE,
        new ClosePointInTimeRequest(pit),
        ActionListener.noop());
  }
}
