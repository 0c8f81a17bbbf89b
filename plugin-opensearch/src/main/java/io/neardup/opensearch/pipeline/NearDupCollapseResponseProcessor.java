package io.neardup.opensearch.pipeline;

import io.neardup.opensearch.collapse.CoordinatorCollapse;
import java.util.Map;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.search.pipeline.PipelineProcessingContext;
import org.opensearch.search.pipeline.Processor;
import org.opensearch.search.pipeline.SearchResponseProcessor;

/**
 * The search pipeline response processor {@code neardup_collapse}: collapses the window that the
 * request processor of the same name asked for into the requested page, with the library's {@link
 * io.neardup.collapse.core.WindowCollapse} (see {@link CoordinatorCollapse#collapse}). It takes no
 * parameters: they are the request processor's. A response without such a plan (the request carried
 * its own {@code ext.neardup_collapse}, or the pipeline has no request processor) passes unchanged.
 */
public final class NearDupCollapseResponseProcessor implements SearchResponseProcessor {
  /** The processor's type in a pipeline definition. */
  public static final String TYPE = NearDupCollapseRequestProcessor.TYPE;

  private final String tag;
  private final String description;
  private final boolean ignoreFailure;

  NearDupCollapseResponseProcessor(String tag, String description, boolean ignoreFailure) {
    this.tag = tag;
    this.description = description;
    this.ignoreFailure = ignoreFailure;
  }

  @Override
  public SearchResponse processResponse(SearchRequest request, SearchResponse response) {
    throw new IllegalStateException(
        "[" + TYPE + "] runs with the pipeline's context only, which carries its plan");
  }

  @Override
  public SearchResponse processResponse(
      SearchRequest request, SearchResponse response, PipelineProcessingContext context) {
    return context.getAttribute(NearDupCollapseRequestProcessor.PLAN)
            instanceof CoordinatorCollapse.Plan plan
        ? CoordinatorCollapse.collapse(response, plan)
        : response;
  }

  @Override
  public String getType() {
    return TYPE;
  }

  @Override
  public String getTag() {
    return tag;
  }

  @Override
  public String getDescription() {
    return description;
  }

  @Override
  public boolean isIgnoreFailure() {
    return ignoreFailure;
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
      if (!config.isEmpty()) {
        throw new IllegalArgumentException(
            "["
                + TYPE
                + "] response processor takes no parameters (they belong to the request processor"
                + " of the same name), got "
                + config.keySet());
      }
      return new NearDupCollapseResponseProcessor(tag, description, ignoreFailure);
    }
  }
}
