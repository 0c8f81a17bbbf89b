package io.neardup.elasticsearch.clusters;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.neardup.cluster.CanonicalPolicy;
import java.io.IOException;
import org.elasticsearch.test.ESTestCase;
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
    assertThat(r.field(), equalTo("body.dup"));
    assertThat(r.minSimilarity(), equalTo(0.85));
    assertThat(r.from(), equalTo(5));
    assertThat(r.size(), equalTo(20));
    assertThat(r.batchSize(), equalTo(300));
    assertThat(r.canonical(), equalTo(CanonicalPolicy.lowest("published")));
  }

  public void testValuesOfTheWrongKindNameTheParameter() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> parse("{\"field\": \"d\", \"min_similarity\": \"x\"}"));
    assertThat(e.getMessage(), equalTo("[min_similarity] must be a number in (0, 1], got [x]"));
    e = expectThrows(IllegalArgumentException.class, () -> parse("{\"size\": \"ten\"}"));
    assertThat(e.getMessage(), equalTo("[size] must be an integer >= 0, got [ten]"));
    e = expectThrows(IllegalArgumentException.class, () -> parse("{\"batch_size\": 2.5e40}"));
    assertThat(e.getMessage(), startsWith("[batch_size] must be an integer >= 1, got [2.5"));
  }
}
