/**
 * Reads both engines run on a shard: hits' sketches, ids and canonical values from doc values
 * ({@link io.neardup.engine.shard.HitSketchReader}), the text of a near-duplicate field in a
 * document's source ({@link io.neardup.engine.shard.SourceText}) and the Lucene query for documents
 * by number ({@link io.neardup.engine.shard.DocNumbersQuery}).
 */
package io.neardup.engine.shard;
