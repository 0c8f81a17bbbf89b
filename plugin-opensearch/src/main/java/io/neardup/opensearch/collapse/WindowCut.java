package io.neardup.opensearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.engine.collapse.CollapseWindow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.lucene.search.TopDocsAndMaxScore;
import org.opensearch.search.query.QuerySearchResult;

/**
 * {@code neardup_collapse} between OpenSearch's query and fetch phases, on the coordinating node:
 * the shards' top hits carry the values of the window sort ({@link NearDupWindowSortBuilder}), the
 * window is collapsed from them, and only the page's hits stay to be fetched. The request side and
 * the response side are {@link CoordinatorCollapse}'s.
 */
public final class WindowCut {
  private WindowCut() {}

  /** Where the collapse placed a hit of the page, and what it found about it. */
  public record Placed(int position, Map<String, Object> note) {}

  /**
   * The collapse of a window before the fetch phase: the page's hits, the number of hits in the
   * window and of canonicals among them.
   */
  public record Decision(Map<String, Placed> page, int windowHits, int canonicals) {}

  /**
   * Collapses the window between the query and the fetch phase: merges the shards' top hits in the
   * search's order (ties as OpenSearch breaks them, see {@link WindowHit}), collapses them with the
   * values of the window sort, and leaves in each shard's top hits only those of the requested
   * page, so that only they are fetched. Returns null, changing nothing, when the shards' results
   * do not carry the window sort's values or were reduced already.
   */
  public static Decision cut(List<QuerySearchResult> results, CoordinatorCollapse.Plan plan) {
    List<QuerySearchResult> shards = new ArrayList<>();
    SortField[] sortFields = null;
    for (QuerySearchResult result : results) {
      if (result == null || result.isNull()) {
        continue;
      }
      if (result.hasConsumedTopDocs()) {
        return null;
      }
      if (!(result.topDocs().topDocs instanceof TopFieldDocs docs)) {
        return null;
      }
      sortFields = docs.fields;
      shards.add(result);
    }
    if (sortFields == null) {
      return null;
    }
    int payload = sortFields.length - 1;
    int scoreField = -1;
    Comparator<Object>[] comparators = comparators(sortFields, sortFields.length);
    for (int f = 0; f < payload; f++) {
      if (sortFields[f].getType() == SortField.Type.SCORE) {
        scoreField = f;
        break;
      }
    }
    record Entry(QuerySearchResult result, FieldDoc doc) {}
    List<Entry> entries = new ArrayList<>();
    for (QuerySearchResult result : shards) {
      for (ScoreDoc d : result.topDocs().topDocs.scoreDocs) {
        if (!(d instanceof FieldDoc fd)
            || fd.fields.length != sortFields.length
            || !(fd.fields[payload] instanceof BytesRef value)
            || WindowHit.isPlaced(value)) {
          return null; // not the window's values, or a page its single shard collapsed already
        }
        entries.add(new Entry(result, fd));
      }
    }
    Comparator<Entry> order =
        (a, b) -> {
          for (int f = 0; f < comparators.length; f++) {
            int c = comparators[f].compare(a.doc.fields[f], b.doc.fields[f]);
            if (c != 0) {
              return c;
            }
          }
          return 0; // the window sort's values differ between any two hits
        };
    entries.sort(order);
    int n = Math.min(entries.size(), plan.ext().params().window());
    CollapseWindow window = new CollapseWindow(n);
    for (int i = 0; i < n; i++) {
      Entry e = entries.get(i);
      WindowHit hit = WindowHit.decode((BytesRef) e.doc.fields[payload]);
      window.hit(
          i,
          e.result.getSearchShardTarget().getIndex(),
          hit.id(),
          scoreField >= 0 && e.doc.fields[scoreField] instanceof Number s
              ? s.floatValue()
              : e.doc.score,
          hit.sketch(),
          hit.set(),
          hit.key());
    }
    WindowCollapse collapse = window.collapse(plan.ext().params(), plan.minSimilarity());
    WindowCollapse.HitNames names = window.names();
    WindowCollapse.Page cut = collapse.page(plan.from(), plan.size());
    Map<String, Placed> page = new HashMap<>();
    Set<FieldDoc> onPage = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int p = cut.start(); p < cut.end(); p++) {
      int i = collapse.listed(p);
      FieldDoc doc = entries.get(i).doc;
      onPage.add(doc);
      page.put(
          WindowHit.key((BytesRef) doc.fields[payload]),
          new Placed(p - cut.start(), collapse.note(i, names)));
    }
    for (QuerySearchResult result : shards) {
      TopDocsAndMaxScore top = result.topDocs();
      List<ScoreDoc> kept = new ArrayList<>();
      for (ScoreDoc d : top.topDocs.scoreDocs) {
        if (onPage.contains(d)) {
          kept.add(d);
        }
      }
      TopFieldDocs cutDocs =
          new TopFieldDocs(top.topDocs.totalHits, kept.toArray(new ScoreDoc[0]), sortFields);
      result.topDocs(new TopDocsAndMaxScore(cutDocs, top.maxScore), result.sortValueFormats());
    }
    return new Decision(page, n, collapse.canonicalCount());
  }

  @SuppressWarnings("unchecked")
  private static Comparator<Object>[] comparators(SortField[] fields, int count) {
    Comparator<Object>[] comparators = new Comparator[count];
    for (int f = 0; f < count; f++) {
      FieldComparator<Object> c =
          (FieldComparator<Object>) fields[f].getComparator(1, Pruning.NONE);
      int reverse = fields[f].getReverse() ? -1 : 1;
      comparators[f] = (a, b) -> reverse * c.compareValues(a, b);
    }
    return comparators;
  }
}
