package io.neardup.opensearch.pipeline;

import io.neardup.opensearch.collapse.CoordinatorCollapse;
import io.neardup.opensearch.collapse.NearDupCollapseBuilder;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.xcontent.DeprecationHandler;
import org.opensearch.core.xcontent.NamedXContentRegistry;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.search.pipeline.AbstractProcessor;
import org.opensearch.search.pipeline.PipelineProcessingContext;
import org.opensearch.search.pipeline.Processor;
import org.opensearch.search.pipeline.SearchRequestProcessor;

/**
 * The search pipeline request processor {@code neardup_collapse}: collapse set once per pipeline
 * (or per index, with {@code index.search.default_pipeline}) instead of per request. It takes the
 * parameters of {@code ext.neardup_collapse}, checks each search against the mappings, widens it to
 * the window and leaves its plan to the response processor of the same name, which collapses the
 * merged window into the requested page.
 *
 * <pre>{@code
 * PUT _search/pipeline/dedup
 * {"request_processors":  [{"neardup_collapse": {"field": "body.dup", "mode": "demote", "window": 100}}],
 *  "response_processors": [{"neardup_collapse": {}}]}
 * }</pre>
 *
 * <p>A search that carries its own {@code ext.neardup_collapse} is collapsed by that (see {@link
 * io.neardup.opensearch.collapse.NearDupCollapseFilter}), and the pipeline leaves it alone.
 */
public final class NearDupCollapseRequestProcessor extends AbstractProcessor
    implements SearchRequestProcessor {
  /** The processor's type in a pipeline definition. */
  public static final String TYPE = NearDupCollapseBuilder.NAME;

  /** The attribute of the pipeline's context that carries the plan to the response processor. */
  static final String PLAN = "neardup_collapse.plan";

  private final NearDupCollapseBuilder collapse;
  private final CoordinatorCollapse coordinator;

  NearDupCollapseRequestProcessor(
      String tag,
      String description,
      boolean ignoreFailure,
      NearDupCollapseBuilder collapse,
      CoordinatorCollapse coordinator) {
    super(tag, description, ignoreFailure);
    this.collapse = Objects.requireNonNull(collapse);
    this.coordinator = Objects.requireNonNull(coordinator);
  }

  /** The collapse this processor applies. */
  public NearDupCollapseBuilder collapse() {
    return collapse;
  }

  @Override
  public SearchRequest processRequest(SearchRequest request) {
    throw new IllegalStateException(
        "[" + TYPE + "] runs with the pipeline's context only, which carries its plan");
  }

  @Override
  public SearchRequest processRequest(SearchRequest request, PipelineProcessingContext context) {
    if (CoordinatorCollapse.find(request.source()) != null
        || CoordinatorCollapse.planOf(request) != null) {
      return request; // the request's own extension wins, and is collapsed already
    }
    CoordinatorCollapse.Plan plan = coordinator.plan(request, collapse);
    context.setAttribute(PLAN, plan);
    return coordinator.widenInPlace(request, plan);
  }

  @Override
  public String getType() {
    return TYPE;
  }

  /** Creates the processor from its definition, parsed as {@code ext.neardup_collapse} is. */
  public static final class Factory implements Processor.Factory<SearchRequestProcessor> {
    private final CoordinatorCollapse coordinator;

    public Factory(CoordinatorCollapse coordinator) {
      this.coordinator = coordinator;
    }

    @Override
    public SearchRequestProcessor create(
        Map<String, Processor.Factory<SearchRequestProcessor>> factories,
        String tag,
        String description,
        boolean ignoreFailure,
        Map<String, Object> config,
        Processor.PipelineContext context)
        throws IOException {
      NearDupCollapseBuilder collapse;
      try (XContentBuilder json = JsonXContent.contentBuilder().map(config);
          XContentParser parser =
              JsonXContent.jsonXContent.createParser(
                  NamedXContentRegistry.EMPTY,
                  DeprecationHandler.THROW_UNSUPPORTED_OPERATION,
                  org.opensearch.core.common.bytes.BytesReference.bytes(json).streamInput())) {
        parser.nextToken();
        collapse = NearDupCollapseBuilder.fromXContent(parser);
      }
      config.clear(); // every key was read, or refused naming it
      return new NearDupCollapseRequestProcessor(
          tag, description, ignoreFailure, collapse, coordinator);
    }
  }
}
