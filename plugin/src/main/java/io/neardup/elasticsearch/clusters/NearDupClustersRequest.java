package io.neardup.elasticsearch.clusters;

import io.neardup.elasticsearch.support.BodyParsers;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.elasticsearch.action.ActionRequest;
import org.elasticsearch.action.ActionRequestValidationException;
import org.elasticsearch.action.IndicesRequest;
import org.elasticsearch.action.support.IndicesOptions;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.core.Nullable;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.query.AbstractQueryBuilder;
import org.elasticsearch.index.query.QueryBuilder;
import org.elasticsearch.tasks.CancellableTask;
import org.elasticsearch.tasks.Task;
import org.elasticsearch.tasks.TaskId;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentParser;

/**
 * A request of the clustering API, {@code POST /{index}/_neardup/clusters}: engine-common's {@link
 * ClustersParams} with the indexes, the query and the keep-alive.
 */
public final class NearDupClustersRequest extends ActionRequest
    implements IndicesRequest.Replaceable, ClustersParams.Setters<NearDupClustersRequest> {
  /** Longest time a run's clusters are kept. */
  public static final TimeValue MAX_KEEP_ALIVE =
      TimeValue.timeValueMillis(ClustersParams.MAX_KEEP_ALIVE_MILLIS);

  private String[] indices;
  private IndicesOptions indicesOptions = IndicesOptions.strictExpandOpenAndForbidClosed();
  private final ClustersParams params;
  private QueryBuilder query;
  private TimeValue keepAlive;

  /** A request over the given indexes. */
  public NearDupClustersRequest(String... indices) {
    this.indices = indices;
    this.params = new ClustersParams();
  }

  /** Reads a request from the wire. */
  public NearDupClustersRequest(StreamInput in) throws IOException {
    super(in);
    indices = in.readStringArray();
    indicesOptions = IndicesOptions.readIndicesOptions(in);
    params = ClustersParams.read(WireInput.of(in));
    query = in.readOptionalNamedWriteable(QueryBuilder.class);
    keepAlive = in.readOptionalTimeValue();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    out.writeStringArray(indices);
    indicesOptions.writeIndicesOptions(out);
    params.write(WireOutput.of(out));
    out.writeOptionalNamedWriteable(query);
    out.writeOptionalTimeValue(keepAlive);
  }

  private static final ObjectParser<NearDupClustersRequest, Void> PARSER =
      new ObjectParser<>("_neardup/clusters");

  static {
    ClustersParams.declare(BodyParsers.keys(PARSER), NearDupClustersRequest::params);
    PARSER.declareField(
        NearDupClustersRequest::keepAlive,
        (p, c) -> TimeValue.parseTimeValue(p.text(), "keep_alive"),
        new ParseField("keep_alive"),
        ObjectParser.ValueType.STRING);
    PARSER.declareObject(
        NearDupClustersRequest::query,
        (p, c) -> AbstractQueryBuilder.parseTopLevelQuery(p),
        new ParseField("query"));
  }

  /**
   * Reads the request body into this request.
   *
   * @throws org.elasticsearch.xcontent.XContentParseException naming the key of an unknown,
   *     malformed or out-of-range value (the rule is in its cause)
   */
  public NearDupClustersRequest parse(XContentParser parser) throws IOException {
    return PARSER.parse(parser, this, null);
  }

  @Override
  public ActionRequestValidationException validate() {
    List<String> errors = params.errors(query != null);
    if (errors.isEmpty()) {
      return null;
    }
    ActionRequestValidationException e = new ActionRequestValidationException();
    e.addValidationErrors(errors);
    return e;
  }

  @Override
  public Task createTask(
      long id, String type, String action, TaskId parent, Map<String, String> h) {
    return new CancellableTask(id, type, action, getDescription(), parent, h);
  }

  @Override
  public String getDescription() {
    return params.description(indices);
  }

  @Override
  public String[] indices() {
    return indices;
  }

  @Override
  public NearDupClustersRequest indices(String... indices) {
    this.indices = Objects.requireNonNull(indices);
    return this;
  }

  @Override
  public IndicesOptions indicesOptions() {
    return indicesOptions;
  }

  /** How index names and wildcards resolve. */
  public NearDupClustersRequest indicesOptions(IndicesOptions options) {
    this.indicesOptions = Objects.requireNonNull(options);
    return this;
  }

  /** The engine-neutral parameters. */
  @Override
  public ClustersParams params() {
    return params;
  }

  /** The documents clustered, or null for all. */
  @Nullable
  public QueryBuilder query() {
    return query;
  }

  public NearDupClustersRequest query(@Nullable QueryBuilder query) {
    this.query = query;
    return this;
  }

  /**
   * How long the run's clusters are kept for later pages (each page extends it), or null to keep
   * nothing.
   */
  @Nullable
  public TimeValue keepAlive() {
    return keepAlive;
  }

  public NearDupClustersRequest keepAlive(@Nullable TimeValue keepAlive) {
    if (keepAlive != null) {
      ClustersParams.checkKeepAlive(
          keepAlive.millis(), keepAlive.getStringRep(), MAX_KEEP_ALIVE.toString());
    }
    this.keepAlive = keepAlive;
    return this;
  }
}
