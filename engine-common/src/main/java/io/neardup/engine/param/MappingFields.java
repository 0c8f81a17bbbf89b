package io.neardup.engine.param;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Field definitions read from an engine's index mapping as a map (the JSON of {@code GET
 * index/_mapping}), for the coordinating node of an engine, which holds no shard of the indexes it
 * searches but every index's mapping. Free of any engine: both adapters look fields up through it.
 *
 * <pre>{@code
 * Map<String, Object> field = MappingFields.find(mapping, "body.dup"); // {"type": "neardup", ...}
 * NearDupSettings settings = MappingFields.nearDupSettings(field);
 * }</pre>
 */
public final class MappingFields {
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

  private MappingFields() {}

  /**
   * The mapping of {@code path} (its type and parameters, e.g. {@code {"type": "neardup",
   * "threshold": 0.9}}), following multi-fields, object properties, dotted names and aliases; null
   * if the mapping does not map it.
   *
   * @param mapping the index's mapping: the object holding {@code properties}
   */
  public static Map<String, Object> find(Map<String, Object> mapping, String path) {
    return mapping == null ? null : find(properties(mapping.get("properties")), path, mapping, 0);
  }

  /**
   * Checks that a field a parameter names is mapped with the expected type (the fields where the
   * ingest processor and reconcile store cluster ids and canonical flags).
   *
   * @param mapped the field's mapping ({@link #find}), or null if unmapped
   * @param who the message prefix, e.g. {@code [neardup] processor}
   * @param index the index's name, for the message
   * @param required whether an unmapped field is an error (else it is left to dynamic mapping)
   * @return whether the field is mapped
   * @throws IllegalArgumentException naming the parameter, the field, the index and the type found
   */
  public static boolean checkType(
      Map<String, Object> mapped,
      String who,
      String param,
      String path,
      String expected,
      String index,
      boolean required) {
    if (mapped == null && !required) {
      return false;
    }
    Object type = mapped == null ? null : mapped.get("type");
    if (!expected.equals(type)) {
      throw new IllegalArgumentException(
          who
              + " ["
              + param
              + "]: field ["
              + path
              + "] must be mapped as ["
              + expected
              + "] in index ["
              + index
              + "], got "
              + (mapped == null ? "no mapping" : "[" + type + "]"));
    }
    return true;
  }

  /**
   * Checks that each field of the policy, where the mapping maps it, is a numeric, date, boolean,
   * ip or keyword field with doc values.
   *
   * @param index the index's name, for the message
   * @return false if the mapping does not map every field of the policy (its documents have no
   *     value in the others)
   * @throws IllegalArgumentException naming the field, its type and the index
   */
  public static boolean checkCanonical(
      Map<String, Object> mapping, String index, CanonicalPolicy canonical) {
    boolean all = true;
    for (String field : canonical.fields()) {
      Map<String, Object> key = find(mapping, field);
      if (key == null) {
        all = false;
        continue;
      }
      checkCanonicalField(key, field, index);
    }
    return all;
  }

  /**
   * Checks that a field a canonical policy compares, as its index maps it, is a numeric, date,
   * boolean, ip or keyword field with doc values.
   *
   * @param key the field's mapping
   * @param field the field's name, for the message
   * @param index the index's name, for the message
   * @throws IllegalArgumentException naming the field, its type and the index
   */
  public static void checkCanonicalField(Map<String, Object> key, String field, String index) {
    Object type = key.get("type");
    if (!CANONICAL_TYPES.contains(type)) {
      throw new IllegalArgumentException(
          "[canonical] field ["
              + field
              + "] is of type ["
              + (type == null ? "object" : type)
              + "] in index ["
              + index
              + "]: expected a numeric, date, boolean, ip or keyword field");
    }
    if ("false".equals(String.valueOf(key.get("doc_values")))) {
      throw new IllegalArgumentException(
          "[canonical] field ["
              + field
              + "] has no doc values in index ["
              + index
              + "]: canonical fields are read from doc values");
    }
  }

  /**
   * The settings and verification of a {@code neardup} field's mapping (its parameters in
   * snake_case; absent ones take their defaults).
   *
   * @param name the field's path, for messages
   */
  public static NearDupMappings.FieldParameters nearDupParameters(
      String name, Map<String, Object> field) {
    NearDupSettings settings = nearDupSettings(field);
    return new NearDupMappings.FieldParameters(
        settings, NearDupMappings.verification(name, field.get(NearDupMappings.VERIFY), settings));
  }

  /**
   * The near-duplicate settings of a {@code neardup} field's mapping (its parameters in snake_case;
   * absent ones take their defaults).
   */
  public static NearDupSettings nearDupSettings(Map<String, Object> field) {
    Parsed last = lastParsed;
    if (last != null && last.field.equals(field)) {
      return last.settings;
    }
    NearDupSettings settings = parse(field);
    lastParsed = new Parsed(new HashMap<>(field), settings);
    return settings;
  }

  // the mapping parsed last: every collapsed search of an index reads the same one, and parsing
  // derives the banding from the threshold
  private record Parsed(Map<String, Object> field, NearDupSettings settings) {}

  private static volatile Parsed lastParsed;

  private static NearDupSettings parse(Map<String, Object> field) {
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
            Parameter.MAX_HAMMING,
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
