package io.neardup.opensearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertAcked;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertNoFailures;

import io.neardup.cluster.Verification;
import io.neardup.engine.contract.IndexedFields;
import io.neardup.engine.ingest.AnalysedTexts;
import io.neardup.engine.ingest.LookupMatches;
import io.neardup.engine.ingest.NearDupIngest;
import io.neardup.engine.ingest.NearDupLookup;
import io.neardup.engine.ingest.SketchedText;
import io.neardup.engine.param.NearDupMappings;
import io.neardup.opensearch.support.InternalShardAggregation;
import io.neardup.opensearch.support.ShardAggregationBuilder;
import io.neardup.opensearch.support.ShardAggregations;
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
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.bulk.BulkResponse;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.common.xcontent.XContentType;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.common.Strings;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.core.rest.RestStatus;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.index.engine.Engine;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.index.shard.IndexShard;
import org.opensearch.indices.IndicesService;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.PluginsService;
import org.opensearch.search.SearchHit;
import org.opensearch.search.collapse.CollapseBuilder;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.client.Client;

/**
 * The {@code neardup} ingest processor on two data nodes and an index of two shards, as on
 * Elasticsearch: copies in one bulk, in a later bulk on the same node before a refresh, and in a
 * bulk on the other node after a refresh all join one cluster; unrelated documents get clusters of
 * their own; OpenSearch's {@code collapse} on the cluster id returns one hit per family.
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupIngestIntegrationTests extends OpenSearchIntegTestCase {
  private static final String INDEX = "ingested";
  private static final String PIPELINE = "dedup";
  private static final int FAMILIES = 6;

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class);
  }

  private void createIndex() throws IOException {
    createIndex(INDEX, 2);
  }

  private void createIndex(String index, int shards) throws IOException {
    assertAcked(
        client()
            .admin()
            .indices()
            .prepareCreate(index)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, shards)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0))
            .setMapping(ingestMapping()));
    ensureGreen(index);
  }

  /**
   * A keyword family, the processor's cluster id and canonical flag, and a text body with a {@code
   * neardup} multi-field {@code body.dup} of the default parameters.
   */
  private static XContentBuilder ingestMapping() throws IOException {
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

  private static void putPipeline(String id, String json) {
    assertAcked(
        client()
            .admin()
            .cluster()
            .preparePutPipeline(id, new BytesArray(json), XContentType.JSON)
            .get());
  }

  private static void add(
      Client client, BulkRequestBuilder bulk, String id, String family, String body) {
    bulk.add(
        client
            .prepareIndex(INDEX)
            .setId(id)
            .setPipeline(PIPELINE)
            .setSource("family", family, "body", body));
  }

  public void testCopiesJoinOneClusterAndCollapse() throws IOException {
    createIndex();
    putPipeline(
        PIPELINE,
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    int unrelated = 4;
    String[] texts = new EnglishText(random().nextLong()).documents(60, FAMILIES + unrelated);
    String[] nodes = internalCluster().getNodeNames();
    Client first = client(nodes[0]);
    Client second = client(nodes[nodes.length - 1]);

    // bulk 1: two copies of every family, side by side in one request
    BulkRequestBuilder bulk1 = first.prepareBulk();
    for (int f = 0; f < FAMILIES; f++) {
      add(first, bulk1, "f" + f + "-0", "f" + f, IngestFamilies.copy(texts[f], 0));
      add(first, bulk1, "f" + f + "-1", "f" + f, IngestFamilies.copy(texts[f], 1));
    }
    assertNoFailures(bulk1.get());
    // bulk 2: same node, no refresh in between: found among the node's recent sketches
    BulkRequestBuilder bulk2 = first.prepareBulk();
    for (int f = 0; f < FAMILIES; f += 2) {
      add(first, bulk2, "f" + f + "-2", "f" + f, IngestFamilies.copy(texts[f], 2));
    }
    assertNoFailures(bulk2.get());
    refresh(INDEX);
    // bulk 3: the other node, after a refresh: found by the search; plus unrelated texts, no ids
    BulkRequestBuilder bulk3 = second.prepareBulk();
    for (int f = 1; f < FAMILIES; f += 2) {
      add(second, bulk3, "f" + f + "-3", "f" + f, IngestFamilies.copy(texts[f], 3));
    }
    for (int u = 0; u < unrelated; u++) {
      bulk3.add(
          second
              .prepareIndex(INDEX)
              .setPipeline(PIPELINE)
              .setSource("family", "u" + u, "body", texts[FAMILIES + u]));
    }
    assertNoFailures(bulk3.get());
    refresh(INDEX);

    SearchResponse all = client().prepareSearch(INDEX).setSize(100).get();
    assertNoFailures(all);
    List<IngestFamilies.Ingested> ingested = new ArrayList<>();
    for (SearchHit hit : all.getHits().getHits()) {
      Map<String, Object> source = hit.getSourceAsMap();
      ingested.add(
          new IngestFamilies.Ingested(
              hit.getId(),
              (String) source.get("family"),
              (String) source.get("neardup_cluster"),
              Boolean.TRUE.equals(source.get("neardup_canonical"))));
    }
    assertThat(ingested.size(), equalTo(FAMILIES * 3 + unrelated));
    IngestFamilies.check(ingested, FAMILIES, unrelated);

    SearchResponse collapsed =
        client()
            .prepareSearch(INDEX)
            .setSize(100)
            .setCollapse(new CollapseBuilder("neardup_cluster"))
            .get();
    Set<String> families = new HashSet<>();
    for (SearchHit hit : collapsed.getHits().getHits()) {
      families.add((String) hit.getSourceAsMap().get("family"));
    }
    assertThat(collapsed.getHits().getHits().length, equalTo(FAMILIES + unrelated));
    assertThat(families.size(), equalTo(FAMILIES + unrelated));
  }

  public void testTheFieldTakesTheProcessorsAnalysisAndIndexesTheSameValues() throws Exception {
    putPipeline(
        PIPELINE,
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    createIndex("handed", 1);
    createIndex("plain", 1);
    String node = primaryNode("handed");
    AnalysedTexts analysedTexts = analysedTexts(node);
    long before = analysedTexts.handedOver();
    String[] texts = new EnglishText(random().nextLong()).documents(20, 12);
    Client client = client(node);
    BulkRequestBuilder handed = client.prepareBulk();
    BulkRequestBuilder plain = client.prepareBulk();
    for (int i = 0; i < texts.length; i++) {
      handed.add(
          client
              .prepareIndex("handed")
              .setId("d" + i)
              .setPipeline(PIPELINE)
              .setSource("body", texts[i]));
      plain.add(client.prepareIndex("plain").setId("d" + i).setSource("body", texts[i]));
    }
    // the same text twice in one bulk: each copy takes the one analysis
    handed.add(
        client
            .prepareIndex("handed")
            .setId("again")
            .setPipeline(PIPELINE)
            .setSource("body", texts[0]));
    plain.add(client.prepareIndex("plain").setId("again").setSource("body", texts[0]));
    assertNoFailures(handed.get());
    assertNoFailures(plain.get());
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
        .get(0)
        .analysedTexts();
  }

  private String primaryNode(String index) {
    ClusterState state = clusterService().state();
    String id = state.routingTable().index(index).shard(0).primaryShard().currentNodeId();
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
    putPipeline(
        "pages",
        "{\"processors\": [{\"neardup\": {\"field\": \"page\", \"neardup_field\": \"page.dup\","
            + " \"boilerplate_fraction_field\": \"boilerplate_fraction\"}}]}");
    for (String index : List.of("pages", "plain-pages")) {
      assertAcked(
          client()
              .admin()
              .indices()
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
    Client client = client(node);
    BulkRequestBuilder handed = client.prepareBulk();
    BulkRequestBuilder plain = client.prepareBulk();
    for (int t = 0; t < texts.length; t++) {
      for (int template = 0; template < 2; template++) {
        String id = "t" + t + "-" + template;
        String page = IngestFamilies.page(texts[t], template);
        handed.add(
            client.prepareIndex("pages").setId(id).setPipeline("pages").setSource("page", page));
        plain.add(client.prepareIndex("plain-pages").setId(id).setSource("page", page));
      }
    }
    assertNoFailures(handed.get());
    assertNoFailures(plain.get());
    assertThat(analysedTexts.handedOver() - before, equalTo(2L * texts.length));
    refresh("pages", "plain-pages");
    assertThat(docValues("pages", "page.dup"), equalTo(docValues("plain-pages", "page.dup")));
    Map<String, String> clusters = new java.util.HashMap<>();
    SearchResponse response = client().prepareSearch("pages").setSize(100).get();
    for (SearchHit hit : response.getHits().getHits()) {
      Map<String, Object> source = hit.getSourceAsMap();
      clusters.put(hit.getId(), (String) source.get("neardup_cluster"));
      double fraction = ((Number) source.get("boilerplate_fraction")).doubleValue();
      assertTrue(hit.getId() + ": " + fraction, fraction > 0 && fraction < 1);
    }
    for (int t = 0; t < texts.length; t++) {
      assertThat(clusters.get("t" + t + "-1"), equalTo(clusters.get("t" + t + "-0")));
    }
    assertThat(new HashSet<>(clusters.values()).size(), equalTo(texts.length));
  }

  public void testANullOrMissingFieldIsABadRequestNamingItOrPassesWithIgnoreMissing()
      throws Exception {
    createIndex();
    putPipeline(
        "strict",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    BulkRequestBuilder bulk = client().prepareBulk();
    bulk.add(
        client().prepareIndex(INDEX).setId("null").setPipeline("strict").setSource(nullBody()));
    bulk.add(
        client()
            .prepareIndex(INDEX)
            .setId("missing")
            .setPipeline("strict")
            .setSource("family", "x"));
    bulk.add(
        client().prepareIndex(INDEX).setId("number").setPipeline("strict").setSource("body", 42));
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

    putPipeline(
        "lenient",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\","
            + " \"ignore_missing\": true}}]}");
    client().prepareIndex(INDEX).setId("null").setPipeline("lenient").setSource(nullBody()).get();
    client()
        .prepareIndex(INDEX)
        .setId("missing")
        .setPipeline("lenient")
        .setSource("family", "x")
        .get();
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
    putPipeline(
        "again",
        "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}");
    String[] texts = new EnglishText(random().nextLong()).documents(60, 2);
    for (String id : List.of("a", "b", "c")) {
      write(id, "f", IngestFamilies.copy(texts[0], id.charAt(0) - 'a'));
      refresh(INDEX); // a copy written on another node finds the others through the index
    }
    Map<String, IngestFamilies.Ingested> before = byId();
    assertEquals("a", before.get("a").cluster());
    assertTrue(before.get("a").canonical());
    assertEquals("a", before.get("b").cluster());
    assertFalse(before.get("b").canonical());

    // a small edit: a stays the canonical of its cluster
    write("a", "f", IngestFamilies.copy(texts[0], 3));
    refresh(INDEX);
    assertEquals(new IngestFamilies.Ingested("a", "f", "a", true), byId().get("a"));
    assertFalse(byId().get("b").canonical());

    // unrelated text: a leaves; b or c takes the canonical flag of cluster [a]
    write("a", "g", texts[1]);
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
    SearchResponse collapsed =
        client()
            .prepareSearch(INDEX)
            .setQuery(QueryBuilders.termQuery("neardup_canonical", true))
            .setCollapse(new CollapseBuilder("neardup_cluster"))
            .get();
    assertEquals(2, collapsed.getHits().getHits().length);
  }

  private static void write(String id, String family, String body) {
    client()
        .prepareIndex(INDEX)
        .setId(id)
        .setPipeline("again")
        .setSource("family", family, "body", body)
        .get();
  }

  /** {@code {"body": null}}. */
  private static Map<String, Object> nullBody() {
    Map<String, Object> source = new java.util.HashMap<>();
    source.put("body", null);
    return source;
  }

  private Map<String, IngestFamilies.Ingested> byId() {
    Map<String, IngestFamilies.Ingested> byId = new java.util.HashMap<>();
    SearchResponse all = client().prepareSearch(INDEX).setSize(100).get();
    for (SearchHit hit : all.getHits().getHits()) {
      Map<String, Object> source = hit.getSourceAsMap();
      byId.put(
          hit.getId(),
          new IngestFamilies.Ingested(
              hit.getId(),
              (String) source.get("family"),
              (String) source.get("neardup_cluster"),
              Boolean.TRUE.equals(source.get("neardup_canonical"))));
    }
    return byId;
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
          client()
              .prepareIndex(INDEX)
              .setId("o" + f)
              .setSource(
                  f % 2 == 0
                      ? new Object[] {"body", texts[f], "neardup_cluster", "c" + f}
                      : new Object[] {"body", texts[f]}));
    }
    assertNoFailures(bulk.get());
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
    for (String node : internalCluster().getNodeNames()) {
      SearchResponse response =
          client(node)
              .prepareSearch(INDEX)
              .setSize(0)
              .setTrackTotalHits(false)
              .addAggregation(lookup)
              .get();
      InternalShardAggregation<List<NearDupLookup.Match>> found =
          response.getAggregations().get("l");
      assertThat(LookupMatches.clusters(found.value()), equalTo(expected));
    }
    try (XContentParser parser =
        createParser(JsonXContent.jsonXContent, Strings.toString(XContentType.JSON, lookup))) {
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
        client()
            .admin()
            .indices()
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
                putPipeline(
                    "no-field", "{\"processors\": [{\"neardup\": {\"field\": \"body\"}}]}"));
    assertThat(messages(missing), containsString("[neardup_field] required property is missing"));

    assertIngestFails(
        "nope",
        "\"neardup_field\": \"body.nope\"",
        "[neardup] processor [neardup_field]: field [body.nope] does not exist in the mapping of"
            + " index [ingested]");
    assertIngestFails(
        "text",
        "\"neardup_field\": \"body\"",
        "[neardup] processor [neardup_field]: field [body] is of type [text] in index [ingested],"
            + " expected a field of type [neardup]");
    assertIngestFails(
        "cluster",
        "\"neardup_field\": \"body.dup\", \"cluster_field\": \"family.id\"",
        "[neardup] processor [cluster_field]: field [family.id] must be mapped as [keyword] in"
            + " index [ingested], got no mapping");
    assertIngestFails(
        "canonical",
        "\"neardup_field\": \"body.dup\", \"canonical_field\": \"family\"",
        "[neardup] processor [canonical_field]: field [family] must be mapped as [boolean] in"
            + " index [ingested], got [keyword]");
  }

  private void assertIngestFails(String name, String parameters, String message) {
    String pipeline = "bad-" + name;
    putPipeline(
        pipeline, "{\"processors\": [{\"neardup\": {\"field\": \"body\", " + parameters + "}}]}");
    Exception e =
        expectThrows(
            Exception.class,
            () ->
                client()
                    .prepareIndex(INDEX)
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
