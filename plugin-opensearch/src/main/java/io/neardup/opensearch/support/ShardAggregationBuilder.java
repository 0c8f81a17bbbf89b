package io.neardup.opensearch.support;

import io.neardup.engine.aggregation.ShardAggregation;
import io.neardup.engine.api.FieldParams;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.xcontent.ContextParser;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.index.fieldvisitor.FieldsVisitor;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.query.QueryShardContext;
import org.opensearch.index.shard.ShardUtils;
import org.opensearch.search.aggregations.AbstractAggregationBuilder;
import org.opensearch.search.aggregations.AggregationBuilder;
import org.opensearch.search.aggregations.Aggregator;
import org.opensearch.search.aggregations.AggregatorFactories;
import org.opensearch.search.aggregations.AggregatorFactory;
import org.opensearch.search.aggregations.CardinalityUpperBound;
import org.opensearch.search.aggregations.InternalAggregation;
import org.opensearch.search.aggregations.LeafBucketCollector;
import org.opensearch.search.aggregations.metrics.MetricsAggregator;
import org.opensearch.search.internal.SearchContext;

/**
 * An engine-common {@link ShardAggregation} on OpenSearch's aggregation API: a top-level
 * aggregation without sub-aggregations that runs once per shard, without concurrent segment search.
 *
 * @param <P> its parameters
 * @param <R> its result
 */
public final class ShardAggregationBuilder<P extends FieldParams, R>
    extends AbstractAggregationBuilder<ShardAggregationBuilder<P, R>> {
  private final ShardAggregation<P, R, ShardId> kind;
  private final P params;

  /** The aggregation {@code name} of this kind with these parameters. */
  public ShardAggregationBuilder(ShardAggregation<P, R, ShardId> kind, String name, P params) {
    super(name);
    this.kind = kind;
    this.params = params;
  }

  private ShardAggregationBuilder(
      ShardAggregationBuilder<P, R> clone,
      AggregatorFactories.Builder factories,
      Map<String, Object> metadata) {
    super(clone, factories, metadata);
    this.kind = clone.kind;
    this.params = clone.params;
  }

  /** Reads the builder from the wire. */
  public ShardAggregationBuilder(ShardAggregation<P, R, ShardId> kind, StreamInput in)
      throws IOException {
    super(in);
    this.kind = kind;
    this.params = kind.readParams(WireInput.of(in));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    params.write(WireOutput.of(out));
  }

  /** The parser of the JSON form the kind declares. */
  public static <P extends FieldParams, R>
      ContextParser<String, ShardAggregationBuilder<P, R>> parser(
          ShardAggregation<P, R, ShardId> kind) {
    ObjectParser<Map<String, Object>, Void> keys =
        new ObjectParser<>(kind.name(), LinkedHashMap::new);
    kind.declare(BodyParsers.keys(keys));
    return (parser, name) ->
        new ShardAggregationBuilder<>(kind, name, kind.ofBody(keys.parse(parser, null)));
  }

  @Override
  protected XContentBuilder internalXContent(XContentBuilder builder, Params params)
      throws IOException {
    return builder.map(this.params.body());
  }

  @Override
  protected AggregationBuilder shallowCopy(
      AggregatorFactories.Builder factoriesBuilder, Map<String, Object> metadata) {
    return new ShardAggregationBuilder<>(this, factoriesBuilder, metadata);
  }

  @Override
  protected AggregatorFactory doBuild(
      QueryShardContext context, AggregatorFactory parent, AggregatorFactories.Builder subs)
      throws IOException {
    MappedFieldType type = context.getMapperService().fieldType(params.field());
    NearDupField field = type instanceof NearDupFieldType t ? t.nearDup() : null;
    kind.check(parent != null, subs.count(), params, type != null, field);
    return new AggregatorFactory(name, context, null, subs, metadata) {
      @Override
      protected Aggregator createInternal(
          SearchContext searchContext,
          Aggregator parentAggregator,
          CardinalityUpperBound cardinality,
          Map<String, Object> meta)
          throws IOException {
        return new ShardAggregator(name, searchContext, meta, field);
      }

      @Override
      protected boolean supportsConcurrentSegmentSearch() {
        return false; // one run per shard, not one per slice
      }
    };
  }

  @Override
  public BucketCardinality bucketCardinality() {
    return BucketCardinality.NONE;
  }

  @Override
  public String getType() {
    return kind.name();
  }

  @Override
  public boolean equals(Object o) {
    return this == o
        || (o instanceof ShardAggregationBuilder<?, ?> other
            && super.equals(o)
            && kind == other.kind
            && params.equals(other.params));
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), kind.name(), params);
  }

  /** A document's {@code _id}. */
  private static String id(LeafReaderContext leaf, int doc) throws IOException {
    FieldsVisitor visitor = new FieldsVisitor(false);
    leaf.reader().storedFields().document(doc, visitor);
    return visitor.id();
  }

  /** Runs the kind on one shard. */
  private final class ShardAggregator extends MetricsAggregator {
    private final ShardAggregation.Run<R> run;

    ShardAggregator(
        String name, SearchContext context, Map<String, Object> metadata, NearDupField field)
        throws IOException {
      super(name, context, null, metadata);
      IndexReader reader = context.searcher().getIndexReader();
      ShardId shard =
          ShardAggregation.shardOf(reader, ShardUtils::extractShardId, ShardUtils::extractShardId);
      this.run =
          kind.start(
              params,
              new ShardAggregation.Shard<>(
                  reader,
                  shard,
                  shard == null ? 0 : shard.id(),
                  field,
                  this::addRequestCircuitBreakerBytes,
                  ShardAggregationBuilder::id));
    }

    @Override
    protected LeafBucketCollector getLeafCollector(LeafReaderContext ctx, LeafBucketCollector sub)
        throws IOException {
      ShardAggregation.Leaf leaf = run.leaf(ctx);
      return leaf == null
          ? LeafBucketCollector.NO_OP_COLLECTOR
          : new LeafBucketCollector() {
            @Override
            public void collect(int doc, long bucket) throws IOException {
              leaf.collect(doc);
            }
          };
    }

    @Override
    public InternalAggregation buildAggregation(long owningBucketOrd) throws IOException {
      return new InternalShardAggregation<>(kind, name, metadata(), run.result());
    }

    @Override
    public InternalAggregation buildEmptyAggregation() {
      return new InternalShardAggregation<>(kind, name, metadata(), kind.empty(params));
    }
  }
}
