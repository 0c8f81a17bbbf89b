package io.neardup.opensearch.clusters;

import io.neardup.cluster.Clusterer;
import io.neardup.cluster.GatheredClusters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.action.ActionType;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.breaker.CircuitBreaker;
import org.opensearch.core.indices.breaker.CircuitBreakerService;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.TransportService;
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

  private final SketchGathering gathering;

  @Inject
  public TransportNearDupClustersAction(
      TransportService transportService,
      ActionFilters actionFilters,
      NodeClient client,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      CircuitBreakerService breakers) {
    super(TYPE.name(), transportService, actionFilters, NearDupClustersRequest::new);
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
