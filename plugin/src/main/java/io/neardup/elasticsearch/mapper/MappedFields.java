package io.neardup.elasticsearch.mapper;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.param.MappingFields;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.MappingMetadata;
import org.elasticsearch.core.Nullable;

/**
 * Looks up field definitions in the mappings of the cluster state, on any node: a coordinating node
 * holds no shard of the indexes it searches, but every node holds their mappings. Lookups are
 * cached per index and mapping version, so a search pays for parsing a mapping once.
 */
public final class MappedFields {
  /** Field types a canonical policy can compare: numbers, dates, booleans, ips and keywords. */
  public static final Set<String> CANONICAL_TYPES = MappingFields.CANONICAL_TYPES;

  private static final int MAX_CACHED = 1024;

  private final Map<String, Map<String, Object>> cache = new ConcurrentHashMap<>();

  /**
   * The mapping of {@code path} in the index (its type and parameters, e.g. {@code {"type":
   * "neardup", "threshold": 0.9}}), following multi-fields, object properties, dotted names and
   * aliases; null if the index does not map it.
   */
  @Nullable
  public Map<String, Object> lookup(IndexMetadata index, String path) {
    String key = index.getIndexUUID() + '/' + index.getMappingVersion() + '/' + path;
    Map<String, Object> found = cache.get(key);
    if (found != null) {
      return found.isEmpty() ? null : found;
    }
    MappingMetadata mapping = index.mapping();
    Map<String, Object> resolved =
        mapping == null ? null : MappingFields.find(mapping.sourceAsMap(), path);
    if (cache.size() >= MAX_CACHED) {
      cache.clear(); // mappings change rarely; a full cache means many indexes or versions
    }
    cache.put(key, resolved == null ? Map.of() : resolved);
    return resolved;
  }

  /**
   * Checks that a field a parameter names is mapped with the expected type in the index.
   *
   * @param who the message prefix, e.g. {@code [neardup] processor}
   * @param required whether a missing mapping is an error (else the field is left to dynamic
   *     mapping)
   * @return whether the index maps the field
   * @throws IllegalArgumentException naming the parameter, the field, the index and the type found
   */
  public boolean checkType(
      IndexMetadata index,
      String who,
      String param,
      String path,
      String expected,
      boolean required) {
    return MappingFields.checkType(
        lookup(index, path), who, param, path, expected, index.getIndex().getName(), required);
  }

  /**
   * Checks that the policy's field, where the index maps it, is a numeric, date, boolean, ip or
   * keyword field with doc values.
   *
   * @throws IllegalArgumentException naming the field, its type and the index
   */
  public boolean checkCanonical(IndexMetadata index, CanonicalPolicy canonical) {
    if (canonical.byScore()) {
      return true;
    }
    boolean all = true;
    for (String field : canonical.fields()) {
      Map<String, Object> key = lookup(index, field); // cached: no mapping parsed per search
      if (key == null) {
        all = false;
      } else {
        MappingFields.checkCanonicalField(key, field, index.getIndex().getName());
      }
    }
    return all;
  }

  /**
   * The near-duplicate settings of a {@code neardup} field's mapping (its parameters in snake_case;
   * absent ones take their defaults).
   */
  public static NearDupSettings nearDupSettings(Map<String, Object> field) {
    return MappingFields.nearDupSettings(field);
  }
}
