package io.neardup.engine.ingest;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.engine.param.AnalysisComponent;
import io.neardup.web.analysis.MainTextCharFilterFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The analyzers of a {@code neardup} field that the ingest processor runs itself, as the field
 * does: the field type's default {@code neardup_standard}, or a custom analyzer that is the same
 * chain over an HTML page's main text, one {@code neardup_main_text} char filter then the {@code
 * standard} tokenizer and the {@code neardup_normalize} filter at its defaults:
 *
 * <pre>{@code
 * "analysis": { "analyzer": { "html": { "type": "custom", "char_filter": ["neardup_main_text"],
 *                                       "tokenizer": "standard", "filter": ["neardup_normalize"] } } }
 * }</pre>
 *
 * <p>The processor analyses such a page's main text ({@link MainTextCharFilterFactory#mainText},
 * the char filter's output) with the default chain, which gives the field's tokens. Any other
 * analyzer would take the index's analysis components, which an ingest node need not hold, so the
 * processor refuses it, naming what it can run.
 */
final class TargetAnalyzer {
  private static final String MAIN_TEXT = MainTextCharFilterFactory.ENGINE_TYPE;
  private static final String NORMALIZE = AnalysisComponent.NORMALIZE.type();

  private TargetAnalyzer() {}

  /**
   * The main-text char filter of {@code analyzer}, or null for {@code neardup_standard}.
   *
   * @param analysis the index's setting at a key below {@code index.analysis.} (e.g. {@code
   *     analyzer.html.filter}): its values, one for a single value, none if it is not set
   * @param who the start of a message, naming the processor's parameter and the field
   * @throws IllegalArgumentException naming the analyzer and what the processor runs, if it is
   *     neither
   */
  static MainTextCharFilterFactory mainText(
      String analyzer, Function<String, List<String>> analysis, String who) {
    if (analyzer == null || NormalizedTextAnalyzer.NAME.equals(analyzer)) {
      return null;
    }
    String prefix = "analyzer." + analyzer + ".";
    List<String> tokenizer = analysis.apply(prefix + "tokenizer");
    List<String> type = analysis.apply(prefix + "type");
    boolean custom = type.equals(List.of("custom")) || (type.isEmpty() && !tokenizer.isEmpty());
    List<String> charFilters = analysis.apply(prefix + "char_filter");
    MainTextCharFilterFactory mainText =
        custom && charFilters.size() == 1 ? charFilter(charFilters.get(0), analysis) : null;
    if (mainText == null
        || !tokenizer.equals(List.of("standard"))
        || !analysis.apply("tokenizer.standard.type").isEmpty()
        || !analysis.apply(prefix + "filter").equals(List.of(NORMALIZE))
        || !analysis.apply("filter." + NORMALIZE + ".type").isEmpty()) {
      throw new IllegalArgumentException(
          who
              + " uses analyzer ["
              + analyzer
              + "]; the processor runs only ["
              + NormalizedTextAnalyzer.NAME
              + "] and custom analyzers of one ["
              + MAIN_TEXT
              + "] char filter, the [standard] tokenizer and the ["
              + NORMALIZE
              + "] filter");
    }
    return mainText;
  }

  /**
   * The char filter by its name in the analyzer: the type itself, or one the index defines (whose
   * settings the engine checked when the index was made).
   */
  private static MainTextCharFilterFactory charFilter(
      String name, Function<String, List<String>> analysis) {
    String prefix = "char_filter." + name + ".";
    List<String> type = analysis.apply(prefix + "type");
    if (type.isEmpty()) {
      return MAIN_TEXT.equals(name)
          ? MainTextCharFilterFactory.fromEngineSettings(MAIN_TEXT, name, Map.of())
          : null;
    }
    if (!type.equals(List.of(MAIN_TEXT))) {
      return null;
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (String key : MainTextCharFilterFactory.ENGINE_SETTINGS) {
      List<String> values = analysis.apply(prefix + key);
      if (!values.isEmpty()) {
        settings.put(key, String.join(",", values));
      }
    }
    return MainTextCharFilterFactory.fromEngineSettings(MAIN_TEXT, name, settings);
  }
}
