/**
 * Grouping near-duplicates, free of Lucene. {@link io.neardup.cluster.Clusterer} is the single-node
 * clustering core (the streaming {@code dedup}, the index clusterer; the engines' distributed run,
 * for their clusters API and reconcile, lives in engine-common); its phases each have a class:
 * {@link io.neardup.cluster.IdenticalGroups}, band buckets ({@link io.neardup.cluster.SortedRuns}),
 * {@link io.neardup.cluster.CandidateVerification} with {@link io.neardup.cluster.SetComparison},
 * {@link io.neardup.cluster.OversizedBuckets} and {@link io.neardup.cluster.ClusterAssembly},
 * sharing a {@link io.neardup.cluster.ClusterRun}; how a pair compares is a pluggable {@link
 * io.neardup.cluster.PairMeasure}, one per method ({@link io.neardup.cluster.PairMeasures}). Around
 * them: bounded-memory storage ({@link io.neardup.cluster.LongSorter}, {@link
 * io.neardup.cluster.SetStore}, {@link io.neardup.cluster.SpillDirectory}), union-find (dense and
 * {@link io.neardup.cluster.SparseUnionFind sparse}), the length-ratio bound of Jaccard similarity
 * (canonical policies are the leaf package {@code io.neardup.canonical}). {@link
 * io.neardup.cluster.ClusterOrder} is how every surface lists clusters.
 */
package io.neardup.cluster;
