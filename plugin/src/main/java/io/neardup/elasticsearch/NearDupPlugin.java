package io.neardup.elasticsearch;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.analysis.SignatureSettings;
import io.neardup.elasticsearch.analysis.ComponentTokenFilterFactory;
import io.neardup.elasticsearch.analysis.NearDupMainTextCharFilterFactory;
import io.neardup.elasticsearch.analysis.NearDupSignatureTokenizerFactory;
import io.neardup.elasticsearch.clusters.DistributedClustering;
import io.neardup.elasticsearch.clusters.NearDupShardDocsQueryBuilder;
import io.neardup.elasticsearch.clusters.RestNearDupClustersAction;
import io.neardup.elasticsearch.clusters.TransportNearDupClustersAction;
import io.neardup.elasticsearch.collapse.NearDupCollapseBuilder;
import io.neardup.elasticsearch.collapse.NearDupCollapseFilter;
import io.neardup.elasticsearch.collapse.NearDupCollapseRankBuilder;
import io.neardup.elasticsearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.elasticsearch.collapse.NearDupSketchesBuilder;
import io.neardup.elasticsearch.collapse.NearDupWindowShardResult;
import io.neardup.elasticsearch.ingest.NearDupProcessor;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper;
import io.neardup.elasticsearch.query.NearDupQueryBuilder;
import io.neardup.elasticsearch.reconcile.NearDupReconcileStatus;
import io.neardup.elasticsearch.reconcile.RestNearDupReconcileAction;
import io.neardup.elasticsearch.reconcile.TransportNearDupReconcileAction;
import io.neardup.elasticsearch.support.ShardAggregations;
import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.param.AnalysisComponent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.lucene.util.SetOnce;
import org.elasticsearch.action.support.MappedActionFilter;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.common.io.stream.NamedWriteableRegistry;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.index.IndexModule;
import org.elasticsearch.index.analysis.CharFilterFactory;
import org.elasticsearch.index.analysis.PreBuiltAnalyzerProviderFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.index.mapper.Mapper;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.indices.analysis.PreBuiltCacheFactory.CachingStrategy;
import org.elasticsearch.ingest.Processor;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.IngestPlugin;
import org.elasticsearch.plugins.MapperPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.SearchPlugin;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.search.fetch.FetchSubPhase;
import org.elasticsearch.search.rank.RankBuilder;
import org.elasticsearch.search.rank.RankShardResult;
import org.elasticsearch.tasks.Task;

/**
 * neardup for Elasticsearch: the {@code neardup} and {@code neardup_normalize} token filters, the
 * {@code neardup_standard} analyzer, the {@code neardup} field type, the {@code neardup} query and
 * the {@code neardup_collapse} search extension, the {@code neardup} ingest processor and the
 * clustering and reconcile APIs.
 */
