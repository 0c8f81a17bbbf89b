package io.neardup.engine.aggregation;

import io.neardup.engine.api.BodyKeys;
import io.neardup.engine.api.FieldParams;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.wire.WireInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;

/**
 * A top-level aggregation that runs once per shard, whatever the engine: its parameters (JSON and
 * wire forms), its run over a shard's reader, and its result (wire form, reduce over the shards,
 * JSON). Each engine's one aggregation shell and one result shell adapt any of them.
 *
 * @param <P> the parameters (their field, JSON and wire forms)
 * @param <R> the result, of one shard or reduced
 * @param <S> the engine's shard id
 */
public interface ShardAggregation<P extends FieldParams, R, S> {
  /** The aggregation's registered name. */
  String name();

  /** Declares the JSON form's keys; the parser puts each value in a map under its key. */
  void declare(BodyKeys<Map<String, Object>> keys);

  /**
   * The parameters of the JSON form's values.
   *
   * @throws IllegalArgumentException for a missing or bad value
   */
  P ofBody(Map<String, Object> body);

  P readParams(WireInput in) throws IOException;

  /**
   * Called when the field is mapped with another type than {@code neardup}: throws to fail the
   * shard, or returns to read nothing there.
   */
  void otherType(P params);

  /** Starts the aggregation on a shard. */
  Run<R> start(P params, Shard<S> shard) throws IOException;

  /** The result of a shard that reads nothing. */
  R empty(P params);

  /** Reads a result from the engine's transport stream (the shard ids by the engine's reader). */
  R readResult(InputStream in) throws IOException;

  void writeResult(R result, OutputStream out) throws IOException;

  /** A fresh reduction of the shards' results. */
  Reduction<R> reduction();

  /** The contents of the result's JSON object. */
  Map<String, Object> resultBody(R result);

  /**
   * A shard as the engine's aggregator sees it.
   *
   * @param reader the shard's reader
   * @param id the shard's id, or null for a shard without segments
   * @param number the shard's number (0 without segments)
   * @param field the shard's {@code neardup} field, or null where it maps none
   * @param account reports bytes to the engine's request circuit breaker (it may throw)
   * @param ids reads a document's {@code _id} as the engine stores it
   */
  record Shard<S>(
      IndexReader reader,
      S id,
      int number,
      NearDupField field,
      LongConsumer account,
      IdReader ids) {}

  /** Reads a document's {@code _id}. */
  @FunctionalInterface
  interface IdReader {
    String id(LeafReaderContext leaf, int doc) throws IOException;
  }

  /** The run on one shard. */
  interface Run<R> {
    /** The collection of a segment's matching documents, or null to read none there. */
    Leaf leaf(LeafReaderContext leaf) throws IOException;

    /** The shard's result, once its segments are collected. */
    R result() throws IOException;
  }

  /** Collects a segment's matching documents. */
  @FunctionalInterface
  interface Leaf {
    void collect(int doc) throws IOException;
  }

  /** Reduces the shards' results, one at a time. */
  interface Reduction<R> {
    void add(R part);

    R result();
  }

  /**
   * Checks the aggregation where the engine builds it on a shard: once per shard, so at the top
   * level and without sub-aggregations; a field the shard maps with another type than {@code
   * neardup} goes to {@link #otherType}.
   *
   * @param mapped whether the shard's mapping has the field
   * @param field the field if its type is {@code neardup}, else null
   * @throws IllegalArgumentException naming the aggregation
   */
  default void check(
      boolean nested, int subAggregations, P params, boolean mapped, NearDupField field) {
    if (nested) {
      throw new IllegalArgumentException("[" + name() + "] must be a top-level aggregation");
    }
    if (subAggregations > 0) {
      throw new IllegalArgumentException("[" + name() + "] takes no sub-aggregations");
    }
    if (mapped && field == null) {
      otherType(params);
    }
  }

  /**
   * The shard a searcher's reader reads, by the engine's shard id of a directory reader or else of
   * its first segment; null for a shard without segments.
   */
  static <S> S shardOf(
      IndexReader reader, Function<DirectoryReader, S> directory, Function<LeafReader, S> leaf) {
    if (reader instanceof DirectoryReader d) {
      return directory.apply(d);
    }
    return reader.leaves().isEmpty() ? null : leaf.apply(reader.leaves().get(0).reader());
  }

  /**
   * What an aggregation path reads of a result: the result itself for the empty path, nothing
   * deeper.
   *
   * @throws IllegalArgumentException for any other path, naming the aggregation
   */
  static Object property(Object result, String name, List<String> path) {
    if (path.isEmpty()) {
      return result;
    }
    throw new IllegalArgumentException("path not supported for [" + name + "]: " + path);
  }

  /** The value of a required key of a JSON form. */
  static Object required(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      throw new IllegalArgumentException("Required [" + key + "]");
    }
    return v;
  }
}
