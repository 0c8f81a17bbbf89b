package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.GatheredClusters;
import io.neardup.engine.cluster.GatheringRead;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.search.ClosePointInTimeRequest;
import org.elasticsearch.action.search.OpenPointInTimeRequest;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.TransportClosePointInTimeAction;
import org.elasticsearch.action.search.TransportOpenPointInTimeAction;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.client.internal.ParentTaskAssigningClient;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.ClusterState;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.breaker.CircuitBreaker;
import org.elasticsearch.common.bytes.BytesReference;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.Index;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.builder.PointInTimeBuilder;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.fetch.StoredFieldsContext;
import org.elasticsearch.search.sort.SortBuilders;
import org.elasticsearch.tasks.CancellableTask;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskCancelledException;

/**
 * The reading half of the clustering API, shared with the APIs built on its clusters (reconcile):
 * checks the request against the mappings, opens a point in time, reads every matching document's
 * sketch (and canonical value) in batches through the {@code neardup_sketches} search extension
 * into a {@link GatheredClusters}, accounted to the request circuit breaker, and hands the clusters
 * to a {@link Reader}. Cancellable between batches.
 */
public final class SketchGathering {
  private static final TimeValue KEEP_ALIVE = TimeValue.timeValueMinutes(5);

  /** What a caller adds to the read, and what it makes of the clusters. */
  public interface Reader<T> {
    /** Adds to every batch's search (doc value fields, sequence numbers, ...). */
    default void source(SearchSourceBuilder source) {}

    /** Bytes this reader keeps per document, reserved on the circuit breaker with the sketches. */
    default long bytesPerDocument() {
      return 0;
    }

    /** Called once the number of matching documents is known, before any hit. */
    default void start(int documents) {}

    /** A hit, just added to the clusters as ordinal {@code doc}. */
    default void hit(SearchHit hit, int doc) {}

    /** The result; runs on the generic pool while the clusters are still open. */
    T finish(GatheredClusters clusters) throws IOException;
  }

  /**
   * What the mappings say about a request.
   *
   * @param mapped the field's settings, the minimum similarity, how pairs are decided
   * @param indices the concrete indexes read
   */
  public record Plan(ClusterPlan.Resolved mapped, Index[] indices) {}

  private final String api;
  private final NodeClient client;
  private final ClusterService clusterService;
  private final IndexNameExpressionResolver resolver;
  private final DistributedClusters.Memory memory;
  private final Executor executor;
  private final MappedFields mappings = new MappedFields();

  /**
   * @param api the API's path, the prefix of its error messages ({@code _neardup/clusters})
   * @param executor where the clusters are computed (not a transport thread)
   */
  public SketchGathering(
      String api,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreaker breaker,
      Executor executor) {
    this.api = api;
    this.client = client;
    this.clusterService = clusterService;
    this.resolver = resolver;
    this.memory = DistributedClustering.memory(breaker);
    this.executor = executor;
  }

