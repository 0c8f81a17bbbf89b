package io.neardup.opensearch.pipeline;

import io.neardup.opensearch.collapse.CollapsedSearchResponse;
import io.neardup.opensearch.collapse.CoordinatorCollapse;
import io.neardup.opensearch.collapse.ResponseCollapse;
import io.neardup.opensearch.collapse.WindowCut;
import java.util.Map;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.search.pipeline.AbstractProcessor;
import org.opensearch.search.pipeline.PipelineProcessingContext;
import org.opensearch.search.pipeline.Processor;
import org.opensearch.search.pipeline.ProcessorGenerationContext;
import org.opensearch.search.pipeline.SearchResponseProcessor;
import org.opensearch.search.pipeline.SystemGeneratedProcessor;

/**
 * The search pipeline response processor {@code neardup_collapse}: collapses the window that the
 * request processor of the same name asked for into the requested page, with the library's {@link
 * io.neardup.collapse.core.WindowCollapse} (see {@link ResponseCollapse#collapse}), or, if the
 * phase results processor of that name collapsed it before the fetch phase, orders and annotates
 * the fetched page as it decided. It takes no parameters: they are the request processor's. A
 * response without such a plan (the request carried its own {@code ext.neardup_collapse}, or the
 * pipeline has no request processor) passes unchanged.
 *
 * <p>The system-generated processor of the same name, and the one of an inline pipeline, also
 * finish the searches whose {@code ext.neardup_collapse} the phase results processor that came with
 * them collapsed; the rest of the extension's searches are collapsed by {@link
 * io.neardup.opensearch.collapse.NearDupCollapseFilter} after the fetch.
 */
public final class NearDupCollapseResponseProcessor extends AbstractProcessor
    implements SearchResponseProcessor, SystemGeneratedProcessor {
  /** The processor's type in a pipeline definition. */
  public static final String TYPE = NearDupCollapseRequestProcessor.TYPE;

  private final boolean servesExtension;

  /**
   * @param servesExtension whether it also finishes what the phase results processor decided for
   *     the request's extension (generated, or in an inline pipeline)
   */
  NearDupCollapseResponseProcessor(
      String tag, String description, boolean ignoreFailure, boolean servesExtension) {
    super(tag, description, ignoreFailure);
    this.servesExtension = servesExtension;
  }

  @Override
  public SearchResponse processResponse(SearchRequest request, SearchResponse response) {
    throw new IllegalStateException(
        "[" + TYPE + "] runs with the pipeline's context only, which carries its plan");
  }

  @Override
  public SearchResponse processResponse(
      SearchRequest request, SearchResponse response, PipelineProcessingContext context) {
    if (response instanceof CollapsedSearchResponse) {
      return response;
    }
    Object pipelinePlan = context.getAttribute(NearDupCollapseRequestProcessor.PLAN);
    Object decision = context.getAttribute(NearDupCollapsePhaseProcessor.DECISION);
    // for the extension, only what a phase processor decided; the rest is the filter's
    CoordinatorCollapse.Plan plan =
        pipelinePlan != null
            ? (CoordinatorCollapse.Plan) pipelinePlan
            : servesExtension && decision != null ? CoordinatorCollapse.planOf(request) : null;
    return plan == null
        ? response
        : ResponseCollapse.collapse(response, plan, (WindowCut.Decision) decision);
  }

  @Override
  public String getType() {
    return TYPE;
  }

  /** Creates the processor; it takes no parameters. */
  public static final class Factory implements Processor.Factory<SearchResponseProcessor> {
    @Override
    public SearchResponseProcessor create(
        Map<String, Processor.Factory<SearchResponseProcessor>> factories,
        String tag,
        String description,
        boolean ignoreFailure,
        Map<String, Object> config,
        Processor.PipelineContext context) {
      refuseParameters(config, "response");
      return new NearDupCollapseResponseProcessor(tag, description, ignoreFailure, inline(context));
    }
  }

  /**
   * Whether a processor is made for one search's inline pipeline ({@code search_pipeline} in the
   * body, or the one {@link io.neardup.opensearch.collapse.NearDupCollapseFilter} gives a search):
   * there the request's extension is the search's own, as for the generated processors.
   */
  static boolean inline(Processor.PipelineContext context) {
    return context != null
        && context.getPipelineSource() == Processor.PipelineSource.SEARCH_REQUEST;
  }

  /** Generates the processor for searches with {@code ext.neardup_collapse}. */
  public static final class SystemFactory
      implements SystemGeneratedProcessor.SystemGeneratedFactory<SearchResponseProcessor> {
    @Override
    public boolean shouldGenerate(ProcessorGenerationContext context) {
      // the extension's search, as widened with the window sort (before any pipeline runs)
      return CoordinatorCollapse.planOf(context.searchRequest()) != null;
    }

    @Override
    public SearchResponseProcessor create(
        Map<String, Processor.Factory<SearchResponseProcessor>> factories,
        String tag,
        String description,
        boolean ignoreFailure,
        Map<String, Object> config,
        Processor.PipelineContext context) {
      return new NearDupCollapseResponseProcessor(tag, description, ignoreFailure, true);
    }
  }

  /** Refuses a definition's parameters: they belong to the request processor. */
  static void refuseParameters(Map<String, Object> config, String kind) {
    if (!config.isEmpty()) {
      throw new IllegalArgumentException(
          "["
              + TYPE
              + "] "
              + kind
              + " processor takes no parameters (they belong to the request processor"
              + " of the same name), got "
              + config.keySet());
    }
  }
}
