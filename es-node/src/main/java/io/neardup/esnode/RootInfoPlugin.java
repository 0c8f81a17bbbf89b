package io.neardup.esnode;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.elasticsearch.Build;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.BaseRestHandler;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * {@code GET /} and {@code HEAD /} on the node, as a distribution answers them: the node's and the
 * cluster's names, the cluster's UUID, the versions and the tagline. A distribution gets them from
 * its {@code rest-root} module, which is not published to Maven Central; without them the first
 * request most users and clients send ({@code curl localhost:9200}) answered 405.
 */
public final class RootInfoPlugin extends Plugin implements ActionPlugin {
  private final AtomicReference<ClusterService> clusterService = new AtomicReference<>();

  @Override
  public Collection<?> createComponents(PluginServices services) {
    clusterService.set(services.clusterService());
    return List.of();
  }

  @Override
  public Collection<RestHandler> getRestHandlers(
      RestHandlersServices services,
      Supplier<DiscoveryNodes> nodesInCluster,
      Predicate<NodeFeature> clusterSupportsFeature) {
    return List.of(new RootHandler(clusterService::get));
  }

  private static final class RootHandler extends BaseRestHandler {
    private final Supplier<ClusterService> clusterService;

    RootHandler(Supplier<ClusterService> clusterService) {
      this.clusterService = clusterService;
    }

    @Override
    public String getName() {
      return "neardup_node_root_action";
    }

    @Override
    public List<Route> routes() {
      return List.of(
          new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
    }

    @Override
    protected RestChannelConsumer prepareRequest(RestRequest request, NodeClient client) {
      ClusterService cluster = clusterService.get();
      return channel -> {
        if (request.method() == RestRequest.Method.HEAD) {
          channel.sendResponse(new RestResponse(RestStatus.OK, RestResponse.TEXT_CONTENT_TYPE, ""));
          return;
        }
        Build build = Build.current();
        XContentBuilder body = channel.newBuilder();
        body.startObject();
        body.field("name", cluster.localNode().getName());
        body.field("cluster_name", cluster.getClusterName().value());
        body.field("cluster_uuid", cluster.state().metadata().clusterUUID());
        body.startObject("version")
            .field("number", build.qualifiedVersion())
            .field("build_flavor", build.flavor())
            .field("build_type", build.type().displayName())
            .field("build_hash", build.hash())
            .field("build_date", build.date())
            .field("build_snapshot", build.isSnapshot())
            .field("lucene_version", org.apache.lucene.util.Version.LATEST.toString())
            .field("minimum_wire_compatibility_version", build.minWireCompatVersion())
            .field("minimum_index_compatibility_version", build.minIndexCompatVersion())
            .endObject();
        body.field("tagline", "You Know, for Search");
        body.endObject();
        channel.sendResponse(new RestResponse(RestStatus.OK, body));
      };
    }

    @Override
    public boolean canTripCircuitBreaker() {
      return false;
    }
  }
}
