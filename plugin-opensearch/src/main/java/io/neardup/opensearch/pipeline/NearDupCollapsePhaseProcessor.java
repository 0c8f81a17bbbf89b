package io.neardup.opensearch.pipeline;

import io.neardup.opensearch.collapse.CoordinatorCollapse;
import io.neardup.opensearch.collapse.WindowCut;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.action.search.SearchPhaseContext;
import org.opensearch.action.search.SearchPhaseName;
import org.opensearch.action.search.SearchPhaseResults;
import org.opensearch.search.SearchPhaseResult;
import org.opensearch.search.SearchShardTarget;
import org.opensearch.search.pipeline.AbstractProcessor;
import org.opensearch.search.pipeline.PipelineProcessingContext;
import org.opensearch.search.pipeline.Processor;
import org.opensearch.search.pipeline.ProcessorGenerationContext;
import org.opensearch.search.pipeline.SearchPhaseResultsProcessor;
import org.opensearch.search.pipeline.SystemGeneratedProcessor;
import org.opensearch.search.query.QuerySearchResult;
import org.opensearch.transport.Transport;

/**
 * The search phase results processor {@code neardup_collapse}: collapses a search's window between
 * the query and the fetch phase, so that the shards fetch the requested page only instead of the
 * whole window ({@link CoordinatorCollapse#cut}). It acts on searches that {@code neardup_collapse}
 * widened (the request processor of that name, or the request's {@code ext.neardup_collapse}) and
 * leaves its decision to the response side, which orders and annotates the fetched page. It takes
 * no parameters.
 *
 * <p>In a search pipeline it sits between the request and response processors of the same name:
 *
 * <pre>{@code
 * PUT _search/pipeline/dedup
 * {"request_processors":       [{"neardup_collapse": {"field": "body.dup"}}],
 *  "phase_results_processors": [{"neardup_collapse": {}}],
 *  "response_processors":      [{"neardup_collapse": {}}]}
 * }</pre>
 *
 * <p>For {@code ext.neardup_collapse} in a search that names no pipeline (and whose indexes have no
 * default pipeline), {@link io.neardup.opensearch.collapse.NearDupCollapseFilter} gives the search
 * an inline pipeline of this processor and the response processor; OpenSearch also generates both
 * when the cluster setting {@code cluster.search.enabled_system_generated_factories} lists {@value
 * #TYPE}. Such a processor serves the extension where no request processor planned the search.
 * Without this processor the collapse still works: every shard then fetches its part of the window.
 * It also steps aside, with the same result, for a search of a single shard (fetched in its query
 * phase: its shard collapses the window, see {@link
 * io.neardup.opensearch.collapse.ScoreOrderedWindow}), a {@code dfs_query_then_fetch} search, and a
 * search that rescores or collapses on a field.
 */
