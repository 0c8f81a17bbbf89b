package io.neardup.elasticsearch.clusters;

import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.ArrayList;
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
 * The result of {@link NearDupBucketsAggregationBuilder}: each shard's encoded band entries of one
 * partition, with the shard's identity, its number of documents (the range of its document numbers)
 * and how many matching documents it read. Reducing concatenates the shards' parts: the merge-join
 * is the coordinating node's work ({@code io.neardup.engine.cluster.ShardedClusterer}).
 */
public final class InternalNearDupBuckets extends InternalAggregation {
  private final List<ShardBuckets<ShardId>> parts;

  InternalNearDupBuckets(
      String name, Map<String, Object> metadata, List<ShardBuckets<ShardId>> parts) {
    super(name, metadata);
    this.parts = parts;
  }

  /** Reads the result from the wire. */
  public InternalNearDupBuckets(StreamInput in) throws IOException {
    super(in);
    this.parts = in.readCollectionAsList(i -> ShardBuckets.read(new ShardId(i), WireInput.of(i)));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeCollection(
        parts,
        (o, p) -> {
          p.shard().writeTo(o);
          p.write(WireOutput.of(o));
        });
  }

  /** The shards' results, in no particular order. */
  public List<ShardBuckets<ShardId>> parts() {
    return parts;
  }

  @Override
  public String getWriteableName() {
    return NearDupBucketsAggregationBuilder.NAME;
  }

  @Override
  protected AggregatorReducer getLeaderReducer(AggregationReduceContext context, int size) {
    return new AggregatorReducer() {
      private final List<ShardBuckets<ShardId>> all = new ArrayList<>();

      @Override
      public void accept(InternalAggregation aggregation) {
        all.addAll(((InternalNearDupBuckets) aggregation).parts);
      }

      @Override
      public InternalAggregation get() {
        return new InternalNearDupBuckets(name, metadata, List.copyOf(all));
      }
    };
  }

  @Override
  protected boolean mustReduceOnSingleInternalAgg() {
    return false;
  }

  @Override
  public Object getProperty(List<String> path) {
    if (path.isEmpty()) {
      return this;
    }
    throw new IllegalArgumentException("path not supported for [" + getName() + "]: " + path);
  }

  @Override
  public XContentBuilder doXContentBody(XContentBuilder builder, Params params) throws IOException {
    return builder.mapContents(ShardBuckets.body(parts));
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && parts.equals(((InternalNearDupBuckets) o).parts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), parts);
  }
}
