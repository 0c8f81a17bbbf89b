/**
 * The single-node clustering core, {@link io.neardup.cluster.core.Clusterer} (the streaming {@code
 * dedup}, the index clusterer): its phases each have a class, {@link
 * io.neardup.cluster.core.IdenticalGroups}, band buckets ({@link
 * io.neardup.cluster.core.SortedRuns}), {@link io.neardup.cluster.core.CandidateVerification} with
 * {@link io.neardup.cluster.core.SetComparison}, {@link io.neardup.cluster.core.OversizedBuckets}
 * (by the rule {@link io.neardup.cluster.core.Representatives}, which the engines' distributed run
 * applies too) and {@link io.neardup.cluster.core.ClusterAssembly}, sharing a {@link
 * io.neardup.cluster.core.ClusterRun}; how a pair compares is a pluggable {@link
 * io.neardup.cluster.core.PairMeasure}, one per method ({@link
 * io.neardup.cluster.core.PairMeasures}). Around them: bounded-memory storage ({@link
 * io.neardup.cluster.core.LongSorter}, {@link io.neardup.cluster.core.SetStore}, {@link
 * io.neardup.cluster.core.SpillDirectory}), dense union-find ({@link
 * io.neardup.cluster.core.UnionFind}), the length-ratio bound of Jaccard similarity ({@link
 * io.neardup.cluster.core.LengthRatio}).
 */
package io.neardup.cluster.core;
