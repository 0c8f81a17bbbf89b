package io.neardup.opensearch;

import io.neardup.analysis.NormalizedTextAnalyzer;
import io.neardup.analysis.SignatureSettings;
import io.neardup.engine.api.ReconcileProgress;
import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.param.AnalysisComponent;
import io.neardup.opensearch.analysis.ComponentTokenFilterFactory;
import io.neardup.opensearch.analysis.NearDupMainTextCharFilterFactory;
import io.neardup.opensearch.analysis.NearDupSignatureTokenizerFactory;
import io.neardup.opensearch.clusters.DistributedClustering;
import io.neardup.opensearch.clusters.NearDupShardDocsQueryBuilder;
import io.neardup.opensearch.clusters.RestNearDupClustersAction;
import io.neardup.opensearch.clusters.TransportNearDupClustersAction;
import io.neardup.opensearch.collapse.CoordinatorCollapse;
import io.neardup.opensearch.collapse.NearDupCollapseBuilder;
import io.neardup.opensearch.collapse.NearDupCollapseFilter;
import io.neardup.opensearch.collapse.NearDupSketchFetchSubPhase;
import io.neardup.opensearch.collapse.NearDupSketchesBuilder;
import io.neardup.opensearch.collapse.NearDupWindowSortBuilder;
import io.neardup.opensearch.collapse.ScoreOrderedWindow;
import io.neardup.opensearch.ingest.NearDupProcessor;
import io.neardup.opensearch.mapper.NearDupFieldMapper;
import io.neardup.opensearch.pipeline.NearDupCollapsePhaseProcessor;
import io.neardup.opensearch.pipeline.NearDupCollapseRequestProcessor;
import io.neardup.opensearch.pipeline.NearDupCollapseResponseProcessor;
import io.neardup.opensearch.query.NearDupQueryBuilder;
import io.neardup.opensearch.reconcile.NearDupReconcileStatus;
import io.neardup.opensearch.reconcile.RestNearDupReconcileAction;
import io.neardup.opensearch.reconcile.TransportNearDupReconcileAction;
import io.neardup.opensearch.support.ShardAggregations;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.lucene.util.SetOnce;
import org.opensearch.action.ActionRequest;
import org.opensearch.action.support.ActionFilter;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.node.DiscoveryNodes;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.settings.ClusterSettings;
import org.opensearch.common.settings.IndexScopedSettings;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.settings.SettingsFilter;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.NamedWriteableRegistry;
import org.opensearch.core.xcontent.NamedXContentRegistry;
import org.opensearch.env.Environment;
import org.opensearch.env.NodeEnvironment;
import org.opensearch.index.IndexModule;
import org.opensearch.index.analysis.CharFilterFactory;
import org.opensearch.index.analysis.PreBuiltAnalyzerProviderFactory;
import org.opensearch.index.analysis.TokenFilterFactory;
import org.opensearch.index.analysis.TokenizerFactory;
import org.opensearch.index.mapper.Mapper;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.opensearch.indices.analysis.PreBuiltCacheFactory.CachingStrategy;
import org.opensearch.plugins.ActionPlugin;
import org.opensearch.plugins.AnalysisPlugin;
import org.opensearch.plugins.IngestPlugin;
import org.opensearch.plugins.MapperPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.SearchPipelinePlugin;
import org.opensearch.plugins.SearchPlugin;
import org.opensearch.repositories.RepositoriesService;
import org.opensearch.rest.RestController;
import org.opensearch.rest.RestHandler;
import org.opensearch.script.ScriptService;
import org.opensearch.search.fetch.FetchSubPhase;
import org.opensearch.search.pipeline.Processor;
import org.opensearch.search.pipeline.SearchPhaseResultsProcessor;
import org.opensearch.search.pipeline.SearchRequestProcessor;
import org.opensearch.search.pipeline.SearchResponseProcessor;
import org.opensearch.search.pipeline.SystemGeneratedProcessor;
import org.opensearch.tasks.Task;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.client.Client;
import org.opensearch.watcher.ResourceWatcherService;

/**
 * neardup for OpenSearch: the {@code neardup} and {@code neardup_normalize} token filters, the
 * {@code neardup_standard} analyzer, the {@code neardup} field type, the {@code neardup} query and
 * the search extensions {@code neardup_collapse} and {@code neardup_sketches}, the search pipeline
 * processors {@code neardup_collapse}, the ingest processor {@code neardup}, the clustering API
 * {@code POST /{index}/_neardup/clusters}, reconcile {@code POST /{index}/_neardup/reconcile} and
 * the index setting {@code index.neardup.max_collapse_window}, with the same names and JSON as the
 * Elasticsearch plugin.
 */
