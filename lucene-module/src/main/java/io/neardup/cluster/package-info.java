/**
 * What clustering near-duplicates gives, whichever run computed it, free of Lucene: clusters
 * ({@link io.neardup.cluster.Cluster}) with a run's result and statistics ({@link
 * io.neardup.cluster.ClusterResult}, {@link io.neardup.cluster.ClusterStats}), the one order every
 * surface lists clusters in ({@link io.neardup.cluster.ClusterOrder}), how pairs are decided
 * ({@link io.neardup.cluster.Verification}) and where verified pairs go ({@link
 * io.neardup.cluster.PairSink}). The single-node core is {@code io.neardup.cluster.core}, the
 * pieces of the engines' distributed run that are free of any engine are {@code
 * io.neardup.cluster.distributed} (canonical policies are the leaf package {@code
 * io.neardup.canonical}).
 */
package io.neardup.cluster;
