/**
 * Clustering across an engine's shards, free of any engine: the clusters API's run on the node that
 * receives it ({@link io.neardup.engine.cluster.DistributedClusters}: point in time, {@link
 * io.neardup.engine.cluster.ShardedRun} driving {@link io.neardup.engine.cluster.ShardedClusterer}
 * over the shards' {@link io.neardup.engine.cluster.ShardBandEntries}, runs kept for later pages in
 * {@link io.neardup.engine.cluster.KeptRuns}), the mapping checks of a request ({@link
 * io.neardup.engine.cluster.ClusterPlan}), the searches a run makes ({@link
 * io.neardup.engine.cluster.RunSearches}), the clusters a page lists ({@link
 * io.neardup.engine.api.ClusterListing}) and reconcile's renaming of clusters after the ids their
 * members carry ({@link io.neardup.engine.cluster.Reassignment}).
 */
package io.neardup.engine.cluster;
