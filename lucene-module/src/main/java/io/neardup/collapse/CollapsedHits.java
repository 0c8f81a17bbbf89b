package io.neardup.collapse;

import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;

/**
 * The hits of one search window after collapsing, in their final order, see {@link
 * NearDupCollapser}. Immutable.
 *
 * <p>The order is computed once over the whole window, so pages cut from it with {@link #page} are
 * consistent with each other: every hit of the window appears on exactly one page (copies too, in
 * {@link CollapseMode#DEMOTE} mode), whatever the page size. To page through results, search and
 * collapse the same window for every page and cut the page here, instead of searching {@code from +
 * size} hits.
 *
 * <pre>{@code
 * CollapsedHits collapsed = collapser.collapse(searcher, searcher.search(query, collapser.window()));
 * List<CollapsedHit> secondPage = collapsed.page(10, 10);
 * }</pre>
 */
public final class CollapsedHits {
  private final TotalHits totalHits;
  private final CollapseMode mode;
  private final List<CollapsedHit> hits;
  private final int copyCount;
  private final int windowSize;

  CollapsedHits(
      TotalHits totalHits,
      CollapseMode mode,
      List<CollapsedHit> hits,
      int copyCount,
      int windowSize) {
    this.totalHits = totalHits;
    this.mode = mode;
    this.hits = List.copyOf(hits);
    this.copyCount = copyCount;
    this.windowSize = windowSize;
  }

  /** The total hit count of the search, unchanged: collapse only reorders its top window. */
  public TotalHits totalHits() {
    return totalHits;
  }

  /** The mode that made this list. */
  public CollapseMode mode() {
    return mode;
  }

  /**
   * The hits in their final order: canonicals in their original order, followed in {@link
   * CollapseMode#DEMOTE} mode by the copies in their original order.
   */
  public List<CollapsedHit> hits() {
    return hits;
  }

  /** How many hits of the window were found to be copies of a canonical hit. */
  public int copyCount() {
    return copyCount;
  }

  /** How many hits were collapsed: the search's hits, at most the collapser's window. */
  public int windowSize() {
    return windowSize;
  }

  /**
   * The hits {@code [from, from + size)} of {@link #hits()}; shorter or empty past the end.
   *
   * @throws IllegalArgumentException if {@code from} or {@code size} is negative
   */
  public List<CollapsedHit> page(int from, int size) {
    WindowCollapse.Page page = WindowCollapse.Page.cut(from, size, hits.size());
    return hits.subList(page.start(), page.end());
  }

  /** The list as Lucene {@link TopDocs}, with the search's total hit count. */
  public TopDocs toTopDocs() {
    ScoreDoc[] docs = new ScoreDoc[hits.size()];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = hits.get(i).toScoreDoc();
    }
    return new TopDocs(totalHits, docs);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CollapsedHits c
        && totalHits.equals(c.totalHits)
        && mode == c.mode
        && copyCount == c.copyCount
        && windowSize == c.windowSize
        && hits.equals(c.hits);
  }

  @Override
  public int hashCode() {
    return Objects.hash(totalHits, mode, hits, copyCount, windowSize);
  }

  @Override
  public String toString() {
    return "CollapsedHits{totalHits="
        + totalHits
        + ", mode="
        + mode
        + ", window="
        + windowSize
        + ", copies="
        + copyCount
        + ", hits="
        + hits
        + "}";
  }
}
