package io.neardup.elasticsearch.clusters;

import io.neardup.cluster.Clusterer;
import io.neardup.cluster.GatheredClusters;
import io.neardup.elasticsearch.collapse.CanonicalValues;
import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.search.ClosePointInTimeRequest;
import org.elasticsearch.action.search.OpenPointInTimeRequest;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.TransportClosePointInTimeAction;
import org.elasticsearch.action.search.TransportOpenPointInTimeAction;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
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
import org.elasticsearch.common.util.concurrent.EsExecutors;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.Index;
import org.elasticsearch.index.query.QueryBuilders;
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
import org.elasticsearch.transport.TransportService;

/**
 * The clustering API on the node that receives it: the near-duplicate clusters of whole indexes,
 * computed across all shards.
 *
 * <ol>
 *   <li>Checks the field (type {@code neardup}, the same sketch settings in every index that maps
 *       it) and the canonical field against the mappings; violations are HTTP 400.
 *   <li>Opens a point in time over the indexes and reads every matching document's sketch (and
 *       canonical value) in pages of {@code batch_size}, sorted by {@code _shard_doc}, through the
 *       {@code neardup_sketches} search extension, with the ids kept next to the sketches in doc
 *       values (no stored fields are read): one consistent snapshot, however long it takes.
 *   <li>Hands the sketches to the clustering core ({@link Clusterer}, on the heap, joining only: no
 *       temporary files; k·bits/8 bytes of values and 8 per band per document, accounted to the
 *       request circuit breaker): band buckets, verification by estimated Jaccard, union-find.
 *       Memory grows with the documents, never with the candidate pairs.
 *   <li>Chooses each cluster's canonical by the policy (the first document in index order when none
 *       is given), sorts the clusters largest first and returns the requested page.
 * </ol>
 *
 * <p>Each request reads the indexes again: for a large index, ask for big pages, or query a subset.
 * The task can be cancelled ({@code POST _tasks/<id>/_cancel}); it stops between batches.
 */
public final class TransportNearDupClustersAction
    extends HandledTransportAction<NearDupClustersRequest, NearDupClustersResponse> {
  /** The action. */
  public static final ActionType<NearDupClustersResponse> TYPE =
      new ActionType<>("indices:data/read/neardup/clusters");

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
    super(
        TYPE.name(),
        transportService,
        actionFilters,
        NearDupClustersRequest::new,
        EsExecutors.DIRECT_EXECUTOR_SERVICE);
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
    OpenPointInTimeRequest open =
        new OpenPointInTimeRequest(request.indices())
            .indicesOptions(request.indicesOptions())
            .keepAlive(KEEP_ALIVE);
    taskClient.execute(
        TransportOpenPointInTimeAction.TYPE,
        open,
        listener.delegateFailureAndWrap((l, opened) -> {
          BytesReference pit = opened.getPointInTimeId();
          ActionListener<NearDupClustersResponse> closing =
              ActionListener.runAfter(
                  l,
                  () ->
                      client.execute(
                          TransportClosePointInTimeAction.TYPE,
                          new ClosePointInTimeRequest(pit),
                          ActionListener.noop()));
          new Gathering(task, taskClient, request, plan, pit, start, closing).count();
        }));
  }

  private Plan plan(NearDupClustersRequest request) {
    ClusterState state = clusterService.state();
    Index[] indices = resolver.concreteIndices(state, request);
    NearDupSettings settings = null;
    String settingsIndex = null;
    boolean canonicalMapped = false;
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().getProject().index(index);
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
        NearDupSettings s = MappedFields.nearDupSettings(field);
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

  /** One run: counts, reads every sketch batch by batch, then clusters. */
  private final class Gathering {
    private final Task task;
    private final Client client;
    private final NearDupClustersRequest request;
    private final Plan plan;
    private final BytesReference pit;
    private final long start;
    private final ActionListener<NearDupClustersResponse> listener;
    private GatheredClusters clusters;
    private long reserved;

    Gathering(
        Task task,
        Client client,
        NearDupClustersRequest request,
        Plan plan,
        BytesReference pit,
        long start,
        ActionListener<NearDupClustersResponse> listener) {
      this.task = task;
      this.client = client;
      this.request = request;
      this.plan = plan;
      this.pit = pit;
      this.start = start;
      this.listener = ActionListener.runAfter(listener, this::release);
    }

    private SearchSourceBuilder source() {
      return new SearchSourceBuilder()
          .query(request.query() == null ? QueryBuilders.matchAllQuery() : request.query())
          .pointInTimeBuilder(new PointInTimeBuilder(pit).setKeepAlive(KEEP_ALIVE));
    }

    void count() {
      SearchSourceBuilder source = source().size(0).trackTotalHits(true);
      client.execute(
          TransportSearchAction.TYPE,
          new SearchRequest().source(source),
          listener.delegateFailureAndWrap((l, response) -> {
            long total = response.getHits().getTotalHits().value();
            if (total > Integer.MAX_VALUE - 8) {
              throw new IllegalArgumentException(
                  "[_neardup/clusters] can cluster at most 2^31 documents per request, the"
                      + " query matches "
                      + total
                      + ": narrow it with [query]");
            }
            int n = (int) total;
            long bytes = n * GatheredClusters.bytesPerDocument(plan.settings);
            breaker.addEstimateBytesAndMaybeBreak(bytes, "neardup_clusters");
            reserved = bytes;
            clusters =
                new GatheredClusters(plan.settings, plan.minSimilarity, n, request.canonical());
            next(null);
          }));
    }

    private void next(Object[] after) {
      if (task instanceof CancellableTask c && c.isCancelled()) {
        listener.onFailure(new TaskCancelledException("cancelled: " + c.getReasonCancelled()));
        return;
      }
      if (clusters.full()) {
        finish();
        return;
      }
      SearchSourceBuilder source =
          source()
              .size(request.batchSize())
              .sort(SortBuilders.pitTiebreaker())
              .fetchSource(false)
              // ids come from the field's doc values, next to the sketches: no stored fields
              .storedField(StoredFieldsContext._NONE_)
              .trackTotalHits(false)
              .ext(List.of(new NearDupSketchesBuilder(request.field(), request.canonical())));
      if (after != null) {
        source.searchAfter(after);
      }
      client.execute(
          TransportSearchAction.TYPE,
          new SearchRequest().source(source),
          listener.delegateFailureAndWrap((l, response) -> {
            SearchHit[] hits = response.getHits().getHits();
            if (response.getFailedShards() > 0) {
              throw new IllegalStateException(
                  "[_neardup/clusters] could not read every shard: "
                      + response.getShardFailures()[0].reason());
            }
            for (SearchHit hit : hits) {
              add(hit);
            }
            if (hits.length < request.batchSize() || clusters.full()) {
              finish(); // the snapshot holds no more
            } else {
              next(hits[hits.length - 1].getSortValues());
            }
          }));
    }

    private void finish() {
      executor.execute(() -> {
        try {
          listener.onResponse(cluster());
        } catch (Exception e) {
          listener.onFailure(e);
        }
      });
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
