package io.neardup.elasticsearch;

import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertAcked;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertNoFailures;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

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
import io.neardup.elasticsearch.collapse.CollapsedSearchResponse;
import io.neardup.elasticsearch.collapse.NearDupCollapseBuilder;
import io.neardup.elasticsearch.collapse.NearDupCollapseFilter;
import io.neardup.engine.collapse.CollapseSummary;
import io.neardup.settings.NearDupSettings;
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
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.elasticsearch.ElasticsearchException;
import org.elasticsearch.ExceptionsHelper;
import org.elasticsearch.action.bulk.BulkRequestBuilder;
import org.elasticsearch.action.search.SearchRequest;
import org.elasticsearch.action.search.SearchResponse;
import org.elasticsearch.action.support.WriteRequest;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.query.QueryBuilder;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.aggregations.AggregationBuilders;
import org.elasticsearch.search.aggregations.metrics.Max;
import org.elasticsearch.search.builder.SearchSourceBuilder;
import org.elasticsearch.search.retriever.StandardRetrieverBuilder;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.xcontent.XContentFactory;

/**
 * {@code neardup_collapse} on a cluster of two data nodes with an index of four shards, copies of
 * each text spread over them: the collapsed results must equal the Lucene library's collapse of the
 * same hits in the same order, in every mode, with canonical policies and paging.
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupCollapseIntegrationTests extends ESIntegTestCase {
  private static final String INDEX = "collapse";
  private static final String FIELD = "body.dup";
  private static final int SHARDS = 4;

  private static final String[] WORDS = NearDupIntegrationTests.WORDS;

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  /** Groups of an original and up to four lightly edited copies, plus unrelated texts. */
  private static Map<String, String> corpus(Random random) {
    Map<String, String> docs = new LinkedHashMap<>();
    for (int g = 0; g < 8; g++) {
      List<String> original = NearDupIntegrationTests.randomWords(random, 80);
      docs.put("g" + g + "-0", String.join(" ", original));
      int copies = 1 + random.nextInt(4);
      for (int c = 1; c <= copies; c++) {
        List<String> copy = new ArrayList<>(original);
        int at = random.nextInt(copy.size());
        copy.set(at, "edit" + c);
        docs.put("g" + g + "-" + c, String.join(" ", copy));
      }
    }
    return docs;
  }

  private Map<String, Long> published(Map<String, String> docs, Random random) {
    Map<String, Long> published = new HashMap<>();
    for (String id : docs.keySet()) {
      published.put(id, 1_600_000_000_000L + random.nextInt(1_000_000));
    }
    return published;
  }

  private void createIndex(Map<String, String> docs, Map<String, Long> published)
      throws IOException {
    assertAcked(
        indicesAdmin()
            .prepareCreate(INDEX)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, SHARDS)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0)
                    .put(NearDupCollapseFilter.MAX_WINDOW_SETTING_NAME, 200))
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
    ensureGreen(INDEX);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(
          prepareIndex(INDEX)
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

  /** Creates the index with a random corpus; returns its texts by id. */
  private Map<String, String> indexCorpus() throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    createIndex(docs, published(docs, random));
    return docs;
  }

  private static SearchRequest request(QueryBuilder query, int from, int size, Object ext) {
    SearchSourceBuilder source = new SearchSourceBuilder().query(query).from(from).size(size);
    if (ext != null) {
      source.ext(List.of((NearDupCollapseBuilder) ext));
    }
    return new SearchRequest(INDEX).source(source);
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
    return (Map<String, Object>) hit.getMetadataFields().get("_neardup").getValue();
  }

  public void testCollapseAcrossShardsEqualsTheLibrarys() throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex(docs, published);
    // a query every text matches, with scores that differ from text to text
    QueryBuilder query = everyText();

    SearchResponse plain = client().search(request(query, 0, 100, null)).actionGet();
    List<String> ranked;
    Map<String, String> shardOf = new HashMap<>();
    float maxScore;
    try {
      assertNoFailures(plain);
      ranked = ids(plain);
      maxScore = plain.getHits().getMaxScore();
      for (SearchHit hit : plain.getHits().getHits()) {
        shardOf.put(hit.getId(), hit.getShard().getShardId().toString());
      }
      assertThat(ranked.size(), equalTo(docs.size()));
    } finally {
      plain.decRef();
    }
    long total = docs.size();
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
        SearchResponse response = client().search(request(query, 0, 100, ext)).actionGet();
        try {
          assertNoFailures(response);
          String context = mode + " " + canonical + " " + minSimilarity;
          assertThat(context, ids(response), equalTo(expectedIds));
          assertThat(response.getHits().getTotalHits().value(), equalTo(total));
          assertThat("the engine's max_score", response.getHits().getMaxScore(), equalTo(maxScore));
          assertThat(response, instanceOf(CollapsedSearchResponse.class));
          CollapseSummary summary = ((CollapsedSearchResponse) response).summary();
          assertThat(summary.copies(), equalTo(expected.copyCount()));
          assertThat(summary.windowHits(), equalTo(docs.size()));
          if (minSimilarity <= 0.8) {
            // copies differ from their original in one word of 80: Jaccard about 0.88, so at 0.7
            // and 0.8 the corpus has copies to collapse; at 0.9 whether any estimate reaches it
            // depends on the seed
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
                copyCounts += (Integer) note.get("copy_count"); // the library does not list them
              } else {
                assertThat(note.get("copy_count"), equalTo(want.copies().size()));
              }
              if (mode == CollapseMode.GROUP) {
                List<?> copies = (List<?>) note.get("copies");
                List<String> copyIds = new ArrayList<>();
                for (Object c : copies) {
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
              assertThat((Double) note.get("similarity"), closeTo(want.similarity(), 1e-4));
            }
          }
          if (mode == CollapseMode.REMOVE) {
            assertThat(copyCounts, equalTo(expected.copyCount()));
          }
        } finally {
          response.decRef();
        }
      }
    }
    assertTrue("some copies live on other shards than their canonical", acrossShards);
  }

  private static org.hamcrest.Matcher<Double> closeTo(double value, double error) {
    return org.hamcrest.Matchers.closeTo(value, error);
  }

  /**
   * A search sorted by a field cannot collapse between the query and fetch phases (that path is for
   * relevance order); it fetches the window instead, with the same result as the library's.
   */
  public void testSortedSearchCollapsesTheFetchedWindow() throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex(docs, published);
    SearchSourceBuilder source =
        new SearchSourceBuilder()
            .query(QueryBuilders.matchAllQuery())
            .size(100)
            .sort("published", org.elasticsearch.search.sort.SortOrder.DESC);
    SearchResponse plain = client().search(new SearchRequest(INDEX).source(source)).actionGet();
    List<String> ranked;
    try {
      ranked = ids(plain);
    } finally {
      plain.decRef();
    }
    for (CollapseMode mode : CollapseMode.values()) {
      List<String> localIds = new ArrayList<>();
      CollapsedHits expected =
          libraryCollapse(docs, published, ranked, 0.8, mode, CanonicalPolicy.BEST_SCORE, localIds);
      List<String> expectedIds = new ArrayList<>();
      for (CollapsedHit hit : expected.hits()) {
        expectedIds.add(localIds.get(hit.doc()));
      }
      SearchSourceBuilder collapsing =
          source
              .shallowCopy()
              .ext(
                  List.of(
                      new NearDupCollapseBuilder(
                          FIELD, 0.8, 100, mode, CanonicalPolicy.BEST_SCORE)));
      SearchResponse response =
          client().search(new SearchRequest(INDEX).source(collapsing)).actionGet();
      try {
        assertNoFailures(response);
        assertThat(mode.toString(), ids(response), equalTo(expectedIds));
        assertThat(
            ((CollapsedSearchResponse) response).summary().copies(), equalTo(expected.copyCount()));
        for (SearchHit hit : response.getHits().getHits()) {
          assertNotNull(note(hit));
          assertThat(hit.getSortValues().length, equalTo(1));
          assertNull(hit.field("_neardup_sketch"));
        }
      } finally {
        response.decRef();
      }
    }
  }

  /**
   * A search by retriever keeps its retriever: Elasticsearch turns it into the search's query only
   * after the action filters, and a collapse that dropped it would collapse the whole index.
   */
  public void testRetrieverSearchCollapsesItsOwnHits() throws IOException {
    Random random = random();
    Map<String, String> docs = corpus(random);
    Map<String, Long> published = published(docs, random);
    createIndex(docs, published);
    long middle = published.values().stream().sorted().toList().get(published.size() / 2);
    QueryBuilder query = QueryBuilders.rangeQuery("published").lte(middle);
    for (CollapseMode mode : CollapseMode.values()) {
      NearDupCollapseBuilder ext =
          new NearDupCollapseBuilder(FIELD, 0.8, 100, mode, CanonicalPolicy.BEST_SCORE);
      SearchSourceBuilder byQuery =
          new SearchSourceBuilder().query(query).size(100).ext(List.of(ext));
      SearchSourceBuilder byRetriever =
          new SearchSourceBuilder()
              .retriever(new StandardRetrieverBuilder(query))
              .size(100)
              .ext(List.of(ext));
      SearchResponse want = client().search(new SearchRequest(INDEX).source(byQuery)).actionGet();
      SearchResponse got =
          client().search(new SearchRequest(INDEX).source(byRetriever)).actionGet();
      try {
        assertNoFailures(got);
        assertThat(
            mode.toString(), got.getHits().getTotalHits(), equalTo(want.getHits().getTotalHits()));
        assertThat(mode.toString(), ids(got), equalTo(ids(want)));
        assertThat(
            mode.toString(),
            ((CollapsedSearchResponse) got).summary(),
            equalTo(((CollapsedSearchResponse) want).summary()));
        for (SearchHit hit : got.getHits().getHits()) {
          assertThat(published.get(hit.getId()), lessThanOrEqualTo(middle));
        }
      } finally {
        want.decRef();
        got.decRef();
      }
    }
  }

  public void testPagingThroughTheCollapsedList() throws IOException {
    Map<String, String> docs = indexCorpus();
    QueryBuilder query = everyText();
    NearDupCollapseBuilder ext =
        new NearDupCollapseBuilder(
            FIELD, null, 50, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE);
    SearchResponse all = client().search(request(query, 0, 50, ext)).actionGet();
    List<String> whole;
    try {
      whole = ids(all);
      // the field's threshold (0.9) is the default minimum similarity
      assertThat(((CollapsedSearchResponse) all).summary().minSimilarity(), equalTo(0.9));
    } finally {
      all.decRef();
    }
    List<String> paged = new ArrayList<>();
    for (int from = 0; from < 50; from += 7) {
      SearchResponse page =
          client().search(request(query, from, Math.min(7, 50 - from), ext)).actionGet();
      try {
        paged.addAll(ids(page));
      } finally {
        page.decRef();
      }
    }
    assertThat(paged, equalTo(whole));
    Set<String> distinct = new HashSet<>(whole);
    assertThat(distinct.size(), equalTo(docs.size()));
  }

  /**
   * Aggregations and {@code track_total_hits} are the search's own: a collapsed search answers the
   * same aggregations and count as the plain one, and the same hits as a collapse without them.
   */
  public void testAggregationsAndTotalHitsStayTheSearchs() throws IOException {
    Map<String, String> docs = indexCorpus();
    QueryBuilder query = everyText();
    NearDupCollapseBuilder ext =
        new NearDupCollapseBuilder(
            FIELD, 0.8, 50, randomFrom(CollapseMode.values()), CanonicalPolicy.BEST_SCORE);
    SearchResponse bare = client().search(request(query, 0, 10, ext)).actionGet();
    List<String> expected;
    try {
      expected = ids(bare);
    } finally {
      bare.decRef();
    }
    SearchRequest withAggs = request(query, 0, 10, ext);
    withAggs.source().aggregation(AggregationBuilders.max("latest").field("published"));
    SearchResponse collapsed = client().search(withAggs).actionGet();
    SearchRequest plainAggs = request(query, 0, 10, null);
    plainAggs.source().aggregation(AggregationBuilders.max("latest").field("published"));
    SearchResponse plain = client().search(plainAggs).actionGet();
    try {
      assertNoFailures(collapsed);
      assertThat(ids(collapsed), equalTo(expected));
      Max got = collapsed.getAggregations().get("latest");
      Max want = plain.getAggregations().get("latest");
      assertThat(got.value(), equalTo(want.value()));
      assertThat(
          collapsed.getHits().getTotalHits().value(),
          equalTo(plain.getHits().getTotalHits().value()));
    } finally {
      collapsed.decRef();
      plain.decRef();
    }
    SearchRequest untracked = request(query, 0, 10, ext);
    untracked.source().trackTotalHits(false);
    SearchResponse noTotal = client().search(untracked).actionGet();
    try {
      assertNoFailures(noTotal);
      assertThat(ids(noTotal), equalTo(expected));
      assertNull("no total when it is not tracked", noTotal.getHits().getTotalHits());
    } finally {
      noTotal.decRef();
    }
  }

  /** What a near-duplicate query, a collapse and the clusters API answer, for comparison. */
  private List<Object> answers(Map<String, String> docs) {
    List<Object> out = new ArrayList<>();
    QueryBuilder query = everyText();
    SearchResponse collapsed =
        client()
            .search(
                request(
                    query,
                    0,
                    100,
                    new NearDupCollapseBuilder(
                        FIELD, 0.8, 100, CollapseMode.GROUP, CanonicalPolicy.lowest("published"))))
            .actionGet();
    try {
      assertNoFailures(collapsed);
      for (SearchHit hit : collapsed.getHits().getHits()) {
        out.add(hit.getId() + " " + note(hit));
      }
    } finally {
      collapsed.decRef();
    }
    SearchResponse similar =
        client()
            .search(
                request(
                    new io.neardup.elasticsearch.query.NearDupQueryBuilder(FIELD, docs.get("g0-0"))
                        .minSimilarity(0.7),
                    0,
                    100,
                    null))
            .actionGet();
    try {
      for (SearchHit hit : similar.getHits().getHits()) {
        out.add(hit.getId() + " " + hit.getScore());
      }
    } finally {
      similar.decRef();
    }
    out.add(
        client()
            .execute(
                io.neardup.elasticsearch.clusters.TransportNearDupClustersAction.TYPE,
                new io.neardup.elasticsearch.clusters.NearDupClustersRequest(INDEX)
                    .field(FIELD)
                    .canonical(CanonicalPolicy.lowest("published")))
            .actionGet()
            .clusters());
    return out;
  }

  public void testSketchesAndResultsSurviveAFullClusterRestart() throws Exception {
    Map<String, String> docs = indexCorpus();
    flushAndRefresh(INDEX);
    List<Object> before = answers(docs);
    // at least a canonical hit per group of the corpus, the query's own text, and the clusters
    assertThat(before.size(), greaterThanOrEqualTo(8 + 1 + 1));

    internalCluster().fullRestart();
    ensureGreen(INDEX);

    assertThat(answers(docs), equalTo(before));
  }

  public void testErrorsAreBadRequestsNamingTheParameter() throws IOException {
    Map<String, String> docs = indexCorpus();
    QueryBuilder query = QueryBuilders.matchAllQuery();
    assertBadRequest(
        request(query, 0, 10, new NearDupCollapseBuilder("nope")),
        "[neardup_collapse] unknown field [nope]");
    assertBadRequest(
        request(query, 0, 10, new NearDupCollapseBuilder("body")),
        "[neardup_collapse] field [body] is of type [text] in index [collapse], expected a field"
            + " of type [neardup]");
    assertBadRequest(
        request(
            query,
            0,
            10,
            new NearDupCollapseBuilder(
                FIELD, null, 500, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE)),
        "[neardup_collapse] [window] must be at most [200] (index setting"
            + " [index.neardup.max_collapse_window] of index [collapse]), got [500]");
    assertBadRequest(
        request(
            query,
            95,
            10,
            new NearDupCollapseBuilder(
                FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE)),
        "[neardup_collapse] from + size must be at most [window] [100], got [105]");
    assertBadRequest(
        request(
            query,
            0,
            10,
            new NearDupCollapseBuilder(
                FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.lowest("body"))),
        "[canonical] field [body] is of type [text] in index [collapse]");
    assertBadRequest(
        request(
            query,
            0,
            10,
            new NearDupCollapseBuilder(
                FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.lowest("publishd"))),
        "[neardup_collapse] [canonical] field [publishd] is not mapped in any searched index");
    // a sorted search fetches the whole window as one page, which the index's result window caps
    updateIndexSettings(Settings.builder().put("index.max_result_window", 50), "collapse");
    SearchRequest sorted =
        request(
            query,
            0,
            10,
            new NearDupCollapseBuilder(
                FIELD, null, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE));
    sorted.source().sort("_doc");
    assertBadRequest(
        sorted,
        "[neardup_collapse] [window] must be at most [50] for this search, got [100]: it is sorted"
            + " by a field");
    expectThrows(
        IllegalArgumentException.class,
        () ->
            new NearDupCollapseBuilder(
                FIELD, 1.5, 100, CollapseMode.DEMOTE, CanonicalPolicy.BEST_SCORE));
  }

  private void assertBadRequest(SearchRequest request, String message) {
    Exception e = expectThrows(Exception.class, () -> client().search(request).actionGet());
    assertThat(ExceptionsHelper.status(e), equalTo(RestStatus.BAD_REQUEST));
    StringBuilder messages = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
      if (t instanceof ElasticsearchException ee) {
        for (Throwable s : ee.guessRootCauses()) {
          messages.append(s.getMessage()).append('\n');
        }
      }
    }
    assertThat(messages.toString(), containsString(message));
  }
}
