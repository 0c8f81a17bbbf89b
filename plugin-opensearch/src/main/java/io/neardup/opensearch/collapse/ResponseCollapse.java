package io.neardup.opensearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.engine.collapse.CollapseSummary;
import io.neardup.engine.collapse.CollapseWindow;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.SortField;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchResponseSections;
import org.opensearch.common.document.DocumentField;
import org.opensearch.search.DocValueFormat;
import org.opensearch.search.SearchHit;
import org.opensearch.search.SearchHits;
import org.opensearch.search.SearchSortValues;
import org.opensearch.search.profile.SearchProfileShardResults;

/**
 * The response phase of {@code neardup_collapse} on the coordinating node: the searched window's
 * hits, merged from the shards, become the requested page of the collapsed list, each hit annotated
 * with what the collapse found. {@link CoordinatorCollapse} plans and widens the request before.
 */
public final class ResponseCollapse {
  /** The metadata field added to each hit of a collapsed response. */
  public static final String HIT_ANNOTATION = "_neardup";

  private ResponseCollapse() {}

  /**
   * Collapses the window's merged hits and cuts the requested page, or, if the window was collapsed
   * before the fetch phase ({@code decision} not null), orders the fetched page as decided. Each
   * hit loses the field and the sort value that carried its sketch and gains a {@value
   * #HIT_ANNOTATION} metadata field saying what the collapse found. {@code hits.total} and {@code
   * max_score} stay those of the search.
   */
  public static SearchResponse collapse(
      SearchResponse response, CoordinatorCollapse.Plan plan, WindowCut.Decision decision) {
    NearDupCollapseBuilder ext = plan.ext();
    SearchHit[] hits = response.getHits().getHits();
    if (decision == null) {
      decision = collapsedOnTheShard(hits, plan);
    }
    SearchHit[] page;
    int windowHits;
    int canonicals;
    if (decision != null) {
      SearchHit[] placed = new SearchHit[decision.page().size()];
      int found = 0;
      for (SearchHit hit : hits) {
        Object[] sortValues = hit.getSortValues();
        WindowCut.Placed p =
            sortValues.length > plan.ownSorts()
                    && sortValues[sortValues.length - 1] instanceof String v
                ? decision.page().get(WindowHit.key(v))
                : null;
        if (p != null && placed[p.position()] == null) {
          placed[p.position()] = annotated(hit, p.note(), plan.ownSorts());
          found++;
        }
      }
      page = new SearchHit[found];
      int next = 0;
      for (SearchHit hit : placed) {
        if (hit != null) {
          page[next++] = hit;
        }
      }
      windowHits = decision.windowHits();
      canonicals = decision.canonicals();
    } else {
      int n = hits.length;
      CollapseWindow window = new CollapseWindow(n);
      for (int i = 0; i < n; i++) {
        DocumentField field = hits[i].field(NearDupSketchFetchSubPhase.HIT_FIELD);
        List<Object> values = field == null ? null : field.getValues();
        Object[] sortValues = hits[i].getSortValues();
        if ((values == null || values.isEmpty())
            && sortValues.length > plan.ownSorts()
            && sortValues[sortValues.length - 1] instanceof String value) {
          WindowHit hit = WindowHit.decode(value);
          window.hit(
              i,
              hits[i].getIndex(),
              hits[i].getId(),
              hits[i].getScore(),
              hit.sketch(),
              hit.set(),
              hit.key());
        } else {
          window.fetchedHit(i, hits[i].getIndex(), hits[i].getId(), hits[i].getScore(), values);
        }
      }
      WindowCollapse collapse = window.collapse(ext.params(), plan.minSimilarity());
      WindowCollapse.HitNames names = window.names();
      WindowCollapse.Page cut = collapse.page(plan.from(), plan.size());
      page = new SearchHit[cut.end() - cut.start()];
      for (int p = cut.start(); p < cut.end(); p++) {
        int i = collapse.listed(p);
        page[p - cut.start()] = annotated(hits[i], collapse.note(i, names), plan.ownSorts());
      }
      windowHits = n;
      canonicals = collapse.canonicalCount();
    }
    SearchHits in = response.getHits();
    SortField[] sortFields = in.getSortFields();
    if (sortFields != null && sortFields.length > plan.ownSorts()) {
      sortFields = plan.ownSorts() == 0 ? null : Arrays.copyOf(sortFields, plan.ownSorts());
    }
    SearchHits out =
        new SearchHits(
            page,
            in.getTotalHits(),
            in.getMaxScore(),
            sortFields,
            in.getCollapseField(),
            in.getCollapseValues());
    SearchResponseSections sections = response.getInternalResponse();
    SearchResponseSections collapsed =
        new SearchResponseSections(
            out,
            sections.aggregations(),
            sections.suggest(),
            sections.timedOut(),
            sections.terminatedEarly(),
            sections.profile().isEmpty() ? null : new SearchProfileShardResults(sections.profile()),
            sections.getNumReducePhases(),
            sections.getSearchExtBuilders(),
            sections.getProcessorResult());
    return new CollapsedSearchResponse(
        response,
        collapsed,
        CollapseSummary.of(ext.params(), plan.minSimilarity(), windowHits, canonicals));
  }