public final class NearDupPlugin extends Plugin
    implements AnalysisPlugin,
        MapperPlugin,
        SearchPlugin,
        ActionPlugin,
        SearchPipelinePlugin,
        IngestPlugin {
  private final SetOnce<ClusterService> clusterService = new SetOnce<>();
  private final AnalysedTexts analysedTexts = new AnalysedTexts();
  private final SetOnce<IndexNameExpressionResolver> resolver = new SetOnce<>();
  private final SetOnce<NamedWriteableRegistry> registry = new SetOnce<>();
  private final CoordinatorCollapse collapse =
      new CoordinatorCollapse(clusterService::get, resolver::get, registry::get);

  // what the node's ingest processors analysed, which its neardup fields take
  AnalysedTexts analysedTexts() {
    return analysedTexts;
  }

  @Override
  public Collection<Object> createComponents(
      Client client,
      ClusterService clusterService,
      ThreadPool threadPool,
      ResourceWatcherService resourceWatcherService,
      ScriptService scriptService,
      NamedXContentRegistry xContentRegistry,
      Environment environment,
      NodeEnvironment nodeEnvironment,
      NamedWriteableRegistry namedWriteableRegistry,
      IndexNameExpressionResolver indexNameExpressionResolver,
      Supplier<RepositoriesService> repositoriesServiceSupplier) {
    this.clusterService.set(clusterService);
    this.resolver.set(indexNameExpressionResolver);
    this.registry.set(namedWriteableRegistry);
    return List.of();
  }

  @Override
  public void onIndexModule(IndexModule indexModule) {
    indexModule.addSearchOperationListener(new ScoreOrderedWindow());
  }

  @Override
  public List<Setting<?>> getSettings() {
    return List.of(
        CoordinatorCollapse.MAX_WINDOW_SETTING, DistributedClustering.MEMORY_BUDGET_SETTING);
  }

  @Override
  public Map<String, AnalysisProvider<CharFilterFactory>> getCharFilters() {
    return Map.of(NearDupMainTextCharFilterFactory.NAME, NearDupMainTextCharFilterFactory::new);
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
  public List<PreBuiltAnalyzerProviderFactory> getPreBuiltAnalyzerProviderFactories() {
    return List.of(
        new PreBuiltAnalyzerProviderFactory(
            NormalizedTextAnalyzer.NAME, CachingStrategy.ONE, NormalizedTextAnalyzer::new));
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
  public List<SortSpec<?>> getSorts() {
    return List.of(
        new SortSpec<>(
            NearDupWindowSortBuilder.NAME,
            NearDupWindowSortBuilder::new,
            NearDupWindowSortBuilder::fromXContent));
  }

  @Override
  public List<FetchSubPhase> getFetchSubPhases(FetchPhaseConstructionContext context) {
    return List.of(new NearDupSketchFetchSubPhase());
  }

  @Override
  public List<ActionFilter> getActionFilters() {
    return List.of(new NearDupCollapseFilter(collapse));
  }

  @Override
  public List<NamedWriteableRegistry.Entry> getNamedWriteables() {
    return List.of(
        new NamedWriteableRegistry.Entry(
            Task.Status.class, ReconcileProgress.Status.NAME, NearDupReconcileStatus::new));
  }

  @Override
  public List<ActionHandler<? extends ActionRequest, ? extends ActionResponse>> getActions() {
    return List.of(
        new ActionHandler<>(
            TransportNearDupClustersAction.TYPE, TransportNearDupClustersAction.class),
        new ActionHandler<>(
            TransportNearDupReconcileAction.TYPE, TransportNearDupReconcileAction.class));
  }

  @Override
  public List<RestHandler> getRestHandlers(
      Settings settings,
      RestController restController,
      ClusterSettings clusterSettings,
      IndexScopedSettings indexScopedSettings,
      SettingsFilter settingsFilter,
      IndexNameExpressionResolver indexNameExpressionResolver,
      Supplier<DiscoveryNodes> nodesInCluster) {
    return List.of(new RestNearDupClustersAction(), new RestNearDupReconcileAction());
  }

  @Override
  public Map<String, Processor.Factory<SearchRequestProcessor>> getRequestProcessors(
      Parameters parameters) {
    return Map.of(
        NearDupCollapseRequestProcessor.TYPE,
        new NearDupCollapseRequestProcessor.Factory(collapse));
  }

  @Override
  public Map<String, Processor.Factory<SearchResponseProcessor>> getResponseProcessors(
      Parameters parameters) {
    return Map.of(
        NearDupCollapseResponseProcessor.TYPE, new NearDupCollapseResponseProcessor.Factory());
  }

  @Override
  public Map<String, Processor.Factory<SearchPhaseResultsProcessor>>
      getSearchPhaseResultsProcessors(Parameters parameters) {
    return Map.of(NearDupCollapsePhaseProcessor.TYPE, new NearDupCollapsePhaseProcessor.Factory());
  }

  @Override
  public Map<String, SystemGeneratedProcessor.SystemGeneratedFactory<SearchResponseProcessor>>
      getSystemGeneratedResponseProcessors(Parameters parameters) {
    return Map.of(
        NearDupCollapseResponseProcessor.TYPE,
        new NearDupCollapseResponseProcessor.SystemFactory());
  }

  @Override
  public Map<String, SystemGeneratedProcessor.SystemGeneratedFactory<SearchPhaseResultsProcessor>>
      getSystemGeneratedSearchPhaseResultsProcessors(Parameters parameters) {
    return Map.of(
        NearDupCollapsePhaseProcessor.TYPE, new NearDupCollapsePhaseProcessor.SystemFactory());
  }

  @Override
  public Map<String, org.opensearch.ingest.Processor.Factory> getProcessors(
      org.opensearch.ingest.Processor.Parameters parameters) {
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
}
