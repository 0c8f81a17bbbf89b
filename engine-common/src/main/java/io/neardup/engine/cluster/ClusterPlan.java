package io.neardup.engine.cluster;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.param.MappingFields;
import io.neardup.settings.NearDupSettings;
import java.util.Map;

/**
 * What the mappings of a clustering or reconcile request's indexes say, checked index by index with
 * the messages both engines give: the {@code neardup} field's sketch settings (the same in every
 * index that maps the field) and whether some index maps the canonical policy's fields.
 *
 * <pre>{@code
 * ClusterPlan plan = new ClusterPlan("_neardup/clusters", params);
 * for (...) { plan.index(name, fieldMapping); plan.canonicalMapped(mapsCanonical); }
 * NearDupSettings settings = plan.settings(); double min = plan.minSimilarity();
 * }</pre>
 */
public final class ClusterPlan {
  private final String api;
  private final ClustersParams params;
  private NearDupSettings settings;
  private String settingsIndex;
  private boolean canonicalMapped;

  /**
   * @param api the API's name, in messages
   */
  public ClusterPlan(String api, ClustersParams params) {
    this.api = api;
    this.params = params;
  }

  /**
   * One index of the request.
   *
   * @param field the mapping of the request's field in it, or null if it does not map the field
   */
  public void index(String index, Map<String, Object> field) {
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
      NearDupSettings s = MappingFields.nearDupSettings(field);
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
  public void canonicalMapped(boolean mapped) {
    canonicalMapped |= mapped;
  }

  /**
   * The field's settings, once every index was seen.
   *
   * @throws IllegalArgumentException if no index maps the field, or none the canonical policy's
   */
  public NearDupSettings settings() {
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

  /** The request's minimum similarity, else the field's threshold. */
  public double minSimilarity() {
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
