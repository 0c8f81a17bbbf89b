package io.neardup.elasticsearch.reconcile;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.reconcile.ReconcileParams;
import java.io.IOException;
import java.util.List;
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

  public void testDefaults() throws IOException {
    NearDupReconcileRequest r = parse("{\"field\": \"body.dup\"}");
    assertThat(r.clusters().params().field(), equalTo("body.dup"));
    assertThat(r.params().clusterField(), equalTo("neardup_cluster"));
    assertThat(r.params().canonicalField(), equalTo("neardup_canonical"));
    assertThat(r.clusters().params().batchSize(), equalTo(ReconcileParams.DEFAULT_BATCH_SIZE));
    assertFalse(r.params().canonicalGiven());
    assertFalse(r.params().dryRun());
    assertNull(r.validate());
  }

  public void testParsesEveryKeyAndRoundTrips() throws IOException {
    NearDupReconcileRequest r =
        parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"batch_size\": 300,"
                + " \"canonical\": \"published:asc\", \"cluster_field\": \"c\","
                + " \"canonical_field\": \"k\", \"dry_run\": true,"
                + " \"query\": {\"term\": {\"lang\": \"en\"}}}");
    r.refresh(true).shouldStoreResult(true);
    assertThat(r.clusters().params().minSimilarity(), equalTo(0.85));
    assertThat(r.clusters().params().batchSize(), equalTo(300));
    assertThat(r.clusters().params().canonical(), equalTo(CanonicalPolicy.lowest("published")));
    assertTrue(r.params().canonicalGiven());
    assertThat(r.params().clusterField(), equalTo("c"));
    assertThat(r.params().canonicalField(), equalTo("k"));
    assertTrue(r.params().dryRun());

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

  public void testErrorsNameTheParameter() throws IOException {
    XContentParseException unknown =
        expectThrows(XContentParseException.class, () -> parse("{\"size\": 10}"));
    assertThat(unknown.getMessage(), containsString("[_neardup/reconcile] unknown field [size]"));
    XContentParseException range =
        expectThrows(XContentParseException.class, () -> parse("{\"min_similarity\": 1.5}"));
    assertThat(
        range.getCause().getMessage(), equalTo("[min_similarity] must be in (0, 1], got [1.5]"));
    XContentParseException blank =
        expectThrows(XContentParseException.class, () -> parse("{\"cluster_field\": \" \"}"));
    assertThat(
        blank.getCause().getMessage(), equalTo("[cluster_field] must be a field name, got [ ]"));
    assertThat(parse("{}").validate().getMessage(), containsString("[field] is required"));
    assertThat(
        parse("{\"field\": \"d\", \"cluster_field\": \"x\", \"canonical_field\": \"x\"}")
            .validate()
            .getMessage(),
        containsString("[cluster_field] and [canonical_field] must differ, got [x] for both"));
  }
}
