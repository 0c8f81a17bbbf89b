package io.neardup.elasticsearch;

import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertAcked;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertNoFailures;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertResponse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.canonical.CanonicalPolicy;
import io.neardup.document.NearDupFields;
import io.neardup.elasticsearch.clusters.NearDupClustersRequest;
import io.neardup.elasticsearch.clusters.NearDupClustersResponse;
import io.neardup.elasticsearch.clusters.TransportNearDupClustersAction;
import io.neardup.elasticsearch.query.NearDupQueryBuilder;
import io.neardup.elasticsearch.reconcile.NearDupReconcileRequest;
import io.neardup.elasticsearch.reconcile.NearDupReconcileResponse;
import io.neardup.elasticsearch.reconcile.TransportNearDupReconcileAction;
import io.neardup.engine.api.ClusterListing;
import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.api.LikeDocument;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CliClusters;
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
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.elasticsearch.ElasticsearchException;
import org.elasticsearch.ExceptionsHelper;
import org.elasticsearch.ResourceNotFoundException;
import org.elasticsearch.action.ActionRequestValidationException;
import org.elasticsearch.action.admin.indices.analyze.AnalyzeAction;
import org.elasticsearch.action.bulk.BulkRequestBuilder;
import org.elasticsearch.action.explain.ExplainResponse;
import org.elasticsearch.action.support.WriteRequest;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.common.xcontent.XContentHelper;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.index.query.functionscore.ScoreFunctionBuilders;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentFactory;
import org.elasticsearch.xcontent.XContentType;

