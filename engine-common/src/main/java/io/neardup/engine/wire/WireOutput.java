package io.neardup.engine.wire;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes the shared models into an engine's transport stream (see {@link WireInput}). Both engines'
 * streams are {@link OutputStream}s: {@code page.write(WireOutput.of(out))}. Nothing is buffered,
 * so the engine's own fields written after stay in order.
 */
public final class WireOutput {
  private final DataOutputStream out;

  private WireOutput(OutputStream out) {
    this.out = new DataOutputStream(out);
  }

  /** Writes to an engine's transport stream (any output stream). */
  public static WireOutput of(OutputStream out) {
    return new WireOutput(out);
  }

  /** A non-negative int (see {@link WireInput#readVInt}). */
  public void writeVInt(int v) throws IOException {
    if (v < 0) {
      throw new IllegalArgumentException("negative values are written with writeZLong, got " + v);
    }
    writeVLong(v);
  }

  /** A non-negative long (see {@link WireInput#readVLong}). */
  public void writeVLong(long v) throws IOException {
    if (v < 0) {
      throw new IllegalArgumentException("negative values are written with writeZLong, got " + v);
    }
    writeUnsigned(v);
  }

  /** Any long, zig-zag encoded. */
  public void writeZLong(long v) throws IOException {
    writeUnsigned((v << 1) ^ (v >> 63));
  }

  private void writeUnsigned(long v) throws IOException {
    while ((v & ~0x7FL) != 0) {
      out.writeByte((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.writeByte((int) v);
  }

  public void writeFloat(float v) throws IOException {
    out.writeFloat(v);
  }

  public void writeDouble(double v) throws IOException {
    out.writeDouble(v);
  }

  public void writeBoolean(boolean v) throws IOException {
    out.writeByte(v ? 1 : 0);
  }

  /** Its UTF-8 length, then its UTF-8 bytes. */
  public void writeString(String v) throws IOException {
    byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
    writeVInt(bytes.length);
    out.write(bytes);
  }

  /** Their length, then the bytes. */
  public void writeByteArray(byte[] v) throws IOException {
    writeVInt(v.length);
    out.write(v);
  }

  /** A flag, then the value if there is one. */
  public void writeOptionalString(String v) throws IOException {
    writeBoolean(v != null);
    if (v != null) {
      writeString(v);
    }
  }

  /** A flag, then the value if there is one. */
  public void writeOptionalDouble(Double v) throws IOException {
    writeBoolean(v != null);
    if (v != null) {
      writeDouble(v);
    }
  }

  /** The length, then each element. */
  public <T> void writeList(List<T> values, Writer<T> writer) throws IOException {
    writeVInt(values.size());
    for (T v : values) {
      writer.write(v, this);
    }
  }

  /** The constant's ordinal. */
  public void writeEnum(Enum<?> v) throws IOException {
    writeVInt(v.ordinal());
  }

  /** Writes one value. */
  @FunctionalInterface
  public interface Writer<T> {
    void write(T value, WireOutput out) throws IOException;
  }
}
