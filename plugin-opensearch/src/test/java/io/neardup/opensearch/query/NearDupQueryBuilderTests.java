package io.neardup.opensearch.query;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.document.NearDupFields;
import io.neardup.engine.api.LikeDocument;
import io.neardup.opensearch.NearDupPlugin;
import io.neardup.search.NearDuplicateQuery;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.Query;
import org.opensearch.action.get.GetRequest;
import org.opensearch.action.get.GetResponse;
import org.opensearch.common.compress.CompressedXContent;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.core.common.bytes.BytesReference;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParseException;
import org.opensearch.index.get.GetResult;
import org.opensearch.index.mapper.MapperService;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryShardContext;
import org.opensearch.index.query.QueryShardException;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.AbstractQueryTestCase;
import org.opensearch.test.TestGeoShapeFieldMapperPlugin;

/**
 * The {@code neardup} query builder, through OpenSearch's query builder test suite (the same JSON
 * and messages as the Elasticsearch plugin's query).
 */
public class NearDupQueryBuilderTests extends AbstractQueryTestCase<NearDupQueryBuilder> {
  /** A top-level neardup field: 64 hashes, word 3-shingles, threshold 0.7. */
  private static final String DUP_FIELD = "dup";

  /** A multi-field with the default parameters. */
  private static final String MULTI_FIELD = "body.dup";

  private static final NearDupSettings DUP_SETTINGS =
      NearDupSettings.builder().hashes(64).shingleSize(3).threshold(0.7).build();

  /** A field of scheme simhash with max_hamming 6. */
  private static final String SIM_FIELD = "sim";

  private static final NearDupSettings SIM_SETTINGS =
      NearDupSettings.builder()
          .scheme(io.neardup.sketch.SketchScheme.SIMHASH)
          .maxHamming(6)
          .build();

  private static final String[] WORDS = {
    "river", "stone", "bright", "morning", "quiet", "harbor", "silver", "forest", "lantern", "paper"
  };

  @Override
  protected Collection<Class<? extends Plugin>> getPlugins() {
    // the test framework maps a geo_shape field, which OpenSearch's geo module provides
    return List.of(NearDupPlugin.class, TestGeoShapeFieldMapperPlugin.class);
  }

  @Override
  protected void initializeAdditionalMappings(MapperService mapperService) throws IOException {
    XContentBuilder mapping =
        XContentFactory.jsonBuilder()
            .startObject()
            .startObject("_doc")
            .startObject("properties")
            .startObject(DUP_FIELD)
            .field("type", "neardup")
            .field("hashes", 64)
            .field("shingle_size", 3)
            .field("threshold", 0.7)
            .endObject()
            .startObject(SIM_FIELD)
            .field("type", "neardup")
            .field("scheme", "simhash")
            .field("max_hamming", 6)
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
            .endObject()
            .endObject();
    mapperService.merge(
        "_doc",
        new CompressedXContent(BytesReference.bytes(mapping)),
        MapperService.MergeReason.MAPPING_UPDATE);
  }

