package io.neardup.opensearch.collapse;

import java.io.IOException;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchResponseSections;
import org.opensearch.action.search.ShardSearchFailure;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * A search response whose hits were collapsed by {@code neardup_collapse}: the usual response with
 * one more section saying what the collapse did, as on Elasticsearch.
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
      int copies) {}

  CollapsedSearchResponse(SearchResponse in, SearchResponseSections sections, Summary summary) {
    super(
        sections,
        in.getScrollId(),
        in.getTotalShards(),
        in.getSuccessfulShards(),
        in.getSkippedShards(),
        in.getTook().millis(),
        in.getPhaseTook(),
        in.getShardFailures() == null ? ShardSearchFailure.EMPTY_ARRAY : in.getShardFailures(),
        in.getClusters(),
        in.pointInTimeId());
    this.summary = summary;
  }

  /** What the collapse did. */
  public Summary summary() {
    return summary;
  }

  @Override
  public XContentBuilder innerToXContent(XContentBuilder builder, Params params)
      throws IOException {
    super.innerToXContent(builder, params);
    return builder
        .startObject(NearDupCollapseBuilder.NAME)
        .field("field", summary.field())
        .field("mode", summary.mode())
        .field("min_similarity", summary.minSimilarity())
        .field("window", summary.window())
        .field("window_hits", summary.windowHits())
        .field("canonical_hits", summary.canonicalHits())
        .field("copies", summary.copies())
        .endObject();
  }
}
