package io.neardup.engine.api;

import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.Map;

/**
 * The parameters of a shard aggregation ({@link BucketsParams}, {@link LookupParams}): the {@code
 * neardup} field it reads, its JSON object and its wire form.
 */
public interface ShardParams {
  /** The {@code neardup} field. */
  String field();

  /** The JSON object. */
  Map<String, Object> body();

  /** Writes the wire form the aggregation's reader reads. */
  void write(WireOutput out) throws IOException;
}