  private static String randomText() {
    StringBuilder sb = new StringBuilder();
    int n = between(6, 20);
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : " ").append(randomFrom(WORDS));
    }
    return sb.toString();
  }

  /** The text stored for document {@code id}: a pure function of the id, so GETs are repeatable. */
  private static String textOf(String id) {
    return "the document " + id + " says " + String.join(" ", WORDS);
  }

  @Override
  protected NearDupQueryBuilder doCreateTestQueryBuilder() {
    String field = randomFrom(DUP_FIELD, MULTI_FIELD, SIM_FIELD);
    NearDupQueryBuilder builder =
        randomBoolean()
            ? new NearDupQueryBuilder(field, randomText())
            : new NearDupQueryBuilder(
                field,
                new LikeDocument(
                    randomBoolean() ? null : getIndex().getName(),
                    randomAlphaOfLengthBetween(1, 8),
                    randomBoolean() ? null : randomAlphaOfLength(4)));
    if (field.equals(SIM_FIELD) && randomBoolean()) {
      builder.maxHamming(between(0, 6));
    } else if (randomBoolean()) {
      builder.minSimilarity(randomDoubleBetween(0.05, 1.0, true));
    }
    return builder;
  }

  @Override
  protected GetResponse executeGet(GetRequest getRequest) {
    assertThat(getRequest.index(), equalTo(getIndex().getName()));
    String text = textOf(getRequest.id());
    try {
      XContentBuilder source =
          XContentFactory.jsonBuilder()
              .startObject()
              .field(DUP_FIELD, text)
              .field(SIM_FIELD, text)
              .field("body", text)
              .endObject();
      return new GetResponse(
          new GetResult(
              getRequest.index(),
              getRequest.id(),
              0,
              1,
              1,
              true,
              BytesReference.bytes(source),
              Map.of(),
              Map.of()));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  protected void doAssertLuceneQuery(
      NearDupQueryBuilder builder, Query query, QueryShardContext context) throws IOException {
    assertThat(query, instanceOf(NearDuplicateQuery.class));
    String text =
        builder.like().text() != null
            ? builder.like().text()
            : textOf(builder.like().document().id());
    NearDupSettings settings =
        switch (builder.like().field()) {
          case DUP_FIELD -> DUP_SETTINGS;
          case SIM_FIELD -> SIM_SETTINGS;
          default -> NearDupSettings.DEFAULT;
        };
    double min =
        builder.like().maxHamming() != null
            ? io.neardup.signature.SimHash.similarity(builder.like().maxHamming())
            : builder.like().minSimilarity() != null
                ? builder.like().minSimilarity()
                : settings.threshold();
    try (NearDupAnalyzer analyzer =
        new NearDupAnalyzer(settings, !settings.sketch().scheme().isSimHash())) {
      Query expected =
          NearDuplicateQuery.forText(
              analyzer, new NearDupFields(builder.like().field()), text, min);
      assertThat(query, equalTo(expected));
    }
  }

  @Override
  public void testMustRewrite() throws IOException {
    QueryShardContext context = createShardContext();
    NearDupQueryBuilder byId =
        new NearDupQueryBuilder(DUP_FIELD, new LikeDocument(null, "1", null));
    IllegalStateException e =
        expectThrows(IllegalStateException.class, () -> byId.toQuery(context));
    assertThat(e.getMessage(), containsString("must be rewritten"));
    assertNotNull(new NearDupQueryBuilder(DUP_FIELD, randomText()).toQuery(context));
  }

  public void testLikeDocumentIsFetchedOnRewrite() throws IOException {
    NearDupQueryBuilder byId =
        new NearDupQueryBuilder(MULTI_FIELD, new LikeDocument(null, "7", null)).minSimilarity(0.5);
    byId.boost(2f).queryName("copies");
    QueryBuilder rewritten = rewriteAndFetch(byId, createShardContext());
    NearDupQueryBuilder expected =
        new NearDupQueryBuilder(MULTI_FIELD, textOf("7")).minSimilarity(0.5);
    expected.boost(2f).queryName("copies");
    assertThat(rewritten, equalTo(expected));
  }

  public void testParsesTextAndDocument() throws IOException {
    String json =
        """
        {"neardup": {"field": "body.dup", "like": "some text here", "min_similarity": 0.9,
                     "boost": 2.0, "_name": "n"}}\
        """;
    NearDupQueryBuilder expected =
        new NearDupQueryBuilder("body.dup", "some text here").minSimilarity(0.9);
    expected.boost(2f).queryName("n");
    assertThat(parseQuery(json), equalTo(expected));

    json =
        """
        {"neardup": {"field": "body.dup", "like": {"_index": "docs", "_id": "42", "routing": "r"}}}\
        """;
    assertThat(
        parseQuery(json),
        equalTo(new NearDupQueryBuilder("body.dup", new LikeDocument("docs", "42", "r"))));
  }

  public void testInvalidRequestsNameTheParameter() {
    XContentParseException e =
        expectThrows(
            XContentParseException.class,
            () ->
                parseQuery(
                    "{\"neardup\": {\"field\": \"dup\", \"like\": \"x\", \"min_similarity\": 1.5}}"));
    assertThat(
        e.getCause().getMessage(),
        equalTo("[min_similarity] must be a number in (0, 1], got [1.5]"));

    e =
        expectThrows(
            XContentParseException.class,
            () -> parseQuery("{\"neardup\": {\"field\": \"dup\", \"like\": {\"_index\": \"x\"}}}"));
    assertThat(e.getMessage() + e.getCause(), containsString("_id"));

    IllegalArgumentException missing =
        expectThrows(
            IllegalArgumentException.class, () -> parseQuery("{\"neardup\": {\"like\": \"x\"}}"));
    assertThat(missing.getMessage(), equalTo("Required [field]"));
  }

  public void testMaxHammingOnSimHashFieldsOnly() throws IOException {
    XContentParseException parse =
        expectThrows(
            XContentParseException.class,
            () ->
                parseQuery(
                    "{\"neardup\": {\"field\": \"sim\", \"like\": \"x\", \"max_hamming\": 40}}"));
    assertThat(
        parse.getCause().getMessage(),
        equalTo("[max_hamming] must be an integer between 0 and 32, got [40]"));
    QueryShardContext context = createShardContext();
    QueryShardException e =
        expectThrows(
            QueryShardException.class,
            () -> new NearDupQueryBuilder(DUP_FIELD, "some text").maxHamming(2).toQuery(context));
    assertThat(
        e.getMessage(),
        equalTo(
            "[neardup] query on field [dup]: [max_hamming] must be unset on a field of scheme oph"
                + " (simhash only), got [2]"));
    e =
        expectThrows(
            QueryShardException.class,
            () -> new NearDupQueryBuilder(SIM_FIELD, "some text").maxHamming(7).toQuery(context));
    assertThat(
        e.getMessage(),
        containsString(
            "[max_hamming] must be an integer between 0 and the field's max_hamming (6), got [7]"));
  }

  public void testFieldMustBeANearDupField() {
    QueryShardContext context = createShardContext();
    QueryShardException e =
        expectThrows(
            QueryShardException.class,
            () -> new NearDupQueryBuilder("no_such_field", "some text").toQuery(context));
    assertThat(e.getMessage(), containsString("field [no_such_field] does not exist"));

    e =
        expectThrows(
            QueryShardException.class,
            () -> new NearDupQueryBuilder(TEXT_FIELD_NAME, "some text").toQuery(context));
    assertThat(
        e.getMessage(),
        containsString(
            "field ["
                + TEXT_FIELD_NAME
                + "] is of type [text], but the query needs a field of type [neardup]"));
  }
}
