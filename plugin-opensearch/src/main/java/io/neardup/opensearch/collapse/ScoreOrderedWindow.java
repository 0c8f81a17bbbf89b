package io.neardup.opensearch.collapse;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.lucene.search.TopDocsAndMaxScore;
import org.opensearch.index.shard.SearchOperationListener;
import org.opensearch.search.internal.SearchContext;
import org.opensearch.search.query.QuerySearchResult;
import org.opensearch.search.sort.SortAndFormats;

/**
 * A shard's query phase of a collapse in relevance order (the sorts {@code _score} then {@link
 * NearDupWindowSortBuilder}) collects by score alone, as a search without sorts does, and gives its
 * top hits their sort values afterwards: the same hits in the same order with the same values as
 * sorting would give, without collecting through Lucene's field-sorting collector (its queue of
 * several comparators costs more per hit than the score-only collector's, for a sort whose second
 * comparator orders nothing). Searches with sorts of their own keep the sort.
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
    if (sort == null) {
      return;
    }
    context.sort(sort);
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
}
