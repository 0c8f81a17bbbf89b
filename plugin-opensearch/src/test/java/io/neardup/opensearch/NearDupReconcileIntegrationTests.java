package io.neardup.opensearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.ClusterListing;
import io.neardup.opensearch.clusters.NearDupClustersRequest;
import io.neardup.opensearch.clusters.NearDupClustersResponse;
import io.neardup.opensearch.clusters.TransportNearDupClustersAction;
import io.neardup.opensearch.reconcile.NearDupReconcileRequest;
import io.neardup.opensearch.reconcile.NearDupReconcileResponse;
import io.neardup.opensearch.reconcile.TransportNearDupReconcileAction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.client.ResponseException;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.plugins.Plugin;
import org.opensearch.search.SearchHit;
import org.opensearch.search.collapse.CollapseBuilder;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * The reconcile API on OpenSearch (which has no ingest processor yet: reconcile is how documents
 * get their cluster ids), two data nodes, three shards. Documents arrive with stale assignments: a
 * family split across two ids, a later copy published earlier, documents with none. Reconcile must
 * leave the ids equal to the clustering API's clusters, keep the majority id, flag the policy's
 * canonical, write nothing on a second run, store its result when not waited for, and answer
 * 400/404 naming what is wrong.
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupReconcileIntegrationTests extends OpenSearchIntegTestCase {
  private static final String INDEX = "reconciled";
  private static final int FAMILIES = 4;
  private static final int UNRELATED = 3;
  private static final CanonicalPolicy EARLIEST = CanonicalPolicy.lowest("published");

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, Netty4ModulePlugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  private static Map<String, Object> call(String method, String path, String body)
      throws IOException {
    Request request = new Request(method, path);
    if (body != null) {
      request.setJsonEntity(body);
    }
    Response response = getRestClient().performRequest(request);
    return XContentHelper.convertToMap(
        JsonXContent.jsonXContent, response.getEntity().getContent(), false);
  }

  private static String words(Random random, int n) {
    List<String> words = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      words.add("w" + Integer.toString(random.nextInt(5000), 36));
    }
    return String.join(" ", words);
  }

  private static String doc(
      String id, String family, String published, String cluster, Boolean canonical, String body) {
    return "{\"index\": {\"_id\": \""
        + id
        + "\"}}\n{\"family\": \""
        + family
        + "\", \"published\": \""
        + published
        + "\", \"body\": \""
        + body
        + "\""
        + (cluster == null ? "" : ", \"neardup_cluster\": \"" + cluster + "\"")
        + (canonical == null ? "" : ", \"neardup_canonical\": " + canonical)
        + "}\n";
  }

  /** Indexes the stale documents; returns their number. */
  private int index() throws IOException {
    call(
        "PUT",
        "/" + INDEX,
        "{\"settings\": {\"number_of_shards\": 3, \"number_of_replicas\": 0},"
            + " \"mappings\": {\"properties\": {\"family\": {\"type\": \"keyword\"},"
            + " \"published\": {\"type\": \"date\"},"
            + " \"neardup_cluster\": {\"type\": \"keyword\"},"
            + " \"neardup_canonical\": {\"type\": \"boolean\"},"
            + " \"body\": {\"type\": \"text\", \"fields\": {\"dup\": {\"type\": \"neardup\"}}}}}}");
    Random random = random();
    StringBuilder bulk = new StringBuilder();
    for (int f = 0; f < FAMILIES; f++) {
      String text = words(random, 60);
      String family = "f" + f;
      // split at write time: two ids, two canonicals; the earliest copy came last
      bulk.append(doc(family + "-0", family, "2026-03-02", family + "-0", true, text));
      bulk.append(
          doc(
              family + "-1",
              family,
              "2026-03-03",
              family + "-1",
              true,
              text.toUpperCase(Locale.ROOT) + "!"));
      bulk.append(
          doc(family + "-2", family, "2026-03-01", family + "-0", false, text + " appendix"));
    }
    for (int u = 0; u < UNRELATED; u++) {
      bulk.append(doc("u" + u, "u" + u, "2026-01-01", null, null, words(random, 60)));
    }
    // no text, so no id in the neardup field's doc values: reconcile reads its stored id
    bulk.append(
        "{\"index\": {\"_id\": \"bare\"}}\n"
            + "{\"family\": \"bare\", \"neardup_cluster\": \"f0-0\", \"neardup_canonical\": false}\n");
    Request request = new Request("POST", "/" + INDEX + "/_bulk?refresh=true");
    request.setJsonEntity(bulk.toString());
    Map<String, Object> response =
        XContentHelper.convertToMap(
            JsonXContent.jsonXContent,
            getRestClient().performRequest(request).getEntity().getContent(),
            false);
    assertThat(response.toString(), response.get("errors"), equalTo(false));
    return FAMILIES * 3 + UNRELATED + 1;
  }

  /** A document's family, cluster id and canonical flag. */
  private record Stored(String family, String cluster, Boolean canonical) {}

  private static Map<String, Stored> stored() {
    SearchResponse response = client().prepareSearch(INDEX).setSize(100).get();
    Map<String, Stored> out = new HashMap<>();
    for (SearchHit hit : response.getHits().getHits()) {
      Map<String, Object> source = hit.getSourceAsMap();
      out.put(
          hit.getId(),
          new Stored(
              (String) source.get("family"),
              (String) source.get("neardup_cluster"),
              (Boolean) source.get("neardup_canonical")));
    }
    return out;
  }

  private static NearDupReconcileResponse reconcile(NearDupReconcileRequest request) {
    return client().execute(TransportNearDupReconcileAction.TYPE, request).actionGet();
  }

  public void testReconcileRepairsStaleAssignments() throws Exception {
    int documents = index();
    NearDupReconcileResponse done =
        reconcile(
            new NearDupReconcileRequest(INDEX)
                .field("body.dup")
                .canonical(EARLIEST)
                .batchSize(between(1, 7))
                .refresh(true));
    assertThat(done.result().failures().toString(), done.result().failed(), equalTo(0L));
    assertThat(done.result().documents(), equalTo((long) documents));
    assertThat(done.result().clusters(), equalTo((long) FAMILIES));
    // per family: -0 and -1 lose the flag, -1 its id, -2 gains the flag; unrelated get ids, and
    // the document without text its own
    assertThat(done.result().changed(), equalTo((long) FAMILIES * 3 + UNRELATED + 1));
    assertThat(done.result().updated(), equalTo(done.result().changed()));

    Map<String, Stored> after = stored();
    Map<String, Set<String>> byCluster = new HashMap<>();
    Map<String, String> canonicalOf = new HashMap<>();
    after.forEach((id, s) -> {
      assertNotNull(id, s.canonical());
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
    byCluster.forEach((cluster, ids) -> {
      if (ids.size() > 1) {
        actual.add(ids);
        actualCanonicals.add(canonicalOf.get(cluster));
      }
    });
    assertThat(actual, equalTo(expected));
    assertThat(actualCanonicals, equalTo(expectedCanonicals));
    for (int f = 0; f < FAMILIES; f++) {
      assertThat(after.get("f" + f + "-1").cluster(), equalTo("f" + f + "-0"));
      assertTrue(after.get("f" + f + "-2").canonical());
    }
    for (int u = 0; u < UNRELATED; u++) {
      assertThat(after.get("u" + u).cluster(), equalTo("u" + u));
    }
    assertThat(after.get("bare"), equalTo(new Stored("bare", "bare", true)));

    assertThat(
        reconcile(new NearDupReconcileRequest(INDEX).field("body.dup").canonical(EARLIEST))
            .result()
            .changed(),
        equalTo(0L));
    assertThat(
        reconcile(new NearDupReconcileRequest(INDEX).field("body.dup")).result().changed(),
        equalTo(0L));

    SearchResponse collapsed =
        client()
            .prepareSearch(INDEX)
            .setSize(100)
            .setCollapse(new CollapseBuilder("neardup_cluster"))
            .get();
    Set<String> families = new HashSet<>();
    for (SearchHit hit : collapsed.getHits().getHits()) {
      assertTrue(
          "near-duplicates in one page", families.add((String) hit.getSourceAsMap().get("family")));
    }
    assertThat(families.size(), equalTo(FAMILIES + UNRELATED + 1));
  }

  @SuppressWarnings("unchecked")
  public void testWithoutWaitingTheResultIsStoredAndErrorsNameTheParameter() throws Exception {
    int documents = index();
    Map<String, Object> started =
        call(
            "POST",
            "/" + INDEX + "/_neardup/reconcile?wait_for_completion=false&refresh=true",
            "{\"field\": \"body.dup\", \"canonical\": \"published:asc\"}");
    String task = (String) started.get("task");
    assertNotNull(started.toString(), task);
    Map<String, Object> result = call("GET", "/_tasks/" + task + "?wait_for_completion=true", null);
    assertThat(result.toString(), result.get("completed"), equalTo(true));
    Map<String, Object> response = (Map<String, Object>) result.get("response");
    assertThat(response.get("documents"), equalTo(documents));
    assertThat((Integer) response.get("updated"), greaterThan(0));
    Map<String, Object> status =
        (Map<String, Object>) ((Map<String, Object>) result.get("task")).get("status");
    assertThat(status.toString(), status.get("read"), equalTo(documents));

    assertStatus(400, "[_neardup/reconcile] unknown field [nope]", "{\"field\": \"nope\"}", "");
    assertStatus(
        400,
        "[_neardup/reconcile] [cluster_field]: field [published] must be mapped as [keyword] in"
            + " index [reconciled], got [date]",
        "{\"field\": \"body.dup\", \"cluster_field\": \"published\"}",
        "");
    assertStatus(400, "unknown field [size]", "{\"field\": \"body.dup\", \"size\": 3}", "");
    assertStatus(400, "[field] is required", "{}", "");
    ResponseException missing =
        expectThrows(
            ResponseException.class,
            () -> call("POST", "/nowhere/_neardup/reconcile", "{\"field\": \"d\"}"));
    assertThat(missing.getResponse().getStatusLine().getStatusCode(), equalTo(404));
  }

  private static void assertStatus(int status, String message, String body, String params) {
    ResponseException e =
        expectThrows(
            ResponseException.class,
            () -> call("POST", "/" + INDEX + "/_neardup/reconcile" + params, body));
    assertThat(e.getMessage(), e.getResponse().getStatusLine().getStatusCode(), equalTo(status));
    assertThat(e.getMessage(), containsString(message));
  }
}
