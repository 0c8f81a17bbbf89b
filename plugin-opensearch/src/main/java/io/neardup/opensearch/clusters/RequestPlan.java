package io.neardup.opensearch.clusters;

import io.neardup.engine.cluster.ClusterPlan;
import io.neardup.opensearch.collapse.MappedFields;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.core.index.Index;

/**
 * What the mappings say about a clustering or reconcile request: the field's settings, the minimum
 * similarity, how pairs are decided ({@link ClusterPlan}), and the concrete indexes read.
 *
 * @param mapped the field's settings, the minimum similarity, how pairs are decided
 * @param indices the concrete indexes read
 */
public record RequestPlan(ClusterPlan.Resolved mapped, Index[] indices) {
  /**
   * Checks the field (type {@code neardup}, the same sketch settings in every index that maps it)
   * and the canonical field against the mappings.
   *
   * @param api the API's path, the prefix of its error messages
   * @throws IllegalArgumentException naming the parameter (HTTP 400)
   */
  public static RequestPlan of(
      String api,
      NearDupClustersRequest request,
      ClusterService clusterService,
      IndexNameExpressionResolver resolver,
      MappedFields mappings) {
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
    return new RequestPlan(plan.resolve(), indices);
  }
}
