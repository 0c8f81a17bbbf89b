package io.neardup.opensearch.clusters;

import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.api.ClustersPage;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;

/** The clustering API's answer, engine-common's {@link ClustersPage}. */
public final class NearDupClustersResponse extends ActionResponse implements ToXContentObject {
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
  public XContentBuilder toXContent(XContentBuilder b, Params params) throws IOException {
    b.startObject().mapContents(page.head()).startArray(ClustersPage.CLUSTERS);
    for (ClusterListing.Group c : page.clusters()) {
      b.map(ClustersPage.body(c));
    }
    return b.endArray().endObject();
  }
}