  /**
   * The decision that a search of a single shard carries in its hits' window sort values when the
   * shard collapsed the window itself ({@link ScoreOrderedWindow}), or null.
   */
  private static WindowCut.Decision collapsedOnTheShard(
      SearchHit[] hits, CoordinatorCollapse.Plan plan) {
    Map<String, WindowCut.Placed> page = new HashMap<>();
    WindowHit.Placement any = null;
    for (SearchHit hit : hits) {
      Object[] sortValues = hit.getSortValues();
      if (sortValues.length <= plan.ownSorts()
          || !(sortValues[sortValues.length - 1] instanceof String v)) {
        return null;
      }
      WindowHit.Placement placement = WindowHit.placement(v);
      if (placement == null) {
        return null;
      }
      any = placement;
      if (placement.position() >= 0) {
        page.put(WindowHit.key(v), new WindowCut.Placed(placement.position(), placement.note()));
      }
    }
    return any == null ? null : new WindowCut.Decision(page, any.windowHits(), any.canonicals());
  }

  /**
   * A copy of the hit without the field that carried its sketch and with a {@value #HIT_ANNOTATION}
   * metadata field. A copy, because OpenSearch's hits do not let a plugin add metadata fields to a
   * hit once it is built.
   */
  private static SearchHit annotated(SearchHit hit, Map<String, Object> note, int ownSorts) {
    Map<String, DocumentField> fields = new HashMap<>(hit.getDocumentFields());
    fields.remove(NearDupSketchFetchSubPhase.HIT_FIELD);
    Map<String, DocumentField> meta = new HashMap<>(hit.getMetaFields());
    meta.put(HIT_ANNOTATION, new DocumentField(HIT_ANNOTATION, List.of(note)));
    SearchHit copy = new SearchHit(hit.docId(), hit.getId(), hit.getNestedIdentity(), fields, meta);
    copy.score(hit.getScore());
    copy.version(hit.getVersion());
    copy.setSeqNo(hit.getSeqNo());
    copy.setPrimaryTerm(hit.getPrimaryTerm());
    copy.sourceRef(hit.getSourceRef());
    copy.highlightFields(hit.getHighlightFields());
    Object[] sortValues = hit.getSortValues();
    if (sortValues.length > ownSorts) {
      // the values of the sorts the collapse added: the window sort, and _score before it
      sortValues = Arrays.copyOf(sortValues, ownSorts);
    }
    if (sortValues.length > 0) {
      // the values are formatted already; RAW keeps them as they are
      DocValueFormat[] formats = new DocValueFormat[sortValues.length];
      Arrays.fill(formats, DocValueFormat.RAW);
      copy.sortValues(new SearchSortValues(sortValues, formats));
    }
    copy.matchedQueriesWithScores(hit.getMatchedQueriesAndScores());
    copy.explanation(hit.getExplanation());
    copy.shard(hit.getShard());
    copy.setInnerHits(hit.getInnerHits());
    return copy;
  }
}
