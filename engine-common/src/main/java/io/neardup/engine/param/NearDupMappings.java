package io.neardup.engine.param;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.cluster.Verification;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.SketchScheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.lucene.analysis.Analyzer;

/**
 * What both engines' {@code neardup} field type shares: its name, its parameters ({@link
 * #PARAMETERS}), the settings they describe and the messages of its errors.
 *
 * <p>For each document the field analyses the text with its {@code analyzer} (tokenizer and
 * normalisation; default {@code neardup_normalized}) followed by the near-duplicate filter with the
 * field's parameters, and writes the Lucene fields of {@link io.neardup.document.NearDupDocument}:
 * band tokens in {@code <field>}, the sketch as binary doc values in {@code <field>.sketch}, the
 * document's {@code _id} as binary doc values in {@code <field>.id} (so that collapse can name
 * copies without reading stored fields) and, with {@code exact: true}, the exact-duplicate token in
 * {@code <field>.exact}. Typically a multi-field of a text field:
 *
 * <pre>{@code
 * "body": { "type": "text", "fields": { "dup": { "type": "neardup", "threshold": 0.8 } } }
 * }</pre>
 *
 * <p>Parameters (snake_case, defaults and rules from {@link NearDupSettings}): {@code analyzer},
 * {@code shingle_unit}, {@code shingle_size}, {@code hashes}, {@code bits}, {@code scheme}, {@code
 * seed}, {@code bands}, {@code rows}, {@code threshold}, {@code max_hamming}, {@code exact}, {@code
 * verify}, {@code meta}. With {@code "verify": "exact"} (the default but for SimHash) each document
 * also stores its shingle set in {@code <field>.shingles} (binary doc values, under two bytes per
 * shingle), and every pair whose estimate is near the threshold is decided by the exact Jaccard
 * similarity of the two sets; {@code "sketch"} decides by the estimate alone. With {@code "scheme":
 * "simhash"} the sketch is one 64-bit SimHash fingerprint, the band tokens its {@code max_hamming}
 * + 1 blocks (default 3, at most 32), and {@code bands}, {@code rows} and {@code threshold} are not
 * set. All but {@code meta} are fixed when the field is created: sketches are only comparable with
 * sketches made with the same parameters. A document holds at most one text in the field.
 */
public final class NearDupMappings {
  private NearDupMappings() {}

  /** The field type's name. */
  public static final String CONTENT_TYPE = "neardup";

  /**
   * One of the near-duplicate parameters of the field type, as an engine declares it.
   *
   * @param name its snake_case name
   * @param value its kind of value, which converts what a mapping holds
   * @param fixedDefault its default when it does not depend on the scheme (null: none)
   * @param schemeDefault its default given the {@code scheme} set so far (null when that is not a
   *     scheme), or null when {@code fixedDefault} is the default
   */
  public record MappingParameter(
      String name,
      MappingValue value,
      Object fixedDefault,
      Function<SketchScheme, Object> schemeDefault) {
    static MappingParameter fixed(Parameter parameter, MappingValue value, Object fixedDefault) {
      return new MappingParameter(parameter.name(Parameter.Style.SNAKE), value, fixedDefault, null);
    }

    static MappingParameter byScheme(
        Parameter parameter, MappingValue value, Function<SketchScheme, Object> schemeDefault) {
      return new MappingParameter(
          parameter.name(Parameter.Style.SNAKE), value, null, schemeDefault);
    }

    /**
     * The default, given the {@code scheme} set so far (asked only of the parameters that default
     * by it: the scheme's own default must not ask for the scheme).
     */
    public Object defaultOf(Supplier<SketchScheme> scheme) {
      return schemeDefault == null ? fixedDefault : schemeDefault.apply(scheme.get());
    }

    /**
     * Converts what a mapping holds for the parameter.
     *
     * @throws RuntimeException the engine's mapping error ({@code error}) of a message naming the
     *     parameter and what it allows
     */
    public Object convert(Object mapped, Function<String, ? extends RuntimeException> error) {
      try {
        return value.convert(name, mapped);
      } catch (IllegalArgumentException e) {
        throw error.apply(e.getMessage());
      }
    }
  }

