package io.neardup.engine.reconcile;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.BodyKeys;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The parameters of the engines' reconcile API, {@code POST /{index}/_neardup/reconcile}: the
 * clustering API's (without paging) and where the cluster ids and canonical flags are stored, with
 * their defaults, checks and messages.
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
public final class ReconcileParams {
  /** Default documents per read and per bulk request. */
  public static final int DEFAULT_BATCH_SIZE = 1_000;

  /** The API's path, the prefix of its messages. */
  public static final String API = "_neardup/reconcile";

  private static final String WHO = "[" + API + "]";

  /**
   * The answer of a reconcile not waited for ({@code wait_for_completion=false}): {@code {"task":
   * "<node>:<id>"}}, whose progress and stored result {@code GET _tasks/<id>} shows.
   */
  public static Map<String, Object> taskBody(String taskId) {
    return Map.of("task", taskId);
  }

  private final ClustersParams clusters;
  private boolean canonicalGiven;
  private String clusterField = NearDupIngest.DEFAULT_CLUSTER_FIELD;
  private String canonicalField = NearDupIngest.DEFAULT_CANONICAL_FIELD;
  private boolean dryRun;
  private boolean refresh;

  private ReconcileParams(ClustersParams clusters) {
    this.clusters = clusters;
  }

  /** The defaults over a request's clustering parameters (whose batch size it sets). */
  public static ReconcileParams of(ClustersParams clusters) {
    return new ReconcileParams(clusters.batchSize(DEFAULT_BATCH_SIZE));
  }

  /** The clustering this request reconciles with: field, similarity, canonical, batch. */
  public ClustersParams clusters() {
    return clusters;
  }

  /** Which member of a cluster becomes canonical; without it the flagged member stays. */
  public ReconcileParams canonical(CanonicalPolicy canonical) {
    clusters.canonical(canonical);
    canonicalGiven = true;
    return this;
  }

  /** Whether a canonical policy was given (else members flagged canonical keep the flag). */
  public boolean canonicalGiven() {
    return canonicalGiven;
  }

  /** The keyword field holding cluster ids. */
  public String clusterField() {
    return clusterField;
  }

  public ReconcileParams clusterField(String clusterField) {
    this.clusterField = requireName("cluster_field", clusterField);
    return this;
  }

  /** The boolean field flagging canonical documents. */
  public String canonicalField() {
    return canonicalField;
  }

  public ReconcileParams canonicalField(String canonicalField) {
    this.canonicalField = requireName("canonical_field", canonicalField);
    return this;
  }

  /** Whether only the changes are counted, nothing written. */
  public boolean dryRun() {
    return dryRun;
  }

  public ReconcileParams dryRun(boolean dryRun) {
    this.dryRun = dryRun;
    return this;
  }

  /** Whether the indexes are refreshed once the updates are written. */
  public boolean refresh() {
    return refresh;
  }

  public ReconcileParams refresh(boolean refresh) {
    this.refresh = refresh;
    return this;
  }

  /** What is wrong with the request as a whole. */
  public List<String> errors(boolean hasQuery) {
    List<String> out = clusters.errors(hasQuery);
    if (clusterField.equals(canonicalField)) {
      out.add(
          "[cluster_field] and [canonical_field] must differ, got [" + clusterField + "] for both");
    }
    return out;
  }

  /** The task's description. */
  public String description(String[] indices) {
    return "neardup reconcile of "
        + String.join(",", indices)
        + " on ["
        + clusters.field()
        + "] into ["
        + clusterField
        + "], ["
        + canonicalField
        + "]"
        + (dryRun ? " (dry run)" : "");
  }

  /** Reads what {@link #write} wrote, over the clustering parameters read before. */
  public static ReconcileParams read(ClustersParams clusters, WireInput in) throws IOException {
    ReconcileParams p = new ReconcileParams(clusters);
    p.canonicalGiven = in.readBoolean();
    p.clusterField = in.readString();
    p.canonicalField = in.readString();
    p.dryRun = in.readBoolean();
    p.refresh = in.readBoolean();
    return p;
  }

