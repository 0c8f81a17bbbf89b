package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.elasticsearch.support.ShardAggregations;
import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.cluster.ShardBandCollector;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.IndexReader;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.mapper.MappedFieldType;
import org.elasticsearch.index.shard.ShardId;
import org.elasticsearch.search.aggregations.AbstractAggregationBuilder;
import org.elasticsearch.search.aggregations.AggregationBuilder;
import org.elasticsearch.search.aggregations.AggregationExecutionContext;
import org.elasticsearch.search.aggregations.Aggregator;
import org.elasticsearch.search.aggregations.AggregatorFactories;
import org.elasticsearch.search.aggregations.AggregatorFactory;
import org.elasticsearch.search.aggregations.CardinalityUpperBound;
import org.elasticsearch.search.aggregations.InternalAggregation;
import org.elasticsearch.search.aggregations.LeafBucketCollector;
import org.elasticsearch.search.aggregations.metrics.MetricsAggregator;
import org.elasticsearch.search.aggregations.support.AggregationContext;
import org.elasticsearch.xcontent.ConstructingObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * The {@code neardup_buckets} aggregation of the distributed clustering API ({@link BucketsParams},
 * {@link ShardBandCollector}) on Elasticsearch's aggregation API.
 */
public final class NearDupBucketsAggregationBuilder
    extends AbstractAggregationBuilder<NearDupBucketsAggregationBuilder> {
  /** The aggregation's name. */
  public static final String NAME = BucketsParams.NAME;

  private final BucketsParams params;

  /** The aggregation under {@code name} in the request. */
  public NearDupBucketsAggregationBuilder(String name, BucketsParams params) {
    super(name);
    this.params = params;
  }

  private NearDupBucketsAggregationBuilder(
      NearDupBucketsAggregationBuilder clone,
      AggregatorFactories.Builder factories,
      Map<String, Object> metadata) {
    super(clone, factories, metadata);
    this.params = clone.params;
  }

  /** Reads the builder from the wire. */
  public NearDupBucketsAggregationBuilder(StreamInput in) throws IOException {
    super(in);
    this.params = BucketsParams.read(WireInput.of(in));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    params.write(WireOutput.of(out));
  }

  private static final ConstructingObjectParser<NearDupBucketsAggregationBuilder, String> PARSER =
      new ConstructingObjectParser<>(
          NAME,
          false,
          (a, name) ->
              new NearDupBucketsAggregationBuilder(
                  name, BucketsParams.ofJson((String) a[0], (Integer) a[1], (Integer) a[2])));

  static {
    PARSER.declareString(ConstructingObjectParser.constructorArg(), new ParseField("field"));
    PARSER.declareInt(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("partition"));
    PARSER.declareInt(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("partitions"));
  }

  /** Parses {@code {"field": ..., "partition": 0, "partitions": 1}}. */
  public static NearDupBucketsAggregationBuilder parse(
      org.elasticsearch.xcontent.XContentParser parser, String name) throws IOException {
    return PARSER.parse(parser, name);
  }

  @Override
  protected XContentBuilder internalXContent(XContentBuilder builder, Params params)
      throws IOException {
    return builder.map(this.params.body());
  }

  @Override
  protected AggregationBuilder shallowCopy(
      AggregatorFactories.Builder factoriesBuilder, Map<String, Object> metadata) {
    return new NearDupBucketsAggregationBuilder(this, factoriesBuilder, metadata);
  }

  @Override
  protected AggregatorFactory doBuild(
      AggregationContext context, AggregatorFactory parent, AggregatorFactories.Builder subs)
      throws IOException {
    ShardAggregations.checkTopLevel(NAME, parent, subs);
    return new AggregatorFactory(name, context, null, subs, metadata) {
      @Override
      protected Aggregator createInternal(
          Aggregator parentAggregator, CardinalityUpperBound cardinality, Map<String, Object> meta)
          throws IOException {
        return new BucketsAggregator(name, context, meta);
      }
    };
  }

  @Override
  public BucketCardinality bucketCardinality() {
    return BucketCardinality.NONE;
  }

  @Override
  public boolean supportsParallelCollection(
      java.util.function.ToLongFunction<String> fieldCardinalityResolver) {
    return false; // one sorted run per shard
  }

  @Override
  public String getType() {
    return NAME;
  }

  @Override
  public TransportVersion getMinimalSupportedVersion() {
    return TransportVersion.zero();
  }

  @Override
  public boolean equals(Object o) {
    return this == o
        || (o != null
            && getClass() == o.getClass()
            && super.equals(o)
            && params.equals(((NearDupBucketsAggregationBuilder) o).params));
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), params);
  }

  /** Collects the entries of one shard ({@link ShardBandCollector}). */
  private final class BucketsAggregator extends MetricsAggregator {
    private final ShardBandCollector entries;
    private final ShardId shardId;

    BucketsAggregator(String name, AggregationContext context, Map<String, Object> metadata)
        throws IOException {
      super(name, context, null, metadata);
      MappedFieldType type = context.getFieldType(params.field());
      IndexReader reader = context.searcher().getIndexReader();
      this.entries =
          new ShardBandCollector(
              type instanceof NearDupFieldType f ? f.nearDup() : null,
              params,
              reader,
              this::addRequestCircuitBreakerBytes);
      this.shardId = ShardAggregations.shardId(reader);
    }

    @Override
    protected LeafBucketCollector getLeafCollector(
        AggregationExecutionContext aggCtx, LeafBucketCollector sub) throws IOException {
      ShardBandCollector.Leaf leaf = entries.leaf(aggCtx.getLeafReaderContext());
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
    public InternalAggregation buildAggregation(long owningBucketOrd) {
      if (shardId == null) {
        return buildEmptyAggregation();
      }
      return new InternalNearDupBuckets(
          name,
          metadata(),
          List.of(
              new ShardBuckets<>(
                  shardId, entries.maxDoc(), entries.documents(), entries.encode())));
    }

    @Override
    public InternalAggregation buildEmptyAggregation() {
      return new InternalNearDupBuckets(name, metadata(), List.of());
    }
  }
}