  /**
   * The near-duplicate parameters, in the order of the library's {@link NearDupSettings}, then
   * {@code verify}: hashes, bits, threshold and verify default by the scheme (simhash: one 64-bit
   * value, a threshold that follows from max_hamming, and verification by the sketch).
   */
  public static final List<MappingParameter> PARAMETERS =
      List.of(
          MappingParameter.fixed(
              Parameter.SHINGLE_UNIT,
              MappingValue.STRING,
              SketchParameters.DEFAULT_SHINGLE_UNIT.parameterValue()),
          MappingParameter.fixed(Parameter.SHINGLE_SIZE, MappingValue.INT, null),
          MappingParameter.byScheme(
              Parameter.HASHES, MappingValue.INT, SketchParameters::defaultHashes),
          MappingParameter.byScheme(
              Parameter.BITS, MappingValue.INT, SketchParameters::defaultBits),
          MappingParameter.fixed(
              Parameter.SCHEME,
              MappingValue.STRING,
              SketchParameters.DEFAULT_SCHEME.parameterValue()),
          MappingParameter.fixed(Parameter.SEED, MappingValue.LONG, SketchParameters.DEFAULT_SEED),
          MappingParameter.fixed(Parameter.BANDS, MappingValue.INT, null),
          MappingParameter.fixed(Parameter.ROWS, MappingValue.INT, null),
          MappingParameter.byScheme(
              Parameter.THRESHOLD, MappingValue.DOUBLE, NearDupSettings::defaultThreshold),
          MappingParameter.fixed(Parameter.MAX_HAMMING, MappingValue.INT, null),
          MappingParameter.fixed(
              Parameter.EXACT, MappingValue.BOOLEAN, NearDupSettings.DEFAULT_EXACT),
          MappingParameter.byScheme(
              Parameter.VERIFY,
              MappingValue.STRING,
              scheme -> defaultVerification(scheme).parameterValue()));

  /** The name of the scheme parameter, by which others default. */
  public static final String SCHEME = Parameter.SCHEME.name(Parameter.Style.SNAKE);

  /**
   * An engine's declared near-duplicate mapping parameters, read by their name and value.
   *
   * @param <P> the engine's parameter
   */
  public record Declared<P>(
      List<P> parameters, Function<P, String> name, Function<P, Object> value) {
    /**
     * The values by name, in their order (null for not set): what {@link #parameters} reads, and
     * the {@link #SCHEME} others default by.
     */
    public Map<String, Object> values() {
      Map<String, Object> values = new LinkedHashMap<>();
      for (P p : parameters) {
        values.put(name.apply(p), value.apply(p));
      }
      return values;
    }

    /**
     * The scheme (null when its value names none), read alone: the other parameters default by it.
     */
    public SketchScheme scheme() {
      for (P p : parameters) {
        if (SCHEME.equals(name.apply(p))) {
          return NearDupMappings.scheme(value.apply(p));
        }
      }
      return null;
    }

    /**
     * The settings and verification of the field's values, failing with the engine's mapping error
     * ({@code error} of the message and its cause).
     */
    public FieldParameters parameters(
        String field, BiFunction<String, Throwable, ? extends RuntimeException> error) {
      return NearDupMappings.parameters(field, values(), error);
    }
  }

  /** The scheme a parameter value names, or null when it names none. */
  public static SketchScheme scheme(Object value) {
    return value == null ? null : SketchScheme.parse(value.toString());
  }

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

  /**
   * The analyzer a field takes without an {@code analyzer} parameter: the index's own {@value
   * NormalizedTextAnalyzer#NAME} if its settings define one, else the built-in.
   *
   * @param indexAnalyzer the index's analyzer of a name, null if none (or the index is unknown)
   */
  public static <A> A defaultAnalyzer(Function<String, A> indexAnalyzer, A builtIn) {
    A a = indexAnalyzer.apply(NormalizedTextAnalyzer.NAME);
    return a != null ? a : builtIn;
  }

  /** A field's parameters: its settings and how it decides pairs. */
  public record FieldParameters(NearDupSettings settings, Verification verification) {
    /**
     * The field {@code name} with these parameters over the analyzer {@code base}: its whole chain
     * ({@link NearDupField#chain}) as the engine names an index's analyzers ({@code named}).
     */
    public NearDupField field(String name, Analyzer base, UnaryOperator<Analyzer> named) {
      return new NearDupField(
          name,
          settings,
          verification,
          named.apply(NearDupField.chain(base, settings, verification)));
    }
  }

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

  /**
   * As {@link #parameters(String, Map)}, failing with the engine's mapping error ({@code error} of
   * the message and its cause).
   */
  public static FieldParameters parameters(
      String field,
      Map<String, ?> values,
      BiFunction<String, Throwable, ? extends RuntimeException> error) {
    try {
      return parameters(field, values);
    } catch (IllegalArgumentException e) {
      throw error.apply(e.getMessage(), e.getCause());
    }
  }

  /** The name of the field's {@code verify} parameter. */
  public static final String VERIFY = Parameter.VERIFY.name(Parameter.Style.SNAKE);

  /**
   * The {@code verify} of a field when not set: {@code exact} (each document's shingle set is
   * stored, and pairs near the threshold are decided by it), but {@code sketch} for a SimHash
   * field, whose similarity is not Jaccard's.
   */
  public static Verification defaultVerification(SketchScheme scheme) {
    return scheme != null && !scheme.comparison().setsDecide()
        ? Verification.SKETCH
        : Verification.EXACT;
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
      if (v == Verification.EXACT && !scheme.comparison().setsDecide()) {
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