/**
 * End to end on a cluster of two data nodes, with an index of four shards over which the copies of
 * each text are spread: the plugin's results must equal the Lucene library's on the same texts. One
 * suite (the cluster starts once); each test builds its own index.
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupIntegrationTests extends ESIntegTestCase {
  private static final String INDEX = "docs";
  private static final String FIELD = "body.dup";
  private static final int SHARDS = 4;
  private static final double MIN_SIMILARITY = 0.5;

  /** Common English words: texts of them share few 5-word shingles unless one copies another. */
  static final String[] WORDS =
      ("time year people way day man thing woman life child world school state family student"
              + " group country problem hand part place case week company system program question"
              + " work government number night point home water room mother area money story fact"
              + " month lot right study book eye job word business issue side kind head house")
          .split(" ");

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  /** {@code n} words drawn from {@link #WORDS}: a text unrelated to any other. */
  static List<String> randomWords(Random random, int n) {
    List<String> words = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      words.add(WORDS[random.nextInt(WORDS.length)]);
    }
    return words;
  }

  /**
   * Originals of 60 words and, for each, three copies with a few words replaced or inserted:
   * similarities from about 0.5 to 0.9 within a group, near 0 across groups. Seeded by the test.
   */
  private static Map<String, String> corpus(Random random) {
    Map<String, String> docs = new LinkedHashMap<>();
    for (int g = 0; g < 6; g++) {
      List<String> original = randomWords(random, 60);
      docs.put("g" + g + "-0", String.join(" ", original));
      for (int c = 1; c <= 3; c++) {
        List<String> copy = new ArrayList<>(original);
        for (int e = 0; e < c; e++) {
          int at = random.nextInt(copy.size());
          if (random.nextBoolean()) {
            copy.set(at, "edit" + c + e);
          } else {
            copy.add(at, "extra" + c + e);
          }
        }
        docs.put("g" + g + "-" + c, String.join(" ", copy));
      }
    }
    return docs;
  }

  private void createIndexWithCorpus(Map<String, String> docs) throws IOException {
    XContentBuilder mapping =
        XContentFactory.jsonBuilder()
            .startObject()
            .startObject("properties")
            .startObject("group")
            .field("type", "keyword")
            .endObject()
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
        indicesAdmin()
            .prepareCreate(INDEX)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, SHARDS)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
            .setMapping(mapping));
    ensureGreen(INDEX);
    BulkRequestBuilder bulk =
        client().prepareBulk().setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      bulk.add(
          prepareIndex(INDEX)
              .setId(doc.getKey())
              .setSource("group", doc.getKey().split("-")[0], "body", doc.getValue()));
    }
    assertNoFailures(bulk.get());
  }

  /** The library's answer: the same texts in one Lucene index, queried with the same text. */
  private static Map<String, Map<String, Float>> luceneResults(
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

  /** Indexes the texts with the library's document builder, each with its id as a stored field. */
  private Map<String, Float> search(NearDupQueryBuilder query, Set<String> shards) {
    Map<String, Float> hits = new TreeMap<>();
    assertResponse(
        prepareSearch(INDEX).setQuery(query).setSize(100),
        response -> {
          assertNoFailures(response);
          assertThat(response.getTotalShards(), equalTo(SHARDS));
          for (SearchHit hit : response.getHits().getHits()) {
            hits.put(hit.getId(), hit.getScore());
            shards.add(hit.getShard().getNodeId() + "/" + hit.getShard().getShardId().id());
          }
        });
    return hits;
  }

  public void testResultsAcrossShardsEqualTheLibrarys() throws IOException {
    Map<String, String> docs = corpus(random());
    createIndexWithCorpus(docs);
    Map<String, Map<String, Float>> expected = luceneResults(docs, MIN_SIMILARITY);

    int spread = 0;
    Set<String> allShards = new HashSet<>();
    for (Map.Entry<String, String> doc : docs.entrySet()) {
      Set<String> shards = new HashSet<>();
      Map<String, Float> byText =
          search(
              new NearDupQueryBuilder(FIELD, doc.getValue()).minSimilarity(MIN_SIMILARITY), shards);
      assertThat("like text " + doc.getKey(), byText, equalTo(expected.get(doc.getKey())));
      assertThat(byText.get(doc.getKey()), equalTo(1f));
      if (shards.size() > 1) {
        spread++;
      }
      allShards.addAll(shards);

      if (doc.getKey().endsWith("-0")) {
        Map<String, Float> byId =
            search(
                new NearDupQueryBuilder(FIELD, new LikeDocument(null, doc.getKey(), null))
                    .minSimilarity(MIN_SIMILARITY),
                new HashSet<>());
        assertThat("like _id " + doc.getKey(), byId, equalTo(byText));
      }
    }
    // copies of the same original live on different shards and nodes and are still found together
    assertThat(spread, greaterThan(0));
    assertThat(allShards.stream().map(s -> s.split("/")[0]).distinct().count(), equalTo(2L));

    // the field's threshold (0.8) is the default minimum similarity; _count counts the same hits
    String text = docs.get("g0-0");
    long expectedCount = luceneResults(docs, 0.8).get("g0-0").size();
    assertResponse(
        prepareSearch(INDEX)
            .setSize(0)
            .setTrackTotalHits(true)
            .setQuery(new NearDupQueryBuilder(FIELD, text)),
        r -> assertThat(r.getHits().getTotalHits().value(), equalTo(expectedCount)));
  }

  /** The library's clusters of the same texts: sets of ids, in a canonical order. */
  private static Set<Set<String>> libraryClusters(Map<String, String> docs, double threshold)
      throws IOException {
    return LibraryClusters.of(docs, NearDupSettings.DEFAULT, threshold).sets();
  }

  /**
   * With a budget of 1mb and 8,000 documents the run reads the shards' band entries in three
   * partitions and verifies in many blocks; the clusters still equal the library's, and every byte
   * reserved on the request circuit breaker is released (checked after each test).
   */
  public void testClustersApiWithinASmallMemoryBudgetReadsPartitionsAndEqualsTheLibrarys()
      throws IOException {
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
    createIndexWithCorpus(docs);
    updateClusterSettings(Settings.builder().put("neardup.clusters.memory_budget", "1mb"));
    try {
      Set<Set<String>> expected = libraryClusters(docs, 0.8);
      assertThat(expected.size(), greaterThan(1500));
      NearDupClustersResponse response =
          client()
              .execute(
                  TransportNearDupClustersAction.TYPE,
                  new NearDupClustersRequest(INDEX).field(FIELD).batchSize(500).size(10_000))
              .actionGet();
      Set<Set<String>> actual = new HashSet<>();
      for (ClusterListing.Group c : response.clusters()) {
        Set<String> ids = new HashSet<>();
        ids.add(c.canonical().id());
        for (ClusterListing.Member m : c.copies()) {
          ids.add(m.id());
        }
        actual.add(ids);
      }
      assertThat(actual, equalTo(expected));
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
   * run that is not kept, and releases its point in time once it expires.
   */
  public void testKeptRunsArePagedFromAnyNodeAndExpire() throws Exception {
    Map<String, String> docs = corpus(random());
    createIndexWithCorpus(docs);
    NearDupClustersResponse all =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(INDEX).field(FIELD).minSimilarity(MIN_SIMILARITY))
            .actionGet();
    assertNull(all.page().run());
    assertThat(all.page().totalClusters(), greaterThan(3));
    NearDupClustersResponse first =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(INDEX)
                    .field(FIELD)
                    .minSimilarity(MIN_SIMILARITY)
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
    ActionRequestValidationException both =
        expectThrows(
            ActionRequestValidationException.class,
            () ->
                client()
                    .execute(
                        TransportNearDupClustersAction.TYPE,
                        new NearDupClustersRequest(INDEX).field(FIELD).run(first.page().run()))
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
    assertBusy(() ->
        assertThat(
            indicesAdmin().prepareStats(INDEX).get().getTotal().getSearch().getOpenContexts(),
            equalTo(0L)));
  }

  /**
   * The clusters API on the sample corpus answers what {@code neardup dedup} answers at its
   * defaults (threshold 0.8, exact verification): the same clusters with the same canonicals, the
   * canonical policy by input order as the CLI's.
   */
  public void testClustersApiEqualsTheClisExactDedupOfTheSampleCorpus() throws IOException {
    String index = "samples";
    assertAcked(
        indicesAdmin()
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
          prepareIndex(index)
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
    assertResponse(
        prepareSearch(index).setSize(order.size()),
        r -> {
          for (SearchHit hit : r.getHits().getHits()) {
            Map<String, Object> source = hit.getSourceAsMap();
            clusterOf.put(hit.getId(), (String) source.get("neardup_cluster"));
            if (Boolean.TRUE.equals(source.get("neardup_canonical"))) {
              canonical.add(hit.getId());
            }
          }
        });
    assertThat(CliClusters.fromAssignments(order, clusterOf, canonical), equalTo(expected));
  }

  /** Creates an index of one shard and writes {@code docs} to it in input order. */
  private void indexInOrder(String index, Map<String, String> docs) {
    assertAcked(
        indicesAdmin()
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
      bulk.add(prepareIndex(index).setId(doc.getKey()).setSource("body", doc.getValue()));
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
      line -> XContentHelper.convertToMap(XContentType.JSON.xContent(), line, false);

  public void testClustersApiAcrossShardsEqualsTheLibrarys() throws IOException {
    Map<String, String> docs = corpus(random());
    createIndexWithCorpus(docs);
    for (double t : new double[] {MIN_SIMILARITY, 0.8}) {
      Set<Set<String>> expected = libraryClusters(docs, t);
      NearDupClustersRequest request =
          new NearDupClustersRequest(INDEX)
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
          assertThat(m.index(), equalTo(INDEX));
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

    // the field's threshold (0.8) is the default; pages of one cluster add up to the whole list
    NearDupClustersResponse all =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE, new NearDupClustersRequest(INDEX).field(FIELD))
            .actionGet();
    assertThat(all.page().minSimilarity(), equalTo(0.8));
    List<ClusterListing.Group> paged = new ArrayList<>();
    for (int from = 0; from < all.page().totalClusters(); from++) {
      paged.addAll(
          client()
              .execute(
                  TransportNearDupClustersAction.TYPE,
                  new NearDupClustersRequest(INDEX).field(FIELD).from(from).size(1))
              .actionGet()
              .clusters());
    }
    assertThat(paged, equalTo(all.clusters()));

    // a query restricts the documents clustered
    NearDupClustersResponse oneGroup =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(INDEX)
                    .field(FIELD)
                    .minSimilarity(MIN_SIMILARITY)
                    .query(QueryBuilders.termQuery("group", "g1")))
            .actionGet();
    assertThat(oneGroup.page().documents(), equalTo(4L));
    assertThat(oneGroup.page().totalClusters(), equalTo(1));

    assertBadRequest(
        () ->
            client()
                .execute(
                    TransportNearDupClustersAction.TYPE,
                    new NearDupClustersRequest(INDEX).field("nope"))
                .actionGet(),
        "[_neardup/clusters] unknown field [nope]");
    assertBadRequest(
        () ->
            client()
                .execute(
                    TransportNearDupClustersAction.TYPE,
                    new NearDupClustersRequest(INDEX).field("body"))
                .actionGet(),
        "field [body] is of type [text] in index [docs], expected a field of type [neardup]");
    assertBadRequest(
        () ->
            client()
                .execute(TransportNearDupClustersAction.TYPE, new NearDupClustersRequest(INDEX))
                .actionGet(),
        "[field] is required");
  }

  public void testInBoolFunctionScoreAndExplain() throws IOException {
    Map<String, String> docs = corpus(random());
    createIndexWithCorpus(docs);
    String text = docs.get("g1-0");
    Map<String, Float> expected = luceneResults(docs, MIN_SIMILARITY).get("g1-0");
    long sameGroup = expected.keySet().stream().filter(id -> id.startsWith("g1-")).count();

    // bool: the neardup clause scores, a filter restricts
    assertResponse(
        prepareSearch(INDEX)
            .setSize(100)
            .setQuery(
                QueryBuilders.boolQuery()
                    .must(new NearDupQueryBuilder(FIELD, text).minSimilarity(MIN_SIMILARITY))
                    .filter(QueryBuilders.termQuery("group", "g1"))
                    .mustNot(QueryBuilders.idsQuery().addIds("g1-0"))),
        r -> {
          assertNoFailures(r);
          assertThat((long) r.getHits().getHits().length, equalTo(sameGroup - 1));
          for (SearchHit hit : r.getHits().getHits()) {
            assertThat(hit.getScore(), equalTo(expected.get(hit.getId())));
          }
        });

    // function_score multiplies the estimate
    assertResponse(
        prepareSearch(INDEX)
            .setSize(100)
            .setQuery(
                QueryBuilders.functionScoreQuery(
                    new NearDupQueryBuilder(FIELD, text).minSimilarity(MIN_SIMILARITY),
                    ScoreFunctionBuilders.weightFactorFunction(10))),
        r -> {
          assertNoFailures(r);
          assertThat(r.getHits().getHits().length, equalTo(expected.size()));
          for (SearchHit hit : r.getHits().getHits()) {
            assertEquals(expected.get(hit.getId()) * 10, hit.getScore(), 1e-5);
          }
        });

    // explain: the numbers behind the score
    String copy =
        expected.keySet().stream()
            .filter(id -> id.equals("g1-0") == false)
            .findFirst()
            .orElseThrow();
    ExplainResponse explain =
        client()
            .prepareExplain(INDEX, copy)
            .setQuery(new NearDupQueryBuilder(FIELD, text).minSimilarity(MIN_SIMILARITY))
            .get();
    assertTrue(explain.isMatch());
    assertThat(explain.getExplanation().getValue().floatValue(), equalTo(expected.get(copy)));
    assertThat(
        explain.getExplanation().toString(), containsString("bands matched; estimated Jaccard"));

    ExplainResponse miss =
        client()
            .prepareExplain(INDEX, "g2-0")
            .setQuery(new NearDupQueryBuilder(FIELD, text).minSimilarity(MIN_SIMILARITY))
            .get();
    assertFalse(miss.isMatch());
  }

  public void testErrorsAreBadRequestsNamingTheCulprit() throws IOException {
    createIndexWithCorpus(corpus(random()));

    assertBadRequest(
        () -> prepareSearch(INDEX).setQuery(new NearDupQueryBuilder("nope", "some text")).get(),
        "field [nope] does not exist");
    assertBadRequest(
        () -> prepareSearch(INDEX).setQuery(new NearDupQueryBuilder("body", "some text")).get(),
        "field [body] is of type [text], but the query needs a field of type [neardup]");

    Exception missing =
        expectThrows(
            Exception.class,
            () ->
                prepareSearch(INDEX)
                    .setQuery(
                        new NearDupQueryBuilder(FIELD, new LikeDocument(null, "absent", null)))
                    .get());
    assertThat(ExceptionsHelper.status(missing), equalTo(RestStatus.NOT_FOUND));

    assertBadRequest(
        () ->
            indicesAdmin()
                .prepareCreate("bad")
                .setMapping("{\"properties\": {\"d\": {\"type\": \"neardup\", \"hashes\": 0}}}")
                .get(),
        "[hashes] must be an integer between 1 and 1024, got [0]");
    assertBadRequest(
        () ->
            indicesAdmin()
                .preparePutMapping(INDEX)
                .setSource(
                    "{\"properties\": {\"body\": {\"type\": \"text\", \"fields\": {\"dup\":"
                        + " {\"type\": \"neardup\", \"hashes\": 64}}}}}",
                    org.elasticsearch.xcontent.XContentType.JSON)
                .get(),
        "Cannot update parameter [hashes] from [128] to [64]");
    assertBadRequest(
        () ->
            indicesAdmin()
                .prepareCreate("bad")
                .setSettings(
                    Settings.builder()
                        .put("index.analysis.analyzer.twice.tokenizer", "standard")
                        .putList("index.analysis.analyzer.twice.filter", "neardup"))
                .setMapping(
                    "{\"properties\": {\"d\": {\"type\": \"neardup\", \"analyzer\": \"twice\"}}}")
                .get(),
        "must not contain a token filter of type [neardup]");
    assertBadRequest(
        () ->
            prepareIndex(INDEX)
                .setId("two")
                .setSource("body", List.of("one text", "and another"))
                .get(),
        "takes one text per document");
  }

  static void assertBadRequest(
      org.apache.lucene.tests.util.LuceneTestCase.ThrowingRunnable action, String message) {
    Exception e = expectThrows(Exception.class, action);
    assertThat(ExceptionsHelper.status(e), equalTo(RestStatus.BAD_REQUEST));
    Throwable root = e;
    StringBuilder messages = new StringBuilder();
    while (root != null) {
      messages.append(root.getMessage()).append('\n');
      if (root instanceof ElasticsearchException ee) {
        for (Throwable s : ee.guessRootCauses()) {
          messages.append(s.getMessage()).append('\n');
        }
      }
      root = root.getCause();
    }
    assertThat(messages.toString(), containsString(message));
  }

  public void testAnalyzeApiWithTheFilters() {
    AnalyzeAction.Response response =
        indicesAdmin()
            .prepareAnalyze()
            .setTokenizer("standard")
            .addTokenFilter("neardup_normalize")
            .addTokenFilter(Map.of("type", "neardup", "hashes", 16, "bands", 4, "exact", true))
            .setText("The quick brown fox jumps over the lazy dog today")
            .get();
    List<AnalyzeAction.AnalyzeToken> tokens = response.getTokens();
    assertThat(tokens.size(), equalTo(5));
    for (int i = 0; i < 4; i++) {
      assertThat(tokens.get(i).getType(), equalTo(NearDupFilter.TYPE_BAND));
    }
    assertThat(tokens.get(4).getType(), equalTo(NearDupFilter.TYPE_EXACT));

    AnalyzeAction.Response normalized =
        indicesAdmin().prepareAnalyze().setAnalyzer("neardup_standard").setText("Ｆoo, BAR!").get();
    assertThat(
        normalized.getTokens().stream().map(AnalyzeAction.AnalyzeToken::getTerm).toList(),
        equalTo(List.of("foo", "bar")));
    assertThat(tokens.get(0).getTerm().length(), greaterThanOrEqualTo(2));
  }
}
