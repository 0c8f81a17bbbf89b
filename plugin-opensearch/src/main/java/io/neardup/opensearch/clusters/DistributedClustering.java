package io.neardup.opensearch.clusters;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.api.SketchesParams;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.KeptRuns;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.cluster.ShardedClusterer;
import io.neardup.engine.cluster.ShardedRun;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.Executor;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.action.search.CreatePitAction;
import org.opensearch.action.search.CreatePitRequest;
import org.opensearch.action.search.DeletePitAction;
import org.opensearch.action.search.DeletePitRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.common.document.DocumentField;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.common.unit.ByteSizeUnit;
import org.opensearch.core.common.unit.ByteSizeValue;
import org.opensearch.core.index.shard.ShardId;
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

/**
 * The clustering API's run across the cluster, with the work on the data nodes and the coordinating
 * node's memory bounded by {@link #MEMORY_BUDGET_SETTING}, not by the index. The sequence, the kept
 * runs and the pages are engine-common's {@link DistributedClusters}; this class supplies the
 * OpenSearch point in time, the request circuit breaker and the reads under the point in time:
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
final class DistributedClustering {
  /** Coordinating-node memory for one clustering run (entries, candidates, a block's sketches). */
  static final Setting<ByteSizeValue> MEMORY_BUDGET_SETTING =
      Setting.byteSizeSetting(
          "neardup.clusters.memory_budget",
          new ByteSizeValue(64, ByteSizeUnit.MB),
          new ByteSizeValue(1, ByteSizeUnit.MB),
          new ByteSizeValue(1024, ByteSizeUnit.GB),
          Setting.Property.NodeScope,
          Setting.Property.Dynamic);

  private static final String API = "_neardup/clusters";
  private static final String AGGREGATION = "neardup_buckets";

  /** Orders shards by index name, then number: the order of their document numbers. */
  private static final Comparator<ShardId> SHARD_ORDER =
      Comparator.comparing(ShardId::getIndexName).thenComparingInt(ShardId::id);

  private final Executor executor;
  private final DistributedClusters<ShardId, String, QueryBuilder> runs;

  DistributedClustering(
      CircuitBreaker breaker,
      ThreadPool threadPool,
      Client client,
      java.util.function.Supplier<String> nodeId) {
    this.executor = threadPool.executor(ThreadPool.Names.GENERIC);
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
                threadPool.schedule(
                    task, TimeValue.timeValueMillis(delayMillis), ThreadPool.Names.GENERIC);
              }
            },
            SHARD_ORDER,
            API);
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
      SketchGathering.Plan plan,
      long budget,
      long start,
      ActionListener<NearDupClustersResponse> listener) {
    runs.run(
        new Session(task, taskClient, request),
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
          new Session(task, taskClient, request),
          request.params(),
          request.keepAlive() == null ? null : request.keepAlive().millis(),
          start,
          respond(listener));
    } catch (NoSuchElementException e) {
      throw new ResourceNotFoundException(e.getMessage());
    }
  }

  private static ShardedRun.Listener<ClustersPage> respond(
      ActionListener<NearDupClustersResponse> listener) {
    return ShardedRun.Listener.of(
        page -> listener.onResponse(new NearDupClustersResponse(page)), listener::onFailure);
  }

  /** A request's point in time and reads, on behalf of its task. */
  private final class Session
      implements DistributedClusters.Session<ShardId, String, QueryBuilder> {
    private final Task task;
    private final Client taskClient;
    private final NearDupClustersRequest request;

    Session(Task task, Client taskClient, NearDupClustersRequest request) {
      this.task = task;
      this.taskClient = taskClient;
      this.request = request;
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
    public ShardedRun.Reads<ShardId> reads(
        String pit, long keepAliveMillis, String field, QueryBuilder query) {
      return new Reads(
          task, taskClient, pit, TimeValue.timeValueMillis(keepAliveMillis), field, query);
    }
  }

  private static void close(Client client, String pit) {
    client.execute(
        DeletePitAction.INSTANCE, new DeletePitRequest(pit), ActionListener.wrap(r -> {}, e -> {}));
  }

  /** The run's reads, as searches under its point in time. */
  private final class Reads implements ShardedRun.Reads<ShardId> {
    private final Task task;
    private final Client client;
    private final String pit;
    private final TimeValue keepAlive;
    private final String field;
    private final QueryBuilder query;

    Reads(
        Task task,
        Client client,
        String pit,
        TimeValue keepAlive,
        String field,
        QueryBuilder query) {
      this.task = task;
      this.client = client;
      this.pit = pit;
      this.keepAlive = keepAlive;
      this.field = field;
      this.query = query;
    }

    private SearchSourceBuilder source() {
      return new SearchSourceBuilder()
          .query(query == null ? QueryBuilders.matchAllQuery() : query)
          .pointInTimeBuilder(new PointInTimeBuilder(pit).setKeepAlive(keepAlive))
          .trackTotalHits(false);
    }

    @Override
    public void count(ShardedRun.Listener<Long> listener) {
      search(
          source().size(0).trackTotalHits(true),
          listener,
          response -> response.getHits().getTotalHits().value());
    }

    @Override
    public void partition(
        int partition,
        int partitions,
        ShardedRun.Listener<List<ShardedRun.ShardPart<ShardId>>> listener) {
      search(
          source()
              .size(0)
              .aggregation(
                  new NearDupBucketsAggregationBuilder(AGGREGATION, field, partition, partitions)),
          listener,
          response -> {
            InternalNearDupBuckets buckets = response.getAggregations().get(AGGREGATION);
            return ShardBuckets.parts(buckets.parts());
          });
    }

    @Override
    public void fetch(
        Map<ShardId, int[]> docs,
        CanonicalPolicy canonical,
        boolean shingles,
        ShardedRun.Listener<List<ShardedRun.FetchedDoc<ShardId>>> listener) {
      List<NearDupShardDocsQueryBuilder.ShardDocs> wanted = new ArrayList<>(docs.size());
      int count = 0;
      for (Map.Entry<ShardId, int[]> e : docs.entrySet()) {
        wanted.add(new NearDupShardDocsQueryBuilder.ShardDocs(e.getKey(), e.getValue()));
        count += e.getValue().length;
      }
      search(
          source()
              .query(new NearDupShardDocsQueryBuilder(wanted))
              .size(count)
              .sort(SortBuilders.shardDocSort())
              .fetchSource(false)
              .storedField(StoredFieldsContext._NONE_)
              .ext(
                  List.of(
                      new NearDupSketchesBuilder(new SketchesParams(field, canonical, shingles)))),
          listener,
          response -> {
            SearchHit[] hits = response.getHits().getHits();
            List<ShardedRun.FetchedDoc<ShardId>> out = new ArrayList<>(hits.length);
            for (SearchHit hit : hits) {
              // _shard_doc: the shard's position in the point in time, then the document number
              int doc = (int) ((Long) hit.getSortValues()[0]).longValue();
              DocumentField f = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
              List<Object> values = f == null ? List.of() : f.getValues();
              out.add(
                  new ShardedRun.FetchedDoc<>(
                      hit.getShard().getShardId(),
                      doc,
                      ShardedClusterer.Fetched.of(hit.getIndex(), values)));
            }
            return out;
          });
    }

    /** Runs a search and answers {@code listener} with what {@code read} makes of it. */
    private <T> void search(
        SearchSourceBuilder source,
        ShardedRun.Listener<T> listener,
        CheckedFunction<SearchResponse, T> read) {
      if (task instanceof CancellableTask c && c.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      client.execute(
          SearchAction.INSTANCE,
          new SearchRequest().source(source).requestCache(false),
          new ActionListener<>() {
            @Override
            public void onResponse(SearchResponse response) {
              DistributedClusters.answer(
                  executor,
                  API,
                  response.getFailedShards() > 0 ? response.getShardFailures()[0].reason() : null,
                  () -> read.apply(response),
                  () -> {},
                  listener);
            }

            @Override
            public void onFailure(Exception e) {
              listener.onFailure(e);
            }
          });
    }
  }

  @FunctionalInterface
  private interface CheckedFunction<A, B> {
    B apply(A a) throws Exception;
  }
}
