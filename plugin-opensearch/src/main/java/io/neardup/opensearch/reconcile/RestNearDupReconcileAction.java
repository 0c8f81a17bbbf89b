package io.neardup.opensearch.reconcile;

import static org.opensearch.rest.RestRequest.Method.POST;

import io.neardup.engine.reconcile.ReconcileParams;
import java.io.IOException;
import java.util.List;
import org.opensearch.action.support.IndicesOptions;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.Strings;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.core.tasks.TaskId;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.rest.BaseRestHandler;
import org.opensearch.rest.BytesRestResponse;
import org.opensearch.rest.RestRequest;
import org.opensearch.rest.action.RestCancellableNodeClient;
import org.opensearch.rest.action.RestToXContentListener;
import org.opensearch.tasks.Task;
import org.opensearch.transport.client.node.NodeClient;

/**
 * {@code POST /{index}/_neardup/reconcile}: rewrites the cluster ids and canonical flags that
 * differ from the recomputed clusters. See {@link NearDupReconcileRequest} for the body and {@link
 * NearDupReconcileResponse} for the answer. URL parameters: {@code wait_for_completion} (default
 * true; false answers {@code {"task": "<node>:<id>"}} at once, and {@code GET _tasks/<id>} shows
 * the progress and then the stored result, as for {@code _update_by_query}), {@code refresh} and
 * {@code dry_run}.
 */
public final class RestNearDupReconcileAction extends BaseRestHandler {

  @Override
  public String getName() {
    return "neardup_reconcile_action";
  }

  @Override
  public List<Route> routes() {
    return List.of(new Route(POST, "/{index}/_neardup/reconcile"));
  }

  @Override
  protected RestChannelConsumer prepareRequest(RestRequest rest, NodeClient client)
      throws IOException {
    NearDupReconcileRequest request =
        new NearDupReconcileRequest(Strings.splitStringByCommaToArray(rest.param("index")));
    request.indicesOptions(
        IndicesOptions.fromRequest(rest, IndicesOptions.strictExpandOpenAndForbidClosed()));
    if (rest.hasContentOrSourceParam()) {
      try (XContentParser parser = rest.contentOrSourceParamParser()) {
        request.parse(parser);
      }
    }
    if (rest.hasParam("dry_run")) {
      request.dryRun(rest.paramAsBoolean("dry_run", false));
    }
    request.refresh(rest.paramAsBoolean("refresh", false));
    if (rest.paramAsBoolean("wait_for_completion", true)) {
      return channel ->
          new RestCancellableNodeClient(client, rest.getHttpChannel())
              .execute(
                  TransportNearDupReconcileAction.TYPE,
                  request,
                  new RestToXContentListener<>(channel));
    }
    request.shouldStoreResult(true);
    return channel -> {
      // like _update_by_query: the outcome, errors included, is stored with the task
      Task task =
          client.executeLocally(
              TransportNearDupReconcileAction.TYPE, request, ActionListener.wrap(r -> {}, e -> {}));
      XContentBuilder builder = channel.newBuilder();
      builder.map(
          ReconcileParams.taskBody(new TaskId(client.getLocalNodeId(), task.getId()).toString()));
      channel.sendResponse(new BytesRestResponse(RestStatus.OK, builder));
    };
  }
}
