package io.neardup.elasticsearch.mapper;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import java.util.HashMap;
import java.util.List;
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
  public static final Set<String> CANONICAL_TYPES =
      Set.of(
          "long",
          "integer",
          "short",
          "byte",
          "double",
          "float",
          "half_float",
          "scaled_float",
          "unsigned_long",
          "date",
          "date_nanos",
          "boolean",
          "ip",
          "keyword");

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
    Map<String, Object> resolved = null;
    if (mapping != null) {
      Map<String, Object> root = mapping.sourceAsMap();
      resolved = find(properties(root.get("properties")), path, root, 0);
    }
    if (cache.size() >= MAX_CACHED) {
      cache.clear(); // mappings change rarely; a full cache means many indexes or versions
    }
    cache.put(key, resolved == null ? Map.of() : resolved);
    return resolved;
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
    Map<String, Object> key = lookup(index, canonical.field());
    if (key == null) {
      return false; // in this index, documents have no value, and never win
    }
    Object type = key.get("type");
    if (!CANONICAL_TYPES.contains(type)) {
      throw new IllegalArgumentException(
          "[canonical] field ["
              + canonical.field()
              + "] is of type ["
              + (type == null ? "object" : type)
              + "] in index ["
              + index.getIndex().getName()
              + "]: expected a numeric, date, boolean, ip or keyword field");
    }
    if ("false".equals(String.valueOf(key.get("doc_values")))) {
      throw new IllegalArgumentException(
          "[canonical] field ["
              + canonical.field()
              + "] has no doc values in index ["
              + index.getIndex().getName()
              + "]: canonical fields are read from doc values");
    }
    return true;
  }

  /**
   * The near-duplicate settings of a {@code neardup} field's mapping (its parameters in snake_case;
   * absent ones take their defaults).
   */
  public static NearDupSettings nearDupSettings(Map<String, Object> field) {
    Map<String, String> params = new HashMap<>();
    for (Parameter p :
        List.of(
            Parameter.SHINGLE_UNIT,
            Parameter.SHINGLE_SIZE,
            Parameter.HASHES,
            Parameter.BITS,
            Parameter.SCHEME,
            Parameter.SEED,
            Parameter.BANDS,
            Parameter.ROWS,
            Parameter.THRESHOLD,
            Parameter.EXACT)) {
      Object value = field.get(p.name(Parameter.Style.SNAKE));
      if (value != null) {
        params.put(p.name(Parameter.Style.SNAKE), value.toString());
      }
    }
    return NearDupSettings.parse(params, Parameter.Style.SNAKE);
  }

  private static Map<String, Object> find(
      Map<String, Object> properties, String path, Map<String, Object> root, int aliasDepth) {
    if (properties == null) {
      return null;
    }
    if (properties.get(path) instanceof Map<?, ?> direct) {
      return resolveAlias(asMap(direct), root, aliasDepth);
    }
    for (int dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) {
      if (!(properties.get(path.substring(0, dot)) instanceof Map<?, ?> node)) {
        continue;
      }
      String rest = path.substring(dot + 1);
      for (String children : new String[] {"properties", "fields"}) {
        Map<String, Object> found = find(properties(node.get(children)), rest, root, aliasDepth);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static Map<String, Object> resolveAlias(
      Map<String, Object> field, Map<String, Object> root, int aliasDepth) {
    if ("alias".equals(field.get("type")) && field.get("path") instanceof String target) {
      if (aliasDepth > 0) {
        return null; // aliases cannot point at aliases
      }
      return find(properties(root.get("properties")), target, root, aliasDepth + 1);
    }
    return field;
  }

  private static Map<String, Object> properties(Object value) {
    return value instanceof Map<?, ?> m ? asMap(m) : null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Map<?, ?> m) {
    return (Map<String, Object>) m;
  }
}
