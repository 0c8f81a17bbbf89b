package io.neardup.opensearch.collapse;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.lucene.search.TopDocsAndMaxScore;
import org.opensearch.index.shard.SearchOperationListener;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.internal.SearchContext;
import org.opensearch.search.query.QuerySearchResult;
import org.opensearch.search.sort.SortAndFormats;
import org.opensearch.search.sort.SortBuilder;

/**
 * A shard's query phase of a collapse in relevance order (the sorts {@code _score} then {@link
 * NearDupWindowSortBuilder}) collects by score alone, as a search without sorts does, and gives its
 * top hits their sort values afterwards: the same hits in the same order with the same values as
 * sorting would give, without collecting through Lucene's field-sorting collector (its queue of
 * several comparators costs more per hit than the score-only collector's, for a sort whose second
 * comparator orders nothing). Searches with sorts of their own keep the sort.
 *
 * <p>A search of a single shard, in any order, is fetched by that shard right after its query
 * phase, with no step between them where the coordinating node could collapse the window: there the
 * shard collapses it itself, as the coordinating node would, and keeps only the requested page's
 * hits, so that only they are fetched; each carries what the collapse found in its window sort
 * value ({@link WindowHit#encodePlaced}), which {@link ResponseCollapse} reads.
 */
public final class ScoreOrderedWindow implements SearchOperationListener {
  // the sorts taken off a context until its query phase ends
  private final Map<SearchContext, SortAndFormats> taken = new ConcurrentHashMap<>();

  @Override
  public void onPreQueryPhase(SearchContext context) {
    SortAndFormats sort = context.sort();
    if (sort != null
        && sort.sort.getSort().length == 2
        && sort.sort.getSort()[0].getType() == SortField.Type.SCORE
        && !sort.sort.getSort()[0].getReverse()
        && sort.sort.getSort()[1].getComparatorSource() instanceof WindowHitComparatorSource
        && context.searchAfter() == null
        && context.scrollContext() == null) {
      taken.put(context, sort);
      context.sort(null);
    }
  }

  @Override
  public void onFailedQueryPhase(SearchContext context) {
    SortAndFormats sort = taken.remove(context);
    if (sort != null) {
      context.sort(sort);
    }
  }

  @Override
  public void onQueryPhase(SearchContext context, long tookInNanos) {
    SortAndFormats sort = taken.remove(context);
    if (sort != null) {
      context.sort(sort);
      giveSortValues(context, sort);
    }
    if (context.numberOfShards() == 1) {
      collapseOnTheShard(context);
    }
  }

  /** Turns the score-ordered top hits into the sorted ones the window sort would have given. */
  private static void giveSortValues(SearchContext context, SortAndFormats sort) {
    QuerySearchResult result = context.queryResult();
    if (result == null || result.hasConsumedTopDocs()) {
      return;
    }
    TopDocsAndMaxScore top = result.topDocs();
    ScoreDoc[] hits = top.topDocs.scoreDocs;
    BytesRef[] values = new BytesRef[0];
    if (hits.length > 0) {
      // a shard without hits reads nothing (and may have released its reader already)
      int[] docs = new int[hits.length];
      for (int i = 0; i < hits.length; i++) {
        docs[i] = hits[i].doc;
      }
      WindowHitComparatorSource window =
          (WindowHitComparatorSource) sort.sort.getSort()[1].getComparatorSource();
      values = window.values(context.searcher().getIndexReader().leaves(), docs);
    }
    FieldDoc[] sorted = new FieldDoc[hits.length];
    for (int i = 0; i < hits.length; i++) {
      sorted[i] = new FieldDoc(hits[i].doc, hits[i].score, new Object[] {hits[i].score, values[i]});
    }
    // every shard's result of a sorted search must be sorted, also one without hits
    result.topDocs(
        new TopDocsAndMaxScore(
            new TopFieldDocs(top.topDocs.totalHits, sorted, sort.sort.getSort()), top.maxScore),
        sort.formats);
  }

  /**
   * The search's only shard fetches its hits right after this phase, with no step between where the
   * coordinating node could collapse the window: it collapses the window here, as the coordinating
   * node would ({@link WindowCut#cut}), and keeps only the requested page's hits, each carrying its
   * placement as its window sort value; an empty page keeps the first hit to carry the window's
   * counts.
   */
  private static void collapseOnTheShard(SearchContext context) {
    QuerySearchResult result = context.queryResult();
    CoordinatorCollapse.Plan plan = planOf(context);
    if (plan == null
        || result == null
        || result.hasConsumedTopDocs()
        || !(result.topDocs().topDocs instanceof TopFieldDocs top)
        || top.scoreDocs.length == 0) {
      return;
    }
    SortField[] fields = top.fields;
    int payload = fields.length - 1;
    if (!(fields[payload].getComparatorSource() instanceof WindowHitComparatorSource)) {
      return;
    }
    int n = Math.min(top.scoreDocs.length, plan.ext().params().window());
    FieldDoc[] hits = new FieldDoc[n];
    for (int i = 0; i < n; i++) {
      if (!(top.scoreDocs[i] instanceof FieldDoc fd) || !(fd.fields[payload] instanceof BytesRef)) {
        return;
      }
      hits[i] = fd;
    }
    String[] indexes = new String[n];
    Arrays.fill(indexes, context.indexShard().shardId().getIndexName());
    WindowCut.Window window = WindowCut.collapse(hits, indexes, fields, plan);
    int canonicals = window.collapse().canonicalCount();
    WindowHit.Placement[] placed = new WindowHit.Placement[n];
    int onPage = 0;
    for (int p = window.cut().start(); p < window.cut().end(); p++) {
      WindowCut.Placed at = window.placed(p);
      placed[window.collapse().listed(p)] =
          new WindowHit.Placement(at.position(), at.note(), n, canonicals);
      onPage++;
    }
    if (onPage == 0) {
      placed[0] = new WindowHit.Placement(-1, null, n, canonicals);
      onPage = 1;
    }
    FieldDoc[] page = new FieldDoc[onPage];
    int next = 0;
    for (int i = 0; i < n; i++) {
      if (placed[i] != null) {
        Object[] values = hits[i].fields.clone();
        values[payload] = WindowHit.encodePlaced((BytesRef) values[payload], placed[i]);
        page[next++] = new FieldDoc(hits[i].doc, hits[i].score, values);
      }
    }
    result.topDocs(
        new TopDocsAndMaxScore(
            new TopFieldDocs(top.totalHits, page, fields), result.topDocs().maxScore),
        result.sortValueFormats());
  }

  private static CoordinatorCollapse.Plan planOf(SearchContext context) {
    SearchSourceBuilder source = context.request().source();
    if (source == null || source.sorts() == null) {
      return null;
    }
    for (SortBuilder<?> sort : source.sorts()) {
      if (sort instanceof NearDupWindowSortBuilder window) {
        return window.plan();
      }
    }
    return null;
  }
}
