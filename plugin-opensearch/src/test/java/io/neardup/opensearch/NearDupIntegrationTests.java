package io.neardup.opensearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertAcked;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertNoFailures;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.api.LikeDocument;
import io.neardup.opensearch.clusters.NearDupClustersRequest;
import io.neardup.opensearch.clusters.NearDupClustersResponse;
import io.neardup.opensearch.clusters.TransportNearDupClustersAction;
import io.neardup.opensearch.query.NearDupQueryBuilder;
import io.neardup.opensearch.reconcile.NearDupReconcileRequest;
import io.neardup.opensearch.reconcile.NearDupReconcileResponse;
import io.neardup.opensearch.reconcile.TransportNearDupReconcileAction;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CliClusters;
import io.neardup.testkit.CorpusGenerator;
import io.neardup.testkit.LibraryClusters;
import io.neardup.testkit.OversizedTexts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Version;
import org.opensearch.ExceptionsHelper;
import org.opensearch.action.admin.indices.analyze.AnalyzeAction;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.plugins.Plugin;
import org.opensearch.search.SearchHit;
import org.opensearch.test.OpenSearchIntegTestCase;

/**
 * End to end on a cluster of two data nodes, with an index of four shards over which the members of
 * each near-duplicate family are spread: the plugin's results must equal the Lucene library's on
 * the same texts, on OpenSearch's own Lucene. One suite (the cluster starts once); each test builds
 * its own index.
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupIntegrationTests extends OpenSearchIntegTestCase {
  private static final String FIELD = "body.dup";
  private static final int SHARDS = 4;
  private static final double MIN_SIMILARITY = 0.5;

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  /** Near-duplicate families and singletons of 50 to 200 words, seeded by the test. */
  private Map<String, String> corpus() {
    CorpusGenerator.Config config =
        new CorpusGenerator.Config(40, 8, 0.7, 6, 50, 200, 0.5, 0.1, 0, random().nextLong());
    Map<String, String> docs = new LinkedHashMap<>();
    for (CorpusGenerator.Document d : new CorpusGenerator(config).generate()) {
      docs.put("d" + d.id(), d.text());
    }
    return docs;
  }

  private void createIndex(String index, Map<String, String> docs) throws IOException {
    XContentBuilder mapping =
        XContentFactory.jsonBuilder()
            .startObject()
            .startObject("properties")
            .startObject("body")
            .field("type", "text")
            .startObject("fields")
            .startObject("dup")
            .field("type", "neardup")
            .endObject()
            .endObject()
            .endObject()
            .endObject()
            .endObject();
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate(index)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, SHARDS)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0)
                    .put("index.neardup.max_collapse_window", 500))
            .setMapping(mapping));
    ensureGreen(index);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(client().prepareIndex(index).setId(doc.getKey()).setSource("body", doc.getValue()));
    }
    assertNoFailures(bulk.get());
  }

  /** The library's answer: the same texts in one Lucene index, queried with each text. */
  private static Map<String, Map<String, Float>> libraryResults(
      Map<String, String> docs, double minSimilarity) throws IOException {
    Map<String, Map<String, Float>> results = new TreeMap<>();
    NearDupFields fields = new NearDupFields(FIELD);
    try (Directory dir = new ByteBuffersDirectory();
        NearDupAnalyzer analyzer = new NearDupAnalyzer(NearDupSettings.DEFAULT, true)) {
      LibraryClusters.index(dir, analyzer, fields, docs);
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        for (Map.Entry<String, String> doc : docs.entrySet()) {
          TopDocs top =
              searcher.search(
                  NearDuplicateQuery.forText(analyzer, fields, doc.getValue(), minSimilarity),
                  docs.size());
          Map<String, Float> hits = new TreeMap<>();
          for (ScoreDoc sd : top.scoreDocs) {
            hits.put(searcher.storedFields().document(sd.doc).get("id"), sd.score);
          }
          results.put(doc.getKey(), hits);
        }
      }
    }
    return results;
  }

  private Map<String, Float> search(String index, NearDupQueryBuilder query, Set<String> shards) {
    SearchResponse response = client().prepareSearch(index).setQuery(query).setSize(100).get();
    assertNoFailures(response);
    assertThat(response.getTotalShards(), equalTo(SHARDS));
    Map<String, Float> hits = new TreeMap<>();
    for (SearchHit hit : response.getHits().getHits()) {
      hits.put(hit.getId(), hit.getScore());
      shards.add(hit.getShard().getNodeId() + "/" + hit.getShard().getShardId().id());
    }
    return hits;
  }

  public void testRunsOnOpenSearchsLucene() {
    // the library is built against Lucene 10.5.1; in OpenSearch 3.8.0 it must run on 10.5.0
    assertThat(Version.LATEST.toString(), equalTo("10.5.0"));
  }

  public void testResultsAcrossShardsEqualTheLibrarys() throws IOException {
    String index = "docs";
    Map<String, String> docs = corpus();
    createIndex(index, docs);
    Map<String, Map<String, Float>> expected = libraryResults(docs, MIN_SIMILARITY);

    int spread = 0;
    int withCopies = 0;
    Set<String> allShards = new HashSet<>();
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      Set<String> shards = new HashSet<>();
      Map<String, Float> byText =
          search(
              index,
              new NearDupQueryBuilder(FIELD, doc.getValue()).minSimilarity(MIN_SIMILARITY),
              shards);
      assertThat("like text " + doc.getKey(), byText, equalTo(expected.get(doc.getKey())));
      assertThat(byText.get(doc.getKey()), equalTo(1f));
      withCopies += byText.size() > 1 ? 1 : 0;
      spread += shards.size() > 1 ? 1 : 0;
      allShards.addAll(shards);
    }
    // near-duplicates on different shards and nodes are found together
    assertThat(withCopies, greaterThan(0));
    assertThat(spread, greaterThan(0));
    assertThat(allShards.stream().map(s -> s.split("/")[0]).distinct().count(), equalTo(2L));

    // like an indexed document: the same hits as like its text, with or without _index
    List<String> ids = new ArrayList<>(docs.keySet());
    for (int i = 0; i < 5; i++) {
      String id = randomFrom(ids);
      Map<String, Float> byId =
          search(
              index,
              new NearDupQueryBuilder(
                      FIELD, new LikeDocument(randomBoolean() ? null : index, id, null))
                  .minSimilarity(MIN_SIMILARITY),
              new HashSet<>());
      assertThat("like _id " + id, byId, equalTo(expected.get(id)));
    }

    // the field's threshold (0.8) is the default minimum similarity
    String first = ids.get(0);
    long atThreshold = libraryResults(docs, 0.8).get(first).size();
    assertThat(
        client()
            .prepareSearch(index)
            .setSize(0)
            .setTrackTotalHits(true)
            .setQuery(new NearDupQueryBuilder(FIELD, docs.get(first)))
            .get()
            .getHits()
            .getTotalHits()
            .value(),
        equalTo(atThreshold));
  }

  /**
   * The clusters API on the sample corpus answers what {@code neardup dedup} answers at its
   * defaults (threshold 0.8, exact verification): the same clusters with the same canonicals, the
   * canonical policy by input order as the CLI's.
   */
  public void testClustersApiEqualsTheClisExactDedupOfTheSampleCorpus() throws IOException {
    String index = "samples";
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate(index)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, SHARDS)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
            .setMapping(
                "{\"properties\": {\"ordinal\": {\"type\": \"long\"}, \"body\": {\"type\":"
                    + " \"text\", \"fields\": {\"dup\": {\"type\": \"neardup\"}}}}}"));
    ensureGreen(index);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    List<Map<String, Object>> docs =
        CliClusters.jsonLines(CliClusters.samples().resolve("corpus.jsonl"), JSON);
    for (int i = 0; i < docs.size(); i++) {
      bulk.add(
          client()
              .prepareIndex(index)
              .setId((String) docs.get(i).get("id"))
              .setSource("ordinal", i, "body", docs.get(i).get("text")));
    }
    assertNoFailures(bulk.get());
    NearDupClustersResponse response =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index)
                    .field(FIELD)
                    .canonical(CanonicalPolicy.lowest("ordinal"))
                    .size(10_000))
            .actionGet();
    Set<CliClusters.Cluster> actual = new HashSet<>();
    for (ClusterListing.Group c : response.clusters()) {
      actual.add(new CliClusters.Cluster(c.canonical().id(), c.ids()));
    }
    assertThat(actual, equalTo(CliClusters.sampleAt08(JSON)));
  }

  /**
   * Buckets above the maximum size (hundreds of variants of one text): on an index of one shard
   * written in input order, the clusters API lists the library's clusters ({@code neardup dedup}'s
   * core, which compares those buckets' members with their representatives) in the same order with
   * the same canonicals.
   */
  public void testClustersApiTakesTheClisRepresentativesInOversizedBuckets() throws IOException {
    Map<String, String> docs = OversizedTexts.corpus(20261128L);
    indexInOrder("oversized-in-order", docs);
    LibraryClusters.Run library = LibraryClusters.of(docs, NearDupSettings.DEFAULT, 0.8);
    assertThat(library.stats().oversizedBuckets(), greaterThan(0));
    assertThat(listedClusters("oversized-in-order", 50), equalTo(library.clusters()));
  }

  /**
   * One corpus through every path: on an index of one shard written in input order (so index order
   * is input order), the clusters API lists the clusters of {@code neardup dedup} (the library's
   * {@code Clusterer}) in the same order with the same canonicals, and reconcile writes the same
   * clusters, each named after the same canonical.
   */
  public void testClustersApiAndReconcileListTheClisClustersInTheSameOrder() throws IOException {
    String index = "samples-in-order";
    Map<String, String> docs = new LinkedHashMap<>();
    for (Map<String, Object> doc :
        CliClusters.jsonLines(CliClusters.samples().resolve("corpus.jsonl"), JSON)) {
      docs.put((String) doc.get("id"), (String) doc.get("text"));
    }
    indexInOrder(index, docs);
    List<String> order = new ArrayList<>(docs.keySet());
    List<CliClusters.Cluster> expected = CliClusters.sampleAt08Listed(JSON);
    assertThat(listedClusters(index, ClustersParams.DEFAULT_BATCH_SIZE), equalTo(expected));

    NearDupReconcileResponse reconciled =
        client()
            .execute(
                TransportNearDupReconcileAction.TYPE,
                new NearDupReconcileRequest(index).field(FIELD).refresh(true))
            .actionGet();
    assertThat(reconciled.result().clusters(), equalTo((long) expected.size()));
    Map<String, String> clusterOf = new HashMap<>();
    Set<String> canonical = new HashSet<>();
    for (SearchHit hit : client().prepareSearch(index).setSize(order.size()).get().getHits()) {
      Map<String, Object> source = hit.getSourceAsMap();
      clusterOf.put(hit.getId(), (String) source.get("neardup_cluster"));
      if (Boolean.TRUE.equals(source.get("neardup_canonical"))) {
        canonical.add(hit.getId());
      }
    }
    assertThat(CliClusters.fromAssignments(order, clusterOf, canonical), equalTo(expected));
  }

  /** Creates an index of one shard and writes {@code docs} to it in input order. */
  private void indexInOrder(String index, Map<String, String> docs) {
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate(index)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 1)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
            .setMapping(CliClusters.RECONCILED_MAPPING));
    ensureGreen(index);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(client().prepareIndex(index).setId(doc.getKey()).setSource("body", doc.getValue()));
    }
    assertNoFailures(bulk.get());
  }

  /** The clusters API's clusters of an index, as the CLI lists them. */
  private List<CliClusters.Cluster> listedClusters(String index, int batchSize) {
    NearDupClustersResponse response =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(index).field(FIELD).batchSize(batchSize).size(10_000))
            .actionGet();
    List<CliClusters.Cluster> listed = new ArrayList<>();
    for (ClusterListing.Group c : response.clusters()) {
      listed.add(new CliClusters.Cluster(c.canonical().id(), c.ids()));
    }
    return listed;
  }

  private static final java.util.function.Function<String, Map<String, Object>> JSON =
      line -> XContentHelper.convertToMap(JsonXContent.jsonXContent, line, false);

  public void testBadRequestsNameTheProblem() throws IOException {
    String index = "errors";
    createIndex(index, Map.of("1", "one small text"));
    assertBadRequest(
        () -> search(index, new NearDupQueryBuilder("nope", "text"), new HashSet<>()),
        "[neardup] query: field [nope] does not exist in the mapping");
    assertBadRequest(
        () -> search(index, new NearDupQueryBuilder("body", "text"), new HashSet<>()),
        "field [body] is of type [text], but the query needs a field of type [neardup]");
    Exception missing =
        expectThrows(
            Exception.class,
            () ->
                search(
                    index,
                    new NearDupQueryBuilder(FIELD, new LikeDocument(null, "404", null)),
                    new HashSet<>()));
    assertThat(ExceptionsHelper.status(missing), equalTo(RestStatus.NOT_FOUND));
    assertThat(missing.getMessage(), containsString("[like] document [404] not found"));

    assertBadRequest(
        () ->
            client()
                .admin()
                .indices()
                .prepareCreate("bad-mapping")
                .setMapping(
                    XContentFactory.jsonBuilder()
                        .startObject()
                        .startObject("properties")
                        .startObject("dup")
                        .field("type", "neardup")
                        .field("hashes", 16)
                        .field("bands", 20)
                        .endObject()
                        .endObject()
                        .endObject())
                .get(),
        "field [dup] of type [neardup]: [bands] must be at most hashes (16), got [20]");
    assertBadRequest(
        () ->
            client()
                .admin()
                .indices()
                .prepareCreate("bad-filter")
                .setSettings(
                    Settings.builder()
                        .put("analysis.filter.dup.type", "neardup")
                        .put("analysis.filter.dup.hashes", 0)
                        .put("analysis.analyzer.dups.tokenizer", "standard")
                        .putList("analysis.analyzer.dups.filter", "neardup_normalize", "dup"))
                .get(),
        "token filter [dup] of type [neardup]: [hashes] must be an integer between 1 and 1024,"
            + " got [0]");
    assertBadRequest(
        () ->
            client()
                .admin()
                .indices()
                .prepareCreate("bad-window")
                .setSettings(Settings.builder().put("index.neardup.max_collapse_window", 0))
                .get(),
        "index.neardup.max_collapse_window");
  }

  static void assertBadRequest(ThrowingRunnable request, String message) {
    Exception e = expectThrows(Exception.class, request);
    assertThat(ExceptionsHelper.status(e), equalTo(RestStatus.BAD_REQUEST));
    Throwable cause = e;
    StringBuilder messages = new StringBuilder();
    while (cause != null) {
      messages.append(cause.getMessage()).append('\n');
      cause = cause.getCause();
    }
    assertThat(messages.toString(), containsString(message));
  }

  private static List<String> tokens(AnalyzeAction.Response response) {
    return response.getTokens().stream().map(AnalyzeAction.AnalyzeToken::getTerm).toList();
  }

  private static List<String> libraryTokens(NearDupSettings settings, String text)
      throws IOException {
    List<String> terms = new ArrayList<>();
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(settings);
        TokenStream ts = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        terms.add(term.toString());
      }
      ts.end();
    }
    return terms;
  }

  public void testAnalysisEqualsTheLibrarys() throws IOException {
    String text =
        "The Quick, brown fox — jumps over the lazy dog; the farmer watches from the porch 42 times.";
    AnalyzeAction.Response normalized =
        client().admin().indices().prepareAnalyze(text).setAnalyzer("neardup_standard").get();
    assertThat(tokens(normalized).subList(0, 4), equalTo(List.of("the", "quick", "brown", "fox")));

    AnalyzeAction.Response bands =
        client()
            .admin()
            .indices()
            .prepareAnalyze(text)
            .setTokenizer("standard")
            .addTokenFilter("neardup_normalize")
            .addTokenFilter(Map.of("type", "neardup", "hashes", 64, "shingle_size", 3))
            .get();
    NearDupSettings settings = NearDupSettings.builder().hashes(64).shingleSize(3).build();
    assertThat(tokens(bands), equalTo(libraryTokens(settings, text)));
    assertThat(bands.getTokens().get(0).getType(), equalTo(NearDupFilter.TYPE_BAND));

    // a filter configured in an index
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate("analysis-filters")
            .setSettings(
                Settings.builder()
                    .put("analysis.filter.dup.type", "neardup")
                    .put("analysis.filter.dup.exact", true)
                    .put("analysis.analyzer.dups.tokenizer", "standard")
                    .putList("analysis.analyzer.dups.filter", "neardup_normalize", "dup")));
    AnalyzeAction.Response configured =
        client()
            .admin()
            .indices()
            .prepareAnalyze("analysis-filters", text)
            .setAnalyzer("dups")
            .get();
    assertThat(
        tokens(configured),
        equalTo(libraryTokens(NearDupSettings.builder().exact(true).build(), text)));
  }

  public void testMainTextCharFilterKeepsThePagesArticle() {
    String page =
        "<html><body><nav><ul><li><a href=\"/a\">Home</a></li><li><a href=\"/b\">Sport</a></li>"
            + "<li><a href=\"/c\">Weather</a></li></ul></nav><article><p>The river authority said"
            + " on Tuesday that water levels had fallen.</p></article><footer>Copyright Alpha"
            + " News.</footer></body></html>";
    AnalyzeAction.Response main =
        client()
            .admin()
            .indices()
            .prepareAnalyze(page)
            .setTokenizer("standard")
            .addCharFilter(Map.of("type", "neardup_main_text", "boilerplate", "local"))
            .get();
    assertThat(
        tokens(main),
        equalTo(
            List.of(
                "The",
                "river",
                "authority",
                "said",
                "on",
                "Tuesday",
                "that",
                "water",
                "levels",
                "had",
                "fallen")));
  }
}
