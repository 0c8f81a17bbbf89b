package io.neardup.elasticsearch.collapse;

import java.util.Iterator;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.ShardSearchFailure;
import org.elasticsearch.common.collect.Iterators;
import org.elasticsearch.common.xcontent.ChunkedToXContentHelper;
import org.elasticsearch.search.SearchHits;
import org.elasticsearch.xcontent.ToXContent;

/**
 * A search response whose hits were collapsed by {@code neardup_collapse}: the usual response with
 * one more section saying what the collapse did.
 *
 * <pre>{@code
 * "neardup_collapse": {"field": "body.dup", "mode": "demote", "min_similarity": 0.8,
 *                      "window": 100, "window_hits": 100, "canonical_hits": 87, "copies": 13}
 * }</pre>
 *
 * The section exists on the node that ran the search (the one the REST client talks to); a response
 * serialized to another node keeps the collapsed and annotated hits but not the section.
 */
public final class CollapsedSearchResponse extends SearchResponse {
  private final Summary summary;

  /** What a collapse did, for the response's {@code neardup_collapse} section. */
  public record Summary(
      String field,
      String mode,
      double minSimilarity,
      int window,
      int windowHits,
      int canonicalHits,
      int copies) {
    /** The summary of a window of {@code windowHits} hits, {@code canonicalHits} of them kept. */
    static Summary of(
        NearDupCollapseBuilder ext, double minSimilarity, int windowHits, int canonicalHits) {
      return new Summary(
          ext.field(),
          ext.mode().parameterValue(),
          minSimilarity,
          ext.window(),
          windowHits,
          canonicalHits,
          windowHits - canonicalHits);
    }
  }

  CollapsedSearchResponse(SearchResponse in, SearchHits hits, Summary summary) {
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
  public Summary summary() {
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
        ChunkedToXContentHelper.chunk((builder, p) ->
            builder
                .startObject(NearDupCollapseBuilder.NAME)
                .field("field", summary.field())
                .field("mode", summary.mode())
                .field("min_similarity", summary.minSimilarity())
                .field("window", summary.window())
                .field("window_hits", summary.windowHits())
                .field("canonical_hits", summary.canonicalHits())
                .field("copies", summary.copies())
                .endObject()));
  }
}
