package io.neardup.elasticsearch;

import io.neardup.elasticsearch.analysis.NearDupNormalizeTokenFilterFactory;
import io.neardup.elasticsearch.analysis.NearDupTokenFilterFactory;
import io.neardup.elasticsearch.analysis.NormalizedTextAnalyzer;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper;
import io.neardup.elasticsearch.query.NearDupQueryBuilder;
import java.util.List;
import java.util.Map;
import org.elasticsearch.index.analysis.PreBuiltAnalyzerProviderFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.mapper.Mapper;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.indices.analysis.PreBuiltCacheFactory.CachingStrategy;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.MapperPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.SearchPlugin;

/**
 * neardup for Elasticsearch: the {@code neardup} and {@code neardup_normalize} token filters, the
 * {@code neardup_standard} analyzer, the {@code neardup} field type and the {@code neardup} query.
 */
public final class NearDupPlugin extends Plugin
    implements AnalysisPlugin, MapperPlugin, SearchPlugin {

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
