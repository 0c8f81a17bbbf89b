package io.neardup.engine.param;

import io.neardup.cluster.Verification;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchScheme;
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
      if (e.getValue() != null && !e.getKey().equals(VERIFY)) {
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

  /** A field's parameters: its settings and how it decides pairs. */
  public record FieldParameters(NearDupSettings settings, Verification verification) {}

  /**
   * The settings and verification of a field's parameter values (by snake_case name; null for not
   * set).
   *
   * @throws IllegalArgumentException naming the field, the parameter and its rule
   */
  public static FieldParameters parameters(String field, Map<String, ?> values) {
    NearDupSettings settings = settings(field, values);
    return new FieldParameters(settings, verification(field, values.get(VERIFY), settings));
  }

  /** The name of the field's {@code verify} parameter. */
  public static final String VERIFY = Parameter.VERIFY.name(Parameter.Style.SNAKE);

  /**
   * The {@code verify} of a field when not set: {@code exact} (each document's shingle set is
   * stored, and pairs near the threshold are decided by it), but {@code sketch} for a SimHash
   * field, whose similarity is not Jaccard's.
   */
  public static Verification defaultVerification(SketchScheme scheme) {
    return scheme != null && scheme.isSimHash() ? Verification.SKETCH : Verification.EXACT;
  }

  /**
   * The {@code verify} of a field whose other parameters make {@code settings}.
   *
   * @param value the parameter's value, or null for the default
   * @throws IllegalArgumentException naming the field, the parameter and the values allowed
   */
  public static Verification verification(String field, Object value, NearDupSettings settings) {
    SketchScheme scheme = settings.sketch().scheme();
    if (value == null) {
      return defaultVerification(scheme);
    }
    try {
      Verification v = Verification.parse(value.toString());
      if (v == Verification.EXACT && scheme.isSimHash()) {
        throw new ParameterException(
            Parameter.VERIFY,
            "[sketch] with [scheme] [simhash], whose fingerprints are not compared by Jaccard"
                + " similarity",
            value);
      }
      return v;
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
