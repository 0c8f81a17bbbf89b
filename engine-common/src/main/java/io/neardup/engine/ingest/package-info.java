/**
 * Near-duplicate cluster ids at write time: what the engines' {@code neardup} ingest processors
 * share (parameters, mapping checks, sketches, the memory of recent sketches, batches of documents
 * that wait for a search, the shards' lookup of a batch in the index and its results, {@link
 * io.neardup.engine.ingest.LookupMatches}).
 */
package io.neardup.engine.ingest;
