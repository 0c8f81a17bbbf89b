/**
 * The shard aggregations both engines run, described once: {@link
 * io.neardup.engine.aggregation.ShardAggregation} (parameters, JSON and wire forms, the run on a
 * shard, the result's wire form, reduce and JSON), with the clusters API's {@code neardup_buckets}
 * ({@link io.neardup.engine.aggregation.BucketsAggregation}) and the ingest processor's {@code
 * neardup_lookup} ({@link io.neardup.engine.aggregation.LookupAggregation}). Each engine has one
 * aggregation shell and one result shell over them.
 */
package io.neardup.engine.aggregation;
