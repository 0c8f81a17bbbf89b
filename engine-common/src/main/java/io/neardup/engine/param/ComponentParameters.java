package io.neardup.engine.param;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Reads the settings of one engine analysis component (a token filter of the Elasticsearch or
 * OpenSearch plugin) into the library's parameter objects. The library owns the vocabulary, the
 * defaults and the rules; this class only turns its errors into messages that name the component
 * and the parameter in brackets, e.g. {@code token filter [dup] of type [neardup]: [hashes] must be
 * an integer between 1 and 1024, got [0]}.
 */
public final class ComponentParameters {
  private ComponentParameters() {}

  /**
   * As {@link #parse(String, String, Set, Function, Function)} with a library parser of the
   * engines' snake_case keys ({@link Parameter.Style#SNAKE}).
   */
  public static <T> T snakeCase(
      String type,
      String name,
      Set<String> keys,
      Function<String, String> value,
      BiFunction<Map<String, String>, Parameter.Style, T> parser) {
    return parse(type, name, keys, value, args -> parser.apply(args, Parameter.Style.SNAKE));
  }

  /**
   * Parses the settings of the component {@code name} of type {@code type}, read from an engine's
   * settings by key ({@code keys} and {@code value}, as both engines' {@code Settings} offer).
   *
   * @throws IllegalArgumentException naming the component and the first invalid or unknown
   *     parameter; the engines answer it with HTTP 400
   */
  public static <T> T parse(
      String type,
      String name,
      Set<String> keys,
      Function<String, String> value,
      Function<Map<String, String>, T> parser) {
    Map<String, String> raw = new LinkedHashMap<>();
    for (String key : keys) {
      raw.put(key, value.apply(key));
    }
    return parse(type, name, raw, parser);
  }

  /**
   * Parses the settings of the component {@code name} of type {@code type}.
   *
   * @param settings the component's settings as the engine passes them; {@code type} (which names
   *     the component) and {@code index.*} keys (index settings the engines pass along, all of them
   *     when a filter is used by name in {@code _analyze} without an index) are not parameters
   * @throws IllegalArgumentException naming the component and the first invalid or unknown
   *     parameter; the engines answer it with HTTP 400
   */
  public static <T> T parse(
      String type,
      String name,
      Map<String, String> settings,
      Function<Map<String, String>, T> parser) {
    Map<String, String> args = new LinkedHashMap<>();
    settings.forEach((key, value) -> {
      if (!key.equals("type") && !key.startsWith("index.")) {
        args.put(key, value);
      }
    });
    T parsed;
    try {
      parsed = parser.apply(args);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(prefix(type, name) + e.bracketed(), e);
    }
    if (!args.isEmpty()) {
      throw new IllegalArgumentException(
          prefix(type, name) + "unknown parameters " + args.keySet().stream().sorted().toList());
    }
    return parsed;
  }

  private static String prefix(String type, String name) {
    return "token filter [" + name + "] of type [" + type + "]: ";
  }
}
