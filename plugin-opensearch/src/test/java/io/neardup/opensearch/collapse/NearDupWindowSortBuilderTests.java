package io.neardup.opensearch.collapse;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;

import io.neardup.collapse.core.CollapseMode;
import java.io.IOException;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.common.io.stream.Writeable;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.search.DocValueFormat;
import org.opensearch.test.AbstractWireSerializingTestCase;

/**
 * Wire and JSON round trips of the internal sort {@link NearDupWindowSortBuilder}, and the values
 * it gives hits ({@link WindowHit}): decoded as encoded, named alike before and after formatting,
 * and ordered as OpenSearch breaks ties (shard number, index, document).
 */
public class NearDupWindowSortBuilderTests
    extends AbstractWireSerializingTestCase<NearDupWindowSortBuilder> {

  @Override
  protected Writeable.Reader<NearDupWindowSortBuilder> instanceReader() {
    return NearDupWindowSortBuilder::new;
  }

  @Override
  protected NearDupWindowSortBuilder createTestInstance() {
    NearDupCollapseBuilder ext =
        new NearDupCollapseBuilder(
            randomAlphaOfLengthBetween(1, 10),
            randomBoolean() ? null : randomDoubleBetween(0.01, 1, true),
            between(1, 1000),
            randomFrom(CollapseMode.values()),
            NearDupCollapseBuilderTests.randomPolicy());
    return new NearDupWindowSortBuilder(
        new CoordinatorCollapse.Plan(
            ext,
            between(0, 100),
            between(0, 100),
            randomDoubleBetween(0.01, 1, true),
            between(0, 3)));
  }

  @Override
  protected NearDupWindowSortBuilder mutateInstance(NearDupWindowSortBuilder b) {
    CoordinatorCollapse.Plan p = b.plan();
    return new NearDupWindowSortBuilder(
        new CoordinatorCollapse.Plan(
            p.ext(), p.from() + 1, p.size(), p.minSimilarity(), p.ownSorts()));
  }

  public void testJsonRoundTrip() throws IOException {
    NearDupWindowSortBuilder sort = createTestInstance();
    String json = sort.toString();
    try (XContentParser parser = createParser(JsonXContent.jsonXContent, json)) {
      parser.nextToken(); // {
      parser.nextToken(); // "neardup_window"
      parser.nextToken(); // {
      assertThat(
          NearDupWindowSortBuilder.fromXContent(parser, NearDupWindowSortBuilder.NAME),
          equalTo(sort));
    }
  }

  public void testHitValuesDecodeAsEncodedAndNameTheHitAfterFormatting() {
    byte[] sketch = randomByteArrayOfLength(between(0, 600));
    Object key =
        switch (between(0, 2)) {
          case 0 -> null;
          case 1 -> randomLong();
          default -> randomByteArrayOfLength(5);
        };
    String id = randomAlphaOfLengthBetween(0, 20);
    byte[] set = randomByteArrayOfLength(between(0, 2000));
    byte[] order = WindowHit.shardOrder(between(0, 50), "idx-" + randomAlphaOfLength(4), "uuid");
    int doc = between(0, Integer.MAX_VALUE);
    BytesRef value = encode(sketch, key, id, set, order, doc);
    WindowHit decoded = WindowHit.decode(value);
    assertArrayEquals(sketch, decoded.sketch());
    if (key instanceof byte[] bytes) {
      assertArrayEquals(bytes, (byte[]) decoded.key());
    } else {
      assertThat(decoded.key(), equalTo(key));
    }
    assertThat(decoded.id(), equalTo(id));
    assertArrayEquals(set, decoded.set());
    String formatted = DocValueFormat.BINARY.format(value).toString();
    assertThat(WindowHit.key(formatted), equalTo(WindowHit.key(value)));
    BytesRef other = encode(sketch, key, id, set, order, doc == 0 ? 1 : doc - 1);
    assertThat(WindowHit.key(other), not(equalTo(WindowHit.key(value))));
  }

  private static BytesRef encode(
      byte[] sketch, Object key, String id, byte[] set, byte[] order, int doc) {
    return WindowHit.encode(
        order, doc, new BytesRef(sketch), key, new BytesRef(id), new BytesRef(set));
  }

  private static BytesRef encode(byte[] sketch, Object key, String id, byte[] order, int doc) {
    return encode(sketch, key, id, new byte[0], order, doc);
  }

  public void testValuesOrderTiesByShardNumberThenIndexThenDocument() {
    byte[] sketch = new byte[] {9, 9, 9};
    BytesRef shard0 = encode(sketch, null, "z", WindowHit.shardOrder(0, "b", "u"), 7);
    BytesRef shard1 = encode(new byte[0], null, "a", WindowHit.shardOrder(1, "a", "u"), 1);
    BytesRef shard0IndexC = encode(new byte[0], null, "a", WindowHit.shardOrder(0, "c", "u"), 0);
    BytesRef shard0Doc8 = encode(new byte[0], null, "a", WindowHit.shardOrder(0, "b", "u"), 8);
    assertThat(shard0.compareTo(shard0Doc8), lessThan(0));
    assertThat(shard0Doc8.compareTo(shard0IndexC), lessThan(0));
    assertThat(shard0IndexC.compareTo(shard1), lessThan(0));
  }
}
