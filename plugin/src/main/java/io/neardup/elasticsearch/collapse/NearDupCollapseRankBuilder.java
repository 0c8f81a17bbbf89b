package io.neardup.elasticsearch.collapse;

import io.neardup.collapse.core.WindowCollapse;
import io.neardup.document.DocIdOrder;
import io.neardup.elasticsearch.mapper.NearDupFieldMapper.NearDupFieldType;
import io.neardup.engine.collapse.CollapseWindow;
import io.neardup.engine.shard.HitSketchReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.action.search.SearchPhaseController;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.common.lucene.search.TopDocsAndMaxScore;
import org.elasticsearch.index.shard.SearchOperationListener;
import org.elasticsearch.search.internal.SearchContext;
import org.elasticsearch.search.query.QuerySearchResult;
import org.elasticsearch.search.rank.RankBuilder;
import org.elasticsearch.search.rank.RankDoc;
import org.elasticsearch.search.rank.context.QueryPhaseRankCoordinatorContext;
import org.elasticsearch.search.rank.context.QueryPhaseRankShardContext;
import org.elasticsearch.search.rank.context.RankFeaturePhaseRankCoordinatorContext;
import org.elasticsearch.search.rank.context.RankFeaturePhaseRankShardContext;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * How {@code neardup_collapse} runs when the search allows it (relevance order, no rescore, no
 * suggest): as a rank between Elasticsearch's query and fetch phases, so that only the page is
 * fetched. Each shard's query phase finds its top {@code window} hits and reads their sketches,
 * shingle sets ({@code verify: exact} fields), canonical values and {@code _id}s from doc values
 * (no stored fields, no extra round trip); the coordinating node merges the shards' windows in the
 * search's order, collapses the top {@code window} ({@link WindowCollapse}) and hands the fetch
 * phase the page of the collapsed list only. The search's hits keep their scores; {@link
 * NearDupCollapseFilter} adds what the collapse found to them, from the {@link Outcome} this
 * builder fills on the coordinating node.
 */
public final class NearDupCollapseRankBuilder extends RankBuilder {
  /** Name of the rank, for the wire. */
  public static final String NAME = "neardup_collapse";

  private final NearDupCollapseBuilder ext;
  private final double minSimilarity;
  private final Outcome outcome;

  /** What the collapse found, keyed by the rank given to each hit of the page. */
  public static final class Outcome {
    final Map<Integer, Map<String, Object>> notes = new HashMap<>();
    int windowHits;
    int canonicalHits;

    /** The note of the hit ranked {@code rank}, or null. */
    public Map<String, Object> note(int rank) {
      return notes.get(rank);
    }
  }

  /**
   * @param ext the request's extension
   * @param minSimilarity the resolved minimum similarity
   * @param outcome where the coordinating node leaves the collapse's findings
   */
  public NearDupCollapseRankBuilder(
      NearDupCollapseBuilder ext, double minSimilarity, Outcome outcome) {
    super(ext.params().window());
    this.ext = ext;
    this.minSimilarity = minSimilarity;
    this.outcome = outcome;
  }

  /** Reads the rank from the wire (on shards, which need no outcome). */
  public NearDupCollapseRankBuilder(StreamInput in) throws IOException {
    super(in);
    this.ext = new NearDupCollapseBuilder(in);
    this.minSimilarity = in.readDouble();
    this.outcome = new Outcome();
  }

  @Override
  protected void doWriteTo(StreamOutput out) throws IOException {
    ext.writeTo(out);
    out.writeDouble(minSimilarity);
  }

