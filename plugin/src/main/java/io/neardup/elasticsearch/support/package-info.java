/**
 * What several of the Elasticsearch shells share: the {@code canonical} parameter's token walk, the
 * shard aggregations' checks.
 */
package io.neardup.elasticsearch.support;
