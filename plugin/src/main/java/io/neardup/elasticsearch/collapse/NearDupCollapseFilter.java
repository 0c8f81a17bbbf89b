package io.neardup.elasticsearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.elasticsearch.mapper.MappedFields;
import io.neardup.engine.collapse.CollapsePlan;
import io.neardup.engine.collapse.CollapseSummary;
import io.neardup.engine.collapse.CollapseWindow;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.ActionRequest;
import org.elasticsearch.action.ActionResponse;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.search.TransportSearchAction;
import org.elasticsearch.action.support.ActionFilterChain;
import org.elasticsearch.action.support.MappedActionFilter;
import org.elasticsearch.cluster.ClusterState;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.common.settings.Setting;
import org.elasticsearch.index.Index;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.search.SearchExtBuilder;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.SearchHits;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.tasks.Task;

/**
 * Runs {@code neardup_collapse} on the coordinating node: copies found on different shards are
 * collapsed too, because collapse works on the merged hits.
 *
 * <ol>
 *   <li>Checks the request against the mappings of the searched indexes: the field must be of type
 *       {@code neardup} (in at least one index, and of no other type in any), the canonical field
 *       numeric, date, boolean, ip or keyword with doc values, the window within the indexes'
 *       {@value #MAX_WINDOW_SETTING_NAME} and {@code from + size} within the window; scroll and
 *       {@code search_after} are refused. Every violation is an {@link IllegalArgumentException}
 *       (HTTP 400) naming the parameter.
 *   <li>When the search is in relevance order (no field sort, rescore, suggest, field collapsing or
 *       other rank), runs the collapse as a rank between the query and fetch phases ({@link
 *       NearDupCollapseRankBuilder}): the window's sketches and ids are read from doc values and
 *       only the requested page is fetched. Otherwise searches the top {@code window} hits instead
 *       of the requested page, every shard's fetch phase attaching each hit's sketch (see {@link
 *       NearDupSketchFetchSubPhase}), and collapses the merged hits with the library's {@link
 *       WindowCollapse}, which groups them in the order of the canonical policy, arranges them by
 *       the mode and cuts the requested page.
 *   <li>Removes the sketches from the hits and annotates each hit with a {@value #HIT_ANNOTATION}
 *       metadata field.
 * </ol>
 *
 * <p>{@code hits.total} and {@code max_score} stay those of the search; the response's {@code
 * neardup_collapse} section counts the copies folded (see {@link CollapsedSearchResponse}).
 */
public final class NearDupCollapseFilter implements MappedActionFilter {
  /** Name of the index setting limiting {@code window}. */
  public static final String MAX_WINDOW_SETTING_NAME = CollapsePlan.MAX_WINDOW_SETTING;

  /**
   * Largest {@code window} a search may collapse on the index (default 1000): the coordinating node
   * holds the window's hits, sources and sketches in memory, and every shard fetches up to {@code
   * window} hits.
   */
  public static final Setting<Integer> MAX_WINDOW_SETTING =
      Setting.intSetting(
          MAX_WINDOW_SETTING_NAME,
          WindowCollapse.MAX_WINDOW, // the library's own limit is the default
          1,
          WindowCollapse.MAX_WINDOW_LIMIT,
          Setting.Property.IndexScope,
          Setting.Property.Dynamic);

  /** The metadata field added to each hit of a collapsed response. */
  public static final String HIT_ANNOTATION = "_neardup";

  private final ClusterService clusterService;
  private final IndexNameExpressionResolver resolver;
  private final MappedFields mappings = new MappedFields();

  public NearDupCollapseFilter(
      ClusterService clusterService, IndexNameExpressionResolver resolver) {
    this.clusterService = Objects.requireNonNull(clusterService);
    this.resolver = Objects.requireNonNull(resolver);
  }

  @Override
  public String actionName() {
    return TransportSearchAction.TYPE.name();
  }

