package io.neardup.collapse;

import java.io.IOException;
import java.util.Collection;
import java.util.Objects;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;

/**
 * Collects the top hits of a search with a top-docs collector manager and collapses them with a
 * {@link NearDupCollapser}; made by {@link NearDupCollapser#collectorManager(IndexSearcher)}.
 *
 * <p>Collapse needs the whole window: a hit of one slice can be the canonical of a hit of another.
 * So slices only collect, and {@link #reduce} first merges the slices' top hits (by score, then doc
 * id, for the default manager) and then collapses the merged window once. The result is the same as
 * {@link NearDupCollapser#collapse} over the same search's {@link TopDocs}, whatever the slicing.
 *
 * <pre>{@code
 * CollapsedHits hits = searcher.search(query, collapser.collectorManager(searcher));
 * }</pre>
 *
 * @param <C> the collector type of the wrapped top-docs manager
 */
public final class NearDupCollapsingCollectorManager<C extends Collector>
    implements CollectorManager<C, CollapsedHits> {
  private final NearDupCollapser collapser;
  private final IndexSearcher searcher;
  private final CollectorManager<C, ? extends TopDocs> topDocs;

  NearDupCollapsingCollectorManager(
      NearDupCollapser collapser,
      IndexSearcher searcher,
      CollectorManager<C, ? extends TopDocs> topDocs) {
    this.collapser = Objects.requireNonNull(collapser, "collapser");
    this.searcher = Objects.requireNonNull(searcher, "searcher");
    this.topDocs = Objects.requireNonNull(topDocs, "topDocs");
  }

  /** The collapser applied in {@link #reduce}. */
  public NearDupCollapser collapser() {
    return collapser;
  }

  @Override
  public C newCollector() throws IOException {
    return topDocs.newCollector();
  }

  @Override
  public CollapsedHits reduce(Collection<C> collectors) throws IOException {
    return collapser.collapse(searcher, topDocs.reduce(collectors));
  }
}
