/**
 * What several of the OpenSearch shells share: the {@code canonical} parameter's token walk, the
 * shard aggregations' checks.
 */
package io.neardup.opensearch.support;
