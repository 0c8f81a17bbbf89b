package io.neardup.collapse;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.document.CanonicalKeys;
import io.neardup.document.DocIdOrder;
import io.neardup.document.NearDupFields;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.util.BytesRef;

/**
 * Collapses the near-duplicates among the top hits of any search: hits whose sketches estimate a
 * Jaccard similarity of at least {@code minSimilarity} are grouped, one hit per group is chosen as
 * canonical by a {@link CanonicalPolicy}, and the copies are removed, demoted below every canonical
 * or attached to their canonical, depending on the {@link CollapseMode}. Immutable and thread-safe.
 *
 * <pre>{@code
 * NearDupCollapser collapser =
 *     NearDupCollapser.builder(NearDupFields.DEFAULT, settings)
 *         .mode(CollapseMode.GROUP)
 *         .canonical(CanonicalPolicy.parse("published:asc")) // the first published copy is shown
 *         .build();
 * CollapsedHits hits = searcher.search(query, collapser.collectorManager(searcher));
 * // or, over the results of any search:
 * CollapsedHits same = collapser.collapse(searcher, searcher.search(query, collapser.window()));
 * }</pre>
 *
 * <h2>Grouping rule</h2>
 *
 * Collapse works on the window, the first {@link #window()} hits of the search in their order.
 * Later hits of the {@link TopDocs} are dropped: they were never compared with the window, so
 * neither "after the demoted copies" nor "before them" would be a meaningful place for them; search
 * {@code window} hits and page within the result with {@link CollapsedHits#page}. The hits of the
 * window are visited from the most to the least canonical one according to the policy (field value,
 * then rank in the search; for {@link CanonicalPolicy#BEST_SCORE} simply in rank order). A hit
 * becomes a copy of the first already chosen canonical it is similar to, or else a canonical
 * itself. Hence:
 *
 * <ul>
 *   <li>every copy is a near-duplicate of its canonical, which is the most canonical hit of its
 *       group by the policy;
 *   <li>no two canonicals are near-duplicates of each other;
 *   <li>similarity is not treated as transitive: a chain A ~ B ~ C where A and C differ is not one
 *       group, unlike with union-find, whose groups can merge unrelated hits through a chain of
 *       small edits and then list copies that look nothing like their canonical.
 * </ul>
 *
 * <p>A hit whose document has no sketch, or an empty one (a text without shingles), is never
 * grouped: it stays a canonical without copies. The result depends only on the hits, their order
 * and their sketches and policy values, never on how the index is split into segments or the search
 * into slices. Ties of the policy's field go to the better-ranked hit: for relevance-ranked results
 * the higher score, then the lower doc id (Lucene's order); a hit without a value in the field
 * never wins over one with a value.
 *
 * <h2>Cost</h2>
 *
 * The sketches of the window (and the policy's values) are read from doc values once, in doc-id
 * order, comparing each sketch's header with the expected one rather than decoding it; the rule
 * itself is the engine-free {@link WindowCollapse}, which engines use too. Hits are not compared
 * pair by pair: a pigeonhole filter on blocks of sketch values finds the few canonicals a hit can
 * be a copy of, so the cost is about n·k for a window of n hits with k values, plus one full
 * comparison per candidate. Memory is bounded by the window and k: the window is limited to {@value
 * WindowCollapse#MAX_WINDOW} hits.
 */
public final class NearDupCollapser {
  /**
   * Total hit count threshold of {@link #collectorManager(IndexSearcher)}: the one of {@link
   * IndexSearcher#search(org.apache.lucene.search.Query, int)}, so that both give the same counts.
   */
  public static final int DEFAULT_TOTAL_HITS_THRESHOLD = 1000;

  private final NearDupFields fields;
  private final NearDupSettings settings;
  private final double minSimilarity;
  private final int window;
  private final CollapseMode mode;
  private final CanonicalPolicy canonical;
  private final boolean exact;
  private final byte[] header;

