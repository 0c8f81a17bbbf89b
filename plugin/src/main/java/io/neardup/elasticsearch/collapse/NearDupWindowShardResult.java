package io.neardup.elasticsearch.collapse;

import java.io.IOException;
import org.elasticsearch.TransportVersion;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.search.rank.RankShardResult;

/**
 * One shard's part of a collapse window, as its query phase leaves it for the coordinating node:
 * the shard's top hits in its order, each with its score, serialized sketch, shingle set, canonical
 * value and {@code _id}, all read from doc values right after the query ran.
 */
public final class NearDupWindowShardResult implements RankShardResult {
  /** Name on the wire. */
  public static final String NAME = "neardup_collapse_window";

  private static final byte NO_KEY = 0;
  private static final byte LONG_KEY = 1;
  private static final byte BYTES_KEY = 2;

  final int[] docs;
  final float[] scores;
  final byte[][] sketches;
  final byte[][] sets;
  final Object[] keys;
  final String[] ids;

  /**
   * @param docs shard document numbers, best first
   * @param scores their scores
   * @param sketches their serialized sketches, empty for a document without one
   * @param sets their serialized shingle sets, empty for a document without one
   * @param keys their canonical values: {@link Long}, {@code byte[]} or null
   * @param ids their {@code _id}s, "" if unknown
   */
  NearDupWindowShardResult(
      int[] docs, float[] scores, byte[][] sketches, byte[][] sets, Object[] keys, String[] ids) {
    this.docs = docs;
    this.scores = scores;
    this.sketches = sketches;
    this.sets = sets;
    this.keys = keys;
    this.ids = ids;
  }

  /** Reads a result from the wire. */
  public NearDupWindowShardResult(StreamInput in) throws IOException {
    int n = in.readVInt();
    docs = new int[n];
    scores = new float[n];
    sketches = new byte[n][];
    sets = new byte[n][];
    keys = new Object[n];
    ids = new String[n];
    for (int i = 0; i < n; i++) {
      docs[i] = in.readVInt();
      scores[i] = in.readFloat();
      sketches[i] = in.readByteArray();
      sets[i] = in.readByteArray();
      byte type = in.readByte();
      keys[i] =
          switch (type) {
            case NO_KEY -> null;
            case LONG_KEY -> in.readZLong();
            case BYTES_KEY -> in.readByteArray();
            default -> throw new IOException("unknown canonical value type [" + type + "]");
          };
      ids[i] = in.readString();
    }
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeVInt(docs.length);
    for (int i = 0; i < docs.length; i++) {
      out.writeVInt(docs[i]);
      out.writeFloat(scores[i]);
      out.writeByteArray(sketches[i]);
      out.writeByteArray(sets[i]);
      if (keys[i] instanceof Long l) {
        out.writeByte(LONG_KEY);
        out.writeZLong(l);
      } else if (keys[i] instanceof byte[] b) {
        out.writeByte(BYTES_KEY);
        out.writeByteArray(b);
      } else {
        out.writeByte(NO_KEY);
      }
      out.writeString(ids[i]);
    }
  }

  /** Number of hits. */
  public int size() {
    return docs.length;
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  @Override
  public TransportVersion getMinimalSupportedVersion() {
    return TransportVersion.zero();
  }
}
