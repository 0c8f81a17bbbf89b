/**
 * The {@code neardup} ingest processor: near-duplicate cluster ids assigned at write time, and the
 * shard half of its search ({@code neardup_lookup}).
 */
package io.neardup.opensearch.ingest;
