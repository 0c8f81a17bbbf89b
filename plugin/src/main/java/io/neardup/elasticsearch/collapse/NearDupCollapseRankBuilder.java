package io.neardup.elasticsearch.collapse;

import io.neardup.collapse.SketchGrouping;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.action.ActionListener;
import org.elasticsearch.action.search.SearchPhaseController;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.common.document.DocumentField;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.SearchHits;
import org.elasticsearch.search.fetch.subphase.FetchSourceContext;
import org.elasticsearch.search.internal.SearchContext;
import org.elasticsearch.search.query.QuerySearchResult;
import org.elasticsearch.search.rank.RankBuilder;
import org.elasticsearch.search.rank.RankDoc;
import org.elasticsearch.search.rank.RankShardResult;
import org.elasticsearch.search.rank.context.QueryPhaseRankCoordinatorContext;
import org.elasticsearch.search.rank.context.QueryPhaseRankShardContext;
import org.elasticsearch.search.rank.context.RankFeaturePhaseRankCoordinatorContext;
import org.elasticsearch.search.rank.context.RankFeaturePhaseRankShardContext;
import org.elasticsearch.search.rank.feature.RankFeatureDoc;
import org.elasticsearch.search.rank.feature.RankFeatureShardResult;
import org.elasticsearch.search.rank.rerank.RerankingQueryPhaseRankCoordinatorContext;
import org.elasticsearch.search.rank.rerank.RerankingQueryPhaseRankShardContext;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * How {@code neardup_collapse} runs when the search allows it (relevance order, no rescore, no
 * suggest): as a rank between Elasticsearch's query and fetch phases, so that only the page is
 * fetched. The shards return their top {@code window} hits; the rank feature phase reads the
 * window's sketches, canonical values and {@code _id}s from doc values (no stored fields); the
 * coordinating node collapses them ({@link SketchGrouping}) and hands the fetch phase the page of
 * the collapsed list only. The search's hits keep their scores; {@link NearDupCollapseFilter} adds
 * what the collapse found to them, from the {@link Outcome} this builder fills on the coordinating
 * node.
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
    // the window in the search's order, from the query phase's reduction: shard index and doc
    // packed in a long, and the score (the rank feature phase's hits carry no score)
    long[] window = new long[0];
    float[] windowScores = new float[0];
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
    super(ext.window());
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
    builder.field("field", ext.field());
    builder.field("min_similarity", minSimilarity);
    builder.field("mode", ext.mode().parameterValue());
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
    return new RerankingQueryPhaseRankShardContext(queries, rankWindowSize());
  }

  @Override
  public QueryPhaseRankCoordinatorContext buildQueryPhaseCoordinatorContext(int size, int from) {
    return new RerankingQueryPhaseRankCoordinatorContext(rankWindowSize()) {
      @Override
      public ScoreDoc[] rankQueryPhaseResults(
          List<QuerySearchResult> results, SearchPhaseController.TopDocsStats stats) {
        ScoreDoc[] top = super.rankQueryPhaseResults(results, stats);
        synchronized (outcome) {
          outcome.window = new long[top.length];
          outcome.windowScores = new float[top.length];
          for (int i = 0; i < top.length; i++) {
            outcome.window[i] = key(top[i].shardIndex, top[i].doc);
            outcome.windowScores[i] = top[i].score;
          }
        }
        return top;
      }
    };
  }

  private static long key(int shardIndex, int doc) {
    return ((long) shardIndex << 32) | (doc & 0xFFFFFFFFL);
  }

  @Override
  public RankFeaturePhaseRankShardContext buildRankFeaturePhaseShardContext() {
    // the rank feature fetch asks the fields API for this name; it is no mapped field, so nothing
    // is read from _source: the sketches come from NearDupSketchFetchSubPhase
    return new RankFeaturePhaseRankShardContext(ext.field() + ".sketch") {
      @Override
      public void prepareForFetch(SearchContext context) {
        // no fields API and no _source: either would read every window hit's stored fields, the
        // very cost this phase avoids; NearDupSketchFetchSubPhase reads doc values only
        context.fetchFieldsContext(null);
        context.fetchSourceContext(FetchSourceContext.DO_NOT_FETCH_SOURCE);
      }

      @Override
      public RankShardResult buildRankFeatureShardResult(SearchHits hits, int shardId) {
        SearchHit[] array = hits.getHits();
        RankFeatureDoc[] docs = new RankFeatureDoc[array.length];
        for (int i = 0; i < array.length; i++) {
          SearchHit hit = array[i];
          docs[i] = new RankFeatureDoc(hit.docId(), hit.getScore(), shardId);
          DocumentField f = hit.field(NearDupSketchFetchSubPhase.HIT_FIELD);
          byte[] sketch = f == null ? new byte[0] : (byte[]) f.getValues().get(0);
          docs[i].featureData(
              List.of(
                  Base64.getEncoder().encodeToString(sketch),
                  CanonicalValues.encode(CanonicalValues.of(f)),
                  f == null || f.getValues().size() < 3 ? "" : (String) f.getValues().get(2),
                  hit.getIndex() == null ? "" : hit.getIndex()));
        }
        return new RankFeatureShardResult(docs);
      }
    };
  }

  @Override
  public RankFeaturePhaseRankCoordinatorContext buildRankFeaturePhaseCoordinatorContext(
      int size, int from, Client client) {
    return new RankFeaturePhaseRankCoordinatorContext(size, from, rankWindowSize(), false) {
      @Override
      protected void computeScores(RankFeatureDoc[] docs, ActionListener<float[]> listener) {
        float[] scores = new float[docs.length];
        for (int i = 0; i < docs.length; i++) {
          scores[i] = docs[i].score; // collapse reorders, it does not rescore
        }
        listener.onResponse(scores);
      }

      @Override
      public RankFeatureDoc[] rankAndPaginate(RankFeatureDoc[] docs, boolean reranked) {
        return collapse(docs, this.size, this.from);
      }
    };
  }

  /** Groups the window, arranges it by the mode and returns the page, filling the outcome. */
  private RankFeatureDoc[] collapse(RankFeatureDoc[] window, int size, int from) {
    // the search's own order, as the query phase ranked the window
    Map<Long, RankFeatureDoc> byKey = new HashMap<>();
    for (RankFeatureDoc d : window) {
      byKey.put(key(d.shardIndex, d.doc), d);
    }
    List<RankFeatureDoc> inOrder = new ArrayList<>(window.length);
    synchronized (outcome) {
      for (int i = 0; i < outcome.window.length; i++) {
        RankFeatureDoc d = byKey.remove(outcome.window[i]);
        if (d != null) {
          d.score = outcome.windowScores[i];
          inOrder.add(d);
        }
      }
    }
    inOrder.addAll(byKey.values()); // none, unless the query phase was not seen
    RankFeatureDoc[] ranked = inOrder.toArray(new RankFeatureDoc[0]);
    int n = ranked.length;
    byte[][] sketches = new byte[n][];
    Object[] keys = new Object[n];
    for (int i = 0; i < n; i++) {
      List<String> data = ranked[i].featureData;
      byte[] sketch = Base64.getDecoder().decode(data.get(0));
      sketches[i] = sketch.length == 0 ? null : sketch;
      keys[i] = CanonicalValues.decode(data.get(1));
    }
    CollapseLayout layout =
        new CollapseLayout(sketches, keys, ext.canonical(), minSimilarity, ext.mode());
    CollapseLayout.Hits names =
        new CollapseLayout.Hits() {
          @Override
          public String index(int i) {
            String index = ranked[i].featureData.get(3);
            return index.isEmpty() ? null : index;
          }

          @Override
          public String id(int i) {
            String id = ranked[i].featureData.get(2);
            return id.isEmpty() ? null : id;
          }

          @Override
          public float score(int i) {
            return ranked[i].score;
          }
        };
    List<Integer> arranged = layout.arranged();
    int start = Math.min(from, arranged.size());
    int end = Math.min(arranged.size(), from + size);
    RankFeatureDoc[] page = new RankFeatureDoc[end - start];
    synchronized (outcome) {
      outcome.windowHits = n;
      outcome.canonicalHits = layout.canonicalHits();
      for (int p = start; p < end; p++) {
        int i = arranged.get(p);
        page[p - start] = ranked[i];
        page[p - start].rank = p + 1;
        outcome.notes.put(p + 1, layout.note(i, names));
      }
    }
    return page;
  }

  /** What the collapse found, once the search ran. */
  public Outcome outcome() {
    return outcome;
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