  private NearDupCollapser(
      NearDupFields fields,
      NearDupSettings settings,
      double minSimilarity,
      int window,
      CollapseMode mode,
      CanonicalPolicy canonical,
      Verification verification) {
    this.fields = Objects.requireNonNull(fields, "fields");
    this.settings = Objects.requireNonNull(settings, "settings");
    if (!(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new ParameterException(Parameter.MIN_SIMILARITY, "in (0, 1]", minSimilarity);
    }
    if (window < 1 || window > WindowCollapse.MAX_WINDOW) {
      throw new ParameterException(
          Parameter.WINDOW, "between 1 and " + WindowCollapse.MAX_WINDOW, window);
    }
    if (mode == null) {
      throw new ParameterException(Parameter.MODE, "one of [remove, demote, group]", null);
    }
    if (canonical == null) {
      throw new ParameterException(
          Parameter.CANONICAL, "[score], [FIELD:asc] or [FIELD:desc]", null);
    }
    this.minSimilarity = minSimilarity;
    this.window = window;
    this.mode = mode;
    this.canonical = canonical;
    this.exact =
        verification == Verification.EXACT && settings.sketch().scheme().comparison().setsDecide();
    this.header = SketchFormat.encode(Sketch.empty(settings.sketch()));
  }

  /**
   * A builder for the sketches in {@code fields}, made with {@code settings}; minimum similarity
   * {@code settings.threshold()}, window {@value WindowCollapse#DEFAULT_WINDOW}, mode {@code
   * demote}, canonical policy best score.
   */
  public static Builder builder(NearDupFields fields, NearDupSettings settings) {
    return new Builder(fields, settings);
  }

  /** The fields whose sketches are compared. */
  public NearDupFields fields() {
    return fields;
  }

  /** The settings the sketches were made with. */
  public NearDupSettings settings() {
    return settings;
  }

  /** The estimated Jaccard similarity from which two hits are near-duplicates. */
  public double minSimilarity() {
    return minSimilarity;
  }

  /** How many top hits are collapsed. */
  public int window() {
    return window;
  }

  /** What happens to copies. */
  public CollapseMode mode() {
    return mode;
  }

  /** How the canonical hit of a group is chosen. */
  public CanonicalPolicy canonical() {
    return canonical;
  }

  /**
   * Collects the top {@link #window()} hits by score (counting hits up to {@value
   * #DEFAULT_TOTAL_HITS_THRESHOLD}) and collapses them.
   *
   * @param searcher the searcher the manager will be used with; its reader supplies the sketches
   */
  public NearDupCollapsingCollectorManager<TopScoreDocCollector> collectorManager(
      IndexSearcher searcher) {
    return collectorManager(
        searcher, new TopScoreDocCollectorManager(window, DEFAULT_TOTAL_HITS_THRESHOLD));
  }

  /**
   * Collects the top hits with {@code topDocs} (for instance a {@code TopFieldCollectorManager} to
   * sort by a field, or exact hit counts) and collapses the first {@link #window()} of them.
   *
   * @param searcher the searcher the manager will be used with; its reader supplies the sketches
   */
  public <C extends Collector> NearDupCollapsingCollectorManager<C> collectorManager(
      IndexSearcher searcher, CollectorManager<C, ? extends TopDocs> topDocs) {
    return new NearDupCollapsingCollectorManager<>(this, searcher, topDocs);
  }

  /**
   * Collapses the first {@link #window()} hits of {@code topDocs}; later hits are dropped.
   *
   * @param searcher the searcher that found {@code topDocs}
   * @throws IllegalArgumentException if a hit's document id is not in the searcher's index
   * @throws IllegalStateException if a stored sketch is corrupted or was made with other settings
   */
  public CollapsedHits collapse(IndexSearcher searcher, TopDocs topDocs) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    ScoreDoc[] hits = topDocs.scoreDocs;
    int n = Math.min(window, hits.length);
    int[] docs = new int[n];
    for (int i = 0; i < n; i++) {
      docs[i] = hits[i].doc;
    }
    byte[][] sketches = readSketches(reader, docs);
    byte[][] sets = exact ? readSets(reader, docs) : null;
    CanonicalKeys keys = CanonicalKeys.load(reader, canonical, docs);
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      values[i] = keys.key(i);
    }
    WindowCollapse collapse =
        WindowCollapse.collapse(sketches, sets, values, canonical, minSimilarity, mode);
    return assemble(topDocs, hits, collapse);
  }

  /**
   * The serialized sketches of {@code docs}, in hit order (null for a hit without one), visiting
   * documents in doc-id order as doc values want.
   */
  private byte[][] readSketches(IndexReader reader, int[] docs) throws IOException {
    byte[][] out = new byte[docs.length][];
    String field = fields.sketchField();
    BinaryDocValues[] sketches = new BinaryDocValues[1];
    DocIdOrder.visit(
        reader.leaves(),
        docs,
        "hits",
        leaf -> sketches[0] = leaf.reader().getBinaryDocValues(field),
        (hit, leaf, doc) -> {
          if (sketches[0] == null || !sketches[0].advanceExact(doc)) {
            return;
          }
          BytesRef stored = sketches[0].binaryValue();
          fields.checkSketch(
              leaf.docBase + doc,
              stored.bytes,
              stored.offset,
              stored.length,
              header,
              settings.sketch());
          out[hit] = BytesRef.deepCopyOf(stored).bytes;
        });
    return out;
  }

  /** The serialized shingle sets of {@code docs}, in hit order (null for a hit without one). */
  private byte[][] readSets(IndexReader reader, int[] docs) throws IOException {
    byte[][] out = new byte[docs.length][];
    BinaryDocValues[] sets = new BinaryDocValues[1];
    DocIdOrder.visit(
        reader.leaves(),
        docs,
        "hits",
        leaf -> sets[0] = leaf.reader().getBinaryDocValues(fields.shinglesField()),
        (hit, leaf, doc) -> {
          if (sets[0] != null && sets[0].advanceExact(doc)) {
            out[hit] = BytesRef.deepCopyOf(sets[0].binaryValue()).bytes;
          }
        });
    return out;
  }

  /** The Lucene view of the core's collapsed list: each hit with its rank and its group. */
  private static CollapsedHits assemble(TopDocs topDocs, ScoreDoc[] hits, WindowCollapse collapse) {
    int n = collapse.size();
    // copies first, so that each canonical can be built with its (immutable) list of copies
    CollapsedHit[] copies = new CollapsedHit[n];
    for (int i = 0; i < n; i++) {
      int c = collapse.canonicalOf(i);
      if (c != i) {
        copies[i] = new CollapsedHit(hits[i], i, hits[c].doc, c, collapse.similarity(i), List.of());
      }
    }
    List<CollapsedHit> list = new ArrayList<>(collapse.listedCount());
    for (int p = 0; p < collapse.listedCount(); p++) {
      int i = collapse.listed(p);
      if (copies[i] != null) {
        list.add(copies[i]);
        continue;
      }
      List<CollapsedHit> mine = new ArrayList<>();
      if (collapse.mode() != CollapseMode.REMOVE) {
        for (int c : collapse.copies(i)) {
          mine.add(copies[c]);
        }
      }
      list.add(new CollapsedHit(hits[i], i, hits[i].doc, i, 1, mine));
    }
    return new CollapsedHits(topDocs.totalHits, collapse.mode(), list, collapse.copyCount(), n);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearDupCollapser c
        && fields.equals(c.fields)
        && settings.equals(c.settings)
        && Double.compare(minSimilarity, c.minSimilarity) == 0
        && window == c.window
        && mode == c.mode
        && canonical.equals(c.canonical);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fields, settings, minSimilarity, window, mode, canonical);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "NearDupCollapser(%s, minSimilarity=%s, window=%d, mode=%s, canonical=%s)",
        fields.name(),
        minSimilarity,
        window,
        mode,
        canonical);
  }

  /** Builds a {@link NearDupCollapser}; unset values take the defaults. */
  public static final class Builder {
    private final NearDupFields fields;
    private final NearDupSettings settings;
    private Double minSimilarity;
    private int window = WindowCollapse.DEFAULT_WINDOW;
    private CollapseMode mode = WindowCollapse.DEFAULT_MODE;
    private CanonicalPolicy canonical = WindowCollapse.DEFAULT_CANONICAL;
    private Verification verification = Verification.SKETCH;

    private Builder(NearDupFields fields, NearDupSettings settings) {
      this.fields = fields;
      this.settings = settings;
    }

    /**
     * Minimum estimated Jaccard similarity of near-duplicates, in (0, 1]; default the threshold.
     */
    public Builder minSimilarity(double minSimilarity) {
      this.minSimilarity = minSimilarity;
      return this;
    }

    /**
     * Number of top hits collapsed, 1 to {@value WindowCollapse#MAX_WINDOW}; default {@value
     * WindowCollapse#DEFAULT_WINDOW}.
     */
    public Builder window(int window) {
      this.window = window;
      return this;
    }

    /** What happens to copies; default {@code demote}. */
    public Builder mode(CollapseMode mode) {
      this.mode = mode;
      return this;
    }

    /** How the canonical hit of a group is chosen; default best score. */
    public Builder canonical(CanonicalPolicy canonical) {
      this.canonical = canonical;
      return this;
    }

    /**
     * How pairs of hits are decided; default {@code sketch}. With {@code exact}, pairs whose
     * estimate is near the minimum similarity are decided by the hits' stored shingle sets (an
     * index written with sets, as the engines' {@code verify: exact} fields write them); hits
     * without one are decided by their estimate.
     */
    public Builder verification(Verification verification) {
      this.verification = Objects.requireNonNull(verification, "verification");
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the first invalid parameter
     */
    public NearDupCollapser build() {
      Objects.requireNonNull(settings, "settings");
      return new NearDupCollapser(
          fields,
          settings,
          minSimilarity != null ? minSimilarity : settings.threshold(),
          window,
          mode,
          canonical,
          verification);
    }
  }
}
