package io.neardup.opensearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.client.ResponseException;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * The JSON of collapse, search pipelines and the clustering API over real HTTP, as a user sees it:
 * the same keys as the Elasticsearch plugin's, and 400s naming the parameter.
 */
@OpenSearchIntegTestCase.ClusterScope(
    scope = OpenSearchIntegTestCase.Scope.SUITE,
    numDataNodes = 2,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupRestTests extends OpenSearchIntegTestCase {

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

  private static void assertBadRequest(String method, String path, String body, String message) {
    ResponseException e = expectThrows(ResponseException.class, () -> call(method, path, body));
    String text = e.getMessage();
    assertThat(text, e.getResponse().getStatusLine().getStatusCode(), equalTo(400));
    assertThat(text, containsString(message));
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> hits(Map<String, Object> response) {
    return (List<Map<String, Object>>) ((Map<String, Object>) response.get("hits")).get("hits");
  }

  @SuppressWarnings("unchecked")
  public void testCollapsePipelinesAndClustersOverHttp() throws IOException {
    call(
        "PUT",
        "/articles",
        "{\"settings\": {\"number_of_shards\": 3, \"number_of_replicas\": 0},"
            + " \"mappings\": {\"properties\": {\"published\": {\"type\": \"date\"},"
            + " \"body\": {\"type\": \"text\", \"fields\": {\"dup\": {\"type\": \"neardup\"}}}}}}");
    String a =
        "the warehouse robot picks orders from tall shelves and carries them to the packing"
            + " station where workers check every item before it ships to the customer";
    String[][] docs = {
      {"1", "2026-01-03", a},
      {"2", "2026-01-01", a},
      {"3", "2026-01-05", a.replace("tall", "high")},
      {"4", "2026-01-02", "a warehouse robot tour: how modern logistics centres automate picking"},
    };
    StringBuilder bulk = new StringBuilder();
    for (String[] d : docs) {
      bulk.append("{\"index\": {\"_index\": \"articles\", \"_id\": \"")
          .append(d[0])
          .append("\"}}\n");
      bulk.append("{\"published\": \"")
          .append(d[1])
          .append("\", \"body\": \"")
          .append(d[2])
          .append("\"}\n");
    }
    Request bulkRequest = new Request("POST", "/_bulk?refresh=true");
    bulkRequest.setJsonEntity(bulk.toString());
    getRestClient().performRequest(bulkRequest);

    String ext =
        "\"ext\": {\"neardup_collapse\": {\"field\": \"body.dup\", \"min_similarity\": 0.6,"
            + " \"mode\": \"demote\", \"canonical\": {\"field\": \"published\", \"order\": \"asc\"}}}";
    Map<String, Object> collapsed =
        call(
            "POST",
            "/articles/_search",
            "{\"query\": {\"match\": {\"body\": \"warehouse robot\"}}, " + ext + "}");
    Map<String, Object> section = (Map<String, Object>) collapsed.get("neardup_collapse");
    assertThat(section.get("field"), equalTo("body.dup"));
    assertThat(section.get("mode"), equalTo("demote"));
    assertThat(section.get("window_hits"), equalTo(4));
    assertThat(section.get("copies"), equalTo(2));
    List<Map<String, Object>> hits = hits(collapsed);
    assertThat(hits.size(), equalTo(4));
    Map<String, String> copyOf = new java.util.HashMap<>();
    for (Map<String, Object> hit : hits) {
      Map<String, Object> note = (Map<String, Object>) hit.get("_neardup");
      assertNotNull("every hit carries a _neardup metadata field: " + hit, note);
      assertNull("no sketch leaks", hit.get("fields"));
      if (note.get("copy_of") instanceof Map<?, ?> of) {
        copyOf.put((String) hit.get("_id"), (String) of.get("_id"));
      } else {
        assertThat(note.get("canonical"), equalTo(true));
      }
    }
    // article 2 is the earliest published copy, so the others fold into it
    assertThat(copyOf, equalTo(Map.of("1", "2", "3", "2")));
    assertThat(hits.get(2).get("_id") + "," + hits.get(3).get("_id"), containsString("1"));

    // the same through a pipeline named per request
    call(
        "PUT",
        "/_search/pipeline/dedup",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"min_similarity\": 0.6, \"canonical\": \"published:asc\"}}],"
            + " \"response_processors\": [{\"neardup_collapse\": {}}]}");
    Map<String, Object> piped =
        call(
            "POST",
            "/articles/_search?search_pipeline=dedup",
            "{\"query\": {\"match\": {\"body\": \"warehouse robot\"}}}");
    assertThat(hits(piped), equalTo(hits));
    assertThat(piped.get("neardup_collapse"), equalTo(section));

    Map<String, Object> clusters =
        call(
            "POST",
            "/articles/_neardup/clusters",
            "{\"field\": \"body.dup\", \"min_similarity\": 0.6, \"canonical\": {\"field\":"
                + " \"published\", \"order\": \"asc\"}}");
    assertThat(clusters.get("documents"), equalTo(4));
    assertThat(clusters.get("total_clusters"), equalTo(1));
    assertThat(clusters.get("clustered_documents"), equalTo(3));
    Map<String, Object> cluster = ((List<Map<String, Object>>) clusters.get("clusters")).get(0);
    assertThat(cluster.get("size"), equalTo(3));
    assertThat(cluster.get("canonical"), equalTo(Map.of("_index", "articles", "_id", "2")));

    assertBadRequest(
        "POST",
        "/articles/_search",
        "{\"ext\": {\"neardup_collapse\": {\"field\": \"body.dup\", \"window\": 5000}}}",
        "[neardup_collapse] [window] must be at most [1000] (index setting"
            + " [index.neardup.max_collapse_window] of index [articles]), got [5000]");
    assertBadRequest(
        "POST",
        "/articles/_search",
        "{\"ext\": {\"neardup_collapse\": {\"field\": \"body\"}}}",
        "[neardup_collapse] field [body] is of type [text] in index [articles], expected a field"
            + " of type [neardup]");
    assertBadRequest(
        "POST",
        "/articles/_search",
        "{\"ext\": {\"neardup_collapse\": {\"field\": \"body.dup\", \"mode\": \"fold\"}}}",
        "[mode] must be one of [demote, remove, group], got [fold]");
    assertBadRequest(
        "PUT",
        "/_search/pipeline/bad",
        "{\"request_processors\": [{\"neardup_collapse\": {\"field\": \"body.dup\","
            + " \"min_similarity\": 2}}]}",
        "[min_similarity] must be in (0, 1], got [2.0]");
    assertBadRequest(
        "POST",
        "/articles/_neardup/clusters",
        "{\"field\": \"nope\"}",
        "[_neardup/clusters] unknown field [nope]");
    assertBadRequest(
        "POST", "/articles/_neardup/clusters", "{\"field\": \"body.dup\", \"size\": -1}", "[size]");
  }
}
