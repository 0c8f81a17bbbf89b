package io.neardup.opensearch.collapse;

import java.io.IOException;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.common.Strings;
import org.opensearch.core.common.io.stream.Writeable;
import org.opensearch.core.xcontent.XContentParseException;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.test.AbstractWireSerializingTestCase;

/** Wire round trip, equality, JSON form and errors of {@link NearDupSketchesBuilder}. */
public class NearDupSketchesBuilderTests
    extends AbstractWireSerializingTestCase<NearDupSketchesBuilder> {

  @Override
  protected Writeable.Reader<NearDupSketchesBuilder> instanceReader() {
    return NearDupSketchesBuilder::new;
  }

  private static NearDupSketchesBuilder builder(
      String field, io.neardup.canonical.CanonicalPolicy canonical, boolean shingles) {
    return new NearDupSketchesBuilder(
        new io.neardup.engine.api.SketchesParams(field, canonical, shingles));
  }

  @Override
  protected NearDupSketchesBuilder createTestInstance() {
    return builder(
        randomAlphaOfLengthBetween(1, 10),
        NearDupCollapseBuilderTests.randomPolicy(),
        randomBoolean());
  }

  @Override
  protected NearDupSketchesBuilder mutateInstance(NearDupSketchesBuilder b) {
    return switch (between(0, 2)) {
      case 0 ->
          builder(
              randomValueOtherThan(b.params().field(), () -> randomAlphaOfLengthBetween(1, 10)),
              b.params().canonical(),
              b.params().shingles());
      case 1 ->
          builder(
              b.params().field(),
              randomValueOtherThan(
                  b.params().canonical(), NearDupCollapseBuilderTests::randomPolicy),
              b.params().shingles());
      default -> builder(b.params().field(), b.params().canonical(), !b.params().shingles());
    };
  }

  private NearDupSketchesBuilder parse(String json) throws IOException {
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      parser.nextToken();
      return NearDupSketchesBuilder.fromXContent(parser);
    }
  }

  public void testXContentRoundTrip() throws IOException {
    for (int i = 0; i < 30; i++) {
      NearDupSketchesBuilder b = createTestInstance();
      String json = Strings.toString(org.opensearch.common.xcontent.XContentType.JSON, b);
      assertEquals(json, b, parse(json.substring(json.indexOf(':') + 1, json.length() - 1)));
    }
  }

  public void testErrors() {
    IllegalArgumentException missing =
        expectThrows(IllegalArgumentException.class, () -> parse("{}"));
    assertTrue(missing.getMessage(), missing.getMessage().contains("requires [field]"));
    XContentParseException unknown =
        expectThrows(XContentParseException.class, () -> parse("{\"field\": \"d\", \"size\": 3}"));
    assertTrue(
        unknown.getMessage(),
        unknown.getMessage().contains("[neardup_sketches] unknown field [size]"));
    XContentParseException order =
        expectThrows(
            XContentParseException.class,
            () ->
                parse("{\"field\": \"d\", \"canonical\": {\"field\": \"p\", \"order\": \"up\"}}"));
    assertTrue(
        order.getMessage(),
        order.getMessage().contains("[neardup_sketches] failed to parse field [canonical]"));
    assertEquals(
        "[canonical.order] must be one of [asc, desc], got [up]", order.getCause().getMessage());
  }
}
