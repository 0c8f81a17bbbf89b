/**
 * What the engines' distributed clusters run and reconcile (in engine-common) need that is free of
 * any engine: union-find over the few documents of candidate pairs ({@link
 * io.neardup.cluster.distributed.SparseUnionFind}) and the stable naming of clusters after their
 * current ids ({@link io.neardup.cluster.distributed.StableClusterIds}).
 */
package io.neardup.cluster.distributed;
