package io.neardup.elasticsearch.support;

import io.neardup.engine.aggregation.BucketsAggregation;
import io.neardup.engine.aggregation.LookupAggregation;
import io.neardup.engine.aggregation.ShardAggregation;
import io.neardup.engine.api.FieldParams;
import java.util.List;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.plugins.SearchPlugin.AggregationSpec;

/**
 * The plugin's shard aggregations, engine-common's: the clusters API's {@code neardup_buckets} and
 * the ingest processor's {@code neardup_lookup}.
 */
public final class ShardAggregations {
  private ShardAggregations() {}

  /** The clusters API's {@code neardup_buckets}, shard ids in this engine's wire form. */
  public static final BucketsAggregation<ShardId> BUCKETS =
      new BucketsAggregation<>(
          // the result shell's own streams
          in -> new ShardId((StreamInput) in),
          (shard, out) -> shard.writeTo((StreamOutput) out));

  /** The ingest processor's {@code neardup_lookup}. */
  public static final LookupAggregation<ShardId> LOOKUP = new LookupAggregation<>();

  /** The registrations of both. */
  public static List<AggregationSpec> specs() {
    return List.of(spec(BUCKETS), spec(LOOKUP));
  }

  private static <P extends FieldParams, R> AggregationSpec spec(
      ShardAggregation<P, R, ShardId> kind) {
    return new AggregationSpec(
            kind.name(),
            in -> new ShardAggregationBuilder<>(kind, in),
            ShardAggregationBuilder.parser(kind))
        .addResultReader(in -> new InternalShardAggregation<>(kind, in));
  }
}
