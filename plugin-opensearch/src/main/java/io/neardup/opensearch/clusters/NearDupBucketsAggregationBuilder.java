package io.neardup.opensearch.clusters;

import io.neardup.engine.api.BucketsParams;
import io.neardup.engine.cluster.ShardBandCollector;
import io.neardup.engine.cluster.ShardBuckets;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.opensearch.support.ShardAggregations;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.opensearch.core.ParseField;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.index.shard.ShardId;
import org.opensearch.core.xcontent.ConstructingObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.query.QueryShardContext;
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
 * The {@code neardup_buckets} aggregation of the distributed clustering API ({@link BucketsParams},
 * {@link ShardBandCollector}) on OpenSearch's aggregation API.
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
  public static NearDupBucketsAggregationBuilder parse(XContentParser parser, String name)
      throws IOException {
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
      QueryShardContext context, AggregatorFactory parent, AggregatorFactories.Builder subs)
      throws IOException {
    ShardAggregations.checkTopLevel(NAME, parent, subs);
    return new AggregatorFactory(name, context, null, subs, metadata) {
      @Override
      protected Aggregator createInternal(
          SearchContext searchContext,
          Aggregator parentAggregator,
          CardinalityUpperBound cardinality,
          Map<String, Object> meta)
          throws IOException {
        return new BucketsAggregator(name, searchContext, meta);
      }

      @Override
      protected boolean supportsConcurrentSegmentSearch() {
        return false; // one sorted run per shard, not one per slice
      }
    };
  }

  @Override
  public BucketCardinality bucketCardinality() {
    return BucketCardinality.NONE;
  }

  @Override
  public String getType() {
    return NAME;
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

    BucketsAggregator(String name, SearchContext context, Map<String, Object> metadata)
        throws IOException {
      super(name, context, null, metadata);
      MappedFieldType type = context.mapperService().fieldType(params.field());
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
    protected LeafBucketCollector getLeafCollector(LeafReaderContext ctx, LeafBucketCollector sub)
        throws IOException {
      ShardBandCollector.Leaf leaf = entries.leaf(ctx);
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
