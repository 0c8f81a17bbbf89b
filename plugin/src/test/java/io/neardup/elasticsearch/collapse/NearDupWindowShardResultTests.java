package io.neardup.elasticsearch.collapse;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.io.IOException;
import java.util.List;
import org.elasticsearch.common.io.stream.BytesStreamOutput;
import org.elasticsearch.common.io.stream.NamedWriteableAwareStreamInput;
import org.elasticsearch.common.io.stream.NamedWriteableRegistry;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.search.rank.RankShardResult;
import org.elasticsearch.test.ESTestCase;

/** Wire form of {@link NearDupWindowShardResult}: what a shard's query phase sends. */
public class NearDupWindowShardResultTests extends ESTestCase {

  private static NearDupWindowShardResult random(int n) {
    int[] docs = new int[n];
    float[] scores = new float[n];
    byte[][] sketches = new byte[n][];
    byte[][] sets = new byte[n][];
    Object[] keys = new Object[n];
    String[] ids = new String[n];
    for (int i = 0; i < n; i++) {
      docs[i] = randomIntBetween(0, Integer.MAX_VALUE);
      scores[i] = randomFloat() * 20;
      sketches[i] = randomBoolean() ? new byte[0] : randomByteArrayOfLength(between(1, 1100));
      sets[i] = randomBoolean() ? new byte[0] : randomByteArrayOfLength(between(1, 3000));
      keys[i] =
          switch (between(0, 2)) {
            case 0 -> null;
            case 1 -> randomLong();
            default -> randomByteArrayOfLength(between(0, 20));
          };
      ids[i] = randomBoolean() ? "" : randomUnicodeOfLengthBetween(1, 30);
    }
    return new NearDupWindowShardResult(docs, scores, sketches, sets, keys, ids);
  }

  private static NearDupWindowShardResult roundTrip(NearDupWindowShardResult result)
      throws IOException {
    NamedWriteableRegistry registry =
        new NamedWriteableRegistry(
            List.of(
                new NamedWriteableRegistry.Entry(
                    RankShardResult.class,
                    NearDupWindowShardResult.NAME,
                    NearDupWindowShardResult::new)));
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      out.writeNamedWriteable(result);
      try (StreamInput in =
          new NamedWriteableAwareStreamInput(out.bytes().streamInput(), registry)) {
        return (NearDupWindowShardResult) in.readNamedWriteable(RankShardResult.class);
      }
    }
  }

  public void testRoundTripKeepsEveryHit() throws IOException {
    for (int iteration = 0; iteration < 20; iteration++) {
      NearDupWindowShardResult sent = random(between(0, 120));
      NearDupWindowShardResult got = roundTrip(sent);
      assertThat(got.size(), equalTo(sent.size()));
      for (int i = 0; i < sent.size(); i++) {
        assertThat(got.docs[i], equalTo(sent.docs[i]));
        assertThat(got.scores[i], equalTo(sent.scores[i]));
        assertArrayEquals(sent.sketches[i], got.sketches[i]);
        assertArrayEquals(sent.sets[i], got.sets[i]);
        if (sent.keys[i] instanceof byte[] b) {
          assertArrayEquals(b, (byte[]) got.keys[i]);
        } else if (sent.keys[i] == null) {
          assertThat(got.keys[i], nullValue());
        } else {
          assertThat(got.keys[i], equalTo(sent.keys[i]));
        }
        assertThat(got.ids[i], equalTo(sent.ids[i]));
      }
    }
  }

  public void testUnknownCanonicalValueTypeIsRejected() throws IOException {
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      out.writeVInt(1); // one hit
      out.writeVInt(7); // doc
      out.writeFloat(1f); // score
      out.writeByteArray(new byte[0]); // no sketch
      out.writeByteArray(new byte[0]); // no shingle set
      out.writeByte((byte) 9); // no such canonical value type
      IOException e =
          expectThrows(
              IOException.class, () -> new NearDupWindowShardResult(out.bytes().streamInput()));
      assertThat(e.getMessage(), containsString("unknown canonical value type [9]"));
    }
  }
}
