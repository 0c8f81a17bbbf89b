package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.cluster.ClusterPlan;
import org.elasticsearch.cluster.ClusterState;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.index.Index;

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
      IndexMetadata metadata = state.metadata().getProject().index(index);
      if (metadata != null) {
        plan.index(index.getName(), mappings.lookup(metadata, request.params().field()));
        plan.canonicalMapped(mappings.checkCanonical(metadata, request.params().canonical()));
      }
    }
    return new RequestPlan(plan.resolve(), indices);
  }
}
