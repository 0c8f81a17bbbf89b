package io.neardup.elasticsearch.clusters;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.cluster.CanonicalPolicy;
import java.io.IOException;
import org.elasticsearch.common.io.stream.BytesStreamOutput;
import org.elasticsearch.core.TimeValue;
import org.elasticsearch.test.ESTestCase;
import org.elasticsearch.xcontent.XContentParseException;
import org.elasticsearch.xcontent.XContentParser;
import org.elasticsearch.xcontent.json.JsonXContent;

public class NearDupClustersRequestTests extends ESTestCase {
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
    assertThat(r.params().field(), equalTo("body.dup"));
    assertThat(r.params().minSimilarity(), equalTo(0.85));
    assertThat(r.params().from(), equalTo(5));
    assertThat(r.params().size(), equalTo(20));
    assertThat(r.params().batchSize(), equalTo(300));
    assertThat(r.params().canonical(), equalTo(CanonicalPolicy.lowest("published")));
  }

  public void testKeepAliveAndRunTravelAndValidate() throws IOException {
    NearDupClustersRequest kept = parse("{\"field\": \"body.dup\", \"keep_alive\": \"10m\"}");
    assertThat(kept.keepAlive(), equalTo(TimeValue.timeValueMinutes(10)));
    assertNull(kept.validate());
    NearDupClustersRequest page = parse("{\"run\": \"node:abc\", \"from\": 100}");
    assertThat(page.params().run(), equalTo("node:abc"));
    assertNull(page.validate()); // a page needs no field: the run has its own
    BytesStreamOutput out = new BytesStreamOutput();
    page.keepAlive(TimeValue.timeValueSeconds(30)).writeTo(out);
    NearDupClustersRequest read = new NearDupClustersRequest(out.bytes().streamInput());
    assertThat(read.params().run(), equalTo("node:abc"));
    assertThat(read.keepAlive(), equalTo(TimeValue.timeValueSeconds(30)));
    assertThat(read.params().from(), equalTo(100));
    assertThat(
        parse("{\"run\": \"n:x\", \"field\": \"f\"}").validate().getMessage(),
        containsString("[run] pages through a kept run"));
    assertNamesTheKey(
        "{\"field\": \"d\", \"keep_alive\": \"2d\"}",
        "keep_alive",
        "[keep_alive] must be between 1ms and 1d, got [2d]");
    assertNamesTheKey("{\"field\": \"d\", \"keep_alive\": \"soon\"}", "keep_alive", null);
  }

  public void testValuesOfTheWrongKindNameTheParameter() {
    assertNamesTheKey(
        "{\"field\": \"d\", \"min_similarity\": \"x\"}",
        "min_similarity",
        "[min_similarity] must be a number in (0, 1], got [x]");
    assertNamesTheKey(
        "{\"min_similarity\": \"1.5\"}",
        "min_similarity",
        "[min_similarity] must be in (0, 1], got [1.5]");
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
