package io.neardup.opensearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertAcked;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertNoFailures;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.cluster.Verification;
import io.neardup.collapse.CollapsedHit;
import io.neardup.collapse.CollapsedHits;
import io.neardup.collapse.NearDupCollapser;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.collapse.CollapseSummary;
import io.neardup.opensearch.clusters.NearDupClustersRequest;
import io.neardup.opensearch.clusters.NearDupClustersResponse;
import io.neardup.opensearch.clusters.TransportNearDupClustersAction;
import io.neardup.opensearch.collapse.CollapsedSearchResponse;
import io.neardup.opensearch.collapse.NearDupCollapseBuilder;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.LibraryClusters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.opensearch.ExceptionsHelper;
import org.opensearch.ResourceNotFoundException;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.search.PutSearchPipelineRequest;
import org.opensearch.action.search.SearchRequest;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.search.SearchType;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.XContentType;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.core.common.bytes.BytesReference;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.core.xcontent.ToXContent;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.index.search.stats.SearchStats;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.SearchPlugin;
import org.opensearch.search.SearchHit;
import org.opensearch.search.builder.SearchSourceBuilder;
import org.opensearch.search.collapse.CollapseBuilder;
import org.opensearch.search.fetch.FetchSubPhase;
import org.opensearch.search.fetch.FetchSubPhaseProcessor;
import org.opensearch.search.profile.ProfileShardResult;
import org.opensearch.search.profile.query.CollectorResult;
import org.opensearch.search.profile.query.QueryProfileShardResult;
import org.opensearch.search.rescore.QueryRescorerBuilder;
import org.opensearch.search.sort.SortOrder;
import org.opensearch.test.OpenSearchIntegTestCase;

