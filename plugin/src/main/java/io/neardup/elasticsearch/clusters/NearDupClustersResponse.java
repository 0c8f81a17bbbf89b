package io.neardup.elasticsearch.clusters;

import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.elasticsearch.action.ActionResponse;
import org.elasticsearch.common.collect.Iterators;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.xcontent.ChunkedToXContentHelper;
import org.elasticsearch.common.xcontent.ChunkedToXContentObject;
import org.elasticsearch.xcontent.ToXContent;

/**
 * The clustering API's answer, engine-common's {@link ClustersPage}, rendered in chunks (one per
 * cluster), so a large page streams to the client instead of being built as one document.
 */
public final class NearDupClustersResponse extends ActionResponse
    implements ChunkedToXContentObject {
  private final ClustersPage page;

  public NearDupClustersResponse(ClustersPage page) {
    this.page = page;
  }

  public NearDupClustersResponse(StreamInput in) throws IOException {
    this(ClustersPage.read(WireInput.of(in)));
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    page.write(WireOutput.of(out));
  }

  /** The page. */
  public ClustersPage page() {
    return page;
  }

  /** This page's clusters. */
  public List<ClusterListing.Group> clusters() {
    return page.clusters();
  }

  @Override
  public Iterator<? extends ToXContent> toXContentChunked(ToXContent.Params params) {
    return Iterators.concat(
        ChunkedToXContentHelper.chunk(
            (b, p) -> b.startObject().mapContents(page.head()).startArray(ClustersPage.CLUSTERS)),
        Iterators.map(page.clusters().iterator(), c -> (b, p) -> b.map(ClustersPage.body(c))),
        ChunkedToXContentHelper.chunk((b, p) -> b.endArray().endObject()));
  }
}