  @Override
  public <Request extends ActionRequest, Response extends ActionResponse> void apply(
      Task task,
      String action,
      Request request,
      ActionListener<Response> listener,
      ActionFilterChain<Request, Response> chain) {
    NearDupCollapseBuilder ext = request instanceof SearchRequest sr ? find(sr.source()) : null;
    if (ext == null) {
      chain.proceed(task, action, request, listener);
      return;
    }
    SearchRequest search = (SearchRequest) request;
    CollapsePlan plan;
    try {
      plan = plan(search, ext);
    } catch (RuntimeException e) {
      listener.onFailure(e);
      return;
    }
    SearchRequest rewritten = new SearchRequest(search);
    Function<SearchResponse, SearchResponse> finish;
    if (rankable(search.source(), plan)) {
      // only the page is fetched: see NearDupCollapseRankBuilder
      NearDupCollapseRankBuilder.Outcome outcome = new NearDupCollapseRankBuilder.Outcome();
      rewritten.source(
          search
              .source()
              .shallowCopy()
              .rankBuilder(new NearDupCollapseRankBuilder(ext, plan.minSimilarity(), outcome)));
      finish = response -> annotate(response, ext, plan, outcome);
    } else {
      if (plan.size() > 0 && ext.params().window() > plan.maxResultWindow()) {
        // this search fetches the whole window as one page, which the index's own limit caps
        listener.onFailure(
            new IllegalArgumentException(
                "["
                    + NearDupCollapseBuilder.NAME
                    + "] [window] must be at most ["
                    + plan.maxResultWindow()
                    + "] for this search, got ["
                    + ext.params().window()
                    + "]: it is sorted by a field (or rescores, suggests, collapses or uses knn), so"
                    + " the window's hits are fetched as one page, which index setting"
                    + " [index.max_result_window] of index ["
                    + plan.resultWindowIndex()
                    + "] limits; lower [window] or raise that setting"));
        return;
      }
      rewritten.source(
          search
              .source()
              .shallowCopy()
              // what Elasticsearch's shallow copy leaves out
              .retriever(search.source().retriever())
              .from(0)
              .size(plan.size() == 0 ? 0 : ext.params().window()));
      finish = response -> collapse(response, ext, plan);
    }
    @SuppressWarnings("unchecked")
    Request rewrittenRequest = (Request) rewritten;
    chain.proceed(
        task,
        action,
        rewrittenRequest,
        listener.delegateFailureAndWrap((l, response) -> {
          @SuppressWarnings("unchecked")
          Response out = (Response) finish.apply((SearchResponse) response);
          ActionListener.respondAndRelease(l, out);
        }));
  }

  /**
   * Whether collapse can run as a rank between the query and fetch phases: hits in relevance order,
   * and nothing that a rank excludes (rescore, suggest, field collapsing, another rank, knn, a
   * retriever).
   */
  private static boolean rankable(SearchSourceBuilder source, CollapsePlan plan) {
    return plan.size() > 0
        && (source.sorts() == null
            || source.sorts().isEmpty()
            || (source.sorts().size() == 1
                && source.sorts().get(0) instanceof org.elasticsearch.search.sort.ScoreSortBuilder s
                && s.order() == org.elasticsearch.search.sort.SortOrder.DESC))
        && (source.rescores() == null || source.rescores().isEmpty())
        && source.suggest() == null
        && source.collapse() == null
        && source.rankBuilder() == null
        && (source.knnSearch() == null || source.knnSearch().isEmpty())
        && (source.subSearches() == null || source.subSearches().size() <= 1)
        // a retriever becomes the search's query, sorts or rank after the action filters
        && source.retriever() == null;
  }

  /** The ranked search's page, each hit with what the collapse found. */
  private static SearchResponse annotate(
      SearchResponse response,
      NearDupCollapseBuilder ext,
      CollapsePlan plan,
      NearDupCollapseRankBuilder.Outcome outcome) {
    synchronized (outcome) {
      for (SearchHit hit : response.getHits().getHits()) {
        Map<String, Object> note = outcome.note(hit.getRank());
        hit.removeDocumentField(NearDupSketchFetchSubPhase.HIT_FIELD);
        if (note != null) {
          hit.addDocumentFields(
              Map.of(), Map.of(HIT_ANNOTATION, new DocumentField(HIT_ANNOTATION, List.of(note))));
        }
        hit.setRank(-1);
      }
      return new CollapsedSearchResponse(
          response,
          response.getHits(),
          CollapseSummary.of(
              ext.params(), plan.minSimilarity(), outcome.windowHits, outcome.canonicalHits));
    }
  }

