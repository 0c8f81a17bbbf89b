package io.neardup.elasticsearch.support;

import io.neardup.engine.aggregation.ShardAggregation;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.search.aggregations.AggregationReduceContext;
import org.elasticsearch.search.aggregations.AggregatorReducer;
import org.elasticsearch.search.aggregations.InternalAggregation;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * The result of a {@link ShardAggregationBuilder}: the kind's result of a shard, or reduced over
 * the shards by the kind's reduction.
 *
 * @param <R> the kind's result
 */
public final class InternalShardAggregation<R> extends InternalAggregation {
  private final ShardAggregation<?, R, ShardId> kind;
  private final R value;

  InternalShardAggregation(
      ShardAggregation<?, R, ShardId> kind, String name, Map<String, Object> metadata, R value) {
    super(name, metadata);
    this.kind = kind;
    this.value = value;
  }

  /** Reads the result from the wire. */
  public InternalShardAggregation(ShardAggregation<?, R, ShardId> kind, StreamInput in)
      throws IOException {
    super(in);
    this.kind = kind;
    this.value = kind.readResult(in);
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    kind.writeResult(value, out);
  }

  /** The kind's result. */
  public R value() {
    return value;
  }

  @Override
  public String getWriteableName() {
    return kind.name();
  }

  @Override
  protected AggregatorReducer getLeaderReducer(AggregationReduceContext context, int size) {
    ShardAggregation.Reduction<R> reduction = kind.reduction();
    return new AggregatorReducer() {
      @Override
      @SuppressWarnings("unchecked")
      public void accept(InternalAggregation aggregation) {
        reduction.add(((InternalShardAggregation<R>) aggregation).value);
      }

      @Override
      public InternalAggregation get() {
        return new InternalShardAggregation<>(kind, name, metadata, reduction.result());
      }
    };
  }

  @Override
  protected boolean mustReduceOnSingleInternalAgg() {
    return false;
  }

  @Override
  public Object getProperty(List<String> path) {
    return ShardAggregation.property(this, getName(), path);
  }

  @Override
  public XContentBuilder doXContentBody(XContentBuilder builder, Params params) throws IOException {
    return builder.mapContents(kind.resultBody(value));
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && value.equals(((InternalShardAggregation<?>) o).value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), value);
  }
}
