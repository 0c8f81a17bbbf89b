package io.neardup.engine.wire;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what {@link WireOutput} wrote into an engine's transport stream. Both engines' streams are
 * {@link InputStream}s, so the shared models read themselves with no adapter: {@code
 * ClustersPage.read(WireInput.of(in))}. Nothing is read ahead, so the engine's own fields before
 * and after stay in place.
 */
public final class WireInput {
  private final DataInputStream in;

  private WireInput(InputStream in) {
    this.in = new DataInputStream(in);
  }

  /** Reads from an engine's transport stream (any input stream). */
  public static WireInput of(InputStream in) {
    return new WireInput(in);
  }

  /** A non-negative int in 1 to 5 bytes, 7 bits each, low bits first. */
  public int readVInt() throws IOException {
    long v = readVLong();
    if (v > Integer.MAX_VALUE) {
      throw new IOException("variable-length int out of range: " + v);
    }
    return (int) v;
  }

  /** A non-negative long in 1 to 9 bytes, 7 bits each, low bits first. */
  public long readVLong() throws IOException {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.readUnsignedByte();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new IOException("variable-length long too long");
  }

  /** Any long, zig-zag encoded (small magnitudes are short). */
  public long readZLong() throws IOException {
    long z = readVLong();
    return (z >>> 1) ^ -(z & 1);
  }

  public float readFloat() throws IOException {
    return in.readFloat();
  }

  public double readDouble() throws IOException {
    return in.readDouble();
  }

  public boolean readBoolean() throws IOException {
    int b = in.readUnsignedByte();
    if (b > 1) {
      throw new IOException("not a boolean: " + b);
    }
    return b == 1;
  }

  /** A string: its UTF-8 length, then its UTF-8 bytes. */
  public String readString() throws IOException {
    byte[] bytes = new byte[readVInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Bytes written by {@link WireOutput#writeByteArray}. */
  public byte[] readByteArray() throws IOException {
    byte[] bytes = new byte[readVInt()];
    in.readFully(bytes);
    return bytes;
  }

  /** A value written by {@link WireOutput#writeOptionalString}. */
  public String readOptionalString() throws IOException {
    return readBoolean() ? readString() : null;
  }

  /** A value written by {@link WireOutput#writeOptionalDouble}. */
  public Double readOptionalDouble() throws IOException {
    return readBoolean() ? readDouble() : null;
  }

  /** A list written by {@link WireOutput#writeList}. */
  public <T> List<T> readList(Reader<T> reader) throws IOException {
    int n = readVInt();
    List<T> out = new ArrayList<>(Math.min(n, 1024));
    for (int i = 0; i < n; i++) {
      out.add(reader.read(this));
    }
    return out;
  }

  /** A constant written by {@link WireOutput#writeEnum}. */
  public <E extends Enum<E>> E readEnum(Class<E> type) throws IOException {
    int ordinal = readVInt();
    E[] values = type.getEnumConstants();
    if (ordinal >= values.length) {
      throw new IOException("Unknown " + type.getSimpleName() + " ordinal [" + ordinal + "]");
    }
    return values[ordinal];
  }

  /** Reads one value. */
  @FunctionalInterface
  public interface Reader<T> {
    T read(WireInput in) throws IOException;
  }
}
