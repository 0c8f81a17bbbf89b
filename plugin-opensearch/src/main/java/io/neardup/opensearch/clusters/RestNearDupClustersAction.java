package io.neardup.opensearch.clusters;

import io.neardup.engine.api.ClustersParams;
import java.io.IOException;
import java.util.List;
import org.opensearch.action.support.IndicesOptions;
import org.opensearch.core.common.Strings;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.rest.BaseRestHandler;
import org.opensearch.rest.RestRequest;
import org.opensearch.rest.action.RestCancellableNodeClient;
import org.opensearch.rest.action.RestToXContentListener;
import org.opensearch.transport.client.node.NodeClient;

/**
 * {@code POST /{index}/_neardup/clusters} (and {@code GET}, and {@code /_neardup/clusters} for
 * every index): the near-duplicate clusters of whole indexes. See {@link NearDupClustersRequest}
 * for the body and {@link NearDupClustersResponse} for the answer. The body's {@code from} and
 * {@code size} may also be given as URL parameters.
 */
public final class RestNearDupClustersAction extends BaseRestHandler {

  @Override
  public String getName() {
    return "neardup_clusters_action";
  }

  @Override
  public List<Route> routes() {
    return ClustersParams.ROUTES.stream()
        .map(r -> new Route(RestRequest.Method.valueOf(r.method()), r.path()))
        .toList();
  }

  @Override
  protected RestChannelConsumer prepareRequest(RestRequest rest, NodeClient client)
      throws IOException {
    NearDupClustersRequest request =
        new NearDupClustersRequest(Strings.splitStringByCommaToArray(rest.param("index")));
    request.indicesOptions(
        IndicesOptions.fromRequest(rest, IndicesOptions.strictExpandOpenAndForbidClosed()));
    if (rest.hasContentOrSourceParam()) {
      try (XContentParser parser = rest.contentOrSourceParamParser()) {
        request.parse(parser);
      }
    }
    if (rest.hasParam("from")) {
      request.from(rest.paramAsInt("from", 0));
    }
    if (rest.hasParam("keep_alive")) {
      request.keepAlive(rest.paramAsTime("keep_alive", null));
    }
    if (rest.hasParam("size")) {
      request.size(rest.paramAsInt("size", ClustersParams.DEFAULT_SIZE));
    }
    return channel ->
        new RestCancellableNodeClient(client, rest.getHttpChannel())
            .execute(
                TransportNearDupClustersAction.TYPE,
                request,
                new RestToXContentListener<>(channel));
  }
}
