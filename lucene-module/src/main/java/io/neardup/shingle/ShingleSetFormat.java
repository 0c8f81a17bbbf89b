package io.neardup.shingle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The serialized form of a document's shingle set, kept so that candidate pairs can be verified by
 * exact Jaccard similarity. One version byte, the count as an unsigned LEB128 varint, then the
 * values in ascending order:
 *
 * <pre>
 * version 3 (engines): | 3 | count (varint) | width | k | Rice-coded gaps, least significant bit first |
 * version 2 (CLI)    : | 2 | count (varint) | count × int32 little-endian: the compact set             |
 * version 1 (read)   : | 1 | count (varint) | count × int64 little-endian: the 64-bit fingerprints     |
 * </pre>
 *
 * <p>Versions 1 and 2 read as the compact set ({@link #decodeCompact}), so an index written with
 * version 1 clusters exactly as one written today, also when its segments mix both versions.
 *
 * <p>Version 3 ({@link #encodeDelta}) keeps each compact value's upper {@code width} = {@link
 * ShingleSet#widthFor} bits, distinct and ascending, and codes the gaps between them (each less
 * one; the first from the range's low end) with a Rice code of parameter {@code k}: the gap's
 * {@code k} low bits after its high part in unary. With {@code width} about {@code log2(count)} +
 * 13 the gaps average 2<sup>13</sup> to 2<sup>14</sup>, so a value takes 15 to 16 bits: under two
 * bytes per shingle where the 32-bit values of version 2 take four. Such a set is read and compared
 * with {@link ShingleSet}, which compares two sets at the smaller of their widths.
 */
public final class ShingleSetFormat {
  /** Current format version: the compact set, 4 bytes per shingle. */
  public static final int VERSION = 2;

  /** The first version: 64-bit fingerprints, 8 bytes per shingle; still read. */
  public static final int VERSION_FINGERPRINTS = 1;

  /** The engines' version: values cut to a width that follows the count, gaps Rice-coded. */
  public static final int VERSION_DELTA = 3;

  private ShingleSetFormat() {}

  /** Serializes the compact form of fingerprints given sorted ascending and distinct. */
  public static byte[] encode(long[] sorted, int count) {
    for (int i = 1; i < count; i++) {
      if (sorted[i] <= sorted[i - 1]) {
        throw new IllegalArgumentException("fingerprints must be sorted and distinct");
      }
    }
    int[] compact = new int[count];
    return encodeCompact(compact, CompactShingleSet.compact(sorted, count, compact));
  }

  /** Serializes a compact set (ascending, distinct). */
  public static byte[] encodeCompact(int[] set, int count) {
    byte[] out = new byte[1 + 5 + 4 * count];
    out[0] = VERSION;
    int pos = writeCount(out, count);
    for (int i = 0; i < count; i++) {
      int v = set[i];
      if (i > 0 && v <= set[i - 1]) {
        throw new IllegalArgumentException("compact set must be sorted and distinct");
      }
      for (int b = 0; b < 4; b++) {
        out[pos++] = (byte) (v >>> (8 * b));
      }
    }
    return Arrays.copyOf(out, pos);
  }

  /** Serializes fingerprints in version 1, 8 bytes each; for tests of old indexes. */
  public static byte[] encodeVersion1(long[] sorted, int count) {
    byte[] out = new byte[1 + 5 + 8 * count];
    out[0] = VERSION_FINGERPRINTS;
    int pos = writeCount(out, count);
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < 8; b++) {
        out[pos++] = (byte) (sorted[i] >>> (8 * b));
      }
    }
    return Arrays.copyOf(out, pos);
  }

  private static int writeCount(byte[] out, int count) {
    int pos = 1;
    int n = count;
    while ((n & ~0x7F) != 0) {
      out[pos++] = (byte) ((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    out[pos++] = (byte) n;
    return pos;
  }

  /**
   * Serializes a compact set (ascending, distinct) in {@link #VERSION_DELTA}: its values cut to
   * {@link ShingleSet#widthFor ShingleSet.widthFor(count)} bits, their gaps Rice-coded.
   */
  public static byte[] encodeDelta(int[] set, int count) {
    for (int i = 1; i < count; i++) {
      if (set[i] <= set[i - 1]) {
        throw new IllegalArgumentException("compact set must be sorted and distinct");
      }
    }
    ShingleSet cut = new ShingleSet().setCompact(set, count);
    int[] values = cut.values();
    int n = values.length;
    int width = cut.width();
    long[] gaps = new long[n];
    long low = -(1L << (width - 1));
    long previous = low - 1;
    long sum = 0;
    for (int i = 0; i < n; i++) {
      gaps[i] = values[i] - previous - 1;
      previous = values[i];
      sum += gaps[i];
    }
    int k = riceParameter(gaps, n, sum);
    long bits = 0;
    for (int i = 0; i < n; i++) {
      bits += (gaps[i] >>> k) + 1 + k;
    }
    byte[] out = new byte[1 + 5 + 2 + (int) ((bits + 7) >>> 3)];
    out[0] = VERSION_DELTA;
    int pos = writeCount(out, n);
    out[pos++] = (byte) width;
    out[pos++] = (byte) k;
    BitWriter w = new BitWriter(out, pos);
    for (int i = 0; i < n; i++) {
      w.unary(gaps[i] >>> k);
      w.bits(gaps[i] & ((1L << k) - 1), k);
    }
    return Arrays.copyOf(out, w.end());
  }

  /** The Rice parameter that codes the gaps in the fewest bits, near log2 of their mean. */
  private static int riceParameter(long[] gaps, int n, long sum) {
    if (n == 0) {
      return 0;
    }
    int guess = Math.max(0, 63 - Long.numberOfLeadingZeros(Math.max(1, sum / n)));
    int best = guess;
    long bestBits = Long.MAX_VALUE;
    for (int k = Math.max(0, guess - 1); k <= Math.min(31, guess + 1); k++) {
      long bits = (long) n * (k + 1);
      for (int i = 0; i < n; i++) {
        bits += gaps[i] >>> k;
      }
      if (bits < bestBits) {
        bestBits = bits;
        best = k;
      }
    }
    return best;
  }

  /**
   * Reads a set of any version into {@code into}.
   *
   * @throws IllegalArgumentException "Corrupted shingle set: ..." for bytes of no version
   */
  static void decode(byte[] bytes, int offset, int length, ShingleSet into) {
    if (length >= 1 && bytes[offset] == VERSION_DELTA) {
      decodeDelta(bytes, offset, length, into);
    } else {
      int[] compact = decodeCompact(bytes, offset, length);
      into.setValues(compact, compact.length);
    }
  }

  private static void decodeDelta(byte[] bytes, int offset, int length, ShingleSet into) {
    int end = offset + length;
    long header = readCount(bytes, offset + 1, end);
    int count = (int) (header >>> 32);
    int pos = (int) header;
    if (pos + 2 > end) {
      throw new IllegalArgumentException("Corrupted shingle set: no width");
    }
    int width = bytes[pos++];
    int k = bytes[pos++];
    // each value takes at least k + 1 bits
    if (count < 0
        || width < 1
        || width > ShingleSet.FULL_WIDTH
        || k < 0
        || k > 31
        || (long) count * (k + 1) > 8L * (end - pos)) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: width "
              + width
              + ", parameter "
              + k
              + ", "
              + count
              + " values in "
              + (end - pos)
              + " bytes");
    }
    int[] out = into.prepare(count, width);
    BitReader r = new BitReader(bytes, pos, end);
    long high = (1L << (width - 1)) - 1;
    long previous = -(1L << (width - 1)) - 1;
    for (int i = 0; i < count; i++) {
      long gap = (r.unary() << k) | r.bits(k);
      long value = previous + 1 + gap;
      if (value > high) {
        throw new IllegalArgumentException(
            "Corrupted shingle set: value " + i + " is past the range of " + width + " bits");
      }
      out[i] = (int) value;
      previous = value;
    }
  }

  /**
   * Reads the varint count at {@code pos}: the count in the upper half, the next position below.
   */
  private static long readCount(byte[] bytes, int pos, int end) {
    int count = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= end || shift > 28) {
        throw new IllegalArgumentException("Corrupted shingle set: bad count");
      }
      byte b = bytes[pos++];
      count |= (b & 0x7F) << shift;
      if (b >= 0) {
        return ((long) count << 32) | pos;
      }
    }
  }

  /** Writes bits into a byte array, least significant first. */
  private static final class BitWriter {
    private final byte[] out;
    private int pos;
    private long buffer;
    private int used;

    BitWriter(byte[] out, int pos) {
      this.out = out;
      this.pos = pos;
    }

    void unary(long ones) {
      long left = ones;
      while (left >= 31) {
        bits(0x7FFFFFFFL, 31);
        left -= 31;
      }
      // the ones, then the zero that ends them
      bits((1L << left) - 1, (int) left + 1);
    }

    void bits(long value, int count) {
      buffer |= value << used;
      used += count;
      while (used >= 8) {
        out[pos++] = (byte) buffer;
        buffer >>>= 8;
        used -= 8;
      }
    }

    int end() {
      if (used > 0) {
        out[pos++] = (byte) buffer;
      }
      return pos;
    }
  }

  /** Reads bits written by {@link BitWriter}, a word at a time. */
  private static final class BitReader {
    private static final VarHandle LONGS =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] in;
    private final int end;
    private int pos;
    private long buffer;
    private int available;

    BitReader(byte[] in, int pos, int end) {
      this.in = in;
      this.pos = pos;
      this.end = end;
    }

    private void fill() {
      if (pos + Long.BYTES <= end) {
        // a word at once, keeping the whole bytes that fit
        int take = (Long.SIZE - available) >>> 3;
        if (take == 0) {
          return;
        }
        buffer |= (long) LONGS.get(in, pos) << available;
        available += take << 3;
        if (available < Long.SIZE) {
          buffer &= (1L << available) - 1;
        }
        pos += take;
        return;
      }
      while (available <= 56 && pos < end) {
        buffer |= (in[pos++] & 0xFFL) << available;
        available += 8;
      }
    }

    long unary() {
      long ones = 0;
      while (true) {
        if (available == 0) {
          fill();
          if (available == 0) {
            throw new IllegalArgumentException("Corrupted shingle set: it ends inside a value");
          }
        }
        int run = Long.numberOfTrailingZeros(~buffer);
        if (run < available) {
          buffer >>>= run + 1;
          available -= run + 1;
          return ones + run;
        }
        ones += available;
        buffer = 0;
        available = 0;
      }
    }

    long bits(int count) {
      if (count == 0) {
        return 0;
      }
      if (available < count) {
        fill();
        if (available < count) {
          throw new IllegalArgumentException("Corrupted shingle set: it ends inside a value");
        }
      }
      long v = buffer & ((1L << count) - 1);
      buffer >>>= count;
      available -= count;
      return v;
    }
  }

  /**
   * Reads the compact set of {@code bytes[offset, offset + length)} in either version, ascending.
   *
   * @throws IllegalArgumentException "Corrupted shingle set: ..." for bytes of neither version
   */
  public static int[] decodeCompact(byte[] bytes, int offset, int length) {
    if (length >= 1 && bytes[offset] == VERSION_DELTA) {
      // its values are cut to a width of their own: only ShingleSet compares them correctly
      throw new IllegalArgumentException(
          "a shingle set of version "
              + VERSION_DELTA
              + " keeps fewer bits per value: read it with ShingleSet");
    }
    if (length < 2 || (bytes[offset] != VERSION && bytes[offset] != VERSION_FINGERPRINTS)) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: "
              + (length < 2 ? length + " bytes is too short" : "unknown version " + bytes[offset]));
    }
    int version = bytes[offset];
    int end = offset + length;
    long header = readCount(bytes, offset + 1, end);
    int count = (int) (header >>> 32);
    int pos = (int) header;
    int width = version == VERSION ? 4 : 8;
    if (count < 0 || end - pos != (long) width * count) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: " + (end - pos) + " bytes for " + count + " values");
    }
    int[] out = new int[count];
    if (version == VERSION) {
      for (int i = 0; i < count; i++) {
        int v = 0;
        for (int b = 0; b < 4; b++) {
          v |= (bytes[pos++] & 0xFF) << (8 * b);
        }
        out[i] = v;
      }
      return out;
    }
    long[] fingerprints = new long[count];
    for (int i = 0; i < count; i++) {
      long v = 0;
      for (int b = 0; b < 8; b++) {
        v |= (bytes[pos++] & 0xFFL) << (8 * b);
      }
      fingerprints[i] = v;
    }
    return Arrays.copyOf(out, CompactShingleSet.compact(fingerprints, count, out));
  }
}
