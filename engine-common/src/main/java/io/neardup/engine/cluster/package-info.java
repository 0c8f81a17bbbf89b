/**
 * Clustering across an engine's shards, free of any engine: the distributed clusters run ({@link
 * io.neardup.engine.cluster.ShardedRun} drives {@link io.neardup.engine.cluster.ShardedClusterer}
 * over the shards' {@link io.neardup.engine.cluster.ShardBandEntries} through an engine's reads),
 * the reconcile of stored assignments ({@link io.neardup.engine.cluster.GatheredClusters}, {@link
 * io.neardup.engine.cluster.Reassignment}) and the kept sorted runs of a partition ({@link
 * io.neardup.engine.cluster.KeptRuns}).
 */
package io.neardup.engine.cluster;
