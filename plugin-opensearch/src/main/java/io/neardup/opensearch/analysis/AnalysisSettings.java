package io.neardup.opensearch.analysis;

import io.neardup.engine.param.ComponentParameters;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.opensearch.common.settings.Settings;

/** Hands the settings of one analysis component to the library's {@link ComponentParameters}. */
final class AnalysisSettings {
  private AnalysisSettings() {}

  /**
   * Parses the settings of the component {@code name} of type {@code type}.
   *
   * @throws IllegalArgumentException naming the component and the first invalid or unknown
   *     parameter; OpenSearch answers it with HTTP 400
   */
  static <T> T parse(
      String type, String name, Settings settings, Function<Map<String, String>, T> parser) {
    Map<String, String> raw = new LinkedHashMap<>();
    for (String key : settings.keySet()) {
      raw.put(key, settings.get(key));
    }
    return ComponentParameters.parse(type, name, raw, parser);
  }
}
