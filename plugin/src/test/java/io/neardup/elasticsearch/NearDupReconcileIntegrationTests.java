package io.neardup.elasticsearch;

import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertAcked;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertNoFailures;
import static org.elasticsearch.test.hamcrest.ElasticsearchAssertions.assertResponse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.elasticsearch.clusters.NearDupClustersRequest;
import io.neardup.elasticsearch.clusters.NearDupClustersResponse;
import io.neardup.elasticsearch.clusters.TransportNearDupClustersAction;
import io.neardup.elasticsearch.reconcile.NearDupReconcileRequest;
import io.neardup.elasticsearch.reconcile.NearDupReconcileResponse;
import io.neardup.elasticsearch.reconcile.TransportNearDupReconcileAction;
import io.neardup.engine.api.ClusterListing;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.elasticsearch.action.bulk.BulkRequestBuilder;
import org.elasticsearch.client.Request;
import org.elasticsearch.client.Response;
import org.elasticsearch.client.ResponseException;
import org.elasticsearch.cluster.metadata.IndexMetadata;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.common.xcontent.XContentHelper;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.search.SearchHit;
import org.elasticsearch.search.collapse.CollapseBuilder;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.transport.netty4.Netty4Plugin;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.json.JsonXContent;

/**
 * The reconcile API on two data nodes and an index of three shards that never refreshes on its own.
 * The {@code neardup} processor splits each family: its first two copies are ingested on different
 * nodes before a refresh and start two clusters; a third copy, published earlier, arrives last.
 * Reconcile must leave the cluster ids equal to the clustering API's clusters, keep the id most
 * members carry, move the canonical flag to the earliest copy, write nothing on a second run, run
 * as a task whose result is stored, and answer 400/404 naming what is wrong.
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupReconcileIntegrationTests extends ESIntegTestCase {
  private static final String INDEX = "reconciled";
  private static final String PIPELINE = "dedup";
  private static final int FAMILIES = 5;
  private static final int UNRELATED = 3;
  private static final CanonicalPolicy EARLIEST = CanonicalPolicy.lowest("published");

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, Netty4Plugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  private void createIndex() throws IOException {
    // "published" is mapped as a date by dynamic mapping
    XContentBuilder mapping = NearDupIngestIntegrationTests.ingestMapping();
    assertAcked(
        indicesAdmin()
            .prepareCreate(INDEX)
            .setSettings(
                Settings.builder()
                    .put(IndexMetadata.SETTING_NUMBER_OF_SHARDS, 3)
                    .put(IndexMetadata.SETTING_NUMBER_OF_REPLICAS, 0)
                    // copies on the other node stay invisible until the test refreshes
                    .put("index.refresh_interval", "-1"))
            .setMapping(mapping));
    ensureGreen(INDEX);
    putJsonPipeline(
        PIPELINE,
        """
        {"processors": [{"neardup": {"field": "body", "neardup_field": "body.dup"}}]}\
        """);
  }

  private static void add(
      BulkRequestBuilder bulk, String id, String family, String published, String body) {
    bulk.add(
        prepareIndex(INDEX)
            .setId(id)
            .setPipeline(PIPELINE)
            .setSource("family", family, "published", published, "body", body));
  }

  /** Ingests the split families and the unrelated documents; returns the number of documents. */
  private int ingest() throws IOException {
    createIndex();
    Random random = random();
    String[] nodes = internalCluster().getNodeNames();
    BulkRequestBuilder first = client(nodes[0]).prepareBulk();
    BulkRequestBuilder second = client(nodes[1]).prepareBulk();
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < FAMILIES; f++) {
      String text = String.join(" ", NearDupIntegrationTests.randomWords(random, 60));
      texts.add(text);
      add(first, "f" + f + "-0", "f" + f, "2026-03-02", text);
      add(second, "f" + f + "-1", "f" + f, "2026-03-03", text.toUpperCase(Locale.ROOT) + "!");
    }
    for (int u = 0; u < UNRELATED; u++) {
      add(
          first,
          "u" + u,
          "u" + u,
          "2026-01-01",
          String.join(" ", NearDupIntegrationTests.randomWords(random, 60)));
    }
    assertNoFailures(first.get());
    assertNoFailures(second.get());
    refresh(INDEX);
    BulkRequestBuilder late = client(nodes[0]).prepareBulk();
    for (int f = 0; f < FAMILIES; f++) {
      add(late, "f" + f + "-2", "f" + f, "2026-03-01", texts.get(f) + " appendix");
    }
    // no text, so no id in the neardup field's doc values: reconcile reads its stored id
    late.add(
        prepareIndex(INDEX)
            .setId("bare")
            .setSource("family", "bare", "neardup_cluster", "f0-0", "neardup_canonical", false));
    assertNoFailures(late.get());
    refresh(INDEX);
    return FAMILIES * 3 + UNRELATED + 1;
  }

  /** A document's family, cluster id and canonical flag. */
  private record Stored(String family, String cluster, boolean canonical) {}

  private static Map<String, Stored> stored() {
    Map<String, Stored> out = new HashMap<>();
    assertResponse(
        prepareSearch(INDEX).setSize(100),
        response -> {
          for (SearchHit hit : response.getHits().getHits()) {
            Map<String, Object> source = hit.getSourceAsMap();
            out.put(
                hit.getId(),
                new Stored(
                    (String) source.get("family"),
                    (String) source.get("neardup_cluster"),
                    Boolean.TRUE.equals(source.get("neardup_canonical"))));
          }
        });
    return out;
  }

  private static NearDupReconcileResponse reconcile(NearDupReconcileRequest request) {
    return client().execute(TransportNearDupReconcileAction.TYPE, request).actionGet();
  }

  public void testReconcileRepairsSplitClustersAndMovesTheCanonical() throws Exception {
    int documents = ingest();
    Map<String, Stored> before = stored();
    Set<String> clustersBefore = new HashSet<>();
    before.values().forEach(s -> clustersBefore.add(s.cluster()));
    assertThat(
        "the processor split the families across nodes",
        clustersBefore.size(),
        greaterThan(FAMILIES + UNRELATED));

    // a dry run counts the changes and writes nothing
    NearDupReconcileResponse dry =
        reconcile(
            new NearDupReconcileRequest(INDEX).field("body.dup").canonical(EARLIEST).dryRun(true));
    assertThat(dry.result().documents(), equalTo((long) documents));
    assertThat(dry.result().changed(), greaterThan(0L));
    assertThat(dry.result().updated(), equalTo(0L));
    refresh(INDEX);
    assertThat(stored(), equalTo(before));

    NearDupReconcileResponse done =
        reconcile(
            new NearDupReconcileRequest(INDEX)
                .field("body.dup")
                .canonical(EARLIEST)
                .batchSize(between(1, 7))
                .refresh(true));
    assertThat(done.result().failures().toString(), done.result().failed(), equalTo(0L));
    assertThat(done.result().changed(), equalTo(dry.result().changed()));
    assertThat(done.result().updated(), equalTo(done.result().changed()));
    assertThat(done.result().unchanged(), equalTo(documents - done.result().changed()));
    assertThat(done.result().clusters(), equalTo((long) FAMILIES));

    // the cluster ids now group the documents exactly as the clustering API does
    Map<String, Stored> after = stored();
    Map<String, Set<String>> byCluster = new HashMap<>();
    Map<String, String> canonicalOf = new HashMap<>();
    after.forEach((id, s) -> {
      byCluster.computeIfAbsent(s.cluster(), k -> new HashSet<>()).add(id);
      if (s.canonical()) {
        assertNull("one canonical in " + s.cluster(), canonicalOf.put(s.cluster(), id));
      }
    });
    assertThat(canonicalOf.keySet(), equalTo(byCluster.keySet()));
    NearDupClustersResponse api =
        client()
            .execute(
                TransportNearDupClustersAction.TYPE,
                new NearDupClustersRequest(INDEX).field("body.dup").canonical(EARLIEST))
            .actionGet();
    Set<Set<String>> expected = new HashSet<>();
    Set<String> expectedCanonicals = new HashSet<>();
    for (ClusterListing.Group c : api.clusters()) {
      Set<String> ids = new HashSet<>();
      ids.add(c.canonical().id());
      c.copies().forEach(m -> ids.add(m.id()));
      expected.add(ids);
      expectedCanonicals.add(c.canonical().id());
    }
    Set<Set<String>> actual = new HashSet<>();
    Set<String> actualCanonicals = new HashSet<>();
    for (Map.Entry<String, Set<String>> cluster : byCluster.entrySet()) {
      if (cluster.getValue().size() > 1) {
        actual.add(cluster.getValue());
        actualCanonicals.add(canonicalOf.get(cluster.getKey()));
      }
    }
    assertThat(actual, equalTo(expected));
    assertThat(actualCanonicals, equalTo(expectedCanonicals));
    for (int f = 0; f < FAMILIES; f++) {
      // two of three members carried the first copy's id: the cluster keeps it
      assertThat(after.get("f" + f + "-1").cluster(), equalTo("f" + f + "-0"));
      // the copy published first is canonical, though it arrived last
      assertTrue(after.get("f" + f + "-2").canonical());
    }
    for (int u = 0; u < UNRELATED; u++) {
      assertThat(after.get("u" + u), equalTo(before.get("u" + u)));
    }
    // the document without text is a cluster of its own
    assertThat(after.get("bare"), equalTo(new Stored("bare", "bare", true)));

    // nothing left to repair
    NearDupReconcileResponse again =
        reconcile(new NearDupReconcileRequest(INDEX).field("body.dup").canonical(EARLIEST));
    assertThat(again.result().changed(), equalTo(0L));
    assertThat(again.result().updated(), equalTo(0L));
    assertThat(again.result().unchanged(), equalTo((long) documents));
    // without a policy the flagged members stay canonical
    assertThat(
        reconcile(new NearDupReconcileRequest(INDEX).field("body.dup")).result().changed(),
        equalTo(0L));

    // Elasticsearch's own collapse on the cluster id: one hit per family
    assertResponse(
        prepareSearch(INDEX).setSize(100).setCollapse(new CollapseBuilder("neardup_cluster")),
        response -> {
          Set<String> families = new HashSet<>();
          for (SearchHit hit : response.getHits().getHits()) {
            assertTrue(
                "near-duplicates in one page",
                families.add((String) hit.getSourceAsMap().get("family")));
          }
          assertThat(families.size(), equalTo(FAMILIES + UNRELATED + 1));
        });
  }

  public void testWithoutWaitingTheResultIsStoredWithTheTask() throws Exception {
    int documents = ingest();
    Map<String, Object> started =
        json(
            getRestClient()
                .performRequest(
                    post(
                        "/" + INDEX + "/_neardup/reconcile?wait_for_completion=false&refresh=true",
                        "{\"field\": \"body.dup\", \"canonical\": {\"field\": \"published\","
                            + " \"order\": \"asc\"}}")));
    String task = (String) started.get("task");
    assertNotNull(started.toString(), task);
    Map<String, Object> result =
        json(
            getRestClient()
                .performRequest(
                    new Request("GET", "/_tasks/" + task + "?wait_for_completion=true")));
    assertThat(result.toString(), result.get("completed"), equalTo(true));
    @SuppressWarnings("unchecked")
    Map<String, Object> response = (Map<String, Object>) result.get("response");
    assertThat(response.get("documents"), equalTo(documents));
    assertThat((Integer) response.get("updated"), greaterThan(0));
    assertThat(response.get("failed"), equalTo(0));
    @SuppressWarnings("unchecked")
    Map<String, Object> status =
        (Map<String, Object>) ((Map<String, Object>) result.get("task")).get("status");
    assertThat(status.toString(), status.get("read"), equalTo(documents));
    assertThat(status.get("updated"), equalTo(response.get("updated")));

    assertThat(
        reconcile(new NearDupReconcileRequest(INDEX).field("body.dup").canonical(EARLIEST))
            .result()
            .changed(),
        equalTo(0L));
  }

  public void testErrorsNameTheParameter() throws Exception {
    createIndex();
    assertStatus(400, "[_neardup/reconcile] unknown field [nope]", "{\"field\": \"nope\"}", "");
    assertStatus(
        400,
        "[_neardup/reconcile] field [body] is of type [text] in index [reconciled], expected a"
            + " field of type [neardup]",
        "{\"field\": \"body\"}",
        "");
    assertStatus(
        400,
        "[_neardup/reconcile] [cluster_field]: field [family.nope] must be mapped as [keyword] in"
            + " index [reconciled], got no mapping",
        "{\"field\": \"body.dup\", \"cluster_field\": \"family.nope\"}",
        "");
    assertStatus(
        400,
        "[_neardup/reconcile] [canonical_field]: field [family] must be mapped as [boolean]",
        "{\"field\": \"body.dup\", \"canonical_field\": \"family\"}",
        "");
    assertStatus(400, "[field] is required", "{}", "");
    assertStatus(400, "unknown field [window]", "{\"field\": \"body.dup\", \"window\": 3}", "");
    assertStatus(400, "[min_similarity]", "{\"field\": \"body.dup\", \"min_similarity\": 2}", "");
    assertStatus(400, "unrecognized parameter: [size]", "{\"field\": \"body.dup\"}", "?size=3");
    // without waiting, the checks against the mappings fail the task: its stored error names them
    Map<String, Object> started =
        json(
            getRestClient()
                .performRequest(
                    post(
                        "/" + INDEX + "/_neardup/reconcile?wait_for_completion=false",
                        "{\"field\": \"nope\"}")));
    Map<String, Object> failed =
        json(
            getRestClient()
                .performRequest(
                    new Request(
                        "GET", "/_tasks/" + started.get("task") + "?wait_for_completion=true")));
    assertThat(failed.toString(), failed.get("completed"), equalTo(true));
    assertThat(
        failed.get("error").toString(),
        containsString("[_neardup/reconcile] unknown field [nope]"));
    ResponseException missing =
        expectThrows(
            ResponseException.class,
            () ->
                getRestClient()
                    .performRequest(post("/nowhere/_neardup/reconcile", "{\"field\": \"d\"}")));
    assertThat(missing.getResponse().getStatusLine().getStatusCode(), equalTo(404));
    assertThat(missing.getMessage(), containsString("no such index [nowhere]"));
  }

  private static void assertStatus(int status, String message, String body, String params) {
    ResponseException e =
        expectThrows(
            ResponseException.class,
            () ->
                getRestClient()
                    .performRequest(post("/" + INDEX + "/_neardup/reconcile" + params, body)));
    assertThat(e.getMessage(), e.getResponse().getStatusLine().getStatusCode(), equalTo(status));
    assertThat(e.getMessage(), containsString(message));
  }

  private static Request post(String endpoint, String body) {
    Request request = new Request("POST", endpoint);
    request.setJsonEntity(body);
    return request;
  }

  private static Map<String, Object> json(Response response) throws IOException {
    try (InputStream in = response.getEntity().getContent()) {
      return XContentHelper.convertToMap(JsonXContent.jsonXContent, in, false);
    }
  }
}
