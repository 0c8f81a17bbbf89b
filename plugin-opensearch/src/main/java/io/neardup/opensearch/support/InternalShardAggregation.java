package io.neardup.opensearch.support;

import io.neardup.engine.aggregation.ShardAggregation;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.search.aggregations.InternalAggregation;

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
  @SuppressWarnings("unchecked")
  public InternalAggregation reduce(List<InternalAggregation> aggregations, ReduceContext context) {
    ShardAggregation.Reduction<R> reduction = kind.reduction();
    for (InternalAggregation aggregation : aggregations) {
      reduction.add(((InternalShardAggregation<R>) aggregation).value);
    }
    return new InternalShardAggregation<>(kind, name, metadata, reduction.result());
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
