package io.neardup.opensearch.clusters;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.opensearch.CanonicalPolicies;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.opensearch.action.ActionRequest;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.action.IndicesRequest;
import org.opensearch.action.support.IndicesOptions;
import org.opensearch.common.Nullable;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.ParseField;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.tasks.TaskId;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.query.AbstractQueryBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.tasks.CancellableTask;
import org.opensearch.tasks.Task;

/**
 * A request of the clustering API, {@code POST /{index}/_neardup/clusters}.
 *
 * <pre>{@code
 * {"field": "body.dup",                                 // a neardup field (required)
 *  "min_similarity": 0.8,                               // default: the field's threshold
 *  "canonical": {"field": "published", "order": "asc"}, // default: the first in index order
 *  "query": {"term": {"lang": "en"}},                   // default: every document
 *  "from": 0, "size": 100,                              // page through the clusters
 *  "keep_alive": "10m"}                                 // keep the clusters for later pages
 * {"run": "...", "from": 100, "size": 100}               // a later page of a kept run
 * }</pre>
 */
public final class NearDupClustersRequest extends ActionRequest
    implements IndicesRequest.Replaceable {
  /** Default number of clusters returned. */
  public static final int DEFAULT_SIZE = 100;

  /** Most clusters returned by one request: page with {@code from} beyond. */
  public static final int MAX_SIZE = 10_000;

  /** Documents read per round trip while gathering the sketches. */
  public static final int DEFAULT_BATCH_SIZE = 5_000;

  /** Longest time a run's clusters are kept. */
  public static final TimeValue MAX_KEEP_ALIVE = TimeValue.timeValueHours(24);

  private String[] indices;
  private IndicesOptions indicesOptions = IndicesOptions.strictExpandOpenAndForbidClosed();
  private String field;
  private Double minSimilarity;
  private CanonicalPolicy canonical = CanonicalPolicy.BEST_SCORE;
  private QueryBuilder query;
  private int from = 0;
  private int size = DEFAULT_SIZE;
  private int batchSize = DEFAULT_BATCH_SIZE;
  private TimeValue keepAlive;
  private String run;

  /** A request over the given indexes. */
  public NearDupClustersRequest(String... indices) {
    this.indices = indices;
  }

  /** Reads a request from the wire. */
  public NearDupClustersRequest(StreamInput in) throws IOException {
    super(in);
    indices = in.readStringArray();
    indicesOptions = IndicesOptions.readIndicesOptions(in);
    field = in.readOptionalString();
    minSimilarity = in.readOptionalDouble();
    canonical = CanonicalPolicies.read(in);
    query = in.readOptionalNamedWriteable(QueryBuilder.class);
    from = in.readVInt();
    size = in.readVInt();
    batchSize = in.readVInt();
    keepAlive = in.readOptionalTimeValue();
    run = in.readOptionalString();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    out.writeStringArray(indices);
    indicesOptions.writeIndicesOptions(out);
    out.writeOptionalString(field);
    out.writeOptionalDouble(minSimilarity);
    CanonicalPolicies.write(out, canonical);
    out.writeOptionalNamedWriteable(query);
    out.writeVInt(from);
    out.writeVInt(size);
    out.writeVInt(batchSize);
    out.writeOptionalTimeValue(keepAlive);
    out.writeOptionalString(run);
  }

  private static final ObjectParser<NearDupClustersRequest, Void> PARSER =
      new ObjectParser<>("_neardup/clusters");

  static {
    PARSER.declareString(NearDupClustersRequest::field, new ParseField("field"));
    PARSER.declareDouble(NearDupClustersRequest::minSimilarity, new ParseField("min_similarity"));
    PARSER.declareInt(NearDupClustersRequest::from, new ParseField("from"));
    PARSER.declareInt(NearDupClustersRequest::size, new ParseField("size"));
    PARSER.declareInt(NearDupClustersRequest::batchSize, new ParseField("batch_size"));
    PARSER.declareField(
        NearDupClustersRequest::keepAlive,
        (p, c) -> TimeValue.parseTimeValue(p.text(), "keep_alive"),
        new ParseField("keep_alive"),
        ObjectParser.ValueType.STRING);
    PARSER.declareString(NearDupClustersRequest::run, new ParseField("run"));
    PARSER.declareObject(
        NearDupClustersRequest::query,
        (p, c) -> AbstractQueryBuilder.parseInnerQueryBuilder(p),
        new ParseField("query"));
    PARSER.declareField(
        NearDupClustersRequest::canonical,
        (p, c) -> CanonicalPolicies.parse(p),
        new ParseField("canonical"),
        CanonicalPolicies.VALUE_TYPE);
  }

  /**
   * Reads the request body into this request.
   *
   * @throws org.opensearch.core.xcontent.XContentParseException naming the key of an unknown,
   *     malformed or out-of-range value (the rule is in its cause)
   */
  public NearDupClustersRequest parse(XContentParser parser) throws IOException {
    return PARSER.parse(parser, this, null);
  }

  @Override
  public ActionRequestValidationException validate() {
    ActionRequestValidationException e = null;
    if (run != null) {
      if (field != null || minSimilarity != null || query != null || !canonical.byScore()) {
        e =
            addValidationError(
                "[run] pages through a kept run, which has its own [field], [min_similarity],"
                    + " [query] and [canonical]: give none of them",
                e);
      }
    } else if (field == null || field.isEmpty()) {
      e = addValidationError("[field] is required: the name of a field of type [neardup]", e);
    }
    return e;
  }

  private static ActionRequestValidationException addValidationError(
      String message, ActionRequestValidationException e) {
    ActionRequestValidationException out = e == null ? new ActionRequestValidationException() : e;
    out.addValidationError(message);
    return out;
  }

  @Override
  public Task createTask(
      long id, String type, String action, TaskId parent, Map<String, String> h) {
    return new CancellableTask(id, type, action, getDescription(), parent, h) {
      @Override
      public boolean shouldCancelChildrenOnCancellation() {
        return true;
      }
    };
  }

  @Override
  public String getDescription() {
    return "neardup clusters of "
        + String.join(",", indices)
        + " on ["
        + field
        + "]"
        + (minSimilarity == null ? "" : " at " + minSimilarity)
        + (run == null ? "" : ", page of run [" + run + "]");
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

  /** The {@code neardup} field. */
  public String field() {
    return field;
  }

  public NearDupClustersRequest field(String field) {
    this.field = field;
    return this;
  }

  /** The minimum similarity, or null for the field's threshold. */
  @Nullable
  public Double minSimilarity() {
    return minSimilarity;
  }

  public NearDupClustersRequest minSimilarity(@Nullable Double minSimilarity) {
    if (minSimilarity != null && !(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("min_similarity", "in (0, 1]", minSimilarity));
    }
    this.minSimilarity = minSimilarity;
    return this;
  }

  /** Which member of a cluster is canonical. */
  public CanonicalPolicy canonical() {
    return canonical;
  }

  public NearDupClustersRequest canonical(CanonicalPolicy canonical) {
    this.canonical = Objects.requireNonNull(canonical);
    return this;
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

  /** Clusters skipped, in the order of the response (largest first). */
  public int from() {
    return from;
  }

  public NearDupClustersRequest from(int from) {
    if (from < 0) {
      throw new IllegalArgumentException(ParameterException.bracketed("from", "at least 0", from));
    }
    this.from = from;
    return this;
  }

  /** Clusters returned. */
  public int size() {
    return size;
  }

  public NearDupClustersRequest size(int size) {
    if (size < 0 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("size", "between 0 and " + MAX_SIZE, size));
    }
    this.size = size;
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
    if (keepAlive != null && (keepAlive.millis() < 1 || keepAlive.compareTo(MAX_KEEP_ALIVE) > 0)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(
              "keep_alive", "between 1ms and " + MAX_KEEP_ALIVE, keepAlive.getStringRep()));
    }
    this.keepAlive = keepAlive;
    return this;
  }

  /** The id of a kept run to page through, or null to compute the clusters. */
  @Nullable
  public String run() {
    return run;
  }

  public NearDupClustersRequest run(@Nullable String run) {
    this.run = run;
    return this;
  }

  /** Documents read per round trip while gathering sketches. */
  public int batchSize() {
    return batchSize;
  }

  public NearDupClustersRequest batchSize(int batchSize) {
    if (batchSize < 1 || batchSize > 10_000) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("batch_size", "between 1 and 10000", batchSize));
    }
    this.batchSize = batchSize;
    return this;
  }
}
