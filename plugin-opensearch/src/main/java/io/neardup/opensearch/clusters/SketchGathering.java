package io.neardup.opensearch.clusters;

import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.engine.cluster.DistributedClusters;
import io.neardup.engine.cluster.GatheredClusters;
import io.neardup.engine.cluster.GatheringRead;
import io.neardup.opensearch.collapse.MappedFields;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;
import org.opensearch.action.search.ClearScrollAction;
import org.opensearch.action.search.ClearScrollRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchScrollAction;
import org.opensearch.action.search.SearchScrollRequest;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.document.DocumentField;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.index.Index;
import org.opensearch.core.tasks.TaskCancelledException;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.fetch.StoredFieldsContext;
import org.opensearch.search.sort.SortBuilders;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;
import org.opensearch.transport.client.Client;
import org.opensearch.transport.client.ParentTaskAssigningClient;
import org.opensearch.transport.client.node.NodeClient;

/**
 * The mapping checks of the clustering API ({@link #plan}), and the whole-index read of the APIs
 * that need every document's cluster (reconcile; the clustering API itself runs distributed, {@link
 * DistributedClustering}): reads every matching document's sketch (and canonical value) with a
 * scroll through the {@code neardup_sketches} search extension into a {@link GatheredClusters},
 * accounted to the request circuit breaker, and hands the clusters to a {@link Reader}. Cancellable
 * between batches.
 */
public final class SketchGathering {
  private static final TimeValue KEEP_ALIVE = TimeValue.timeValueMinutes(5);

  /** What a caller adds to the read, and what it makes of the clusters. */
  public interface Reader<T> {
    /** Adds to the search (doc value fields, sequence numbers, ...). */
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
      IndexMetadata metadata = state.metadata().index(index);
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
    new Gathering<>(task, taskClient, request, plan, reader, listener).first();
  }

  /** One run: reads every sketch batch by batch through a scroll, then clusters. */
  private final class Gathering<T> {
    private final Task task;
    private final Client client;
    private final NearDupClustersRequest request;
    private final Plan plan;
    private final Reader<T> reader;
    private final GatheringRead read;
    private final ActionListener<T> listener;
    private String scrollId;

    Gathering(
        Task task,
        Client client,
        NearDupClustersRequest request,
        Plan plan,
        Reader<T> reader,
        ActionListener<T> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.reader = reader;
      this.read = new GatheringRead(api, plan.mapped, reader.bytesPerDocument(), memory);
      this.listener = ActionListener.runAfter(listener, this::release);
    }

    void first() {
      SearchSourceBuilder source =
          new SearchSourceBuilder()
              .query(request.query() == null ? QueryBuilders.matchAllQuery() : request.query())
              .size(request.params().batchSize())
              .sort(SortBuilders.fieldSort("_doc"))
              .fetchSource(false)
              // ids come from the field's doc values, next to the sketches: no stored fields
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(true)
              .ext(List.of(new NearDupSketchesBuilder(plan.mapped.sketches())));
      reader.source(source);
      SearchRequest search =
          new SearchRequest(request.indices())
              .indicesOptions(request.indicesOptions())
              .source(source)
              .scroll(KEEP_ALIVE);
      client.execute(
          SearchAction.INSTANCE,
          search,
          ActionListener.wrap(
              response -> {
                scrollId = response.getScrollId();
                reader.start(read.start(response.getHits().getTotalHits().value()));
                batch(response);
              },
              listener::onFailure));
    }

    private void batch(SearchResponse response) {
      try {
        if (response.getFailedShards() > 0) {
          throw ClusterPlan.shardFailed(api, response.getShardFailures()[0].reason());
        }
        scrollId = response.getScrollId();
        SearchHit[] hits = response.getHits().getHits();
        for (SearchHit hit : hits) {
          DocumentField field = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
          int doc = read.add(hit.getIndex(), field == null ? List.of() : field.getValues());
          if (doc >= 0) {
            reader.hit(hit, doc);
          }
        }
        if (task instanceof CancellableTask c && c.isCancelled()) {
          throw new TaskCancelledException("cancelled: " + c.getReasonCancelled());
        }
        if (hits.length == 0 || read.full()) {
          executor.execute(() -> {
            try {
              listener.onResponse(reader.finish(read.clusters()));
            } catch (Exception e) {
              listener.onFailure(e);
            }
          });
          return;
        }
        client.execute(
            SearchScrollAction.INSTANCE,
            new SearchScrollRequest(scrollId).scroll(KEEP_ALIVE),
            ActionListener.wrap(this::batch, listener::onFailure));
      } catch (Exception e) {
        listener.onFailure(e);
      }
    }

    private void release() {
      if (scrollId != null) {
        ClearScrollRequest clear = new ClearScrollRequest();
        clear.addScrollId(scrollId);
        SketchGathering.this.client.execute(
            ClearScrollAction.INSTANCE, clear, ActionListener.wrap(r -> {}, e -> {}));
        scrollId = null;
      }
      read.close();
    }
  }
}
