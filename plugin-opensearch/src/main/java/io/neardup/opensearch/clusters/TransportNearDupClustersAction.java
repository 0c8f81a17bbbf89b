package io.neardup.opensearch.clusters;

import io.neardup.cluster.Clusterer;
import io.neardup.cluster.GatheredClusters;
import io.neardup.opensearch.collapse.CanonicalValues;
import io.neardup.opensearch.collapse.MappedFields;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import io.neardup.opensearch.mapper.NearDupFieldMapper;
import io.neardup.settings.MappingFields;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.opensearch.action.ActionType;
import org.opensearch.action.search.ClearScrollAction;
import org.opensearch.action.search.ClearScrollRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchScrollAction;
import org.opensearch.action.search.SearchScrollRequest;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.document.DocumentField;
import org.opensearch.common.inject.Inject;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.index.Index;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.core.tasks.TaskCancelledException;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.fetch.StoredFieldsContext;
import org.opensearch.search.sort.SortBuilders;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.Client;
import org.opensearch.transport.client.ParentTaskAssigningClient;
import org.opensearch.transport.client.node.NodeClient;

/**
 * The clustering API on the node that receives it: the near-duplicate clusters of whole indexes,
 * computed across all shards, as on Elasticsearch.
 *
 * <ol>
 *   <li>Checks the field (type {@code neardup}, the same sketch settings in every index that maps
 *       it) and the canonical field against the mappings; violations are HTTP 400.
 *   <li>Reads every matching document's sketch (and canonical value) from every shard with a scroll
 *       in index order ({@code _doc}), {@code batch_size} documents per shard and round trip,
 *       through the {@code neardup_sketches} search extension, with the ids kept next to the
 *       sketches in doc values (no stored fields are read): one consistent snapshot.
 *   <li>Hands the sketches to the clustering core ({@link Clusterer}, on the heap, joining only: no
 *       temporary files; memory accounted to the request circuit breaker): band buckets,
 *       verification by estimated Jaccard, union-find.
 *   <li>Chooses each cluster's canonical by the policy (the first document read when none is
 *       given), sorts the clusters largest first and returns the requested page.
 * </ol>
 *
 * <p>The task can be cancelled ({@code POST _tasks/<id>/_cancel}); it stops between batches.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters", NearDupClustersResponse::new);

  private static final TimeValue KEEP_ALIVE = TimeValue.timeValueMinutes(5);

  private final NodeClient client;
  private final ClusterService clusterService;
  private final IndexNameExpressionResolver resolver;
  private final CircuitBreaker breaker;
  private final Executor executor;
  private final MappedFields mappings = new MappedFields();

  @Inject
  public TransportNearDupClustersAction(
      TransportService transportService,
      ActionFilters actionFilters,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(TYPE.name(), transportService, actionFilters, NearDupClustersRequest::new);
    this.client = client;
    this.clusterService = clusterService;
    this.resolver = resolver;
    this.breaker = breakers.getBreaker(CircuitBreaker.REQUEST);
    this.executor = transportService.getThreadPool().executor(ThreadPool.Names.GENERIC);
  }

  /** What the mappings say about the request. */
  private record Plan(NearDupSettings settings, double minSimilarity) {}

  @Override
  protected void doExecute(
      Task task, NearDupClustersRequest request, ActionListener<NearDupClustersResponse> listener) {
    long start = System.nanoTime();
    Plan plan;
    try {
      plan = plan(request);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    Client taskClient = new ParentTaskAssigningClient(client, clusterService.localNode(), task);
    new Gathering(task, taskClient, request, plan, start, listener).first();
  }

  private Plan plan(NearDupClustersRequest request) {
    ClusterState state = clusterService.state();
    Index[] indices = resolver.concreteIndices(state, request);
    NearDupSettings settings = null;
    String settingsIndex = null;
    boolean canonicalMapped = false;
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().index(index);
      if (metadata == null) {
        continue;
      }
      Map<String, Object> field = mappings.lookup(metadata, request.field());
      if (field != null) {
        Object type = field.get("type");
        if (!NearDupFieldMapper.CONTENT_TYPE.equals(type)) {
          throw new IllegalArgumentException(
              "[_neardup/clusters] field ["
                  + request.field()
                  + "] is of type ["
                  + (type == null ? "object" : type)
                  + "] in index ["
                  + index.getName()
                  + "], expected a field of type [neardup]");
        }
        NearDupSettings s = MappingFields.nearDupSettings(field);
        if (settings == null) {
          settings = s;
          settingsIndex = index.getName();
        } else if (!settings.sketch().equals(s.sketch())) {
          throw new IllegalArgumentException(
              "[_neardup/clusters] field ["
                  + request.field()
                  + "] has different sketch settings in indexes ["
                  + settingsIndex
                  + "] and ["
                  + index.getName()
                  + "]: sketches made with different settings cannot be compared; cluster the"
                  + " indexes separately");
        }
      }
      canonicalMapped |= mappings.checkCanonical(metadata, request.canonical());
    }
    if (!canonicalMapped && settings != null) {
      throw new IllegalArgumentException(
          "[_neardup/clusters] [canonical] field ["
              + String.join(", ", request.canonical().fields())
              + "] is not mapped in any index of the request: expected a numeric, date, boolean,"
              + " ip or keyword field");
    }
    if (settings == null) {
      throw new IllegalArgumentException(
          "[_neardup/clusters] unknown field ["
              + request.field()
              + "]: no index of the request maps it; expected a field of type [neardup]");
    }
    double minSimilarity =
        request.minSimilarity() != null ? request.minSimilarity() : settings.threshold();
    return new Plan(settings, minSimilarity);
  }

  /** One run: reads every sketch batch by batch through a scroll, then clusters. */
  private final class Gathering {
    private final Task task;
    private final Client client;
    private final NearDupClustersRequest request;
    private final Plan plan;
    private final long start;
    private final ActionListener<NearDupClustersResponse> listener;
    private GatheredClusters clusters;
    private long reserved;
    private String scrollId;

    Gathering(
        Task task,
        Client client,
        NearDupClustersRequest request,
        Plan plan,
        long start,
        ActionListener<NearDupClustersResponse> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.start = start;
      this.listener = ActionListener.runAfter(listener, this::release);
    }

    void first() {
      SearchSourceBuilder source =
          new SearchSourceBuilder()
              .query(request.query() == null ? QueryBuilders.matchAllQuery() : request.query())
              .size(request.batchSize())
              .sort(SortBuilders.fieldSort("_doc"))
              .fetchSource(false)
              // ids come from the field's doc values, next to the sketches: no stored fields
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(true)
              .ext(List.of(new NearDupSketchesBuilder(request.field(), request.canonical())));
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
                start(response);
              },
              listener::onFailure));
    }

    private void start(SearchResponse response) {
      long total = response.getHits().getTotalHits().value();
      if (total > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "[_neardup/clusters] can cluster at most 2^31 documents per request, the query"
                + " matches "
                + total
                + ": narrow it with [query]");
      }
      int n = (int) total;
      long bytes = n * GatheredClusters.bytesPerDocument(plan.settings);
      breaker.addEstimateBytesAndMaybeBreak(bytes, "neardup_clusters");
      reserved = bytes;
      clusters = new GatheredClusters(plan.settings, plan.minSimilarity, n, request.canonical());
      batch(response);
    }

    private void batch(SearchResponse response) {
      try {
        if (response.getFailedShards() > 0) {
          throw new IllegalStateException(
              "[_neardup/clusters] could not read every shard: "
                  + response.getShardFailures()[0].reason());
        }
        scrollId = response.getScrollId();
        SearchHit[] hits = response.getHits().getHits();
        for (SearchHit hit : hits) {
          add(hit);
        }
        if (task instanceof CancellableTask c && c.isCancelled()) {
          throw new TaskCancelledException("cancelled: " + c.getReasonCancelled());
        }
        if (hits.length == 0 || clusters.full()) {
          executor.execute(() -> {
            try {
              listener.onResponse(cluster());
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

    private void add(SearchHit hit) throws IOException {
      DocumentField field = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
      List<Object> values = field == null ? List.of() : field.getValues();
      clusters.add(
          hit.getIndex(),
          values.size() > 2 ? (String) values.get(2) : "",
          values.isEmpty() ? null : (byte[]) values.get(0),
          CanonicalValues.of(field));
    }

    private NearDupClustersResponse cluster() throws IOException {
      GatheredClusters.Page page = clusters.page(request.from(), request.size());
      List<NearDupClustersResponse.Cluster> out = new ArrayList<>(page.clusters().size());
      for (GatheredClusters.Group g : page.clusters()) {
        List<NearDupClustersResponse.Member> copies = new ArrayList<>(g.copies().size());
        for (GatheredClusters.Member m : g.copies()) {
          copies.add(member(m));
        }
        out.add(new NearDupClustersResponse.Cluster(member(g.canonical()), copies));
      }
      return new NearDupClustersResponse(
          (System.nanoTime() - start) / 1_000_000,
          plan.minSimilarity,
          page.documents(),
          page.clusteredDocuments(),
          page.totalClusters(),
          page.from(),
          out);
    }

    private static NearDupClustersResponse.Member member(GatheredClusters.Member m) {
      return new NearDupClustersResponse.Member(m.index(), m.id(), m.similarity());
    }

    private void release() {
      if (scrollId != null) {
        ClearScrollRequest clear = new ClearScrollRequest();
        clear.addScrollId(scrollId);
        TransportNearDupClustersAction.this.client.execute(
            ClearScrollAction.INSTANCE, clear, ActionListener.wrap(r -> {}, e -> {}));
        scrollId = null;
      }
      if (reserved > 0) {
        breaker.addWithoutBreaking(-reserved);
        reserved = 0;
      }
      if (clusters != null) {
        try {
          clusters.close();
        } catch (IOException e) {
          // on the heap: closing frees memory, nothing to fail
        }
      }
      clusters = null;
    }
  }
}
