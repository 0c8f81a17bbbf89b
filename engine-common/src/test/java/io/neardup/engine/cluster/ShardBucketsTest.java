package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.Sketcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShardBucketsTest {
  private static byte[] entries(int documents, long seed) {
    ShardBandEntries entries = new ShardBandEntries(NearDupSettings.DEFAULT, 0, 1);
    Random r = new Random(seed);
    for (int doc = 0; doc < documents; doc++) {
      long[] set = r.longs(50).toArray();
      byte[] sketch =
          SketchFormat.encode(new Sketcher(NearDupSettings.DEFAULT.sketch()).sketch(set));
      entries.add(doc, sketch, 0, sketch.length);
    }
    return entries.encode();
  }

  @Test
  void travelsComparesAndSumsUpAsTheAggregationsJson() throws IOException {
    ShardBuckets<String> a = new ShardBuckets<>("idx/0", 10, 3, entries(3, 1));
    ShardBuckets<String> b = new ShardBuckets<>("idx/1", 7, 2, entries(2, 2));

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.write(WireOutput.of(bytes));
    ShardBuckets<String> read =
        ShardBuckets.read("idx/0", WireInput.of(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(a, read);
    assertEquals(a.hashCode(), read.hashCode());
    assertNotEquals(a, new ShardBuckets<>("idx/0", 10, 3, entries(3, 9)), "other entries");

    List<ShardedRun.ShardPart<String>> parts = ShardBuckets.parts(List.of(a, b));
    assertEquals("idx/1", parts.get(1).shard());
    assertEquals(7, parts.get(1).maxDoc());
    assertArrayEquals(b.entries(), parts.get(1).entries());

    long entries = ShardBandEntries.count(a.entries()) + ShardBandEntries.count(b.entries());
    assertEquals(
        Map.of("shards", 2, "documents", 5L, "entries", entries), ShardBuckets.body(List.of(a, b)));
  }
}
