package io.neardup.opensearch.clusters;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.cluster.CanonicalPolicy;
import java.io.IOException;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.xcontent.XContentParseException;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.test.OpenSearchTestCase;

public class NearDupClustersRequestTests extends OpenSearchTestCase {
  private NearDupClustersRequest parse(String json) throws IOException {
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      return new NearDupClustersRequest().parse(parser);
    }
  }

  public void testParsesEveryKey() throws IOException {
    NearDupClustersRequest r =
        parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"from\": 5, \"size\": 20,"
                + " \"batch_size\": 300, \"canonical\": \"published:asc\"}");
    assertThat(r.field(), equalTo("body.dup"));
    assertThat(r.minSimilarity(), equalTo(0.85));
    assertThat(r.from(), equalTo(5));
    assertThat(r.size(), equalTo(20));
    assertThat(r.batchSize(), equalTo(300));
    assertThat(r.canonical(), equalTo(CanonicalPolicy.lowest("published")));
  }

  public void testValuesOfTheWrongKindNameTheParameter() {
    assertNamesTheKey("{\"field\": \"d\", \"min_similarity\": \"x\"}", "min_similarity", null);
    assertNamesTheKey("{\"size\": \"ten\"}", "size", null);
    assertNamesTheKey(
        "{\"min_similarity\": 1.5}",
        "min_similarity",
        "[min_similarity] must be in (0, 1], got [1.5]");
    XContentParseException e =
        expectThrows(XContentParseException.class, () -> parse("{\"windows\": 10}"));
    assertThat(e.getMessage(), containsString("[_neardup/clusters] unknown field [windows]"));
  }

  private void assertNamesTheKey(String json, String key, String cause) {
    XContentParseException e = expectThrows(XContentParseException.class, () -> parse(json));
    assertThat(
        e.getMessage(), containsString("[_neardup/clusters] failed to parse field [" + key + "]"));
    if (cause != null) {
      assertThat(e.getCause().getMessage(), equalTo(cause));
    }
  }
}
