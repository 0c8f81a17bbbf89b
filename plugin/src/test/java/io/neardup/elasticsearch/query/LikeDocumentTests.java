package io.neardup.elasticsearch.query;

import java.io.IOException;
import org.elasticsearch.common.io.stream.Writeable;
import org.elasticsearch.test.AbstractWireSerializingTestCase;

/** Wire round trip, equality and mutation of {@link LikeDocument}. */
public class LikeDocumentTests extends AbstractWireSerializingTestCase<LikeDocument> {

  @Override
  protected Writeable.Reader<LikeDocument> instanceReader() {
    return LikeDocument::new;
  }

  @Override
  protected LikeDocument createTestInstance() {
    return new LikeDocument(
        randomBoolean() ? null : randomAlphaOfLengthBetween(1, 10),
        randomAlphaOfLengthBetween(1, 10),
        randomBoolean() ? null : randomAlphaOfLengthBetween(1, 5));
  }

  @Override
  protected LikeDocument mutateInstance(LikeDocument d) throws IOException {
    return switch (between(0, 2)) {
      case 0 ->
          new LikeDocument(
              randomValueOtherThan(d.index(), () -> randomAlphaOfLengthBetween(1, 10)),
              d.id(),
              d.routing());
      case 1 ->
          new LikeDocument(
              d.index(),
              randomValueOtherThan(d.id(), () -> randomAlphaOfLengthBetween(1, 10)),
              d.routing());
      default ->
          new LikeDocument(
              d.index(),
              d.id(),
              randomValueOtherThan(d.routing(), () -> randomAlphaOfLengthBetween(1, 5)));
    };
  }

  public void testIdIsRequired() {
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> new LikeDocument("docs", "", null));
    assertEquals("[like] document requires a non-empty [_id]", e.getMessage());
  }
}
