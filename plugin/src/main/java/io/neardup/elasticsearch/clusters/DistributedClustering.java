package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.KeptRuns;
import io.neardup.engine.cluster.RunSearches;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.engine.reconcile.DistributedReconcile;
import io.neardup.engine.reconcile.ReconcileParams;
import io.neardup.engine.reconcile.ReconcileRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.Executor;
import org.elasticsearch.ResourceNotFoundException;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.search.ClosePointInTimeRequest;
import org.elasticsearch.action.search.OpenPointInTimeRequest;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.TransportClosePointInTimeAction;
import org.elasticsearch.action.search.TransportOpenPointInTimeAction;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.bytes.BytesReference;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.common.unit.ByteSizeValue;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.query.QueryBuilder;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.index.shard.ShardId;
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
 * The clustering API's run across the cluster, with the work on the data nodes and the coordinating
 * node's memory bounded by {@link #MEMORY_BUDGET_SETTING}, not by the index. The sequence, the kept
 * runs and the pages are engine-common's {@link DistributedClusters}; this class supplies the
 * Elasticsearch point in time, the request circuit breaker and the reads under the point in time:
 *
 * <ul>
 *   <li>the count: a search of size 0;
 *   <li>one partition's band entries: a search with the {@link NearDupBucketsAggregationBuilder}
 *       aggregation, answered by every shard;
 *   <li>documents by number: a search for {@link NearDupShardDocsQueryBuilder} with the {@code
 *       neardup_sketches} extension, sorted by {@code _shard_doc}, whose lower 32 bits are the
 *       document number.
 * </ul>
 *
 * Cancellable between round trips.
 */
