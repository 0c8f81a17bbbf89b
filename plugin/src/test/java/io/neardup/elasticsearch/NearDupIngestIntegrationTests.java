package io.neardup.elasticsearch;

import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertAcked;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertNoFailures;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertResponse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.cluster.Verification;
import io.neardup.elasticsearch.support.InternalShardAggregation;
import io.neardup.elasticsearch.support.ShardAggregationBuilder;
import io.neardup.elasticsearch.support.ShardAggregations;
import io.neardup.engine.contract.IndexedFields;
import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.ingest.LookupMatches;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.ingest.NearDupLookup;
import io.neardup.engine.ingest.SketchedText;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.EnglishText;
import io.neardup.testkit.IngestFamilies;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.elasticsearch.action.bulk.BulkRequestBuilder;
import org.elasticsearch.action.bulk.BulkResponse;
import org.elasticsearch.client.internal.Client;
import org.elasticsearch.cluster.ClusterState;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.cluster.metadata.ProjectId;
import org.elasticsearch.common.Strings;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.index.engine.Engine;
import org.elasticsearch.index.query.QueryBuilders;
import org.elasticsearch.index.shard.IndexShard;
import org.elasticsearch.indices.IndicesService;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginsService;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.collapse.CollapseBuilder;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentFactory;
import org.elasticsearch.xcontent.XContentParser;
import org.elasticsearch.xcontent.XContentType;
import org.elasticsearch.xcontent.json.JsonXContent;

