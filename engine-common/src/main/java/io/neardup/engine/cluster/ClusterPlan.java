package io.neardup.engine.cluster;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.param.MappingCache;
import io.neardup.engine.param.MappingFields;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import java.util.function.Function;

/**
 * What the mappings of a clustering or reconcile request's indexes say, checked index by index with
 * the messages both engines give: the {@code neardup} field's sketch settings (the same in every
 * index that maps the field) and whether some index maps the canonical policy's fields.
 *
 * <p>An engine hands {@link #of} each concrete index's lookup of a mapped path and gets the {@link
 * Resolved} plan a run needs.
 */
public final class ClusterPlan {
  private final String api;
  private final ClustersParams params;
  private NearDupSettings settings;
  private Verification verification = Verification.SKETCH;
  private String settingsIndex;
  private boolean canonicalMapped;

  /**
   * Checks the request's field and canonical policy against every index's mappings.
   *
   * @param api the API's name, in messages
   * @param indexes per concrete index name, in the request's order, the mapping of a path (null if
   *     the index does not map it)
   * @throws IllegalArgumentException naming the parameter (HTTP 400)
   */
  public static Resolved of(
      String api,
      ClustersParams params,
      Map<String, Function<String, Map<String, Object>>> indexes) {
    ClusterPlan plan = new ClusterPlan(api, params);
    indexes.forEach((index, lookup) -> {
      plan.index(index, lookup.apply(params.field()));
      plan.canonicalMapped(MappingCache.checkCanonical(index, lookup, params.canonical()));
    });
    return plan.resolve(indexes);
  }

  /**
   * @param api the API's name, in messages
   */
  private ClusterPlan(String api, ClustersParams params) {
    this.api = api;
    this.params = params;
  }

  /**
   * One index of the request.
   *
   * @param field the mapping of the request's field in it, or null if it does not map the field
   */
  private void index(String index, Map<String, Object> field) {
    if (field != null) {
      Object type = field.get("type");
      if (!"neardup".equals(type)) {
        throw new IllegalArgumentException(
            "["
                + api
                + "] field ["
                + params.field()
                + "] is of type ["
                + (type == null ? "object" : type)
                + "] in index ["
                + index
                + "], expected a field of type [neardup]");
      }
      NearDupMappings.FieldParameters parameters =
          MappingFields.nearDupParameters(params.field(), field);
      NearDupSettings s = parameters.settings();
      if (parameters.verification() == Verification.EXACT) {
        // documents of an index without sets are decided by their sketches
        verification = Verification.EXACT;
      }
      if (settings == null) {
        settings = s;
        settingsIndex = index;
      } else if (!settings.sketch().equals(s.sketch())) {
        throw new IllegalArgumentException(
            "["
                + api
                + "] field ["
                + params.field()
                + "] has different sketch settings in indexes ["
                + settingsIndex
                + "] and ["
                + index
                + "]: sketches made with different settings cannot be compared; cluster the"
                + " indexes separately");
      }
    }
  }

  /** Whether an index (the last one {@link #index seen}) maps the canonical policy's fields. */
  private void canonicalMapped(boolean mapped) {
    canonicalMapped |= mapped;
  }

  /**
   * The field's settings, once every index was seen.
   *
   * @throws IllegalArgumentException if no index maps the field, or none the canonical policy's
   */
  private NearDupSettings settings() {
    if (!canonicalMapped && settings != null) {
      CanonicalPolicy canonical = params.canonical();
      throw new IllegalArgumentException(
          "["
              + api
              + "] [canonical] field ["
              + String.join(", ", canonical.fields())
              + "] is not mapped in any index of the request: expected a numeric, date, boolean,"
              + " ip or keyword field");
    }
    if (settings == null) {
      throw new IllegalArgumentException(
          "["
              + api
              + "] unknown field ["
              + params.field()
              + "]: no index of the request maps it; expected a field of type [neardup]");
    }
    return settings;
  }

  /**
   * How pairs are decided: {@code exact} if an index's field verifies exactly (its documents'
   * shingle sets decide the pairs near the minimum similarity), else by sketch.
   */
  private Verification verification() {
    settings();
    return verification;
  }

  /**
   * What a run needs of the plan, once every index was seen.
   *
   * @throws IllegalArgumentException as {@link #settings} does
   */
  private Resolved resolve(Map<String, Function<String, Map<String, Object>>> indexes) {
    return new Resolved(
        settings(), minSimilarity(), verification(), params.field(), params.canonical(), indexes);
  }

  /**
   * A plan's outcome: the field's settings, the minimum similarity, how pairs are decided, the
   * field, the canonical policy and the concrete indexes with their lookups of a mapped path.
   */
  public record Resolved(
      NearDupSettings settings,
      double minSimilarity,
      Verification verification,
      String field,
      CanonicalPolicy canonical,
      Map<String, Function<String, Map<String, Object>>> indexes) {
    /** The concrete indexes' names. */
    public String[] indexNames() {
      return indexes.keySet().toArray(String[]::new);
    }
  }

  /** The request's minimum similarity, else the field's threshold. */
  private double minSimilarity() {
    return params.minSimilarity() != null ? params.minSimilarity() : settings().threshold();
  }

  /** The error of a request that matches more documents than one run can cluster. */
  public static IllegalArgumentException tooMany(String api, long matching) {
    return new IllegalArgumentException(
        "["
            + api
            + "] can cluster at most 2^31 documents per request, the query matches "
            + matching
            + ": narrow it with [query]");
  }

  /** The error of a read that some shard failed. */
  public static IllegalStateException shardFailed(String api, Object reason) {
    return new IllegalStateException("[" + api + "] could not read every shard: " + reason);
  }
}
