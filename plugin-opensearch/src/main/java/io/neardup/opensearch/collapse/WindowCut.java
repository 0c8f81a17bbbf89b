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
    Comparator<Object>[] comparators = comparators(sortFields, sortFields.length);
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
    FieldDoc[] docs = new FieldDoc[n];
    String[] indexes = new String[n];
    for (int i = 0; i < n; i++) {
      docs[i] = entries.get(i).doc;
      indexes[i] = entries.get(i).result.getSearchShardTarget().getIndex();
    }
    Window window = collapse(docs, indexes, sortFields, plan);
    Map<String, Placed> page = new HashMap<>();
    Set<FieldDoc> onPage = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int p = window.cut().start(); p < window.cut().end(); p++) {
      FieldDoc doc = docs[window.collapse().listed(p)];
      onPage.add(doc);
      page.put(WindowHit.key((BytesRef) doc.fields[payload]), window.placed(p));
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
    return new Decision(page, n, window.collapse().canonicalCount());
  }

  /** A window's collapse and the requested page's place in its collapsed list. */
  record Window(WindowCollapse collapse, WindowCollapse.HitNames names, WindowCollapse.Page cut) {
    /** Where the page holds the hit listed {@code p}-th, and what the collapse found about it. */
    Placed placed(int p) {
      int i = collapse.listed(p);
      return new Placed(p - cut.start(), collapse.note(i, names));
    }
  }

  /**
   * Collapses the window's hits, in the search's order, from the values of the window sort (the
   * last sort value of each), each hit scored by its {@code _score} sort value when the search
   * sorts by it, and cuts the requested page: the collapse of {@link #cut} on the coordinating node
   * and of a single shard's query phase ({@link ScoreOrderedWindow}) alike.
   *
   * @param indexes the index name of each hit
   */
  static Window collapse(
      FieldDoc[] docs, String[] indexes, SortField[] fields, CoordinatorCollapse.Plan plan) {
    int payload = fields.length - 1;
    int scoreField = -1;
    for (int f = 0; f < payload; f++) {
      if (fields[f].getType() == SortField.Type.SCORE) {
        scoreField = f;
        break;
      }
    }
    CollapseWindow window = new CollapseWindow(docs.length);
    for (int i = 0; i < docs.length; i++) {
      FieldDoc doc = docs[i];
      WindowHit hit = WindowHit.decode((BytesRef) doc.fields[payload]);
      window.hit(
          i,
          indexes[i],
          hit.id(),
          scoreField >= 0 && doc.fields[scoreField] instanceof Number s
              ? s.floatValue()
              : doc.score,
          hit.sketch(),
          hit.set(),
          hit.key());
    }
    WindowCollapse collapse = window.collapse(plan.ext().params(), plan.minSimilarity());
    return new Window(collapse, window.names(), collapse.page(plan.from(), plan.size()));
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
