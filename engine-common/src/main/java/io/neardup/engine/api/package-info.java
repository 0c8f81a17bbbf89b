/**
 * The engines' request and response models, free of either engine: parameters with their defaults,
 * checks and bracketed messages ({@link io.neardup.engine.api.ClustersParams}, {@link
 * io.neardup.engine.api.CollapseParams}, {@link io.neardup.engine.api.SketchesParams}, the {@code
 * neardup} query's {@link io.neardup.engine.api.LikeQueries} and {@link
 * io.neardup.engine.api.LikeDocument}), the {@code canonical} grammar ({@link
 * io.neardup.engine.api.CanonicalForms}), and response bodies as plain maps and lists ({@link
 * io.neardup.engine.api.ClustersPage}, {@link io.neardup.engine.api.ReconcileResult}, {@link
 * io.neardup.engine.api.ReconcileProgress}), and the shard aggregations' parameters ({@link
 * io.neardup.engine.api.BucketsParams}, {@link io.neardup.engine.api.LookupParams}). Each has a
 * wire form ({@code io.neardup.engine.wire}); each engine's parser declares its keys onto them and
 * its XContent builder writes their bodies.
 */
package io.neardup.engine.api;
