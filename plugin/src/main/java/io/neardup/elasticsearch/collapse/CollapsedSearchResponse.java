package io.neardup.elasticsearch.collapse;

import io.neardup.engine.collapse.CollapseSummary;
import java.util.Iterator;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.ShardSearchFailure;
import org.elasticsearch.common.collect.Iterators;
import org.elasticsearch.common.xcontent.ChunkedToXContentHelper;
import org.elasticsearch.search.SearchHits;
import org.elasticsearch.xcontent.ToXContent;

/**
 * A search response whose hits were collapsed by {@code neardup_collapse}: the usual response with
 * one more section, engine-common's {@link CollapseSummary}. The section exists on the node that
 * ran the search; a response serialized to another node keeps the collapsed hits but not it.
 */
public final class CollapsedSearchResponse extends SearchResponse {
  private final CollapseSummary summary;

  CollapsedSearchResponse(SearchResponse in, SearchHits hits, CollapseSummary summary) {
    super(
        hits,
        in.getAggregations(),
        in.getSuggest(),
        in.isTimedOut(),
        in.isTerminatedEarly(),
        in.getSearchProfileResults(),
        in.getNumReducePhases(),
        in.getScrollId(),
        in.getTotalShards(),
        in.getSuccessfulShards(),
        in.getSkippedShards(),
        in.getTook().millis(),
        in.getShardFailures() == null ? ShardSearchFailure.EMPTY_ARRAY : in.getShardFailures(),
        in.getClusters(),
        in.pointInTimeId(),
        null,
        null);
    this.summary = summary;
  }

  /** What the collapse did. */
  public CollapseSummary summary() {
    return summary;
  }

  @Override
  public Iterator<? extends ToXContent> toXContentChunked(ToXContent.Params params) {
    return Iterators.concat(
        ChunkedToXContentHelper.startObject(),
        innerToXContentChunked(params),
        ChunkedToXContentHelper.endObject());
  }

  @Override
  public Iterator<? extends ToXContent> innerToXContentChunked(ToXContent.Params params) {
    return Iterators.concat(
        super.innerToXContentChunked(params),
        ChunkedToXContentHelper.chunk(
            (builder, p) -> builder.field(NearDupCollapseBuilder.NAME, summary.body())));
  }
}
