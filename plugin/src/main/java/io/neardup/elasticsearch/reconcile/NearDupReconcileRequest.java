package io.neardup.elasticsearch.reconcile;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.elasticsearch.CanonicalPolicies;
import io.neardup.elasticsearch.clusters.NearDupClustersRequest;
import io.neardup.engine.ingest.NearDupIngest;
import java.io.IOException;
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
 * A request of the reconcile API, {@code POST /{index}/_neardup/reconcile}: the clustering API's
 * parameters (without paging) and where the cluster ids and canonical flags are stored.
 *
 * <pre>{@code
 * {"field": "body.dup",                                 // a neardup field (required)
 *  "min_similarity": 0.8,                               // default: the field's threshold
 *  "canonical": {"field": "published", "order": "asc"}, // default: keep the flagged member
 *  "query": {"term": {"lang": "en"}},                   // default: every document
 *  "cluster_field": "neardup_cluster",                  // a keyword field
 *  "canonical_field": "neardup_canonical",              // a boolean field
 *  "batch_size": 1000,                                  // documents per read and per bulk
 *  "dry_run": false}                                    // count the changes, write nothing
 * }</pre>
 */
public final class NearDupReconcileRequest extends ActionRequest
    implements IndicesRequest.Replaceable {
  /** Default documents per read and per bulk request. */
  public static final int DEFAULT_BATCH_SIZE = 1_000;

  private final NearDupClustersRequest clusters;
  private boolean canonicalGiven;
  private String clusterField = NearDupIngest.DEFAULT_CLUSTER_FIELD;
  private String canonicalField = NearDupIngest.DEFAULT_CANONICAL_FIELD;
  private boolean dryRun;
  private boolean refresh;
  private boolean shouldStoreResult;

  /** A request over the given indexes. */
  public NearDupReconcileRequest(String... indices) {
    this.clusters = new NearDupClustersRequest(indices).batchSize(DEFAULT_BATCH_SIZE);
  }

  /** Reads a request from the wire. */
  public NearDupReconcileRequest(StreamInput in) throws IOException {
    super(in);
    clusters = new NearDupClustersRequest(in);
    canonicalGiven = in.readBoolean();
    clusterField = in.readString();
    canonicalField = in.readString();
    dryRun = in.readBoolean();
    refresh = in.readBoolean();
    shouldStoreResult = in.readBoolean();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    clusters.writeTo(out);
    out.writeBoolean(canonicalGiven);
    out.writeString(clusterField);
    out.writeString(canonicalField);
    out.writeBoolean(dryRun);
    out.writeBoolean(refresh);
    out.writeBoolean(shouldStoreResult);
  }

  private static final ObjectParser<NearDupReconcileRequest, Void> PARSER =
      new ObjectParser<>("_neardup/reconcile");

  static {
    PARSER.declareString(NearDupReconcileRequest::field, new ParseField("field"));
    PARSER.declareDouble((r, v) -> r.clusters.minSimilarity(v), new ParseField("min_similarity"));
    PARSER.declareInt(NearDupReconcileRequest::batchSize, new ParseField("batch_size"));
    PARSER.declareObject(
        (r, q) -> r.clusters.query(q),
        (p, c) -> AbstractQueryBuilder.parseTopLevelQuery(p),
        new ParseField("query"));
    PARSER.declareField(
        NearDupReconcileRequest::canonical,
        (p, c) -> CanonicalPolicies.parse(p),
        new ParseField("canonical"),
        ObjectParser.ValueType.OBJECT_OR_STRING);
    PARSER.declareString(NearDupReconcileRequest::clusterField, new ParseField("cluster_field"));
    PARSER.declareString(
        NearDupReconcileRequest::canonicalField, new ParseField("canonical_field"));
    PARSER.declareBoolean(NearDupReconcileRequest::dryRun, new ParseField("dry_run"));
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
    ActionRequestValidationException e = clusters.validate();
    if (clusterField.equals(canonicalField)) {
      e = e == null ? new ActionRequestValidationException() : e;
      e.addValidationError(
          "[cluster_field] and [canonical_field] must differ, got [" + clusterField + "] for both");
    }
    return e;
  }

  @Override
  public Task createTask(
      long id, String type, String action, TaskId parent, Map<String, String> headers) {
    return new ReconcileTask(id, type, action, getDescription(), parent, headers);
  }

  @Override
  public String getDescription() {
    return "neardup reconcile of "
        + String.join(",", clusters.indices())
        + " on ["
        + clusters.params().field()
        + "] into ["
        + clusterField
        + "], ["
        + canonicalField
        + "]"
        + (dryRun ? " (dry run)" : "");
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

  public NearDupReconcileRequest field(String field) {
    clusters.field(field);
    return this;
  }

  public NearDupReconcileRequest minSimilarity(Double minSimilarity) {
    clusters.minSimilarity(minSimilarity);
    return this;
  }

  /** Which member of a cluster becomes canonical; without it the flagged member stays. */
  public NearDupReconcileRequest canonical(CanonicalPolicy canonical) {
    clusters.canonical(canonical);
    canonicalGiven = true;
    return this;
  }

  /** Whether a canonical policy was given (else members flagged canonical keep the flag). */
  public boolean canonicalGiven() {
    return canonicalGiven;
  }

  public NearDupReconcileRequest batchSize(int batchSize) {
    clusters.batchSize(batchSize);
    return this;
  }

  /** The keyword field holding cluster ids. */
  public String clusterField() {
    return clusterField;
  }

  public NearDupReconcileRequest clusterField(String clusterField) {
    this.clusterField = requireName("cluster_field", clusterField);
    return this;
  }

  /** The boolean field flagging canonical documents. */
  public String canonicalField() {
    return canonicalField;
  }

  public NearDupReconcileRequest canonicalField(String canonicalField) {
    this.canonicalField = requireName("canonical_field", canonicalField);
    return this;
  }

  /** Whether only the changes are counted, nothing written. */
  public boolean dryRun() {
    return dryRun;
  }

  public NearDupReconcileRequest dryRun(boolean dryRun) {
    this.dryRun = dryRun;
    return this;
  }

  /** Whether the indexes are refreshed once the updates are written. */
  public boolean refresh() {
    return refresh;
  }

  public NearDupReconcileRequest refresh(boolean refresh) {
    this.refresh = refresh;
    return this;
  }

  private static String requireName(String param, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          "[" + param + "] must be a field name, got [" + value + "]");
    }
    return value;
  }
}
