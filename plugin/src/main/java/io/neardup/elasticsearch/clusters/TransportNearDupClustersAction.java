package io.neardup.elasticsearch.clusters;

import io.neardup.cluster.Clusterer;
import io.neardup.cluster.GatheredClusters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionType;
import org.elasticsearch.action.support.ActionFilters;
import org.elasticsearch.action.support.HandledTransportAction;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.breaker.CircuitBreaker;
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

  private final SketchGathering gathering;

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
    gathering.run(task, request, plan, clusters -> page(clusters, request, plan, start), listener);
  }

  private static NearDupClustersResponse page(
      GatheredClusters clusters,
      NearDupClustersRequest request,
      SketchGathering.Plan plan,
      long start)
      throws IOException {
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
        plan.minSimilarity(),
        page.documents(),
        page.clusteredDocuments(),
        page.totalClusters(),
        page.from(),
        out);
  }

  private static NearDupClustersResponse.Member member(GatheredClusters.Member m) {
    return new NearDupClustersResponse.Member(m.index(), m.id(), m.similarity());
  }
}