public final class NearDupCollapsePhaseProcessor extends AbstractProcessor
    implements SearchPhaseResultsProcessor, SystemGeneratedProcessor {
  /** The processor's type in a pipeline definition, and the system-generated factory's name. */
  public static final String TYPE = NearDupCollapseRequestProcessor.TYPE;

  /** The attribute of the pipeline's context that carries the decision to the response side. */
  static final String DECISION = "neardup_collapse.decision";

  private final boolean servesExtension;

  /**
   * @param servesExtension whether it also collapses for the request's extension (generated, or in
   *     an inline pipeline), not only for a request processor of its pipeline
   */
  NearDupCollapsePhaseProcessor(
      String tag, String description, boolean ignoreFailure, boolean servesExtension) {
    super(tag, description, ignoreFailure);
    this.servesExtension = servesExtension;
  }

  @Override
  public <Result extends SearchPhaseResult> void process(
      SearchPhaseResults<Result> results, SearchPhaseContext context) {
    throw new IllegalStateException(
        "[" + TYPE + "] runs with the pipeline's context only, which carries its decision");
  }

  @Override
  public <Result extends SearchPhaseResult> void process(
      SearchPhaseResults<Result> results,
      SearchPhaseContext context,
      PipelineProcessingContext requestContext) {
    if (requestContext.getAttribute(DECISION) != null) {
      return; // collapsed already, by the other of the two ways to ask for this processor
    }
    // the plan of the pipeline's request processor, whose response processor finishes; else, for
    // a processor that serves it, the request's extension, finished by the response processor that
    // comes with it
    Object pipelinePlan = requestContext.getAttribute(NearDupCollapseRequestProcessor.PLAN);
    CoordinatorCollapse.Plan plan =
        pipelinePlan != null
            ? (CoordinatorCollapse.Plan) pipelinePlan
            : servesExtension ? CoordinatorCollapse.planOf(context.getRequest()) : null;
    if (plan == null || CoordinatorCollapse.planOf(context.getRequest()) == null) {
      return; // not widened with the window sort (a search that rescores)
    }
    List<QuerySearchResult> shards = new ArrayList<>();
    for (Result result : results.getAtomicArray().asList()) {
      if (result.fetchResult() != null) {
        return; // fetched in the query phase already: the response side collapses the window
      }
      shards.add(result.queryResult());
    }
    List<QuerySearchResult> holding = new ArrayList<>();
    for (QuerySearchResult shard : shards) {
      if (shard != null && shard.hasSearchContext()) {
        holding.add(shard);
      }
    }
    WindowCut.Decision decision = WindowCut.cut(shards, plan);
    if (decision == null) {
      return;
    }
    requestContext.setAttribute(DECISION, decision);
    if (context.getRequest().pointInTimeBuilder() == null) {
      for (QuerySearchResult shard : holding) {
        if (!shard.hasSearchContext()) {
          release(context, shard); // none of its hits is fetched: the fetch phase passes it by
        }
      }
    }
  }

  /** Frees a shard's search context, as the fetch phase does for shards it fetches nothing from. */
  private static void release(SearchPhaseContext context, QuerySearchResult shard) {
    SearchShardTarget target = shard.getSearchShardTarget();
    try {
      Transport.Connection connection =
          context.getConnection(target.getClusterAlias(), target.getNodeId());
      context.sendReleaseSearchContext(
          shard.getContextId(), connection, target.getOriginalIndices());
    } catch (Exception e) {
      context.getLogger().trace("failed to release a search context", e);
    }
  }

  @Override
  public SearchPhaseName getBeforePhase() {
    return SearchPhaseName.QUERY;
  }

  @Override
  public SearchPhaseName getAfterPhase() {
    return SearchPhaseName.FETCH;
  }

  @Override
  public String getType() {
    return TYPE;
  }

  /** Creates the processor of a pipeline definition; it takes no parameters. */
  public static final class Factory implements Processor.Factory<SearchPhaseResultsProcessor> {
    @Override
    public SearchPhaseResultsProcessor create(
        Map<String, Processor.Factory<SearchPhaseResultsProcessor>> factories,
        String tag,
        String description,
        boolean ignoreFailure,
        Map<String, Object> config,
        Processor.PipelineContext context) {
      NearDupCollapseResponseProcessor.refuseParameters(config, "phase results");
      return new NearDupCollapsePhaseProcessor(
          tag, description, ignoreFailure, NearDupCollapseResponseProcessor.inline(context));
    }
  }

  /** Generates the processor for searches with {@code ext.neardup_collapse}. */
  public static final class SystemFactory
      implements SystemGeneratedProcessor.SystemGeneratedFactory<SearchPhaseResultsProcessor> {
    @Override
    public boolean shouldGenerate(ProcessorGenerationContext context) {
      // the extension's search, as widened with the window sort (before any pipeline runs)
      return CoordinatorCollapse.planOf(context.searchRequest()) != null;
    }

    @Override
    public SearchPhaseResultsProcessor create(
        Map<String, Processor.Factory<SearchPhaseResultsProcessor>> factories,
        String tag,
        String description,
        boolean ignoreFailure,
        Map<String, Object> config,
        Processor.PipelineContext context) {
      return new NearDupCollapsePhaseProcessor(tag, description, ignoreFailure, true);
    }
  }
}