public final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          "neardup.clusters.memory_budget",
          ByteSizeValue.ofMb(64),
          ByteSizeValue.ofMb(1),
          ByteSizeValue.ofGb(1024),
          Setting.Property.NodeScope,
          Setting.Property.Dynamic);

  private static final String API = "_neardup/clusters";

  /** Orders shards by index name, then number: the order of their document numbers. */
  private static final Comparator<ShardId> SHARD_ORDER =
      Comparator.comparing(ShardId::getIndexName).thenComparingInt(ShardId::id);

  private final Executor executor;
  private final DistributedClusters<ShardId, BytesReference, QueryBuilder> runs;
  private final DistributedReconcile<ShardId, BytesReference, QueryBuilder> reconciles;

  public DistributedClustering(
      CircuitBreaker breaker,
      ThreadPool threadPool,
      Client client,
      java.util.function.Supplier<String> nodeId) {
    this.executor = threadPool.generic();
    this.runs =
        new DistributedClusters<>(
            memory(breaker),
            pit -> close(client, pit),
            nodeId,
            new KeptRuns.Scheduler() {
              @Override
              public long nowMillis() {
                return threadPool.relativeTimeInMillis();
              }

              @Override
              public void schedule(Runnable task, long delayMillis) {
                threadPool.schedule(task, TimeValue.timeValueMillis(delayMillis), executor);
              }
            },
            SHARD_ORDER,
            API);
    this.reconciles =
        new DistributedReconcile<>(memory(breaker), pit -> close(client, pit), SHARD_ORDER);
  }

  /** The request circuit breaker, as engine-common's runs reserve memory. */
  static DistributedClusters.Memory memory(CircuitBreaker breaker) {
    return new DistributedClusters.Memory() {
      @Override
      public void reserve(long bytes, String label) {
        breaker.addEstimateBytesAndMaybeBreak(bytes, label);
      }

      @Override
      public void release(long bytes) {
        breaker.addWithoutBreaking(-bytes);
      }
    };
  }

  /** Computes the clusters of a planned request and returns its page. */
  void run(
      Task task,
      Client taskClient,
      NearDupClustersRequest request,
      RequestPlan plan,
      long budget,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    runs.run(
        RunSearches.session(new Session(task, taskClient, request)),
        request.params(),
        request.query(),
        request.keepAlive() == null ? null : request.keepAlive().millis(),
        plan.mapped().settings(),
        plan.mapped().minSimilarity(),
        plan.mapped().verification(),
        budget,
        start,
        respond(listener));
  }

  /** Returns a page of a run kept on this node, read on behalf of this request's task. */
  void page(
      Task task,
      Client taskClient,
      NearDupClustersRequest request,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    try {
      runs.page(
          RunSearches.session(new Session(task, taskClient, request)),
          request.params(),
          request.keepAlive() == null ? null : request.keepAlive().millis(),
          start,
          respond(listener));
    } catch (NoSuchElementException e) {
      throw new ResourceNotFoundException(e.getMessage());
    }
  }

  /**
   * Reconcile's read of the current assignments and its clustering, on the distributed run under
   * one point in time (engine-common's {@link DistributedReconcile}).
   */
  public void reconcile(
      Task task,
      Client taskClient,
      NearDupClustersRequest request,
      RequestPlan plan,
      long budget,
      ReconcileRun run,
      ReconcileParams params,
      boolean canonicalMapped,
      ShardedRun.Listener<Void> listener) {
    reconciles.read(
        new Session(task, taskClient, request),
        run,
        params,
        request.query(),
        canonicalMapped,
        plan.mapped().settings(),
        plan.mapped().minSimilarity(),
        plan.mapped().verification(),
        budget,
        listener);
  }

  private static ShardedRun.Listener<ClustersPage> respond(
      ActionListener<NearDupClustersResponse> listener) {
    return ShardedRun.Listener.of(
        page -> listener.onResponse(new NearDupClustersResponse(page)), listener::onFailure);
  }

  /** A request's point in time and the run's searches under it, on behalf of its task. */
  private final class Session implements RunSearches.Engine<ShardId, BytesReference, QueryBuilder> {
    private final Task task;
    private final Client taskClient;
    private final NearDupClustersRequest request;

    Session(Task task, Client taskClient, NearDupClustersRequest request) {
      this.task = task;
      this.taskClient = taskClient;
      this.request = request;
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
      if (task instanceof CancellableTask c && c.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      SearchSourceBuilder source =
          new SearchSourceBuilder()
              .query(query == null ? QueryBuilders.matchAllQuery() : query)
              .pointInTimeBuilder(
                  new PointInTimeBuilder(pit)
                      .setKeepAlive(TimeValue.timeValueMillis(keepAliveMillis)))
              .trackTotalHits(search.count())
              .size(search.size());
      BucketsParams b = search.buckets();
      if (b != null) {
        source.aggregation(
            new NearDupBucketsAggregationBuilder(
                BucketsParams.NAME, b.field(), b.partition(), b.partitions()));
      }
      if (search.docs() != null) {
        List<NearDupShardDocsQueryBuilder.ShardDocs> wanted = new ArrayList<>();
        search
            .docs()
            .forEach((shard, docs) ->
                wanted.add(new NearDupShardDocsQueryBuilder.ShardDocs(shard, docs)));
        source
            .query(new NearDupShardDocsQueryBuilder(wanted))
            .sort(SortBuilders.pitTiebreaker())
            .fetchSource(false)
            .storedField(StoredFieldsContext._NONE_)
            .ext(List.of(new NearDupSketchesBuilder(search.sketches())));
      }
      RunSearches.Assignments page = search.assignments();
      if (page != null) {
        source
            .sort(SortBuilders.pitTiebreaker())
            .fetchSource(false)
            .seqNoAndPrimaryTerm(true)
            .docValueField(page.clusterField());
        if (page.after() != null) {
          source.searchAfter(new Object[] {page.after()});
        }
        if (page.canonicalField() != null) {
          source.docValueField(page.canonicalField());
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
                  API,
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
      Map<String, List<Object>> fields = new HashMap<>();
      hit.getFields().forEach((name, field) -> fields.put(name, field.getValues()));
      hits.add(
          new RunSearches.Hit<>(
              hit.getShard().getShardId(),
              (Long) hit.getSortValues()[0],
              hit.getIndex(),
              hit.getId(),
              fields,
              hit.getSeqNo(),
              hit.getPrimaryTerm()));
    }
    InternalNearDupBuckets buckets =
        search.buckets() == null ? null : response.getAggregations().get(BucketsParams.NAME);
    return RunSearches.answer(
        search,
        search.count() ? response.getHits().getTotalHits().value() : 0,
        buckets == null ? List.of() : buckets.parts(),
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
