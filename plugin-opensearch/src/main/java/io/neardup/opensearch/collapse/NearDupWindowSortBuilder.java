package io.neardup.opensearch.collapse;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.search.SortField;
import org.opensearch.core.ParseField;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.query.QueryRewriteContext;
import org.opensearch.index.query.QueryShardContext;
import org.opensearch.search.DocValueFormat;
import org.opensearch.search.sort.BucketedSort;
import org.opensearch.search.sort.SortBuilder;
import org.opensearch.search.sort.SortFieldAndFormat;
import org.opensearch.search.sort.SortOrder;

/**
 * The internal sort {@code neardup_window} that the coordinating node appends to the sorts of a
 * search it collapses ({@link CoordinatorCollapse#widen}). It changes no order; it makes every
 * shard's query phase return, with each of its top hits, what collapsing needs of the hit ({@link
 * WindowHit}: sketch, canonical value, id, read from doc values), so that the coordinating node can
 * collapse the window between the query and the fetch phase and fetch only the page (see {@code
 * io.neardup.opensearch.pipeline.NearDupCollapsePhaseProcessor}). It also carries the collapse's
 * plan (the requested page, the resolved minimum similarity) to that step.
 */
public final class NearDupWindowSortBuilder extends SortBuilder<NearDupWindowSortBuilder> {
  /** The sort's name. */
  public static final String NAME = "neardup_window";

  private static final ParseField FROM = new ParseField("from");
  private static final ParseField SIZE = new ParseField("size");
  private static final ParseField RESOLVED_MIN_SIMILARITY =
      new ParseField("resolved_min_similarity");
  private static final ParseField OWN_SORTS = new ParseField("own_sorts");
  private static final ParseField COLLAPSE = new ParseField(NearDupCollapseBuilder.NAME);

  private final CoordinatorCollapse.Plan plan;

  /** The sort of a collapse's plan. */
  public NearDupWindowSortBuilder(CoordinatorCollapse.Plan plan) {
    this.plan = Objects.requireNonNull(plan);
  }

  /** Reads the sort from the wire. */
  public NearDupWindowSortBuilder(StreamInput in) throws IOException {
    NearDupCollapseBuilder ext = new NearDupCollapseBuilder(in);
    this.plan =
        new CoordinatorCollapse.Plan(
            ext, in.readVInt(), in.readVInt(), in.readDouble(), in.readVInt());
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    plan.ext().writeTo(out);
    out.writeVInt(plan.from());
    out.writeVInt(plan.size());
    out.writeDouble(plan.minSimilarity());
    out.writeVInt(plan.ownSorts());
  }

  /** The collapse this sort serves. */
  public CoordinatorCollapse.Plan plan() {
    return plan;
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  protected SortFieldAndFormat build(QueryShardContext context) {
    SortField field =
        new SortField(
            plan.ext().params().field(),
            new WindowHitComparatorSource(
                context.fieldMapper(plan.ext().params().field()),
                plan.ext().params().canonical(),
                plan.ext().params().shingles(),
                WindowHit.shardOrder(
                    context.getShardId(), context.index().getName(), context.index().getUUID())));
    return new SortFieldAndFormat(field, DocValueFormat.BINARY);
  }

  @Override
  public BucketedSort buildBucketedSort(
      QueryShardContext context, int bucketSize, BucketedSort.ExtraData extra) {
    throw new IllegalArgumentException("[" + NAME + "] sorts search hits only, not buckets");
  }

  @Override
  public NearDupWindowSortBuilder order(SortOrder order) {
    if (order != SortOrder.ASC) {
      throw new IllegalArgumentException("[" + NAME + "] has no [order]: it orders nothing");
    }
    return this;
  }

  @Override
  public SortBuilder<?> rewrite(QueryRewriteContext ctx) {
    return this;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject();
    builder.startObject(NAME);
    builder.field(FROM.getPreferredName(), plan.from());
    builder.field(SIZE.getPreferredName(), plan.size());
    builder.field(RESOLVED_MIN_SIMILARITY.getPreferredName(), plan.minSimilarity());
    builder.field(OWN_SORTS.getPreferredName(), plan.ownSorts());
    plan.ext().toXContent(builder, params);
    builder.endObject();
    return builder.endObject();
  }

  private static final class Spec {
    int from;
    int size;
    double minSimilarity;
    int ownSorts;
    NearDupCollapseBuilder ext;
  }

  private static final ObjectParser<Spec, Void> PARSER = new ObjectParser<>(NAME, Spec::new);

  static {
    PARSER.declareInt((s, v) -> s.from = v, FROM);
    PARSER.declareInt((s, v) -> s.size = v, SIZE);
    PARSER.declareDouble((s, v) -> s.minSimilarity = v, RESOLVED_MIN_SIMILARITY);
    PARSER.declareInt((s, v) -> s.ownSorts = v, OWN_SORTS);
    PARSER.declareObject(
        (s, v) -> s.ext = v, (p, c) -> NearDupCollapseBuilder.fromXContent(p), COLLAPSE);
  }

  /** Parses the object after {@code "neardup_window":}, as {@link #toXContent} writes it. */
  public static NearDupWindowSortBuilder fromXContent(XContentParser parser, String elementName)
      throws IOException {
    Spec spec = PARSER.parse(parser, null);
    if (spec.ext == null) {
      throw new IllegalArgumentException(
          "[" + NAME + "] requires [" + COLLAPSE.getPreferredName() + "]");
    }
    return new NearDupWindowSortBuilder(
        new CoordinatorCollapse.Plan(
            spec.ext, spec.from, spec.size, spec.minSimilarity, spec.ownSorts));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearDupWindowSortBuilder b && plan.equals(b.plan);
  }

  @Override
  public int hashCode() {
    return plan.hashCode();
  }
}
