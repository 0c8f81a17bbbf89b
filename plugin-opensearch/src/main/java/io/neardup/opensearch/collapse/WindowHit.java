package io.neardup.opensearch.collapse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.io.stream.BytesStreamOutput;
import org.opensearch.core.common.io.stream.StreamInput;

/**
 * What collapsing needs of one hit of the window, read on its shard in the query phase and carried
 * to the coordinating node as the hit's value of the window sort ({@link
 * NearDupWindowSortBuilder}): the serialized sketch (empty if the document has none), the value its
 * canonical policy compares (a {@code Long}, a {@code byte[]} or null), its {@code _id} ("" in
 * indexes written before the {@code neardup} field kept it) and its serialized shingle set (empty
 * if it has none: only {@code verify: exact} fields keep one).
 *
 * <p>The value starts with the hit's shard and document number, in an order that, compared as
 * bytes, is the order in which OpenSearch breaks ties between hits of equal rank (by shard number,
 * index name, index UUID, then document): the coordinating node compares these values when it
 * merges the shards' hits, and so merges them as it does without this sort.
 */
record WindowHit(byte[] sketch, Object key, String id, byte[] set) {
  // what follows the key in a value: a window hit's values, or its place in a page collapsed on
  // its shard (a search of one shard, see ScoreOrderedWindow)
  private static final byte HIT = 0;
  private static final byte PLACED = 1;

  /**
   * A hit of a page that a search of a single shard collapsed on that shard: its position in the
   * page (-1 for a hit that only carries the counts, when the page is empty), what the collapse
   * found about it, and the window's counts of hits and canonicals.
   */
  record Placement(int position, Map<String, Object> note, int windowHits, int canonicals) {}

  /**
   * The sort value that replaces a window hit's {@code value} once its shard collapsed the window:
   * the same key (so that the hit is named as before), then its placement.
   */
  static BytesRef encodePlaced(BytesRef value, Placement placement) {
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      out.writeBytes(value.bytes, value.offset, keyLength(value));
      out.writeByte(PLACED);
      out.writeInt(placement.position());
      out.writeVInt(placement.windowHits());
      out.writeVInt(placement.canonicals());
      out.writeGenericValue(placement.note());
      return out.bytes().toBytesRef();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The placement in a sort value as a hit shows it (base64), or null for a window hit's. */
  @SuppressWarnings("unchecked")
  static Placement placement(String formatted) {
    BytesRef value = new BytesRef(Base64.getDecoder().decode(formatted));
    int start = value.offset + keyLength(value);
    try (StreamInput in =
        StreamInput.wrap(value.bytes, start, value.offset + value.length - start)) {
      if (in.readByte() != PLACED) {
        return null;
      }
      int position = in.readInt();
      int windowHits = in.readVInt();
      int canonicals = in.readVInt();
      return new Placement(
          position, (Map<String, Object>) in.readGenericValue(), windowHits, canonicals);
    } catch (IOException e) {
      throw new IllegalArgumentException("corrupt [neardup_window] sort value", e);
    }
  }

  /** Whether a raw sort value is a collapsed page's hit rather than a window hit. */
  static boolean isPlaced(BytesRef value) {
    return value.bytes[value.offset + keyLength(value)] == PLACED;
  }

  /**
   * The bytes that order a shard's hits among all shards' ({@code doc} follows them).
   *
   * @param shard the shard's number
   * @param index the index's name
   * @param uuid the index's UUID
   */
  static byte[] shardOrder(int shard, String index, String uuid) {
    byte[] name = index.getBytes(StandardCharsets.UTF_8);
    byte[] id = uuid.getBytes(StandardCharsets.UTF_8);
    ByteBuffer order = ByteBuffer.allocate(4 + name.length + 1 + id.length + 1);
    order.putInt(shard).put(name).put((byte) 0).put(id).put((byte) 0);
    return order.array();
  }

  /**
   * A hit's sort value, from its doc values without copying them first.
   *
   * @param shardOrder the shard's {@link #shardOrder}
   * @param doc the hit's document number in the shard
   * @param sketch the serialized sketch, empty if none
   * @param key the value the canonical policy compares, or null
   * @param id the UTF-8 bytes of the hit's {@code _id}
   * @param set the serialized shingle set, empty if none
   */
  static BytesRef encode(
      byte[] shardOrder, int doc, BytesRef sketch, Object key, BytesRef id, BytesRef set) {
    try (BytesStreamOutput out =
        new BytesStreamOutput(shardOrder.length + sketch.length + id.length + set.length + 28)) {
      out.writeBytes(shardOrder);
      out.writeInt(doc);
      out.writeByte(HIT);
      out.writeBytesRef(sketch);
      out.writeGenericValue(key);
      out.writeBytesRef(id);
      out.writeBytesRef(set);
      return out.bytes().toBytesRef();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The hit of a sort value written by {@link #encode}. */
  static WindowHit decode(BytesRef value) {
    int start = value.offset + keyLength(value);
    try (StreamInput in =
        StreamInput.wrap(value.bytes, start, value.offset + value.length - start)) {
      if (in.readByte() != HIT) {
        throw new IllegalArgumentException("[neardup_window] sort value of a collapsed page's hit");
      }
      byte[] sketch = in.readByteArray();
      Object key = in.readGenericValue();
      String id = in.readBytesRef().utf8ToString();
      return new WindowHit(sketch, key, id, in.readByteArray());
    } catch (IOException e) {
      throw new IllegalArgumentException("corrupt [neardup_window] sort value", e);
    }
  }

  /** The hit of a sort value as a hit shows it (base64). */
  static WindowHit decode(String formatted) {
    return decode(new BytesRef(Base64.getDecoder().decode(formatted)));
  }

  /**
   * What names the hit of a sort value among all shards' hits: its shard and document number, as
   * they start the value. The same on the coordinating node before the fetch phase (from the raw
   * value) and after it (from the hit's formatted sort value, see {@link #key(String)}).
   */
  static String key(BytesRef value) {
    return Base64.getEncoder()
        .encodeToString(
            Arrays.copyOfRange(value.bytes, value.offset, value.offset + keyLength(value)));
  }

  /** The {@link #key(BytesRef)} of a sort value as a hit shows it (base64). */
  static String key(String formatted) {
    return key(new BytesRef(Base64.getDecoder().decode(formatted)));
  }

  private static int keyLength(BytesRef value) {
    int start = value.offset + 4; // the shard's number
    for (int zeros = 0; zeros < 2; start++) { // the index's name and UUID
      if (start >= value.offset + value.length) {
        throw new IllegalArgumentException("corrupt [neardup_window] sort value");
      }
      if (value.bytes[start] == 0) {
        zeros++;
      }
    }
    return start + 4 - value.offset; // and the document number
  }
}
