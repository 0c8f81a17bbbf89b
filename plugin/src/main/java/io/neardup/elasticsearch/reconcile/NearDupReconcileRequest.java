package io.neardup.elasticsearch.reconcile;

import io.neardup.elasticsearch.clusters.NearDupClustersRequest;
import io.neardup.elasticsearch.support.BodyParsers;
import io.neardup.engine.reconcile.ReconcileParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.elasticsearch.action.ActionRequest;
import org.elasticsearch.action.ActionRequestValidationException;
import org.elasticsearch.action.IndicesRequest;
import org.elasticsearch.action.support.IndicesOptions;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.index.query.AbstractQueryBuilder;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskId;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentParser;

/**
 * A request of the reconcile API, {@code POST /{index}/_neardup/reconcile}: engine-common's {@link
 * ReconcileParams} over a clustering request (indexes, query) without paging.
 */
public final class NearDupReconcileRequest extends ActionRequest
    implements IndicesRequest.Replaceable, ReconcileParams.Setters<NearDupReconcileRequest> {
  private final NearDupClustersRequest clusters;
  private final ReconcileParams params;
  private boolean shouldStoreResult;

  /** A request over the given indexes. */
  public NearDupReconcileRequest(String... indices) {
    this.clusters = new NearDupClustersRequest(indices);
    this.params = ReconcileParams.of(clusters.params());
  }

  /** Reads a request from the wire. */
  public NearDupReconcileRequest(StreamInput in) throws IOException {
    super(in);
    clusters = new NearDupClustersRequest(in);
    params = ReconcileParams.read(clusters.params(), WireInput.of(in));
    shouldStoreResult = in.readBoolean();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    clusters.writeTo(out);
    params.write(WireOutput.of(out));
    out.writeBoolean(shouldStoreResult);
  }

  private static final ObjectParser<NearDupReconcileRequest, Void> PARSER =
      new ObjectParser<>("_neardup/reconcile");

  static {
    ReconcileParams.declare(BodyParsers.keys(PARSER), r -> r.params);
    PARSER.declareObject(
        (r, q) -> r.clusters.query(q),
        (p, c) -> AbstractQueryBuilder.parseTopLevelQuery(p),
        new ParseField("query"));
  }

  /**
   * Reads the request body into this request.
   *
   * @throws org.elasticsearch.xcontent.XContentParseException naming the key of an unknown,
   *     malformed or out-of-range value
   */
  public NearDupReconcileRequest parse(XContentParser parser) throws IOException {
    return PARSER.parse(parser, this, null);
  }

  @Override
  public ActionRequestValidationException validate() {
    List<String> errors = params.errors(clusters.query() != null);
    if (errors.isEmpty()) {
      return null;
    }
    ActionRequestValidationException e = new ActionRequestValidationException();
    e.addValidationErrors(errors);
    return e;
  }

  @Override
  public Task createTask(
      long id, String type, String action, TaskId parent, Map<String, String> headers) {
    return new ReconcileTask(id, type, action, getDescription(), parent, headers);
  }

  @Override
  public String getDescription() {
    return params.description(clusters.indices());
  }

  @Override
  public boolean getShouldStoreResult() {
    return shouldStoreResult;
  }

  /** Whether the task's result is stored in the tasks index (when the caller does not wait). */
  public NearDupReconcileRequest shouldStoreResult(boolean store) {
    this.shouldStoreResult = store;
    return this;
  }

  /** The clustering this request reconciles with: field, similarity, canonical, query, batch. */
  public NearDupClustersRequest clusters() {
    return clusters;
  }

  /** The engine-neutral parameters. */
  @Override
  public ReconcileParams params() {
    return params;
  }

  @Override
  public String[] indices() {
    return clusters.indices();
  }

  @Override
  public NearDupReconcileRequest indices(String... indices) {
    clusters.indices(indices);
    return this;
  }

  @Override
  public IndicesOptions indicesOptions() {
    return clusters.indicesOptions();
  }

  /** How index names and wildcards resolve. */
  public NearDupReconcileRequest indicesOptions(IndicesOptions options) {
    clusters.indicesOptions(options);
    return this;
  }
}