public final class NearDupPlugin extends Plugin
    implements AnalysisPlugin, MapperPlugin, SearchPlugin, ActionPlugin, IngestPlugin {
  private final SetOnce<NearDupCollapseFilter> collapseFilter = new SetOnce<>();
  private final AnalysedTexts analysedTexts = new AnalysedTexts();

  // what the node's ingest processors analysed, which its neardup fields take
  AnalysedTexts analysedTexts() {
    return analysedTexts;
  }

  @Override
  public Collection<?> createComponents(PluginServices services) {
    collapseFilter.set(
        new NearDupCollapseFilter(
            services.clusterService(), services.indexNameExpressionResolver()));
    return List.of();
  }

  @Override
  public List<NamedWriteableRegistry.Entry> getNamedWriteables() {
    return List.of(
        new NamedWriteableRegistry.Entry(
            RankBuilder.class, NearDupCollapseRankBuilder.NAME, NearDupCollapseRankBuilder::new),
        new NamedWriteableRegistry.Entry(
            RankShardResult.class, NearDupWindowShardResult.NAME, NearDupWindowShardResult::new),
        new NamedWriteableRegistry.Entry(
            Task.Status.class, ReconcileProgress.Status.NAME, NearDupReconcileStatus::new));
  }

  @Override
  public void onIndexModule(IndexModule indexModule) {
    indexModule.addSearchOperationListener(new NearDupCollapseRankBuilder.WindowReader());
  }

  @Override
  public List<Setting<?>> getSettings() {
    return List.of(
        NearDupCollapseFilter.MAX_WINDOW_SETTING, DistributedClustering.MEMORY_BUDGET_SETTING);
  }

  @Override
  public Collection<ActionHandler> getActions() {
    return List.of(
        new ActionHandler(
            TransportNearDupClustersAction.TYPE, TransportNearDupClustersAction.class),
        new ActionHandler(
            TransportNearDupReconcileAction.TYPE, TransportNearDupReconcileAction.class));
  }

  @Override
  public Collection<RestHandler> getRestHandlers(
      RestHandlersServices services,
      Supplier<DiscoveryNodes> nodesInCluster,
      Predicate<NodeFeature> clusterSupportsFeature) {
    return List.of(new RestNearDupClustersAction(), new RestNearDupReconcileAction());
  }

  @Override
  public Collection<MappedActionFilter> getMappedActionFilters() {
    return List.of(collapseFilter.get());
  }

  @Override
  public List<SearchExtSpec<?>> getSearchExts() {
    return List.of(
        new SearchExtSpec<>(
            NearDupCollapseBuilder.NAME,
            NearDupCollapseBuilder::new,
            NearDupCollapseBuilder::fromXContent),
        new SearchExtSpec<>(
            NearDupSketchesBuilder.NAME,
            NearDupSketchesBuilder::new,
            NearDupSketchesBuilder::fromXContent));
  }

  @Override
  public List<FetchSubPhase> getFetchSubPhases(FetchPhaseConstructionContext context) {
    return List.of(new NearDupSketchFetchSubPhase());
  }

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    Map<String, AnalysisProvider<TokenFilterFactory>> filters = new LinkedHashMap<>();
    for (AnalysisComponent<?> filter : AnalysisComponent.FILTERS) {
      filters.put(filter.type(), ComponentTokenFilterFactory.provider(filter));
    }
    return filters;
  }

  @Override
  public Map<String, AnalysisProvider<TokenizerFactory>> getTokenizers() {
    return Map.of(SignatureSettings.NAME, NearDupSignatureTokenizerFactory::new);
  }

  @Override
  public Map<String, AnalysisProvider<CharFilterFactory>> getCharFilters() {
    return Map.of(NearDupMainTextCharFilterFactory.NAME, NearDupMainTextCharFilterFactory::new);
  }

  @Override
  public List<PreBuiltAnalyzerProviderFactory> getPreBuiltAnalyzerProviderFactories() {
    return List.of(
        new PreBuiltAnalyzerProviderFactory(
            NormalizedTextAnalyzer.NAME, CachingStrategy.ONE, NormalizedTextAnalyzer::new));
  }

  @Override
  public Map<String, Processor.Factory> getProcessors(Processor.Parameters parameters) {
    return Map.of(
        NearDupProcessor.TYPE,
        new NearDupProcessor.Factory(
            parameters.client,
            parameters.ingestService.getClusterService(),
            analysedTexts,
            (millis, task) ->
                parameters.scheduler.apply(
                    millis, parameters.threadContext.preserveContext(task))));
  }

  @Override
  public Map<String, Mapper.TypeParser> getMappers() {
    return Map.of(NearDupFieldMapper.CONTENT_TYPE, NearDupFieldMapper.parser(analysedTexts));
  }

  @Override
  public List<QuerySpec<?>> getQueries() {
    return List.of(
        new QuerySpec<>(
            NearDupQueryBuilder.NAME, NearDupQueryBuilder::new, NearDupQueryBuilder::fromXContent),
        new QuerySpec<>(
            NearDupShardDocsQueryBuilder.NAME,
            NearDupShardDocsQueryBuilder::new,
            NearDupShardDocsQueryBuilder::fromXContent));
  }

  @Override
  public List<AggregationSpec> getAggregations() {
    return ShardAggregations.specs();
  }
}
