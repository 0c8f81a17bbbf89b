package io.neardup.elasticsearch.ingest;

import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.elasticsearch.support.ShardAggregations;
import io.neardup.engine.api.LookupParams;
import io.neardup.engine.ingest.NearDupLookup;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.fieldvisitor.LeafStoredFieldLoader;
import org.elasticsearch.index.fieldvisitor.StoredFieldLoader;
import org.elasticsearch.index.mapper.IdLoader;
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
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code neardup_lookup} aggregation of the ingest processor's search ({@link LookupParams},
 * {@link io.neardup.engine.ingest.NearDupLookup}) on Elasticsearch's aggregation API.
 */
public final class NearDupLookupAggregationBuilder
    extends AbstractAggregationBuilder<NearDupLookupAggregationBuilder> {
  /** The aggregation's name. */
  public static final String NAME = LookupParams.NAME;

  private final LookupParams params;

  /** The aggregation {@code name} with these parameters. */
  public NearDupLookupAggregationBuilder(String name, LookupParams params) {
    super(name);
    this.params = params;
  }

  private NearDupLookupAggregationBuilder(
      NearDupLookupAggregationBuilder clone,
      AggregatorFactories.Builder factories,
      Map<String, Object> metadata) {
    super(clone, factories, metadata);
    this.params = clone.params;
  }

  /** Reads the builder from the wire. */
  public NearDupLookupAggregationBuilder(StreamInput in) throws IOException {
    super(in);
    this.params = LookupParams.read(WireInput.of(in));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    params.write(WireOutput.of(out));
  }

  @SuppressWarnings("unchecked")
  private static final ConstructingObjectParser<NearDupLookupAggregationBuilder, String> PARSER =
      new ConstructingObjectParser<>(
          NAME,
          false,
          (a, name) -> {
            LookupParams p =
                LookupParams.ofJson(
                    (String) a[0], (String) a[1], (List<String>) a[2], (List<String>) a[3]);
            return new NearDupLookupAggregationBuilder(name, p);
          });

  static {
    PARSER.declareString(ConstructingObjectParser.constructorArg(), new ParseField("field"));
    PARSER.declareString(
        ConstructingObjectParser.constructorArg(), new ParseField("cluster_field"));
    PARSER.declareStringArray(
        ConstructingObjectParser.constructorArg(), new ParseField("sketches"));
    PARSER.declareStringArray(
        ConstructingObjectParser.optionalConstructorArg(), new ParseField("sets"));
  }

  /** Parses the body {@link LookupParams#body} writes. */
  public static NearDupLookupAggregationBuilder parse(XContentParser parser, String name)
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
    return new NearDupLookupAggregationBuilder(this, factoriesBuilder, metadata);
  }

  @Override
  protected AggregatorFactory doBuild(
      AggregationContext context, AggregatorFactory parent, AggregatorFactories.Builder subs)
      throws IOException {
    ShardAggregations.checkTopLevel(NAME, parent, subs);
    MappedFieldType type = context.getFieldType(params.field());
    if (type != null && !(type instanceof NearDupFieldType)) {
      throw params.notNearDup();
    }
    NearDupFieldType nearDup = (NearDupFieldType) type;
    return new AggregatorFactory(name, context, null, subs, metadata) {
      @Override
      protected Aggregator createInternal(
          Aggregator parentAggregator, CardinalityUpperBound cardinality, Map<String, Object> meta)
          throws IOException {
        return new LookupAggregator(name, context, meta, nearDup);
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
    return false; // one lookup per shard
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
            && params.equals(((NearDupLookupAggregationBuilder) o).params));
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), params);
  }

  /** A document's {@code _id}, for a near-duplicate indexed without a cluster id. */
  static String id(LeafReaderContext leaf, int doc) throws IOException {
    LeafStoredFieldLoader stored = StoredFieldLoader.create(false, Set.of()).getLoader(leaf, null);
    stored.advanceTo(doc);
    String id = stored.id();
    if (id != null) {
      return id;
    }
    // an index that keeps _id in doc values (columnar id mode) stores none
    return IdLoader.fromDocValues().leaf(stored, leaf.reader(), new int[] {doc}).getId(doc);
  }

  /** Looks the batch up on one shard; collects nothing. */
  private final class LookupAggregator extends MetricsAggregator {
    private final NearDupFieldType type;
    private final IndexReader reader;

    LookupAggregator(
        String name,
        AggregationContext context,
        Map<String, Object> metadata,
        NearDupFieldType type)
        throws IOException {
      super(name, context, null, metadata);
      this.type = type;
      this.reader = context.searcher().getIndexReader();
    }

    @Override
    protected LeafBucketCollector getLeafCollector(
        AggregationExecutionContext aggCtx, LeafBucketCollector sub) {
      return LeafBucketCollector.NO_OP_COLLECTOR;
    }

    @Override
    public InternalAggregation buildAggregation(long owningBucketOrd) throws IOException {
      if (type == null) {
        return buildEmptyAggregation(); // an index without the field has no near-duplicates
      }
      NearDupLookup.Match[] matches =
          NearDupLookup.lookup(
              reader,
              type.nearDup().fields(),
              type.nearDup().settings(),
              params,
              NearDupLookupAggregationBuilder::id,
              shard(reader));
      return new InternalNearDupLookup(name, metadata(), Arrays.asList(matches));
    }

    private static int shard(IndexReader reader) {
      ShardId id = ShardAggregations.shardId(reader);
      return id == null ? 0 : id.id();
    }

    @Override
    public InternalAggregation buildEmptyAggregation() {
      return new InternalNearDupLookup(
          name, metadata(), java.util.Collections.nCopies(params.sketches().size(), null));
    }
  }
}
