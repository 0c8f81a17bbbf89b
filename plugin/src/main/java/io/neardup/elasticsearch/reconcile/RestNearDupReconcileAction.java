package io.neardup.elasticsearch.reconcile;

import static org.elasticsearch.rest.RestRequest.Method.POST;

import io.neardup.engine.reconcile.ReconcileParams;
import java.io.IOException;
import java.util.List;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.support.IndicesOptions;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.common.Strings;
import org.elasticsearch.rest.BaseRestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.rest.action.RestCancellableNodeClient;
import org.elasticsearch.rest.action.RestToXContentListener;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskId;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

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
              TransportNearDupReconcileAction.TYPE, request, ActionListener.noop());
      XContentBuilder builder = channel.newBuilder();
      builder.map(
          ReconcileParams.taskBody(new TaskId(client.getLocalNodeId(), task.getId()).toString()));
      channel.sendResponse(new RestResponse(RestStatus.OK, builder));
    };
  }
}
