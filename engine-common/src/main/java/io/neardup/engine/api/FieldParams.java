package io.neardup.engine.api;

import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.Map;

/**
 * Parameters over a {@code neardup} field that travel as a JSON object and on the wire: the shard
 * aggregations' ({@link BucketsParams}, {@link LookupParams}) and the search extensions' ({@link
 * CollapseParams}, {@link SketchesParams}).
 */
public interface FieldParams {
  /** The {@code neardup} field. */
  String field();

  /** The JSON object. */
  Map<String, Object> body();

  /** Writes the wire form the aggregation's reader reads. */
  void write(WireOutput out) throws IOException;
}
