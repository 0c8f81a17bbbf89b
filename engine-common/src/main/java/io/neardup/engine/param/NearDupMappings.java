package io.neardup.engine.param;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What both engines' {@code neardup} field type shares: its name, the settings its parameters
 * describe and the messages of its errors.
 *
 * <pre>{@code
 * "body": { "type": "text", "fields": { "dup": { "type": "neardup", "threshold": 0.8 } } }
 * }</pre>
 */
public final class NearDupMappings {
  private NearDupMappings() {}

  /** The field type's name. */
  public static final String CONTENT_TYPE = "neardup";

  /**
   * The settings of a field's parameter values (by snake_case name; null for not set).
   *
   * @throws IllegalArgumentException naming the field, the parameter and its rule
   */
  public static NearDupSettings settings(String field, Map<String, ?> values) {
    Map<String, String> args = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : values.entrySet()) {
      if (e.getValue() != null) {
        args.put(e.getKey(), e.getValue().toString());
      }
    }
    try {
      return NearDupSettings.parse(args, Parameter.Style.SNAKE);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(
          "field [" + field + "] of type [" + CONTENT_TYPE + "]: " + e.bracketed(), e);
    }
  }

  /** The Lucene field of each document's {@code _id}, as binary doc values next to its sketch. */
  public static String idField(String field) {
    return field + ".id";
  }

  /** The message of a term query on the field. */
  public static String noTermQueries(String field) {
    return "field ["
        + field
        + "] of type ["
        + CONTENT_TYPE
        + "] does not support term queries: use the [neardup] query";
  }

  /** The message of a document with several texts in the field. */
  public static String oneText(String field) {
    return "field ["
        + field
        + "] of type ["
        + CONTENT_TYPE
        + "] takes one text per document, got several: join them into one text or index them"
        + " as separate documents";
  }

  /** The message of an {@code analyzer} that already holds a near-duplicate filter. */
  public static String analyzerHasNearDupFilter(String analyzer, String filterType) {
    return "[analyzer] ["
        + analyzer
        + "] must not contain a token filter of type ["
        + filterType
        + "]: the field appends one with its own parameters";
  }
}
