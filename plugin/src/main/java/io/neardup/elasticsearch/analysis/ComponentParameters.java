package io.neardup.elasticsearch.analysis;

import io.neardup.elasticsearch.ParameterErrors;
import io.neardup.param.ParameterException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.elasticsearch.common.settings.Settings;

/**
 * Reads the settings of one analysis component into the library's parameter objects. The library
 * owns the vocabulary, the defaults and the rules (one validator for Lucene factories, these
 * filters and the field type); this class only turns its errors into messages that name the
 * component and the parameter in brackets.
 */
final class ComponentParameters {
  private ComponentParameters() {}

  /**
   * Parses the settings of the component {@code name} of type {@code type}.
   *
   * @throws IllegalArgumentException naming the component and the first invalid or unknown
   *     parameter; Elasticsearch answers it with HTTP 400
   */
  static <T> T parse(
      String type, String name, Settings settings, Function<Map<String, String>, T> parser) {
    Map<String, String> args = new LinkedHashMap<>();
    for (String key : settings.keySet()) {
      // "type" names the component; "index.*" keys are index settings that Elasticsearch passes
      // along (all of them when a filter is used by name in _analyze without an index)
      if (key.equals("type") || key.startsWith("index.")) {
        continue;
      }
      args.put(key, settings.get(key));
    }
    T parsed;
    try {
      parsed = parser.apply(args);
    } catch (ParameterException e) {
      throw new IllegalArgumentException(prefix(type, name) + ParameterErrors.describe(e), e);
    }
    if (args.isEmpty() == false) {
      throw new IllegalArgumentException(
          prefix(type, name) + "unknown parameters " + args.keySet().stream().sorted().toList());
    }
    return parsed;
  }

  private static String prefix(String type, String name) {
    return "token filter [" + name + "] of type [" + type + "]: ";
  }
}