/**
 * The {@code neardup} ingest processor on two data nodes and an index of two shards: copies in one
 * bulk, in a later bulk on the same node before a refresh, and in a bulk on the other node after a
 * refresh all join one cluster; unrelated documents get clusters of their own; Elasticsearch's
 * {@code collapse} on the cluster id returns one hit per family; after a full cluster restart the
 * assignments are unchanged and a later copy joins its family through the index alone.
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupIngestIntegrationTests extends ESIntegTestCase {
  private static final String INDEX = "ingested";
  private static final String PIPELINE = "dedup";
  private static final int FAMILIES = 6;

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  /**
   * A keyword family, the processor's cluster id and canonical flag, and a text body with a {@code
   * neardup} multi-field {@code body.dup} of the default parameters.
   */
  static XContentBuilder ingestMapping() throws IOException {
    return XContentFactory.jsonBuilder()
        .startObject()
        .startObject("properties")
        .startObject("family")
        .field("type", "keyword")
        .endObject()
        .startObject("neardup_cluster")
        .field("type", "keyword")
        .endObject()
        .startObject("neardup_canonical")
        .field("type", "boolean")
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
  }

  private void createIndex() throws IOException {
    XContentBuilder mapping = ingestMapping();
    assertAcked(
        indicesAdmin()
            .prepareCreate(INDEX)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 2)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
            .setMapping(mapping));
    ensureGreen(INDEX);
  }

  private static void add(BulkRequestBuilder bulk, String id, String family, String body) {
    bulk.add(
        prepareIndex(INDEX)
            .setId(id)
            .setPipeline(PIPELINE)
            .setSource("family", family, "body", body));
  }

  private static void assertBulkOk(BulkRequestBuilder bulk) {
    BulkResponse response = bulk.get();
    assertNoFailures(response);
  }

  public void testCopiesJoinOneClusterAndCollapse() throws Exception {
    createIndex();
    putJsonPipeline(
        PIPELINE,
        """
        {"processors": [{"neardup": {"field": "body", "neardup_field": "body.dup"}}]}\
        """);
    int unrelated = 4;
    String[] texts = new EnglishText(random().nextLong()).documents(60, FAMILIES + unrelated);
    String[] nodes = internalCluster().getNodeNames();
    Client first = client(nodes[0]);
    Client second = client(nodes[nodes.length - 1]);

    // bulk 1: two copies of every family, side by side in one request
    BulkRequestBuilder bulk1 = first.prepareBulk();
    for (int f = 0; f < FAMILIES; f++) {
      add(bulk1, "f" + f + "-0", "f" + f, IngestFamilies.copy(texts[f], 0));
      add(bulk1, "f" + f + "-1", "f" + f, IngestFamilies.copy(texts[f], 1));
    }
    assertBulkOk(bulk1);
    // bulk 2: same node, no refresh in between: found among the node's recent sketches
    BulkRequestBuilder bulk2 = first.prepareBulk();
    for (int f = 0; f < FAMILIES; f += 2) {
      add(bulk2, "f" + f + "-2", "f" + f, IngestFamilies.copy(texts[f], 2));
    }
    assertBulkOk(bulk2);
    refresh(INDEX);
    // bulk 3: the other node, after a refresh: found by the search; plus unrelated texts, no ids
    BulkRequestBuilder bulk3 = second.prepareBulk();
    for (int f = 1; f < FAMILIES; f += 2) {
      add(bulk3, "f" + f + "-3", "f" + f, IngestFamilies.copy(texts[f], 3));
    }
    for (int u = 0; u < unrelated; u++) {
      bulk3.add(
          prepareIndex(INDEX)
              .setPipeline(PIPELINE)
              .setSource("family", "u" + u, "body", texts[FAMILIES + u]));
    }
    assertBulkOk(bulk3);
    refresh(INDEX);

    List<IngestFamilies.Ingested> ingested = new ArrayList<>();
    assertResponse(
        prepareSearch(INDEX).setSize(100),
        response -> {
          for (SearchHit hit : response.getHits().getHits()) {
            Map<String, Object> source = hit.getSourceAsMap();
            ingested.add(
                new IngestFamilies.Ingested(
                    hit.getId(),
                    (String) source.get("family"),
                    (String) source.get("neardup_cluster"),
                    Boolean.TRUE.equals(source.get("neardup_canonical"))));
          }
        });
    assertThat(ingested.size(), equalTo(FAMILIES * 3 + unrelated));
    IngestFamilies.check(ingested, FAMILIES, unrelated);

    assertResponse(
        prepareSearch(INDEX).setSize(100).setCollapse(new CollapseBuilder("neardup_cluster")),
        response -> {
          Set<String> families = new HashSet<>();
          for (SearchHit hit : response.getHits().getHits()) {
            families.add((String) hit.getSourceAsMap().get("family"));
          }
          assertThat(response.getHits().getHits().length, equalTo(FAMILIES + unrelated));
          assertThat(families.size(), equalTo(FAMILIES + unrelated));
        });

    // a full restart keeps every assignment; the nodes' memories of recent sketches are gone, so
    // a copy ingested afterwards finds its family through the index alone
    internalCluster().fullRestart();
    ensureGreen(INDEX);
    List<IngestFamilies.Ingested> restarted = ingested();
    assertThat(new HashSet<>(restarted), equalTo(new HashSet<>(ingested)));
    BulkRequestBuilder after = client().prepareBulk();
    add(after, "f0-4", "f0", IngestFamilies.copy(texts[0], 4));
    assertBulkOk(after);
    refresh(INDEX);
    String family0 = null;
    for (IngestFamilies.Ingested d : restarted) {
      if (d.id().equals("f0-0")) {
        family0 = d.cluster();
      }
    }
    List<IngestFamilies.Ingested> all = ingested();
    IngestFamilies.check(all, FAMILIES, unrelated);
    for (IngestFamilies.Ingested d : all) {
      if (d.id().equals("f0-4")) {
        assertThat(d.cluster(), equalTo(family0));
        assertFalse("a later copy is not its cluster's canonical", d.canonical());
      }
    }
  }

  public void testTheFieldTakesTheProcessorsAnalysisAndIndexesTheSameValues() throws Exception {
    putJsonPipeline(
        PIPELINE,
        """
        {"processors": [{"neardup": {"field": "body", "neardup_field": "body.dup"}}]}\
        """);
    for (String index : List.of("handed", "plain")) {
      assertAcked(
          indicesAdmin()
              .prepareCreate(index)
              .setSettings(
                  Settings.builder()
                      .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 1)
                      .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
              .setMapping(ingestMapping()));
    }
    ensureGreen("handed", "plain");
    String node = primaryNode("handed");
    AnalysedTexts analysedTexts = analysedTexts(node);
    long before = analysedTexts.handedOver();
    String[] texts = new EnglishText(random().nextLong()).documents(20, 12);
    BulkRequestBuilder handed = client(node).prepareBulk();
    BulkRequestBuilder plain = client(node).prepareBulk();
    for (int i = 0; i < texts.length; i++) {
      handed.add(
          prepareIndex("handed").setId("d" + i).setPipeline(PIPELINE).setSource("body", texts[i]));
      plain.add(prepareIndex("plain").setId("d" + i).setSource("body", texts[i]));
    }
    // the same text twice in one bulk: each copy takes the one analysis
    handed.add(
        prepareIndex("handed").setId("again").setPipeline(PIPELINE).setSource("body", texts[0]));
    plain.add(prepareIndex("plain").setId("again").setSource("body", texts[0]));
    assertBulkOk(handed);
    assertBulkOk(plain);
    assertThat(analysedTexts.handedOver() - before, equalTo((long) texts.length + 1));
    refresh("handed", "plain");
    Map<String, String> indexed = docValues("handed");
    assertThat(indexed.size(), equalTo(texts.length + 1));
    assertThat(indexed, equalTo(docValues("plain")));
  }

  /** Where the node's {@code neardup} fields find the texts its ingest processors analysed. */
  private AnalysedTexts analysedTexts(String node) {
    return internalCluster()
        .getInstance(PluginsService.class, node)
        .filterPlugins(NearDupPlugin.class)
        .findFirst()
        .orElseThrow()
        .analysedTexts();
  }

  private String primaryNode(String index) {
    ClusterState state = clusterService().state();
    String id =
        state.routingTable(ProjectId.DEFAULT).index(index).shard(0).primaryShard().currentNodeId();
    return state.nodes().get(id).getName();
  }

  /** Each document's sketch and shingle set as its one shard holds them, by id. */
  private Map<String, String> docValues(String index) throws IOException {
    return docValues(index, "body.dup");
  }

  private Map<String, String> docValues(String index, String field) throws IOException {
    IndexShard shard =
        internalCluster()
            .getInstance(IndicesService.class, primaryNode(index))
            .indexServiceSafe(resolveIndex(index))
            .getShard(0);
    try (Engine.Searcher searcher = shard.acquireSearcher("test")) {
      return IndexedFields.sketchesAndSets(searcher.getIndexReader(), field);
    }
  }

  /**
   * A field whose analyzer takes an HTML page's main text ({@code neardup_main_text}, then the
   * default analysis): the processor runs the same analysis and hands it to the field (the doc
   * values equal those of the same pages indexed without the processor), a page and its copy under
   * another site's template share a cluster, and each page gets its boilerplate fraction.
   */
  public void testPagesThroughAMainTextAnalyzerClusterByTheirMainText() throws Exception {
    putJsonPipeline(
        "pages",
        """
        {"processors": [{"neardup": {"field": "page", "neardup_field": "page.dup",
          "boilerplate_fraction_field": "boilerplate_fraction"}}]}\
        """);
    for (String index : List.of("pages", "plain-pages")) {
      assertAcked(
          indicesAdmin()
              .prepareCreate(index)
              .setSettings(
                  Settings.builder()
                      .loadFromSource(IngestFamilies.HTML_ANALYSIS, XContentType.JSON)
                      .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 1)
                      .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
              .setMapping(IngestFamilies.pageMapping()));
    }
    ensureGreen("pages", "plain-pages");
    String node = primaryNode("pages");
    AnalysedTexts analysedTexts = analysedTexts(node);
    long before = analysedTexts.handedOver();
    String[] texts = new EnglishText(random().nextLong()).documents(40, 4);
    BulkRequestBuilder handed = client(node).prepareBulk();
    BulkRequestBuilder plain = client(node).prepareBulk();
    for (int t = 0; t < texts.length; t++) {
      for (int template = 0; template < 2; template++) {
        String id = "t" + t + "-" + template;
        String page = IngestFamilies.page(texts[t], template);
        handed.add(prepareIndex("pages").setId(id).setPipeline("pages").setSource("page", page));
        plain.add(prepareIndex("plain-pages").setId(id).setSource("page", page));
      }
    }
    assertBulkOk(handed);
    assertBulkOk(plain);
    assertThat(analysedTexts.handedOver() - before, equalTo(2L * texts.length));
    refresh("pages", "plain-pages");
    assertThat(docValues("pages", "page.dup"), equalTo(docValues("plain-pages", "page.dup")));
    Map<String, String> clusters = new java.util.HashMap<>();
    assertResponse(
        prepareSearch("pages").setSize(100),
        response -> {
          for (SearchHit hit : response.getHits().getHits()) {
            Map<String, Object> source = hit.getSourceAsMap();
            clusters.put(hit.getId(), (String) source.get("neardup_cluster"));
            double fraction = ((Number) source.get("boilerplate_fraction")).doubleValue();
            assertTrue(hit.getId() + ": " + fraction, fraction > 0 && fraction < 1);
          }
        });
    for (int t = 0; t < texts.length; t++) {
      assertThat(clusters.get("t" + t + "-1"), equalTo(clusters.get("t" + t + "-0")));
    }
    assertThat(new HashSet<>(clusters.values()).size(), equalTo(texts.length));
  }

  public void testANullOrMissingFieldIsABadRequestNamingItOrPassesWithIgnoreMissing()
      throws Exception {
    createIndex();
    putJsonPipeline(
        "strict",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    BulkRequestBuilder bulk = client().prepareBulk();
    bulk.add(prepareIndex(INDEX).setId("null").setPipeline("strict").setSource(nullBody()));
    bulk.add(prepareIndex(INDEX).setId("missing").setPipeline("strict").setSource("family", "x"));
    bulk.add(prepareIndex(INDEX).setId("number").setPipeline("strict").setSource("body", 42));
    BulkResponse response = bulk.get();
    String[] expected = {
      "[neardup] processor [field]: field [body] is null in the document; set [ignore_missing] to"
          + " true to let such documents pass without a cluster",
      "[neardup] processor [field]: field [body] is missing in the document",
      "[neardup] processor [field]: field [body] must be a string, got [Integer]"
    };
    for (int i = 0; i < expected.length; i++) {
      assertTrue("item " + i + " fails", response.getItems()[i].isFailed());
      assertEquals(RestStatus.BAD_REQUEST, response.getItems()[i].getFailure().getStatus());
      assertThat(response.getItems()[i].getFailureMessage(), containsString(expected[i]));
    }

    putJsonPipeline(
        "lenient",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\","
            + " \"ignore_missing\": true}}]}");
    prepareIndex(INDEX).setId("null").setPipeline("lenient").setSource(nullBody()).get();
    prepareIndex(INDEX).setId("missing").setPipeline("lenient").setSource("family", "x").get();
    refresh(INDEX);
    for (String id : List.of("null", "missing")) {
      Map<String, Object> source = client().prepareGet(INDEX, id).get().getSourceAsMap();
      assertFalse(id + " passes without a cluster", source.containsKey("neardup_cluster"));
      assertFalse(id + " passes without a flag", source.containsKey("neardup_canonical"));
    }
  }

  /**
   * Writing a document again under its id assigns it like a new one: with a small edit it stays in
   * its cluster and keeps its flag; with unrelated text the first member of a cluster leaves it for
   * a new cluster of a fresh id, and a member that remains becomes the cluster's canonical.
   */
  public void testADocumentWrittenAgainIsAssignedAnewAndItsClusterKeepsACanonical()
      throws Exception {
    createIndex();
    putJsonPipeline(
        "again",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    String[] texts = new EnglishText(random().nextLong()).documents(60, 2);
    for (String id : List.of("a", "b", "c")) {
      prepareIndex(INDEX)
          .setId(id)
          .setPipeline("again")
          .setSource("family", "f", "body", IngestFamilies.copy(texts[0], id.charAt(0) - 'a'))
          .get();
      refresh(INDEX); // a copy written on another node finds the others through the index
    }
    Map<String, IngestFamilies.Ingested> before = byId();
    assertEquals("a", before.get("a").cluster());
    assertTrue(before.get("a").canonical());
    assertEquals("a", before.get("b").cluster());
    assertFalse(before.get("b").canonical());

    // a small edit: a stays the canonical of its cluster
    prepareIndex(INDEX)
        .setId("a")
        .setPipeline("again")
        .setSource("family", "f", "body", IngestFamilies.copy(texts[0], 3))
        .get();
    refresh(INDEX);
    assertEquals(new IngestFamilies.Ingested("a", "f", "a", true), byId().get("a"));
    assertFalse(byId().get("b").canonical());

    // unrelated text: a leaves; b or c takes the canonical flag of cluster [a]
    prepareIndex(INDEX)
        .setId("a")
        .setPipeline("again")
        .setSource("family", "g", "body", texts[1])
        .get();
    refresh(INDEX);
    Map<String, IngestFamilies.Ingested> after = byId();
    assertNotEquals("a", after.get("a").cluster());
    assertTrue("a starts its new cluster", after.get("a").canonical());
    assertEquals("a", after.get("b").cluster());
    assertEquals("a", after.get("c").cluster());
    assertEquals(
        "one remaining member is the canonical",
        1,
        (after.get("b").canonical() ? 1 : 0) + (after.get("c").canonical() ? 1 : 0));
    // native collapse on the cluster id shows a canonical of each family
    assertResponse(
        prepareSearch(INDEX)
            .setQuery(QueryBuilders.termQuery("neardup_canonical", true))
            .setCollapse(new CollapseBuilder("neardup_cluster")),
        response -> assertEquals(2, response.getHits().getHits().length));
  }

  /** {@code {"body": null}}. */
  private static Map<String, Object> nullBody() {
    Map<String, Object> source = new java.util.HashMap<>();
    source.put("body", null);
    return source;
  }

  private Map<String, IngestFamilies.Ingested> byId() {
    Map<String, IngestFamilies.Ingested> byId = new java.util.HashMap<>();
    for (IngestFamilies.Ingested d : ingested()) {
      byId.put(d.id(), d);
    }
    return byId;
  }

  private List<IngestFamilies.Ingested> ingested() {
    List<IngestFamilies.Ingested> ingested = new ArrayList<>();
    assertResponse(
        prepareSearch(INDEX).setSize(100),
        response -> {
          for (SearchHit hit : response.getHits().getHits()) {
            Map<String, Object> source = hit.getSourceAsMap();
            ingested.add(
                new IngestFamilies.Ingested(
                    hit.getId(),
                    (String) source.get("family"),
                    (String) source.get("neardup_cluster"),
                    Boolean.TRUE.equals(source.get("neardup_canonical"))));
          }
        });
    return ingested;
  }

  /**
   * The processor's search: one search with the lookup aggregation finds, for each sketch of a
   * batch, the cluster id of its best near-duplicate on whichever shard and node it lives, the
   * document's own {@code _id} when it was indexed without a cluster id, and nothing for an
   * unrelated text.
   */
  public void testLookupFindsEachSketchsNearDuplicateOnEveryShard() throws IOException {
    createIndex();
    String[] texts = new EnglishText(random().nextLong()).documents(60, FAMILIES + 1);
    BulkRequestBuilder bulk = client().prepareBulk();
    for (int f = 0; f < FAMILIES; f++) {
      bulk.add(
          prepareIndex(INDEX)
              .setId("o" + f)
              .setSource(
                  f % 2 == 0
                      ? new Object[] {"body", texts[f], "neardup_cluster", "c" + f}
                      : new Object[] {"body", texts[f]}));
    }
    assertBulkOk(bulk);
    refresh(INDEX);
    NearDupIngest ingest = new NearDupIngest();
    // with the shingle sets the field's verify: exact stores, as the processor sends them
    NearDupMappings.FieldParameters exact =
        new NearDupMappings.FieldParameters(NearDupSettings.DEFAULT, Verification.EXACT);
    List<SketchedText> sketches = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int f = 0; f < FAMILIES; f++) {
      String copy = IngestFamilies.copy(texts[f], 1);
      sketches.add(ingest.analyse("k", "body.dup", exact, copy));
      expected.add(f % 2 == 0 ? "c" + f : "o" + f);
    }
    sketches.add(ingest.analyse("k", "body.dup", exact, texts[FAMILIES]));
    expected.add(null);
    ShardAggregationBuilder<?, ?> lookup =
        new ShardAggregationBuilder<>(
            ShardAggregations.LOOKUP,
            "l",
            NearDupIngest.lookupParams("body.dup", "neardup_cluster", sketches));
    String[] nodes = internalCluster().getNodeNames();
    for (String node : nodes) {
      assertResponse(
          client(node)
              .prepareSearch(INDEX)
              .setSize(0)
              .setTrackTotalHits(false)
              .addAggregation(lookup),
          response -> {
            InternalShardAggregation<List<NearDupLookup.Match>> found =
                response.getAggregations().get("l");
            assertThat(LookupMatches.clusters(found.value()), equalTo(expected));
          });
    }
    try (XContentParser parser =
        createParser(JsonXContent.jsonXContent, Strings.toString(lookup))) {
      // {"l": {"neardup_lookup": {...}}}
      for (int t = 0; t < 5; t++) {
        parser.nextToken();
      }
      assertThat(
          ShardAggregationBuilder.parser(ShardAggregations.LOOKUP).parse(parser, "l"),
          equalTo(lookup));
    }
  }

  public void testBadConfigurationNamesTheParameter() throws IOException {
    createIndex();
    assertAcked(
        indicesAdmin()
            .preparePutMapping(INDEX)
            .setSource("no_doc_values", "type=keyword,doc_values=false"));
    assertIngestFails(
        "no-doc-values",
        "\"neardup_field\": \"body.dup\", \"cluster_field\": \"no_doc_values\"",
        "[cluster_field]: field [no_doc_values] requires [doc_values] in index [ingested]");
    Throwable missing =
        expectThrows(
            Throwable.class,
            () ->
                putJsonPipeline(
                    "no-field", "{\"processors\": [{\"neardup\": {\"field\": \"body\"}}]}"));
    assertThat(messages(missing), containsString("[neardup_field] required property is missing"));

    assertIngestFails(
        "nope",
        "\"neardup_field\": \"body.nope\"",
        "[neardup_field]: field [body.nope] does not exist in the mapping of index");
    assertIngestFails(
        "text",
        "\"neardup_field\": \"body\"",
        "[neardup_field]: field [body] is of type [text] in index [ingested], expected a field of"
            + " type [neardup]");
    assertIngestFails(
        "cluster",
        "\"neardup_field\": \"body.dup\", \"cluster_field\": \"family.id\"",
        "[cluster_field]: field [family.id] must be mapped as [keyword] in index [ingested], got"
            + " no mapping");
  }

  private void assertIngestFails(String name, String parameters, String message) {
    String pipeline = "bad-" + name;
    putJsonPipeline(
        pipeline, "{\"processors\": [{\"neardup\": {\"field\": \"body\", " + parameters + "}}]}");
    Exception e =
        expectThrows(
            Exception.class,
            () ->
                prepareIndex(INDEX)
                    .setPipeline(pipeline)
                    .setSource("body", "some text to index here now")
                    .get());
    assertThat(messages(e), containsString(message));
  }

  /** The messages of an exception and its causes (the test client wraps errors). */
  private static String messages(Throwable e) {
    StringBuilder messages = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    return messages.toString();
  }
}
