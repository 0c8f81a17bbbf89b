package io.neardup.elasticsearch.collapse;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import java.io.IOException;
import org.elasticsearch.common.Strings;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.test.AbstractWireSerializingTestCase;
import org.elasticsearch.xcontent.XContentParseException;
import org.elasticsearch.xcontent.XContentParser;
import org.elasticsearch.xcontent.json.JsonXContent;

/**
 * Wire round trip, equality and mutation of {@link NearDupCollapseBuilder}, its JSON form, and its
 * errors.
 */
public class NearDupCollapseBuilderTests
    extends AbstractWireSerializingTestCase<NearDupCollapseBuilder> {

  @Override
  protected Writeable.Reader<NearDupCollapseBuilder> instanceReader() {
    return NearDupCollapseBuilder::new;
  }

  /** A random policy: by score, or lowest/highest of a random field, or a chain of two. */
  static CanonicalPolicy randomPolicy() {
    return switch (between(0, 3)) {
      case 0 -> CanonicalPolicy.BEST_SCORE;
      case 1 -> CanonicalPolicy.lowest(randomAlphaOfLengthBetween(1, 10));
      case 2 -> CanonicalPolicy.highest(randomAlphaOfLengthBetween(1, 10));
      default ->
          CanonicalPolicy.lowest("a" + randomAlphaOfLengthBetween(1, 10))
              .then(CanonicalPolicy.highest("b" + randomAlphaOfLengthBetween(1, 10)));
    };
  }

  @Override
  protected NearDupCollapseBuilder createTestInstance() {
    return new NearDupCollapseBuilder(
        randomAlphaOfLengthBetween(1, 10),
        randomBoolean() ? null : randomDoubleBetween(0.01, 1, true),
        between(1, 1000),
        randomFrom(CollapseMode.values()),
        randomPolicy());
  }

  @Override
  protected NearDupCollapseBuilder mutateInstance(NearDupCollapseBuilder b) throws IOException {
    return switch (between(0, 4)) {
      case 0 ->
          new NearDupCollapseBuilder(
              randomValueOtherThan(b.params().field(), () -> randomAlphaOfLengthBetween(1, 10)),
              b.params().minSimilarity(),
              b.params().window(),
              b.params().mode(),
              b.params().canonical());
      case 1 ->
          new NearDupCollapseBuilder(
              b.params().field(),
              randomValueOtherThan(
                  b.params().minSimilarity(),
                  () -> randomBoolean() ? null : randomDoubleBetween(0.01, 1, true)),
              b.params().window(),
              b.params().mode(),
              b.params().canonical());
      case 2 ->
          new NearDupCollapseBuilder(
              b.params().field(),
              b.params().minSimilarity(),
              randomValueOtherThan(b.params().window(), () -> between(1, 1000)),
              b.params().mode(),
              b.params().canonical());
      case 3 ->
          new NearDupCollapseBuilder(
              b.params().field(),
              b.params().minSimilarity(),
              b.params().window(),
              randomValueOtherThan(b.params().mode(), () -> randomFrom(CollapseMode.values())),
              b.params().canonical());
      default ->
          new NearDupCollapseBuilder(
              b.params().field(),
              b.params().minSimilarity(),
              b.params().window(),
              b.params().mode(),
              randomValueOtherThan(
                  b.params().canonical(), NearDupCollapseBuilderTests::randomPolicy));
    };
  }

  private NearDupCollapseBuilder parse(String json) throws IOException {
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      parser.nextToken();
      return NearDupCollapseBuilder.fromXContent(parser);
    }
  }

  public void testXContentRoundTrip() throws IOException {
    for (int i = 0; i < 50; i++) {
      NearDupCollapseBuilder b = createTestInstance();
      String json = Strings.toString(b);
      // toXContent writes the named fragment {"neardup_collapse": {...}}
      String inner = json.substring(json.indexOf(':') + 1, json.length() - 1);
      assertEquals(json, b, parse(inner));
    }
  }

  public void testParsesTheDocumentedForm() throws IOException {
    NearDupCollapseBuilder b =
        parse(
            "{\"field\": \"body.dup\", \"min_similarity\": 0.85, \"window\": 50, \"mode\":"
                + " \"group\", \"canonical\": {\"field\": \"published\", \"order\": \"desc\"}}");
    assertEquals("body.dup", b.params().field());
    assertEquals(0.85, b.params().minSimilarity(), 0);
    assertEquals(50, b.params().window());
    assertEquals(CollapseMode.GROUP, b.params().mode());
    assertEquals(CanonicalPolicy.highest("published"), b.params().canonical());

    NearDupCollapseBuilder defaults = parse("{\"field\": \"body.dup\"}");
    assertNull(defaults.params().minSimilarity());
    assertEquals(100, defaults.params().window());
    assertEquals(CollapseMode.DEMOTE, defaults.params().mode());
    assertEquals(CanonicalPolicy.BEST_SCORE, defaults.params().canonical());
    assertEquals(
        CanonicalPolicy.lowest("published"),
        parse("{\"field\": \"d\", \"canonical\": \"published:asc\"}").params().canonical());
    assertEquals(
        CanonicalPolicy.lowest("published"),
        parse("{\"field\": \"d\", \"canonical\": {\"field\": \"published\"}}")
            .params()
            .canonical());
    // numbers as strings, and modes in any case, as before
    NearDupCollapseBuilder lenient =
        parse("{\"field\": \"d\", \"window\": \"20\", \"mode\": \"GROUP\"}");
    assertEquals(20, lenient.params().window());
    assertEquals(CollapseMode.GROUP, lenient.params().mode());
  }

  public void testParsesNamedPoliciesAndChains() throws IOException {
    CanonicalPolicy chain =
        CanonicalPolicy.lowest("date")
            .then(CanonicalPolicy.highest("inlinks"))
            .then(CanonicalPolicy.lowest(CanonicalPolicy.BOILERPLATE_FIELD));
    assertEquals(
        chain,
        parse(
                "{\"field\": \"d\", \"canonical\": \"earliest,popularity:inlinks,boilerplate,score\"}")
            .params()
            .canonical());
    assertEquals(
        chain,
        parse(
                "{\"field\": \"d\", \"canonical\": [\"earliest\", {\"field\": \"inlinks\","
                    + " \"order\": \"desc\"}, \"boilerplate\", \"score\"]}")
            .params()
            .canonical());
    assertEquals(
        CanonicalPolicy.highest("popularity"),
        parse("{\"field\": \"d\", \"canonical\": [\"popularity\"]}").params().canonical());
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": \"score,earliest\"}",
        "canonical",
        "[canonical] canonical [score] must come last, as it breaks the ties the keys before it"
            + " leave, got [score,earliest]");
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": [\"score\", \"earliest\"]}",
        "canonical",
        "[canonical] [score] must come last, as it breaks the ties the keys before it leave");
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": [\"earliest\", \"date:desc\"]}",
        "canonical",
        "[canonical] canonical field [date] must appear once, got [date:asc, date:desc]");
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": [\"earliest\", 3]}",
        "canonical",
        "[canonical] must be an array of strings and objects, got [VALUE_NUMBER]");
  }

  public void testErrorsNameTheParameter() {
    assertError("{}", "[neardup_collapse] requires [field]");
    assertError(
        "{\"field\": \"d\", \"min_similarity\": 1.5}",
        "[min_similarity] must be in (0, 1], got [1.5]");
    assertError("{\"field\": \"d\", \"window\": 0}", "[window] must be at least 1, got [0]");
    assertError("{\"field\": \"d\", \"window\": 2.5}", "[window] must be an integer, at least 1");
    assertError(
        "{\"field\": \"d\", \"mode\": \"merge\"}",
        "[mode] must be one of [demote, remove, group], got [merge]");
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": {\"field\": \"p\", \"order\": \"up\"}}",
        "canonical",
        "[canonical.order] must be one of [asc, desc], got [up]");
    assertNamesTheKey(
        "{\"field\": \"d\", \"canonical\": {}}",
        "canonical",
        "[canonical] requires [field]: a numeric, date, boolean, ip or keyword field with doc"
            + " values");
    XContentParseException kind =
        expectThrows(
            XContentParseException.class, () -> parse("{\"field\": \"d\", \"canonical\": 3}"));
    assertThat(
        kind.getMessage(),
        containsString(
            "[neardup_collapse] canonical doesn't support values of type: VALUE_NUMBER"));
    assertNamesTheKey("{\"field\": \"d\", \"window\": \"ten\"}", "window", null);
    assertNamesTheKey("{\"field\": \"d\", \"min_similarity\": \"x\"}", "min_similarity", null);
    XContentParseException unknown =
        expectThrows(XContentParseException.class, () -> parse("{\"field\": \"d\", \"size\": 3}"));
    assertThat(unknown.getMessage(), containsString("[neardup_collapse] unknown field [size]"));
    XContentParseException malformed =
        expectThrows(XContentParseException.class, () -> parse("{\"field\": 3}"));
    assertThat(malformed.getMessage(), containsString("[neardup_collapse] field doesn't support"));
  }

  /** A malformed value is refused naming its key, with the rule (if any) as the cause. */
  private void assertNamesTheKey(String json, String key, String cause) {
    XContentParseException e = expectThrows(XContentParseException.class, () -> parse(json));
    assertThat(
        e.getMessage(), containsString("[neardup_collapse] failed to parse field [" + key + "]"));
    if (cause != null) {
      assertThat(e.getCause().getMessage(), equalTo(cause));
    }
  }

  private void assertError(String json, String message) {
    IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> parse(json));
    assertTrue(e.getMessage(), e.getMessage().contains(message));
  }
}
