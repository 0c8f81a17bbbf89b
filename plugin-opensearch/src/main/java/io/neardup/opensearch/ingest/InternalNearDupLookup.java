package io.neardup.opensearch.ingest;

import io.neardup.engine.ingest.NearDupLookup.Match;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.search.aggregations.InternalAggregation;

/**
 * The result of {@link NearDupLookupAggregationBuilder}: per sketch of the batch, in order, its
 * best near-duplicate (similarity, cluster id, shard) or null. Reducing keeps the better match of
 * each sketch ({@link Match#better}: the higher similarity, then the lower shard).
 */
public final class InternalNearDupLookup extends InternalAggregation {
  private final List<Match> matches;

  InternalNearDupLookup(String name, Map<String, Object> metadata, List<Match> matches) {
    super(name, metadata);
    this.matches = matches;
  }

  /** Reads the result from the wire. */
  public InternalNearDupLookup(StreamInput in) throws IOException {
    super(in);
    this.matches =
        in.readList(
            i -> i.readBoolean() ? new Match(i.readFloat(), i.readString(), i.readVInt()) : null);
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    out.writeCollection(
        matches,
        (o, m) -> {
          o.writeBoolean(m != null);
          if (m != null) {
            o.writeFloat(m.similarity());
            o.writeString(m.cluster());
            o.writeVInt(m.shard());
          }
        });
  }

  /** Per sketch, its best match or null. */
  public List<Match> matches() {
    return matches;
  }

  /** Per sketch, the cluster id of its best match or null. */
  public List<String> clusters() {
    return matches.stream().map(m -> m == null ? null : m.cluster()).toList();
  }

  @Override
  public String getWriteableName() {
    return NearDupLookupAggregationBuilder.NAME;
  }

  @Override
  public InternalAggregation reduce(List<InternalAggregation> aggregations, ReduceContext context) {
    Match[] best = null;
    for (InternalAggregation aggregation : aggregations) {
      List<Match> shard = ((InternalNearDupLookup) aggregation).matches;
      if (best == null) {
        best = new Match[shard.size()];
      }
      for (int i = 0; i < best.length; i++) {
        best[i] = Match.better(best[i], shard.get(i));
      }
    }
    return new InternalNearDupLookup(
        name, metadata, best == null ? List.of() : Arrays.asList(best));
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
    builder.startArray("matches");
    for (Match m : matches) {
      if (m == null) {
        builder.nullValue();
      } else {
        builder.startObject();
        builder.field("cluster", m.cluster());
        builder.field("similarity", m.similarity());
        builder.field("shard", m.shard());
        builder.endObject();
      }
    }
    builder.endArray();
    return builder;
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && matches.equals(((InternalNearDupLookup) o).matches);
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), matches);
  }
}
