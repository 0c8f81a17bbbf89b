package io.neardup.elasticsearch.clusters;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.engine.api.ClustersParams;
import io.neardup.engine.contract.ClustersRequestContract;
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

  /** This engine's parser, as the shared contract drives it. */
  private final ClustersRequestContract.Engine engine =
      new ClustersRequestContract.Engine() {
        @Override
        public ClustersParams parse(String json) throws IOException {
          return NearDupClustersRequestTests.this.parse(json).params();
        }

        @Override
        public Exception refuse(String json) {
          return expectThrows(XContentParseException.class, () -> parse(json));
        }
      };

  public void testParsesEveryKey() throws Exception {
    ClustersRequestContract.parsesEveryKey(engine);
  }

  public void testValuesOfTheWrongKindNameTheParameter() {
    ClustersRequestContract.valuesOfTheWrongKindNameTheParameter(engine);
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
  }
}
