package io.neardup.opensearch.collapse;

import io.neardup.engine.collapse.CollapseSummary;
import java.io.IOException;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchResponseSections;
import org.opensearch.action.search.ShardSearchFailure;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * A search response whose hits were collapsed by {@code neardup_collapse}: the usual response with
 * one more section, engine-common's {@link CollapseSummary}. The section exists on the node that
 * ran the search; a response serialized to another node keeps the collapsed hits but not it.
 */
public final class CollapsedSearchResponse extends SearchResponse {
  private final CollapseSummary summary;

  CollapsedSearchResponse(
      SearchResponse in, SearchResponseSections sections, CollapseSummary summary) {
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
  public CollapseSummary summary() {
    return summary;
  }

  @Override
  public XContentBuilder innerToXContent(XContentBuilder builder, Params params)
      throws IOException {
    super.innerToXContent(builder, params);
    return builder.field(NearDupCollapseBuilder.NAME, summary.body());
  }
}