  /** Writes the parameters beside the clustering ones (which the engine's request writes). */
  public void write(WireOutput out) throws IOException {
    out.writeBoolean(canonicalGiven);
    out.writeString(clusterField);
    out.writeString(canonicalField);
    out.writeBoolean(dryRun);
    out.writeBoolean(refresh);
  }

  private static String requireName(String param, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          "[" + param + "] must be a field name, got [" + value + "]");
    }
    return value;
  }

  /**
   * Checks that {@code cluster_field} is a keyword field in every index, and {@code
   * canonical_field} a boolean wherever it is mapped (unmapped, dynamic mapping makes it one).
   *
   * @param mapped per index name, the mapping of a field's path (null if unmapped)
   * @return whether some index maps {@code canonical_field}
   * @throws IllegalArgumentException naming the parameter, the field, the index and the type found
   */
  public boolean checkTargets(Map<String, Function<String, Map<String, Object>>> mapped) {
    boolean canonicalMapped = false;
    for (Map.Entry<String, Function<String, Map<String, Object>>> index : mapped.entrySet()) {
      Function<String, Map<String, Object>> lookup = index.getValue();
      MappingFields.checkType(
          lookup.apply(clusterField),
          WHO,
          "cluster_field",
          clusterField,
          "keyword",
          index.getKey(),
          true);
      canonicalMapped |=
          MappingFields.checkType(
              lookup.apply(canonicalField),
              WHO,
              "canonical_field",
              canonicalField,
              "boolean",
              index.getKey(),
              false);
    }
    return canonicalMapped;
  }

  /**
   * Declares the body's keys ({@code field}, {@code min_similarity}, {@code batch_size}, {@code
   * canonical}, {@code cluster_field}, {@code canonical_field}, {@code dry_run}) on an engine's
   * parser; the engine adds {@code query}.
   *
   * @param params the parameters of the request being parsed
   */
  public static <T> void declare(BodyKeys<T> keys, Function<T, ReconcileParams> params) {
    keys.string("field", (t, v) -> params.apply(t).clusters().field(v));
    keys.similarity("min_similarity", (t, v) -> params.apply(t).clusters().minSimilarity(v));
    keys.integer("batch_size", (t, v) -> params.apply(t).clusters().batchSize(v));
    keys.canonical((t, v) -> params.apply(t).canonical(v));
    keys.string("cluster_field", (t, v) -> params.apply(t).clusterField(v));
    keys.string("canonical_field", (t, v) -> params.apply(t).canonicalField(v));
    keys.bool("dry_run", (t, v) -> params.apply(t).dryRun(v));
  }

  /**
   * The parameters' setters on an engine's request (its Java API), written once: each returns the
   * request.
   *
   * @param <R> the engine's request
   */
  public interface Setters<R extends Setters<R>> {
    /** The request's parameters. */
    ReconcileParams params();

    @SuppressWarnings("unchecked")
    private R self() {
      return (R) this;
    }

    default R field(String field) {
      params().clusters().field(field);
      return self();
    }

    default R minSimilarity(Double minSimilarity) {
      params().clusters().minSimilarity(minSimilarity);
      return self();
    }

    default R canonical(CanonicalPolicy canonical) {
      params().canonical(canonical);
      return self();
    }

    default R batchSize(int batchSize) {
      params().clusters().batchSize(batchSize);
      return self();
    }

    default R clusterField(String clusterField) {
      params().clusterField(clusterField);
      return self();
    }

    default R canonicalField(String canonicalField) {
      params().canonicalField(canonicalField);
      return self();
    }

    default R dryRun(boolean dryRun) {
      params().dryRun(dryRun);
      return self();
    }

    default R refresh(boolean refresh) {
      params().refresh(refresh);
      return self();
    }
  }
}
