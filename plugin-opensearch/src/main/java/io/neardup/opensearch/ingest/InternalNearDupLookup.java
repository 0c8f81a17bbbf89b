package io.neardup.opensearch.ingest;

import io.neardup.engine.ingest.LookupMatches;
import io.neardup.engine.ingest.NearDupLookup.Match;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.search.aggregations.InternalAggregation;

/**
 * The result of {@link NearDupLookupAggregationBuilder}: engine-common's {@link LookupMatches}, one
 * per sketch of the batch, reduced to each sketch's best.
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
    this.matches = LookupMatches.read(WireInput.of(in));
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    LookupMatches.write(WireOutput.of(out), matches);
  }

  /** Per sketch, its best match or null. */
  public List<Match> matches() {
    return matches;
  }

  @Override
  public String getWriteableName() {
    return NearDupLookupAggregationBuilder.NAME;
  }

  @Override
  public InternalAggregation reduce(List<InternalAggregation> aggregations, ReduceContext context) {
    LookupMatches best = new LookupMatches();
    for (InternalAggregation aggregation : aggregations) {
      best.add(((InternalNearDupLookup) aggregation).matches);
    }
    return new InternalNearDupLookup(name, metadata, best.reduced());
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
    return builder.field("matches", LookupMatches.body(matches));
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