/**
 * {@code neardup_collapse} (the search extension and the search pipeline processors) and the
 * clustering API on a cluster of two data nodes with an index of four shards, copies of each text
 * spread over them: the collapsed results must equal the Lucene library's collapse of the same hits
 * in the same order, in every mode and with canonical policies, and the clusters the library's.
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupCollapseIntegrationTests extends OpenSearchIntegTestCase {
  private static final String FIELD = "body.dup";
  private static final int SHARDS = 4;

  private static final String[] WORDS =
      ("time year people way day man thing woman life child world school state family student"
              + " group country problem hand part place case week company system program question"
              + " work government number night point home water room mother area money story fact"
              + " month lot right study book eye job word business issue side kind head house")
          .split(" ");

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, FetchCounting.class);
  }

  /** Counts the hits that shards fetch, to tell a fetched window from a fetched page. */
  public static final class FetchCounting extends Plugin implements SearchPlugin {
    static final AtomicInteger FETCHED = new AtomicInteger();

    @Override
    public List<FetchSubPhase> getFetchSubPhases(FetchPhaseConstructionContext context) {
      return List.of(fetch ->
          new FetchSubPhaseProcessor() {
            @Override
            public void setNextReader(LeafReaderContext readerContext) {}

            @Override
            public void process(FetchSubPhase.HitContext hit) {
              FETCHED.incrementAndGet();
            }
          });
    }
  }

  static List<String> randomWords(Random random, int n) {
    List<String> words = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      words.add(WORDS[random.nextInt(WORDS.length)]);
    }
    return words;
  }

  /** Groups of an original and up to four lightly edited copies. */
  private static Map<String, String> corpus(Random random) {
    Map<String, String> docs = new LinkedHashMap<>();
    for (int g = 0; g < 8; g++) {
      List<String> original = randomWords(random, 80);
      docs.put("g" + g + "-0", String.join(" ", original));
      int copies = 1 + random.nextInt(4);
      for (int c = 1; c <= copies; c++) {
        List<String> copy = new ArrayList<>(original);
        copy.set(random.nextInt(copy.size()), "edit" + c);
        docs.put("g" + g + "-" + c, String.join(" ", copy));
      }
    }
    return docs;
  }

  private static Map<String, Long> published(Map<String, String> docs, Random random) {
    Map<String, Long> published = new HashMap<>();
    for (String id : docs.keySet()) {
      published.put(id, 1_600_000_000_000L + random.nextInt(1_000_000));
    }
    return published;
  }

  private void createIndex(
      String index, Map<String, String> docs, Map<String, Long> published, Settings extra)
      throws IOException {
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate(index)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, SHARDS)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0)
                    .put("index.neardup.max_collapse_window", 200)
                    .put(extra))
            .setMapping(
                XContentFactory.jsonBuilder()
                    .startObject()
                    .startObject("properties")
                    .startObject("published")
                    .field("type", "date")
                    .endObject()
                    .startObject("popularity")
                    .field("type", "long")
                    .endObject()
                    .startObject("body")
                    .field("type", "text")
                    .startObject("fields")
                    .startObject("dup")
                    .field("type", "neardup")
                    .field("threshold", 0.9)
                    .endObject()
                    .endObject()
                    .endObject()
                    .endObject()
                    .endObject()));
    ensureGreen(index);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(
          client()
              .prepareIndex(index)
              .setId(doc.getKey())
              .setSource(
                  "published",
                  published.get(doc.getKey()),
                  "popularity",
                  popularity(published.get(doc.getKey())),
                  "body",
                  doc.getValue()));
    }
    assertNoFailures(bulk.get());
  }

  /** A popularity with many ties, so that a chain's second key decides. */
  private static long popularity(long published) {
    return Math.floorMod(published, 3);
  }

  /** A query every text of the corpus matches, with scores that differ from text to text. */
  private static QueryBuilder everyText() {
    return QueryBuilders.matchQuery("body", String.join(" ", List.of(WORDS).subList(0, 30)));
  }

  private static SearchRequest request(
      String index, QueryBuilder query, int from, int size, NearDupCollapseBuilder ext) {
    SearchSourceBuilder source = new SearchSourceBuilder().query(query).from(from).size(size);
    if (ext != null) {
      source.ext(List.of(ext));
    }
    return new SearchRequest(index).source(source);
  }

  /** The library's collapse of the given ranking, on a Lucene index of the same texts. */
  private static CollapsedHits libraryCollapse(
      Map<String, String> docs,
      Map<String, Long> published,
      List<String> rankedIds,
      double minSimilarity,
      CollapseMode mode,
      CanonicalPolicy canonical,
      List<String> idsOut)
      throws IOException {
    NearDupSettings settings = NearDupSettings.builder().threshold(0.9).build();
    NearDupFields fields = new NearDupFields(FIELD);
    try (Directory dir = new ByteBuffersDirectory();
        NearDupAnalyzer analyzer = new NearDupAnalyzer(settings, true)) {
      // the field's verify: exact: sets as the engine stores them, pairs decided as it decides
      NearDupDocumentBuilder builder =
          new NearDupDocumentBuilder(analyzer, fields, NearDupDocument.SetLayout.DELTA);
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (Map.Entry<String, String> doc : docs.entrySet()) {
          Document d = new Document();
          d.add(new StringField("id", doc.getKey(), Field.Store.YES));
          d.add(new SortedNumericDocValuesField("published", published.get(doc.getKey())));
          d.add(
              new SortedNumericDocValuesField(
                  "popularity", popularity(published.get(doc.getKey()))));
          builder.addFields(d, doc.getValue());
          writer.addDocument(d);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        ScoreDoc[] ranked = new ScoreDoc[rankedIds.size()];
        for (int i = 0; i < ranked.length; i++) {
          TopDocs top = searcher.search(new TermQuery(new Term("id", rankedIds.get(i))), 1);
          ranked[i] = new ScoreDoc(top.scoreDocs[0].doc, ranked.length - i);
        }
        CollapsedHits hits =
            NearDupCollapser.builder(fields, settings)
                .minSimilarity(minSimilarity)
                .mode(mode)
                .canonical(canonical)
                .window(Math.max(1, ranked.length))
                .verification(Verification.EXACT)
                .build()
                .collapse(
                    searcher,
                    new TopDocs(new TotalHits(ranked.length, TotalHits.Relation.EQUAL_TO), ranked));
        for (int d = 0; d < reader.maxDoc(); d++) {
          idsOut.add(searcher.storedFields().document(d).get("id"));
        }
        return hits;
      }
    }
  }

  private static List<String> ids(SearchResponse response) {
    List<String> ids = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      ids.add(hit.getId());
    }
    return ids;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> note(SearchHit hit) {
    return (Map<String, Object>) hit.getMetaFields().get("_neardup").getValue();
  }

  /** The notes of a response's hits, as the JSON shows them. */
  private static List<Map<String, Object>> notes(SearchResponse response) {
    List<Map<String, Object>> notes = new ArrayList<>();
    for (SearchHit hit : response.getHits().getHits()) {
      notes.add(note(hit));
    }
    return notes;
  }

  public void testCollapseAcrossShardsEqualsTheLibrarys() throws IOException {
    String index = "collapse";
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex(index, docs, published, Settings.EMPTY);
    QueryBuilder query = everyText();

    SearchResponse plain = client().search(request(index, query, 0, 100, null)).actionGet();
    assertNoFailures(plain);
    List<String> ranked = ids(plain);
    float maxScore = plain.getHits().getMaxScore();
    Map<String, String> shardOf = new HashMap<>();
    for (SearchHit hit : plain.getHits().getHits()) {
      shardOf.put(hit.getId(), hit.getShard().getShardId().toString());
    }
    assertThat(ranked.size(), equalTo(docs.size()));
    boolean acrossShards = false;
    for (CollapseMode mode : CollapseMode.values()) {
      for (CanonicalPolicy canonical :
          List.of(
              CanonicalPolicy.BEST_SCORE,
              CanonicalPolicy.lowest("published"),
              CanonicalPolicy.highest("published"),
              CanonicalPolicy.parse("popularity,published:asc,score"))) {
        double minSimilarity = randomFrom(0.7, 0.8, 0.9);
        List<String> localIds = new ArrayList<>();
        CollapsedHits expected =
            libraryCollapse(docs, published, ranked, minSimilarity, mode, canonical, localIds);
        List<String> expectedIds = new ArrayList<>();
        for (CollapsedHit hit : expected.hits()) {
          expectedIds.add(localIds.get(hit.doc()));
        }
        NearDupCollapseBuilder ext =
            new NearDupCollapseBuilder(FIELD, minSimilarity, 100, mode, canonical);
        SearchResponse response = client().search(request(index, query, 0, 100, ext)).actionGet();
        assertNoFailures(response);
        String context = mode + " " + canonical + " " + minSimilarity;
        assertThat(context, ids(response), equalTo(expectedIds));
        assertThat(response.getHits().getTotalHits().value(), equalTo((long) docs.size()));
        assertThat("the engine's max_score", response.getHits().getMaxScore(), equalTo(maxScore));
        assertThat(response, instanceOf(CollapsedSearchResponse.class));
        CollapseSummary summary = ((CollapsedSearchResponse) response).summary();
        assertThat(summary.copies(), equalTo(expected.copyCount()));
        assertThat(summary.windowHits(), equalTo(docs.size()));
        if (minSimilarity <= 0.8) {
          // copies differ from their original in one word of 80: Jaccard about 0.88
          assertThat(context, expected.copyCount(), greaterThan(0));
        }
        int copyCounts = 0;
        for (int i = 0; i < expected.hits().size(); i++) {
          CollapsedHit want = expected.hits().get(i);
          SearchHit got = response.getHits().getHits()[i];
          Map<String, Object> note = note(got);
          assertThat(context, note.get("canonical"), equalTo(want.isCanonical()));
          assertNull("the sketch does not leak", got.field("_neardup_sketch"));
          if (want.isCanonical()) {
            if (mode == CollapseMode.REMOVE) {
              copyCounts += (Integer) note.get("copy_count");
            } else {
              assertThat(note.get("copy_count"), equalTo(want.copies().size()));
            }
            if (mode == CollapseMode.GROUP) {
              List<String> copyIds = new ArrayList<>();
              for (Object c : (List<?>) note.get("copies")) {
                copyIds.add((String) ((Map<?, ?>) c).get("_id"));
              }
              List<String> wantIds = new ArrayList<>();
              for (CollapsedHit c : want.copies()) {
                wantIds.add(localIds.get(c.doc()));
                if (!shardOf.get(localIds.get(c.doc())).equals(shardOf.get(got.getId()))) {
                  acrossShards = true;
                }
              }
              assertThat(context, copyIds, equalTo(wantIds));
            }
          } else {
            Map<?, ?> of = (Map<?, ?>) note.get("copy_of");
            assertThat(of.get("_id"), equalTo(localIds.get(want.canonicalDoc())));
            assertEquals((Double) note.get("similarity"), want.similarity(), 1e-4);
          }
        }
        if (mode == CollapseMode.REMOVE) {
          assertThat(copyCounts, equalTo(expected.copyCount()));
        }
      }
    }
    assertTrue("some copies live on other shards than their canonical", acrossShards);

    // pages of the collapsed list add up to the whole list
    NearDupCollapseBuilder demote =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE);
    List<String> whole = ids(client().search(request(index, query, 0, 100, demote)).actionGet());
    List<String> paged = new ArrayList<>();
    for (int from = 0; from < whole.size(); from += 7) {
      paged.addAll(ids(client().search(request(index, query, from, 7, demote)).actionGet()));
    }
    assertThat(paged, equalTo(whole));
  }

  /** A search and the number of hits the shards fetched for it. */
  private static String context(
      CollapseMode mode, CanonicalPolicy canonical, int[] page, boolean sorted) {
    return mode + " " + canonical + " from " + page[0] + " size " + page[1] + " sorted " + sorted;
  }

  private record Fetched(SearchResponse response, int hits) {}

  private Fetched fetched(SearchRequest request) {
    FetchCounting.FETCHED.set(0);
    SearchResponse response = client().search(request).actionGet();
    assertNoFailures(response);
    return new Fetched(response, FetchCounting.FETCHED.get());
  }

  private static void assertSameCollapse(String context, SearchResponse want, SearchResponse got) {
    assertThat(context, got, instanceOf(CollapsedSearchResponse.class));
    assertThat(context, ids(got), equalTo(ids(want)));
    assertThat(context, notes(got), equalTo(notes(want)));
    assertThat(
        context,
        ((CollapsedSearchResponse) got).summary(),
        equalTo(((CollapsedSearchResponse) want).summary()));
    assertThat(context, got.getHits().getTotalHits(), equalTo(want.getHits().getTotalHits()));
    assertThat(context, got.getHits().getMaxScore(), equalTo(want.getHits().getMaxScore()));
    for (int i = 0; i < got.getHits().getHits().length; i++) {
      SearchHit g = got.getHits().getHits()[i];
      SearchHit w = want.getHits().getHits()[i];
      assertThat(context, g.getScore(), equalTo(w.getScore()));
      assertThat(context, List.of(g.getSortValues()), equalTo(List.of(w.getSortValues())));
      assertThat(context, g.getSourceAsMap(), equalTo(w.getSourceAsMap()));
      assertNull(context, g.field("_neardup_sketch"));
    }
  }

  /**
   * A search of a single shard, which OpenSearch fetches right after its query phase, is collapsed
   * on that shard as the library collapses the same ranked hits, every mode and policy, in
   * relevance order and with sorts of its own, and only the page is fetched (for an empty page, one
   * hit that carries the window's counts).
   */
  public void testOneShardCollapsesItsWindowAndFetchesThePageOnly() throws IOException {
    String index = "one-shard";
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex(
        index,
        docs,
        published,
        Settings.builder().put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 1).build());
    QueryBuilder query = everyText();
    for (boolean sorted : new boolean[] {false, true}) {
      SearchRequest plainRequest = request(index, query, 0, 100, null);
      if (sorted) {
        plainRequest.source().sort("popularity", SortOrder.DESC).sort("_score");
      }
      SearchResponse plain = client().search(plainRequest).actionGet();
      assertNoFailures(plain);
      List<String> ranked = ids(plain);
      assertThat(ranked.size(), equalTo(docs.size()));
      // the library ranks by the hits' order: a policy of the best score compares the engine's
      // scores, which follow that order only when the search is in relevance order
      List<CanonicalPolicy> policies =
          sorted
              ? List.of(CanonicalPolicy.lowest("published"))
              : List.of(CanonicalPolicy.BEST_SCORE, CanonicalPolicy.lowest("published"));
      oneShardCollapses(index, docs, published, query, ranked, sorted, policies);
    }
  }

  private void oneShardCollapses(
      String index,
      Map<String, String> docs,
      Map<String, Long> published,
      QueryBuilder query,
      List<String> ranked,
      boolean sorted,
      List<CanonicalPolicy> policies)
      throws IOException {
    for (CollapseMode mode : CollapseMode.values()) {
      for (CanonicalPolicy canonical : policies) {
        List<String> localIds = new ArrayList<>();
        CollapsedHits expected =
            libraryCollapse(docs, published, ranked, 0.8, mode, canonical, localIds);
        List<String> expectedIds = new ArrayList<>();
        for (CollapsedHit hit : expected.hits()) {
          expectedIds.add(localIds.get(hit.doc()));
        }
        assertThat(expected.copyCount(), greaterThan(0));
        for (int[] page : new int[][] {{0, 10}, {3, 5}, {0, 100}, {90, 10}}) {
          String context = context(mode, canonical, page, sorted);
          NearDupCollapseBuilder ext = new NearDupCollapseBuilder(FIELD, 0.8, 100, mode, canonical);
          SearchRequest search = request(index, query, page[0], page[1], ext);
          if (sorted) {
            search.source().sort("popularity", SortOrder.DESC).sort("_score");
          }
          Fetched got = fetched(search);
          int from = Math.min(page[0], expectedIds.size());
          List<String> want =
              expectedIds.subList(from, Math.min(from + page[1], expectedIds.size()));
          assertThat(context, ids(got.response()), equalTo(want));
          assertThat(context, got.hits(), equalTo(Math.max(1, want.size())));
          CollapseSummary summary = ((CollapsedSearchResponse) got.response()).summary();
          assertThat(context, summary.windowHits(), equalTo(docs.size()));
          assertThat(context, summary.copies(), equalTo(expected.copyCount()));
          for (int i = 0; i < want.size(); i++) {
            CollapsedHit w = expected.hits().get(from + i);
            Map<String, Object> note = note(got.response().getHits().getHits()[i]);
            assertThat(context, note.get("canonical"), equalTo(w.isCanonical()));
            if (!w.isCanonical()) {
              Map<?, ?> of = (Map<?, ?>) note.get("copy_of");
              assertThat(context, of.get("_id"), equalTo(localIds.get(w.canonicalDoc())));
              assertThat(context, of.get("_index"), equalTo(index));
              assertEquals(context, (Double) note.get("similarity"), w.similarity(), 1e-4);
            } else if (mode == CollapseMode.GROUP) {
              List<String> copyIds = new ArrayList<>();
              for (Object c : (List<?>) note.get("copies")) {
                copyIds.add((String) ((Map<?, ?>) c).get("_id"));
              }
              List<String> wantCopies = new ArrayList<>();
              for (CollapsedHit c : w.copies()) {
                wantCopies.add(localIds.get(c.doc()));
              }
              assertThat(context, copyIds, equalTo(wantCopies));
            }
          }
        }
      }
    }
  }

  /**
   * A collapse in relevance order collects each shard's window by score alone, as a search without
   * sorts does (not through a field-sorting collector for the internal window sort), and pages the
   * same as the window fetched and collapsed after the fetch phase.
   */
  public void testRelevanceOrderedWindowIsCollectedByScoreAlone() throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    createIndex("by-score", docs, published(docs, random), Settings.EMPTY);
    String generated = "cluster.search.enabled_system_generated_factories";
    NearDupCollapseBuilder ext =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE);
    try {
      updateClusterSettings(Settings.builder().putNull(generated));
      Fetched window =
          fetched(
              new SearchRequest(request("by-score", everyText(), 0, 10, ext)).pipeline("_none"));
      updateClusterSettings(Settings.builder().putList(generated, "neardup_collapse"));
      SearchRequest profiled = request("by-score", everyText(), 0, 10, ext);
      profiled.source().profile(true);
      Fetched fast = fetched(profiled);
      assertSameCollapse("profiled", window.response(), fast.response());
      assertThat(fast.hits(), equalTo(fast.response().getHits().getHits().length));
      List<String> collectors = new ArrayList<>();
      for (ProfileShardResult shard : fast.response().getProfileResults().values()) {
        for (QueryProfileShardResult query : shard.getQueryProfileResults()) {
          collectorNames(query.getCollectorResult(), collectors);
        }
      }
      assertThat(collectors, not(empty()));
      assertThat(collectors.toString(), collectors, everyItem(not(containsString("Field"))));
      assertThat(collectors.toString(), collectors, hasItem(containsString("TopScoreDoc")));
    } finally {
      updateClusterSettings(Settings.builder().putNull(generated));
    }
  }

  private static void collectorNames(CollectorResult result, List<String> names) {
    names.add(result.getName());
    for (CollectorResult child : result.getProfiledChildren()) {
      collectorNames(child, names);
    }
  }

  /**
   * The window collapsed between the query and the fetch phase (the search phase results processor,
   * in a pipeline or system-generated for the extension) gives the same page as the window
   * collapsed after fetching it, and the shards fetch the page only.
   */
  public void testCollapseBeforeTheFetchPhaseFetchesThePageOnlyAndCollapsesAlike()
      throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex("prefetch", docs, published, Settings.EMPTY);
    createIndex(
        "prefetch-one-shard",
        docs,
        published,
        Settings.builder().put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 1).build());
    QueryBuilder query = everyText();
    String generated = "cluster.search.enabled_system_generated_factories";
    int pipelines = 0;
    try {
      for (CollapseMode mode : CollapseMode.values()) {
        for (CanonicalPolicy canonical :
            List.of(CanonicalPolicy.BEST_SCORE, CanonicalPolicy.lowest("published"))) {
          for (int[] page : new int[][] {{0, 10}, {3, 5}, {0, 100}, {60, 10}}) {
            for (boolean sorted : new boolean[] {false, true}) {
              NearDupCollapseBuilder ext =
                  new NearDupCollapseBuilder(FIELD, 0.8, 100, mode, canonical);
              String context = context(mode, canonical, page, sorted);
              SearchRequest byExt = request("prefetch", query, page[0], page[1], ext);
              if (sorted) {
                byExt.source().sort("popularity", SortOrder.DESC).sort("_score");
              }
              updateClusterSettings(Settings.builder().putNull(generated));
              // a search that names a pipeline, even none, runs it: the window is fetched
              Fetched window = fetched(new SearchRequest(byExt).pipeline("_none"));
              assertThat(context, window.hits(), equalTo(docs.size()));

              // without a pipeline of its own, the search gets the processors inline
              Fetched inline = fetched(byExt);
              assertSameCollapse(context + " (inline)", window.response(), inline.response());
              assertThat(
                  context, inline.hits(), equalTo(inline.response().getHits().getHits().length));

              updateClusterSettings(Settings.builder().putList(generated, "neardup_collapse"));
              Fetched fast = fetched(byExt);
              assertSameCollapse(context + " (generated)", window.response(), fast.response());
              assertThat(context, fast.hits(), equalTo(fast.response().getHits().getHits().length));

              String pipeline = "prefetch-" + pipelines++;
              XContentBuilder definition = XContentFactory.jsonBuilder().startObject();
              definition.startArray("request_processors").startObject();
              ext.toXContent(definition, ToXContent.EMPTY_PARAMS);
              definition.endObject().endArray();
              definition.startArray("phase_results_processors");
              definition.startObject().startObject("neardup_collapse").endObject().endObject();
              definition.endArray();
              definition.startArray("response_processors");
              definition.startObject().startObject("neardup_collapse").endObject().endObject();
              definition.endArray().endObject();
              putPipeline(pipeline, definition.toString());
              SearchRequest byPipeline =
                  request("prefetch", query, page[0], page[1], null).pipeline(pipeline);
              if (sorted) {
                byPipeline.source().sort("popularity", SortOrder.DESC).sort("_score");
              }
              Fetched piped = fetched(byPipeline);
              assertSameCollapse(context + " (pipeline)", window.response(), piped.response());
              assertThat(
                  context, piped.hits(), equalTo(piped.response().getHits().getHits().length));

              // the same pipeline inline in the search's body
              SearchRequest byInline = request("prefetch", query, page[0], page[1], null);
              byInline
                  .source()
                  .searchPipelineSource(
                      XContentHelper.convertToMap(
                              BytesReference.bytes(definition), true, XContentType.JSON)
                          .v2());
              if (sorted) {
                byInline.source().sort("popularity", SortOrder.DESC).sort("_score");
              }
              Fetched inlined = fetched(byInline);
              assertSameCollapse(
                  context + " (inline pipeline)", window.response(), inlined.response());
              assertThat(
                  context, inlined.hits(), equalTo(inlined.response().getHits().getHits().length));

              // as OpenSearch merges shards with dfs_query_then_fetch: after the fetch, alike
              Fetched dfs =
                  fetched(new SearchRequest(byExt).searchType(SearchType.DFS_QUERY_THEN_FETCH));
              assertThat(context, dfs.response(), instanceOf(CollapsedSearchResponse.class));
              assertThat(context, dfs.hits(), equalTo(docs.size()));
            }
          }
        }
      }
      // field collapsing and rescoring take the fetching route, alike
      NearDupCollapseBuilder remove =
          new NearDupCollapseBuilder(
              FIELD, 0.8, 100, CollapseMode.REMOVE, CanonicalPolicy.BEST_SCORE);
      SearchRequest fieldCollapsed = request("prefetch", query, 0, 10, remove);
      fieldCollapsed.source().collapse(new CollapseBuilder("popularity"));
      SearchRequest rescored = request("prefetch", query, 0, 10, remove);
      rescored
          .source()
          .addRescorer(new QueryRescorerBuilder(QueryBuilders.matchQuery("body", "time")));
      Fetched fieldCollapsedFast = fetched(fieldCollapsed);
      Fetched rescoredFast = fetched(rescored);
      updateClusterSettings(Settings.builder().putNull(generated));
      assertSameCollapse(
          "field collapsing", fetched(fieldCollapsed).response(), fieldCollapsedFast.response());
      assertSameCollapse("rescore", fetched(rescored).response(), rescoredFast.response());
      assertThat(fieldCollapsedFast.response().getHits().getHits().length, lessThan(4));
      updateClusterSettings(Settings.builder().putList(generated, "neardup_collapse"));

      // a single shard fetches in its query phase: the window is collapsed after it, alike
      NearDupCollapseBuilder ext =
          new NearDupCollapseBuilder(
              FIELD, 0.8, 100, CollapseMode.GROUP, CanonicalPolicy.BEST_SCORE);
      Fetched one = fetched(request("prefetch-one-shard", query, 0, 10, ext));
      updateClusterSettings(Settings.builder().putNull(generated));
      Fetched before = fetched(request("prefetch-one-shard", query, 0, 10, ext));
      assertSameCollapse("one shard", before.response(), one.response());
      // the only shard collapses its window itself and fetches the page only
      assertThat(one.hits(), equalTo(one.response().getHits().getHits().length));
      assertThat(before.hits(), equalTo(before.response().getHits().getHits().length));
      assertThat(((CollapsedSearchResponse) one.response()).summary().copies(), greaterThan(0));
    } finally {
      updateClusterSettings(Settings.builder().putNull(generated));
    }
  }

  private void putPipeline(String id, String json) {
    assertAcked(
        client()
            .admin()
            .cluster()
            .putSearchPipeline(
                new PutSearchPipelineRequest(id, new BytesArray(json), XContentType.JSON))
            .actionGet());
  }

  public void testPipelineCollapsesAsTheExtensionDoes() throws IOException {
    String index = "pipeline";
    Random random = random();
    Map<String, String> docs = corpus(random);
    createIndex(
        index,
        docs,
        published(docs, random),
        Settings.builder().put("index.search.default_pipeline", "dedup").build());
    putPipeline(
        "dedup",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"min_similarity\": 0.8, \"mode\": \"group\", \"window\": 100,"
            + " \"canonical\": {\"field\": \"published\", \"order\": \"asc\"}}}],"
            + " \"response_processors\": [{\"neardup_collapse\": {}}]}");
    QueryBuilder query = everyText();
    NearDupCollapseBuilder ext =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 100, CollapseMode.GROUP, CanonicalPolicy.lowest("published"));
    for (int[] page : new int[][] {{0, 10}, {0, 100}, {3, 5}}) {
      // the request's own extension: the pipeline leaves it alone
      SearchResponse byExt =
          client().search(request(index, query, page[0], page[1], ext)).actionGet();
      SearchResponse byPipeline =
          client().search(request(index, query, page[0], page[1], null)).actionGet();
      assertNoFailures(byPipeline);
      assertThat(ids(byPipeline), equalTo(ids(byExt)));
      assertThat(notes(byPipeline), equalTo(notes(byExt)));
      assertThat(byPipeline.getHits().getTotalHits(), equalTo(byExt.getHits().getTotalHits()));
      assertThat(byPipeline, instanceOf(CollapsedSearchResponse.class));
      assertThat(
          ((CollapsedSearchResponse) byPipeline).summary(),
          equalTo(((CollapsedSearchResponse) byExt).summary()));
      assertThat(((CollapsedSearchResponse) byExt).summary().copies(), greaterThan(0));
    }

    // a pipeline named in the request works on an index without a default one
    putPipeline(
        "remove",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"mode\": \"remove\", \"min_similarity\": 0.8}}],"
            + " \"response_processors\": [{\"neardup_collapse\": {}}]}");
    SearchRequest named = request(index, query, 0, 100, null).pipeline("remove");
    NearDupCollapseBuilder remove =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 100, CollapseMode.REMOVE, CanonicalPolicy.BEST_SCORE);
    assertThat(
        ids(client().search(named).actionGet()),
        equalTo(ids(client().search(request(index, query, 0, 100, remove)).actionGet())));

    // the pipeline's window is checked against the index as the extension's is
    putPipeline(
        "too-wide",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"window\": 5000}}], \"response_processors\": [{\"neardup_collapse\": {}}]}");
    assertBadRequest(
        () -> client().search(request(index, query, 0, 10, null).pipeline("too-wide")).actionGet(),
        "[neardup_collapse] [window] must be at most [200] (index setting"
            + " [index.neardup.max_collapse_window] of index [pipeline]), got [5000]");
    // and its definition as the extension's
    assertBadRequest(
        () ->
            putPipeline(
                "bad",
                "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
                    + " \"mode\": \"fold\"}}]}"),
        "[mode] must be one of [demote, remove, group], got [fold]");
    assertBadRequest(
        () -> putPipeline("bad", "{\"response_processors\": [{\"neardup_collapse\": {\"x\": 1}}]}"),
        "[neardup_collapse] response processor takes no parameters");

    // a search's own inline pipeline runs beside its extension, not replaced (a bad one fails it)
    SearchRequest inline = request(index, query, 0, 10, remove);
    Map<String, Object> bad = new HashMap<>(Map.of("x", 1));
    inline
        .source()
        .searchPipelineSource(
            new HashMap<>(
                Map.of(
                    "response_processors",
                    new ArrayList<>(List.of(new HashMap<>(Map.of("neardup_collapse", bad)))))));
    Exception e = expectThrows(Exception.class, () -> client().search(inline).actionGet());
    StringBuilder messages = new StringBuilder();
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      messages.append(cause.getMessage()).append('\n');
    }
    assertThat(
        messages.toString(),
        containsString(
            "response processor takes no parameters (they belong to the request processor of the same name), got [x]"));
  }

  public void testErrorsAreBadRequestsNamingTheParameter() throws IOException {
    String index = "errors";
    Map<String, String> docs = corpus(random());
    createIndex(index, docs, published(docs, random()), Settings.EMPTY);
    QueryBuilder query = everyText();
    assertBadRequest(
        () ->
            client()
                .search(request(index, query, 0, 10, new NearDupCollapseBuilder("nope")))
                .actionGet(),
        "[neardup_collapse] unknown field [nope]: no searched index maps it");
    assertBadRequest(
        () ->
            client()
                .search(request(index, query, 0, 10, new NearDupCollapseBuilder("body")))
                .actionGet(),
        "[neardup_collapse] field [body] is of type [text] in index [errors], expected a field of"
            + " type [neardup]");
    assertBadRequest(
        () ->
            client()
                .search(
                    request(
                        index,
                        query,
                        0,
                        10,
                        new NearDupCollapseBuilder(
                            FIELD, null, 500, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE)))
                .actionGet(),
        "[neardup_collapse] [window] must be at most [200] (index setting"
            + " [index.neardup.max_collapse_window] of index [errors]), got [500]");
    assertBadRequest(
        () ->
            client()
                .search(
                    request(
                        index,
                        query,
                        95,
                        10,
                        new NearDupCollapseBuilder(
                            FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE)))
                .actionGet(),
        "[neardup_collapse] from + size must be at most [window] [100], got [105]");
    assertBadRequest(
        () ->
            client()
                .search(
                    request(
                        index,
                        query,
                        0,
                        10,
                        new NearDupCollapseBuilder(
                            FIELD,
                            null,
                            100,
                            CollapseMode.DEMOTE,
                            CanonicalPolicy.lowest("publishd"))))
                .actionGet(),
        "[neardup_collapse] [canonical] field [publishd] is not mapped in any searched index");
    assertBadRequest(
        () ->
            client()
                .search(
                    request(
                        index,
                        query,
                        0,
                        10,
                        new NearDupCollapseBuilder(
                            FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.lowest("body"))))
                .actionGet(),
        "[canonical] field [body] is of type [text] in index [errors]");
    assertBadRequest(
        () ->
            client()
                .execute(
                    TransportNearDupClustersAction.TYPE,
                    new NearDupClustersRequest(index).field("body"))
                .actionGet(),
        "[_neardup/clusters] field [body] is of type [text] in index [errors], expected a field of"
            + " type [neardup]");
    assertBadRequest(
        () ->
            client()
                .execute(TransportNearDupClustersAction.TYPE, new NearDupClustersRequest(index))
                .actionGet(),
        "[field] is required");
  }

  /** The library's clusters of the same texts: sets of ids. */
  private static Set<Set<String>> libraryClusters(Map<String, String> docs, double threshold)
      throws IOException {
    // the field's verify: exact: sets as the engine stores them, pairs decided as it decides
    return LibraryClusters.of(docs, NearDupSettings.builder().threshold(0.9).build(), threshold)
        .sets();
  }

  private static Set<Set<String>> ids(NearDupClustersResponse response) {
    Set<Set<String>> actual = new HashSet<>();
    for (ClusterListing.Group c : response.clusters()) {
      Set<String> ids = new HashSet<>();
      ids.add(c.canonical().id());
      for (ClusterListing.Member m : c.copies()) {
        ids.add(m.id());
      }
      actual.add(ids);
    }
    return actual;
  }

  private void updateClusterSettings(Settings.Builder settings) {
    assertAcked(
        client().admin().cluster().prepareUpdateSettings().setPersistentSettings(settings).get());
  }

  /**
   * With a budget of 1mb and 8,000 documents the run reads the shards' band entries in three
   * partitions and verifies in many blocks; the clusters still equal the library's, and every byte
   * reserved on the request circuit breaker is released (checked after each test).
   */
  public void testClustersApiWithinASmallMemoryBudgetReadsPartitionsAndEqualsTheLibrarys()
      throws IOException {
    String index = "budget";
    Random random = random();
    Map<String, String> docs = new LinkedHashMap<>();
    for (int g = 0; docs.size() < 8_000; g++) {
      List<String> original = randomWords(random, 60);
      docs.put("g" + g + "-0", String.join(" ", original));
      int copies = random.nextInt(3);
      for (int c = 1; c <= copies; c++) {
        List<String> copy = new ArrayList<>(original);
        copy.set(random.nextInt(copy.size()), "edit" + c);
        docs.put("g" + g + "-" + c, String.join(" ", copy));
      }
    }
    createIndex(index, docs, published(docs, random), Settings.EMPTY);
    updateClusterSettings(Settings.builder().put("neardup.clusters.memory_budget", "1mb"));
    try {
      Set<Set<String>> expected = libraryClusters(docs, 0.8);
      assertThat(expected.size(), greaterThan(1500));
      NearDupClustersResponse response =
          client()
              .execute(
                  TransportNearDupClustersAction.TYPE,
                  new NearDupClustersRequest(index)
                      .field(FIELD)
                      .minSimilarity(0.8)
                      .batchSize(500)
                      .size(10_000))
              .actionGet();
      assertThat(ids(response), equalTo(expected));
      assertThat(response.page().documents(), equalTo((long) docs.size()));
    } finally {
      updateClusterSettings(Settings.builder().putNull("neardup.clusters.memory_budget"));
    }
    IllegalArgumentException tooSmall =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                updateClusterSettings(
                    Settings.builder().put("neardup.clusters.memory_budget", "100kb")));
    assertThat(tooSmall.getMessage(), containsString("neardup.clusters.memory_budget"));
  }

  /**
   * A run kept with keep_alive is paged from any node without recomputing, equals the pages of a
   * run that is not kept, and deletes its point in time once it expires.
   */
  public void testKeptRunsArePagedFromAnyNodeAndExpire() throws Exception {
    String index = "kept";
    Random random = random();
    Map<String, String> docs = corpus(random);
    createIndex(index, docs, published(docs, random), Settings.EMPTY);
    NearDupClustersResponse all =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index).field(FIELD).minSimilarity(0.7))
            .actionGet();
    assertNull(all.page().run());
    assertThat(all.page().totalClusters(), greaterThan(3));
    NearDupClustersResponse first =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index)
                    .field(FIELD)
                    .minSimilarity(0.7)
                    .size(2)
                    .keepAlive(TimeValue.timeValueSeconds(3)))
            .actionGet();
    assertNotNull(first.page().run());
    assertThat(first.clusters(), equalTo(all.clusters().subList(0, 2)));
    for (String node : internalCluster().getNodeNames()) {
      NearDupClustersResponse page =
          internalCluster()
              .client(node)
              .execute(
                  TransportNearDupClustersAction.TYPE,
                  new NearDupClustersRequest().run(first.page().run()).from(2).size(100))
              .actionGet();
      assertThat(page.page().run(), equalTo(first.page().run()));
      assertThat(page.clusters(), equalTo(all.clusters().subList(2, all.page().totalClusters())));
      assertThat(page.page().totalClusters(), equalTo(all.page().totalClusters()));
      assertThat(page.page().documents(), equalTo(all.page().documents()));
    }
    // the kept run holds its point in time open on the shards
    assertThat(pitsOpen(index), greaterThan(0L));
    ActionRequestValidationException both =
        expectThrows(
            ActionRequestValidationException.class,
            () ->
                client()
                    .execute(
                        TransportNearDupClustersAction.TYPE,
                        new NearDupClustersRequest(index).field(FIELD).run(first.page().run()))
                    .actionGet());
    assertThat(both.getMessage(), containsString("[run] pages through a kept run"));
    assertBusy(
        () -> {
          ResourceNotFoundException gone =
              expectThrows(
                  ResourceNotFoundException.class,
                  () ->
                      client()
                          .execute(
                              TransportNearDupClustersAction.TYPE,
                              new NearDupClustersRequest().run(first.page().run()))
                          .actionGet());
          assertThat(gone.getMessage(), containsString("no kept run [" + first.page().run() + "]"));
        },
        30,
        TimeUnit.SECONDS);
    assertBusy(() -> {
      assertThat(pitsOpen(index), equalTo(0L));
      assertThat(searchStats(index).getOpenContexts(), equalTo(0L));
    });
  }

  private SearchStats searchStats(String index) {
    return client().admin().indices().prepareStats(index).get().getTotal().getSearch();
  }

  private long pitsOpen(String index) {
    return searchStats(index).getTotal().getPitCurrent();
  }

  public void testClustersApiAcrossShardsEqualsTheLibrarys() throws IOException {
    String index = "clusters";
    Random random = random();
    Map<String, String> docs = corpus(random);
    // unrelated texts too, which cluster with nothing
    for (int i = 0; i < 10; i++) {
      docs.put("single-" + i, String.join(" ", randomWords(random, 60)));
    }
    createIndex(index, docs, published(docs, random), Settings.EMPTY);
    for (double t : new double[] {0.7, 0.8}) {
      Set<Set<String>> expected = libraryClusters(docs, t);
      assertThat(expected.size(), greaterThan(0));
      NearDupClustersRequest request =
          new NearDupClustersRequest(index)
              .field(FIELD)
              .minSimilarity(t)
              .batchSize(between(1, 30))
              .size(100);
      NearDupClustersResponse response =
          client().execute(TransportNearDupClustersAction.TYPE, request).actionGet();
      Set<Set<String>> actual = new HashSet<>();
      long clustered = 0;
      for (ClusterListing.Group c : response.clusters()) {
        Set<String> ids = new HashSet<>();
        ids.add(c.canonical().id());
        for (ClusterListing.Member m : c.copies()) {
          ids.add(m.id());
          assertThat(m.index(), equalTo(index));
          assertTrue("similarity " + m.similarity(), m.similarity() > 0);
        }
        clustered += c.size();
        actual.add(ids);
      }
      assertThat("threshold " + t, actual, equalTo(expected));
      assertThat(response.page().totalClusters(), equalTo(expected.size()));
      assertThat(response.page().clusteredDocuments(), equalTo(clustered));
      assertThat(response.page().documents(), equalTo((long) docs.size()));
    }

    // the field's threshold (0.9) is the default; pages of one cluster add up to the whole list
    NearDupClustersResponse all =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE, new NearDupClustersRequest(index).field(FIELD))
            .actionGet();
    assertThat(all.page().minSimilarity(), equalTo(0.9));
    List<ClusterListing.Group> paged = new ArrayList<>();
    for (int from = 0; from < all.page().totalClusters(); from++) {
      paged.addAll(
          client()
              .execute(
                  TransportNearDupClustersAction.TYPE,
                  new NearDupClustersRequest(index).field(FIELD).from(from).size(1))
              .actionGet()
              .clusters());
    }
    assertThat(paged, equalTo(all.clusters()));

    // the canonical policy picks the earliest published member
    NearDupClustersResponse earliest =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index)
                    .field(FIELD)
                    .minSimilarity(0.7)
                    .canonical(CanonicalPolicy.lowest("published")))
            .actionGet();
    assertThat(earliest.page().totalClusters(), greaterThan(0));
  }

  /**
   * What the field, the query, collapse (extension and index-default pipeline) and the clustering
   * API answer, for comparison across a restart.
   */
  private List<Object> answers(String index, Map<String, String> docs) {
    List<Object> out = new ArrayList<>();
    NearDupCollapseBuilder group =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 100, CollapseMode.GROUP, CanonicalPolicy.lowest("published"));
    for (SearchRequest request :
        List.of(
            request(index, everyText(), 0, 100, group),
            request(index, everyText(), 0, 100, null)
                .pipeline("restart-dedup"), // the stored pipeline, in cluster state
            request(
                index,
                new io.neardup.opensearch.query.NearDupQueryBuilder(FIELD, docs.get("g0-0"))
                    .minSimilarity(0.7),
                0,
                100,
                null),
            request(index, QueryBuilders.existsQuery(FIELD), 0, 100, null))) {
      SearchResponse response = client().search(request).actionGet();
      assertNoFailures(response);
      List<String> hits = new ArrayList<>();
      for (SearchHit hit : response.getHits().getHits()) {
        hits.add(hit.getId() + " " + hit.getScore() + " " + hit.getMetaFields().get("_neardup"));
      }
      out.add(hits);
    }
    out.add(
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index)
                    .field(FIELD)
                    .canonical(CanonicalPolicy.lowest("published")))
            .actionGet()
            .clusters());
    return out;
  }

  @SuppressWarnings("unchecked")
  public void testFieldQueryCollapseAndClustersSurviveAFullClusterRestart() throws Exception {
    String index = "restart";
    Random random = random();
    Map<String, String> docs = corpus(random);
    // an exact copy shares every band, so the query below finds more than its own text whatever
    // the corpus (an edited copy at ~0.88 may miss the bands of a field tuned for 0.9)
    docs.put("g0-same", docs.get("g0-0"));
    putPipeline(
        "restart-dedup",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"mode\": \"remove\", \"canonical\": \"published:desc\"}}],"
            + " \"response_processors\": [{\"neardup_collapse\": {}}]}");
    createIndex(index, docs, published(docs, random), Settings.EMPTY);
    flushAndRefresh(index);
    List<Object> before = answers(index, docs);
    List<String> grouped = (List<String>) before.get(0);
    List<String> removed = (List<String>) before.get(1);
    // at least a canonical hit per group of the corpus, copies folded; the query finds group 0
    assertThat(grouped.size(), greaterThanOrEqualTo(8));
    assertThat(grouped.size(), lessThan(docs.size()));
    assertThat(removed.size(), greaterThanOrEqualTo(8));
    assertThat(removed.size(), lessThan(docs.size()));
    assertThat(((List<String>) before.get(2)).size(), greaterThan(1));
    assertThat(((List<String>) before.get(3)).size(), equalTo(docs.size()));
    assertThat(((List<?>) before.get(4)).size(), greaterThan(0));

    internalCluster().fullRestart();
    ensureGreen(index);

    assertThat(answers(index, docs), equalTo(before));
  }

  private static void assertBadRequest(ThrowingRunnable request, String message) {
    Exception e = expectThrows(Exception.class, request);
    Throwable cause = e;
    StringBuilder messages = new StringBuilder();
    while (cause != null) {
      messages.append(cause.getMessage()).append('\n');
      cause = cause.getCause();
    }
    assertThat(messages.toString(), ExceptionsHelper.status(e), equalTo(RestStatus.BAD_REQUEST));
    assertThat(messages.toString(), containsString(message));
  }
}
