/**
 * What several of the OpenSearch shells share: request keys and the {@code canonical} parameter on
 * the object parsers, and the one aggregation shell and result shell of engine-common's shard
 * aggregations ({@code neardup_buckets}, {@code neardup_lookup}), the search extensions' base.
 */
package io.neardup.opensearch.support;
