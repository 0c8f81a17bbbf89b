package io.neardup.elasticsearch.reconcile;

import static org.hamcrest.Matchers.equalTo;

import io.neardup.engine.contract.ReconcileRequestContract;
import io.neardup.engine.reconcile.ReconcileParams;
import java.io.IOException;
import java.util.List;
import org.elasticsearch.action.ActionRequestValidationException;
import org.elasticsearch.common.io.stream.BytesStreamOutput;
import org.elasticsearch.common.io.stream.NamedWriteableAwareStreamInput;
import org.elasticsearch.common.io.stream.NamedWriteableRegistry;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.search.SearchModule;
import org.elasticsearch.test.ESTestCase;
import org.elasticsearch.xcontent.NamedXContentRegistry;
import org.elasticsearch.xcontent.XContentParseException;
import org.elasticsearch.xcontent.XContentParser;
import org.elasticsearch.xcontent.json.JsonXContent;

/** Parsing, validation and wire form of the reconcile request. */
public class NearDupReconcileRequestTests extends ESTestCase {
  private static final SearchModule SEARCH = new SearchModule(Settings.EMPTY, List.of());

  @Override
  protected NamedXContentRegistry xContentRegistry() {
    return new NamedXContentRegistry(SEARCH.getNamedXContents());
  }

  private NearDupReconcileRequest parse(String json) throws IOException {
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      return new NearDupReconcileRequest("docs").parse(parser);
    }
  }

  /** This engine's parser and validation, as the shared contract drives them. */
  private final ReconcileRequestContract.Engine engine =
      new ReconcileRequestContract.Engine() {
        @Override
        public ReconcileParams parse(String json) throws IOException {
          return NearDupReconcileRequestTests.this.parse(json).params();
        }

        @Override
        public Exception refuse(String json) {
          return expectThrows(XContentParseException.class, () -> parse(json));
        }

        @Override
        public List<String> errors(String json) throws IOException {
          ActionRequestValidationException e =
              NearDupReconcileRequestTests.this.parse(json).validate();
          return e == null ? List.of() : e.validationErrors();
        }
      };

  public void testDefaults() throws Exception {
    ReconcileRequestContract.defaults(engine);
  }

  public void testParsesEveryKey() throws Exception {
    ReconcileRequestContract.parsesEveryKey(engine);
  }

  public void testErrorsNameTheParameter() throws Exception {
    ReconcileRequestContract.errorsNameTheParameter(engine);
  }

  public void testRoundTrips() throws IOException {
    NearDupReconcileRequest r =
        parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"batch_size\": 300,"
                + " \"canonical\": \"published:asc\", \"cluster_field\": \"c\","
                + " \"canonical_field\": \"k\", \"dry_run\": true,"
                + " \"query\": {\"term\": {\"lang\": \"en\"}}}");
    r.refresh(true).shouldStoreResult(true);
    assertNotNull(r.clusters().query());

    NamedWriteableRegistry registry =
        new NamedWriteableRegistry(
            new SearchModule(Settings.EMPTY, java.util.List.of()).getNamedWriteables());
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      r.writeTo(out);
      try (StreamInput in =
          new NamedWriteableAwareStreamInput(out.bytes().streamInput(), registry)) {
        NearDupReconcileRequest read = new NearDupReconcileRequest(in);
        assertThat(read.getDescription(), equalTo(r.getDescription()));
        assertThat(read.clusters().query(), equalTo(r.clusters().query()));
        assertThat(
            read.clusters().params().canonical(), equalTo(r.clusters().params().canonical()));
        assertThat(read.clusters().params().minSimilarity(), equalTo(0.85));
        assertTrue(
            read.params().canonicalGiven() && read.params().dryRun() && read.params().refresh());
        assertTrue(read.getShouldStoreResult());
      }
    }
  }
}
