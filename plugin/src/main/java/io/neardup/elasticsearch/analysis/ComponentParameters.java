package io.neardup.elasticsearch.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.elasticsearch.common.settings.Settings;

/**
 * Reads the settings of one analysis component through the library's {@link
 * io.neardup.engine.param.ComponentParameters}, which owns the rules and the messages.
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
    Map<String, String> raw = new LinkedHashMap<>();
    for (String key : settings.keySet()) {
      raw.put(key, settings.get(key));
    }
    return io.neardup.engine.param.ComponentParameters.parse(type, name, raw, parser);
  }
}
