package io.neardup.cli.options;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Supplies the defaults of options from the library's own defaults (analysis parameters, collapse
 * mode), so that they are defined once and {@code --help} shows them. Options whose default depends
 * on others (shingle size, bands, rows) or on the command (threshold) get none here.
 */
public final class LibraryDefaults implements IDefaultValueProvider {
  private static final Map<String, String> DEFAULTS = defaults();

  @Override
  public String defaultValue(ArgSpec arg) {
    return arg instanceof OptionSpec option ? DEFAULTS.get(option.longestName()) : null;
  }

  private static Map<String, String> defaults() {
    Map<String, String> kebab = new HashMap<>();
    kebab.putAll(NearDupSettings.DEFAULT.toMap(Parameter.Style.KEBAB));
    kebab.putAll(NormalizationOptions.DEFAULT.toMap(Parameter.Style.KEBAB));
    for (Parameter derived :
        new Parameter[] {
          Parameter.SHINGLE_SIZE,
          Parameter.BANDS,
          Parameter.ROWS,
          Parameter.THRESHOLD,
          Parameter.EXACT,
          Parameter.SHINGLES
        }) {
      kebab.remove(derived.name(Parameter.Style.KEBAB));
    }
    Map<String, String> options = new HashMap<>();
    kebab.forEach((name, value) -> options.put("--" + name, value));
    options.put("--collapse", WindowCollapse.DEFAULT_MODE.parameterValue());
    return Map.copyOf(options);
  }
}