  /**
   * Checks the field (type {@code neardup}, the same sketch settings in every index that maps it)
   * and the canonical field against the mappings.
   *
   * @throws IllegalArgumentException naming the parameter (HTTP 400)
   */
  public Plan plan(NearDupClustersRequest request) {
    ClusterState state = clusterService.state();
    Index[] indices = resolver.concreteIndices(state, request);
    ClusterPlan plan = new ClusterPlan(api, request.params());
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().getProject().index(index);
      if (metadata != null) {
        plan.index(index.getName(), mappings.lookup(metadata, request.params().field()));
        plan.canonicalMapped(mappings.checkCanonical(metadata, request.params().canonical()));
      }
    }
    return new Plan(plan.resolve(), indices);
  }

  /** Reads the sketches of a planned request and hands the clusters to the reader. */
  public <T> void run(
      Task task,
      NearDupClustersRequest request,
      Plan plan,
      Reader<T> reader,
      ActionListener<T> listener) {
    Client taskClient = new ParentTaskAssigningClient(client, clusterService.localNode(), task);
    withPointInTime(
        client,
        taskClient,
        request,
        listener,
        (pit, closing) ->
            new Gathering<>(task, taskClient, request, plan, pit, reader, closing).count());
  }

  /** What runs under a point in time; its listener closes the point in time when completed. */
  interface PointInTimeBody<T> {
    void run(BytesReference pit, ActionListener<T> closing) throws Exception;
  }

  /**
   * Opens a point in time over the request's indexes, runs {@code body} under it and closes it when
   * the body's listener completes, whichever way.
   */
  static <T> void withPointInTime(
      Client client,
      Client taskClient,
      NearDupClustersRequest request,
      ActionListener<T> listener,
      PointInTimeBody<T> body) {
    OpenPointInTimeRequest open =
        new OpenPointInTimeRequest(request.indices())
            .indicesOptions(request.indicesOptions())
            .keepAlive(KEEP_ALIVE);
    taskClient.execute(
        TransportOpenPointInTimeAction.TYPE,
        open,
        listener.delegateFailureAndWrap((l, opened) -> {
          BytesReference pit = opened.getPointInTimeId();
          ActionListener<T> closing =
              ActionListener.runAfter(
                  l,
                  () ->
                      client.execute(
                          TransportClosePointInTimeAction.TYPE,
                          new ClosePointInTimeRequest(pit),
                          ActionListener.noop()));
          body.run(pit, closing);
        }));
  }

  /** The search source of a run's reads: the request's query, under the point in time. */
  static SearchSourceBuilder source(NearDupClustersRequest request, BytesReference pit) {
    return new SearchSourceBuilder()
        .query(request.query() == null ? QueryBuilders.matchAllQuery() : request.query())
        .pointInTimeBuilder(new PointInTimeBuilder(pit).setKeepAlive(KEEP_ALIVE));
  }

  /** One run: counts, reads every sketch batch by batch, then clusters. */
  private final class Gathering<T> {
    private final Task task;
    private final Client client;
    private final NearDupClustersRequest request;
    private final Plan plan;
    private final BytesReference pit;
    private final Reader<T> reader;
    private final GatheringRead read;
    private final ActionListener<T> listener;

    Gathering(
        Task task,
        Client client,
        NearDupClustersRequest request,
        Plan plan,
        BytesReference pit,
        Reader<T> reader,
        ActionListener<T> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.pit = pit;
      this.reader = reader;
      this.read = new GatheringRead(api, plan.mapped, reader.bytesPerDocument(), memory);
      this.listener = ActionListener.runAfter(listener, read::close);
    }

    private SearchSourceBuilder source() {
      return SketchGathering.source(request, pit);
    }

    void count() {
      SearchSourceBuilder source = source().size(0).trackTotalHits(true);
      client.execute(
          TransportSearchAction.TYPE,
          new SearchRequest().source(source),
          listener.delegateFailureAndWrap((l, response) -> {
            reader.start(read.start(response.getHits().getTotalHits().value()));
            next(null);
          }));
    }

    private void next(Object[] after) {
      if (task instanceof CancellableTask c && c.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      if (read.full()) {
        finish();
        return;
      }
      SearchSourceBuilder source =
          source()
              .size(request.params().batchSize())
              .sort(SortBuilders.pitTiebreaker())
              .fetchSource(false)
              // ids come from the field's doc values, next to the sketches: no stored fields
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(false)
              .ext(List.of(new NearDupSketchesBuilder(plan.mapped.sketches())));
      reader.source(source);
      if (after != null) {
        source.searchAfter(after);
      }
      client.execute(
          TransportSearchAction.TYPE,
          new SearchRequest().source(source),
          listener.delegateFailureAndWrap((l, response) -> {
            SearchHit[] hits = response.getHits().getHits();
            if (response.getFailedShards() > 0) {
              throw ClusterPlan.shardFailed(api, response.getShardFailures()[0].reason());
            }
            for (SearchHit hit : hits) {
              DocumentField field = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
              int doc = read.add(hit.getIndex(), field == null ? List.of() : field.getValues());
              if (doc >= 0) {
                reader.hit(hit, doc);
              }
            }
            if (read.more(hits.length, request.params().batchSize())) {
              next(hits[hits.length - 1].getSortValues());
            } else {
              finish(); // the snapshot holds no more
            }
          }));
    }

    private void finish() {
      executor.execute(() -> {
        try {
          listener.onResponse(reader.finish(read.clusters()));
        } catch (Exception e) {
          listener.onFailure(e);
        }
      });
    }
  }
}
