package io.neardup.elasticsearch.collapse;

import java.io.IOException;
import org.elasticsearch.common.Strings;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.test.AbstractWireSerializingTestCase;
import org.elasticsearch.xcontent.XContentParseException;
import org.elasticsearch.xcontent.XContentParser;
import org.elasticsearch.xcontent.json.JsonXContent;

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
      String json = Strings.toString(b);
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