  private static NearDupCollapseBuilder find(SearchSourceBuilder source) {
    if (source == null || source.ext() == null) {
      return null;
    }
    for (SearchExtBuilder ext : source.ext()) {
      if (ext instanceof NearDupCollapseBuilder b) {
        return b;
      }
    }
    return null;
  }

  /** Checks the request against the searched indexes ({@link CollapsePlan}). */
  private CollapsePlan plan(SearchRequest search, NearDupCollapseBuilder ext) {
    SearchSourceBuilder source = search.source();
    CollapsePlan.Planner planner =
        CollapsePlan.planner(
            ext.params(),
            source.from(),
            source.size(),
            search.scroll() != null,
            source.searchAfter() != null && source.searchAfter().length > 0,
            search.indices());
    ClusterState state = clusterService.state();
    Index[] indices = resolver.concreteIndices(state, search);
    for (Index index : indices) {
      IndexMetadata metadata = state.metadata().getProject().index(index);
      if (metadata != null) {
        planner.index(
            index.getName(),
            MAX_WINDOW_SETTING.get(metadata.getSettings()),
            IndexSettings.MAX_RESULT_WINDOW_SETTING.get(metadata.getSettings()),
            mappings.lookup(metadata, ext.params().field()),
            mappings.checkCanonical(metadata, ext.params().canonical()));
      }
    }
    return planner.plan(indices.length > 0);
  }

  private SearchResponse collapse(
      SearchResponse response, NearDupCollapseBuilder ext, CollapsePlan plan) {
    SearchHit[] hits = response.getHits().getHits();
    int n = hits.length;
    CollapseWindow window = new CollapseWindow(n);
    for (int i = 0; i < n; i++) {
      DocumentField field = hits[i].getDocumentFields().get(NearDupSketchFetchSubPhase.HIT_FIELD);
      window.fetchedHit(
          i,
          hits[i].getIndex(),
          hits[i].getId(),
          hits[i].getScore(),
          field == null ? null : field.getValues());
    }
    WindowCollapse collapse = window.collapse(ext.params(), plan.minSimilarity());
    WindowCollapse.HitNames names = window.names();
    WindowCollapse.Page cut = collapse.page(plan.from(), plan.size());
    SearchHit[] page = new SearchHit[cut.end() - cut.start()];
    for (int p = cut.start(); p < cut.end(); p++) {
      int i = collapse.listed(p);
      page[p - cut.start()] = annotate(hits[i], collapse.note(i, names));
    }
    SearchHits in = response.getHits();
    SearchHits out =
        new SearchHits(
            page,
            in.getTotalHits(),
            in.getMaxScore(),
            in.getSortFields(),
            in.getCollapseField(),
            in.getCollapseValues());
    try {
      return new CollapsedSearchResponse(
          response,
          out,
          CollapseSummary.of(ext.params(), plan.minSimilarity(), n, collapse.canonicalCount()));
    } finally {
      out.decRef();
    }
  }

  /**
   * The hit without the field that carried its sketch from the shard and with a {@value
   * #HIT_ANNOTATION} metadata field saying what the collapse found, with one more reference for the
   * collapsed hits that contain it.
   */
  private static SearchHit annotate(SearchHit hit, Map<String, Object> note) {
    hit.removeDocumentField(NearDupSketchFetchSubPhase.HIT_FIELD);
    hit.addDocumentFields(
        Map.of(), Map.of(HIT_ANNOTATION, new DocumentField(HIT_ANNOTATION, List.of(note))));
    hit.mustIncRef();
    return hit;
  }
}
