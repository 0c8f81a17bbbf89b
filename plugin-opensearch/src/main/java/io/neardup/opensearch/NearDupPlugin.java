package io.neardup.opensearch;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.opensearch.analysis.NearDupNormalizeTokenFilterFactory;
import io.neardup.opensearch.analysis.NearDupTokenFilterFactory;
import io.neardup.opensearch.mapper.NearDupFieldMapper;
import io.neardup.opensearch.query.NearDupQueryBuilder;
import java.util.List;
import java.util.Map;
import org.opensearch.common.settings.Setting;
import org.opensearch.index.analysis.PreBuiltAnalyzerProviderFactory;
import org.opensearch.index.analysis.TokenFilterFactory;
import org.opensearch.index.mapper.Mapper;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.opensearch.indices.analysis.PreBuiltCacheFactory.CachingStrategy;
import org.opensearch.plugins.AnalysisPlugin;
import org.opensearch.plugins.MapperPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.SearchPlugin;

/**
 * neardup for OpenSearch: the {@code neardup} and {@code neardup_normalize} token filters, the
 * {@code neardup_standard} analyzer, the {@code neardup} field type, the {@code neardup} query and
 * the index setting {@code index.neardup.max_collapse_window}, with the same names and JSON as the
 * Elasticsearch plugin.
 */
public final class NearDupPlugin extends Plugin
    implements AnalysisPlugin, MapperPlugin, SearchPlugin {
  /**
   * The largest collapse window a search of the index may ask for: {@code
   * index.neardup.max_collapse_window}, dynamic, default the library's own limit.
   */
  public static final Setting<Integer> MAX_COLLAPSE_WINDOW_SETTING =
      Setting.intSetting(
          "index.neardup.max_collapse_window",
          WindowCollapse.MAX_WINDOW,
          1,
          WindowCollapse.MAX_WINDOW_LIMIT,
          Setting.Property.IndexScope,
          Setting.Property.Dynamic);

  @Override
  public List<Setting<?>> getSettings() {
    return List.of(MAX_COLLAPSE_WINDOW_SETTING);
  }

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    return Map.of(
        NearDupTokenFilterFactory.NAME, NearDupTokenFilterFactory::new,
        NearDupNormalizeTokenFilterFactory.NAME, NearDupNormalizeTokenFilterFactory::new);
  }

  @Override
  public List<PreBuiltAnalyzerProviderFactory> getPreBuiltAnalyzerProviderFactories() {
    return List.of(
        new PreBuiltAnalyzerProviderFactory(
            NormalizedTextAnalyzer.NAME, CachingStrategy.ONE, NormalizedTextAnalyzer::new));
  }

  @Override
  public Map<String, Mapper.TypeParser> getMappers() {
    return Map.of(NearDupFieldMapper.CONTENT_TYPE, NearDupFieldMapper.PARSER);
  }

  @Override
  public List<QuerySpec<?>> getQueries() {
    return List.of(
        new QuerySpec<>(
            NearDupQueryBuilder.NAME, NearDupQueryBuilder::new, NearDupQueryBuilder::fromXContent));
  }
}
