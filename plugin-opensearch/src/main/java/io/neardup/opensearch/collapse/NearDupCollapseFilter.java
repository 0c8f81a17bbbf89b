package io.neardup.opensearch.collapse;

import java.util.Objects;
import org.opensearch.action.ActionRequest;
import org.opensearch.action.search.SearchAction;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.support.ActionFilter;
import org.opensearch.action.support.ActionFilterChain;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.tasks.Task;

/**
 * Runs a request's {@code ext.neardup_collapse} on the coordinating node, so that copies found on
 * different shards are collapsed too: checks the request ({@link CoordinatorCollapse#plan}),
 * searches the top {@code window} hits instead of the requested page, and collapses the merged hits
 * into the page ({@link ResponseCollapse#collapse}). A filter rather than a search pipeline, so
 * that the extension works on any index without a pipeline and without a cluster setting. A search
 * that names no pipeline gets an inline one of the phase results and response processors {@code
 * neardup_collapse} ({@link CoordinatorCollapse#collapseBeforeFetch}), as do the searches of a
 * cluster that enables the system-generated processors of that name: they collapse the window
 * before the fetch phase, and the filter passes their response on.
 */
public final class NearDupCollapseFilter implements ActionFilter {
  private final CoordinatorCollapse collapse;

  public NearDupCollapseFilter(CoordinatorCollapse collapse) {
    this.collapse = Objects.requireNonNull(collapse);
  }

  @Override
  public int order() {
    return 0;
  }

  @Override
  public <Request extends ActionRequest, Response extends ActionResponse> void apply(
      Task task,
      String action,
      Request request,
      ActionListener<Response> listener,
      ActionFilterChain<Request, Response> chain) {
    NearDupCollapseBuilder ext =
        SearchAction.NAME.equals(action) && request instanceof SearchRequest sr
            ? CoordinatorCollapse.find(sr.source())
            : null;
    if (ext == null) {
      chain.proceed(task, action, request, listener);
      return;
    }
    CoordinatorCollapse.Plan plan;
    SearchRequest widened;
    try {
      plan = collapse.plan((SearchRequest) request, ext);
      widened = collapse.widen((SearchRequest) request, plan);
      collapse.collapseBeforeFetch(widened);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    @SuppressWarnings("unchecked")
    Request wide = (Request) widened;
    chain.proceed(
        task,
        action,
        wide,
        ActionListener.wrap(
            response -> {
              // collapsed already when the generated search pipeline processors ran
              @SuppressWarnings("unchecked")
              Response out =
                  response instanceof CollapsedSearchResponse
                      ? response
                      : (Response) ResponseCollapse.collapse((SearchResponse) response, plan, null);
              listener.onResponse(out);
            },
            listener::onFailure));
  }
}
