/**
 * What several of the Elasticsearch shells share: request keys and the {@code canonical} parameter
 * on the object parsers, the shard aggregations' checks.
 */
package io.neardup.elasticsearch.support;