  @Override
  protected void doXContent(XContentBuilder builder, Params params) throws IOException {
    builder.field("field", ext.params().field());
    builder.field("min_similarity", minSimilarity);
    builder.field("mode", ext.params().mode().parameterValue());
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  public TransportVersion getMinimalSupportedVersion() {
    return TransportVersion.zero();
  }

  @Override
  public boolean isCompoundBuilder() {
    return false;
  }

  @Override
  public Explanation explainHit(Explanation base, RankDoc doc, List<String> queryNames) {
    return base;
  }

  @Override
  public QueryPhaseRankShardContext buildQueryPhaseShardContext(List<Query> queries, int from) {
    // none: the shard runs the search's own query phase once, for its top window hits (a rank's
    // shard context would run the query twice, once to count); WindowReader adds the sketches
    return null;
  }

  /**
   * On a shard, right after the query phase of a search collapsed by this rank found its top {@code
   * window} hits: reads their sketches, canonical values and ids from doc values and leaves them in
   * the query result, so that they reach the coordinating node with the hits and no other round
   * trip is needed.
   */
  public static final class WindowReader implements SearchOperationListener {
    @Override
    public void onQueryPhase(SearchContext searchContext, long tookInNanos) {
      if (searchContext.request().source() != null
          && searchContext.request().source().rankBuilder()
              instanceof NearDupCollapseRankBuilder rank
          && searchContext.queryResult() != null
          && searchContext.queryResult().hasConsumedTopDocs() == false
          // a shard without hits has nothing to send (and may have released its reader already)
          && searchContext.queryResult().topDocs().topDocs.scoreDocs.length > 0) {
        QuerySearchResult result = searchContext.queryResult();
        try {
          result.setRankShardResult(read(searchContext, rank.ext));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        // the hits travel in the window now; the top docs keep only what the engine counts from
        // them (total hits, maximum score), as a reduced result would
        TopDocsAndMaxScore top = result.topDocs();
        result.topDocs(
            new TopDocsAndMaxScore(
                new TopDocs(top.topDocs.totalHits, new ScoreDoc[0]), top.maxScore),
            result.sortValueFormats());
      }
    }

    private static NearDupWindowShardResult read(SearchContext search, NearDupCollapseBuilder ext)
        throws IOException {
      ScoreDoc[] top = search.queryResult().topDocs().topDocs.scoreDocs;
      int n = top.length;
      int[] docs = new int[n];
      float[] scores = new float[n];
      byte[][] sketches = new byte[n][];
      byte[][] sets = new byte[n][];
      Object[] keys = new Object[n];
      String[] ids = new String[n];
      for (int i = 0; i < n; i++) {
        docs[i] = top[i].doc;
        scores[i] = top[i].score;
      }
      HitSketchReader reader =
          NearDupFieldType.hitReader(
              search.getSearchExecutionContext().getFieldType(ext.params().field()),
              ext.params().canonical(),
              ext.params().shingles());
      DocIdOrder.visit(
          search.searcher().getIndexReader().leaves(),
          docs,
          "hits",
          leaf -> reader.setLeaf(leaf.reader()),
          (i, leaf, doc) -> {
            reader.advance(doc);
            sketches[i] = reader.sketch();
            sets[i] = reader.shingles();
            keys[i] = reader.key();
            ids[i] = reader.id();
          });
      return new NearDupWindowShardResult(docs, scores, sketches, sets, keys, ids);
    }
  }

  @Override
  public QueryPhaseRankCoordinatorContext buildQueryPhaseCoordinatorContext(int size, int from) {
    return new QueryPhaseRankCoordinatorContext(rankWindowSize()) {
      @Override
      public ScoreDoc[] rankQueryPhaseResults(
          List<QuerySearchResult> results, SearchPhaseController.TopDocsStats stats) {
        RankDoc[] page = collapse(results, size, from);
        stats.fetchHits = page.length;
        return page;
      }
    };
  }

  @Override
  public RankFeaturePhaseRankShardContext buildRankFeaturePhaseShardContext() {
    return null; // the query phase brought everything the collapse needs
  }

  @Override
  public RankFeaturePhaseRankCoordinatorContext buildRankFeaturePhaseCoordinatorContext(
      int size, int from, Client client) {
    return null;
  }

  /**
   * Merges the shards' windows in the search's order (score, then shard, then document, as
   * Elasticsearch merges top hits), keeps the top {@code window}, groups it, arranges it by the
   * mode and returns the page, filling the outcome.
   */
  private RankDoc[] collapse(List<QuerySearchResult> results, int size, int from) {
    List<NearDupWindowShardResult> windows = new ArrayList<>(results.size());
    List<QuerySearchResult> sources = new ArrayList<>(results.size());
    int total = 0;
    for (QuerySearchResult result : results) {
      if (result.getRankShardResult() instanceof NearDupWindowShardResult w) {
        windows.add(w);
        sources.add(result);
        total += w.size();
      } else if (result.hasSearchContext()) {
        throw new IllegalStateException(
            "["
                + NearDupCollapseBuilder.NAME
                + "] shard ["
                + result.getShardIndex()
                + "] returned hits without their sketches; its node's log says why");
      }
    }
    WindowHit[] all = new WindowHit[total];
    int t = 0;
    for (int w = 0; w < windows.size(); w++) {
      NearDupWindowShardResult window = windows.get(w);
      int shard = sources.get(w).getShardIndex();
      for (int h = 0; h < window.size(); h++) {
        all[t++] = new WindowHit(w, h, window.scores[h], shard, window.docs[h]);
      }
    }
    Arrays.sort(all, WindowHit.ORDER);
    int n = Math.min(total, rankWindowSize());
    CollapseWindow merged = new CollapseWindow(n);
    int[] shardIndex = new int[n];
    int[] doc = new int[n];
    float[] score = new float[n];
    for (int i = 0; i < n; i++) {
      int w = all[i].window();
      int h = all[i].hit();
      NearDupWindowShardResult window = windows.get(w);
      QuerySearchResult source = sources.get(w);
      shardIndex[i] = source.getShardIndex();
      doc[i] = window.docs[h];
      score[i] = window.scores[h];
      merged.hit(
          i,
          source.getSearchShardTarget() == null ? null : source.getSearchShardTarget().getIndex(),
          window.ids[h],
          score[i],
          window.sketches[h],
          window.sets[h],
          window.keys[h]);
    }
    WindowCollapse collapse = merged.collapse(ext.params(), minSimilarity);
    WindowCollapse.HitNames names = merged.names();
    WindowCollapse.Page cut = collapse.page(from, size);
    RankDoc[] page = new RankDoc[cut.end() - cut.start()];
    synchronized (outcome) {
      outcome.windowHits = n;
      outcome.canonicalHits = collapse.canonicalCount();
      for (int p = cut.start(); p < cut.end(); p++) {
        int i = collapse.listed(p);
        page[p - cut.start()] = new RankDoc(doc[i], score[i], shardIndex[i]);
        page[p - cut.start()].rank = p + 1;
        outcome.notes.put(p + 1, collapse.note(i, names));
      }
    }
    return page;
  }

  /** A hit of a shard's window: which window, which hit, and what orders it. */
  private record WindowHit(int window, int hit, float score, int shardIndex, int doc) {
    static final Comparator<WindowHit> ORDER =
        ((Comparator<WindowHit>) (a, b) -> Float.compare(b.score, a.score))
            .thenComparingInt(WindowHit::shardIndex)
            .thenComparingInt(WindowHit::doc);
  }

  @Override
  protected boolean doEquals(RankBuilder other) {
    return other instanceof NearDupCollapseRankBuilder b
        && ext.equals(b.ext)
        && minSimilarity == b.minSimilarity;
  }

  @Override
  protected int doHashCode() {
    return Objects.hash(ext, minSimilarity);
  }
}
