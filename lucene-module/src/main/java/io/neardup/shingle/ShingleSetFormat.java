package io.neardup.shingle;

import java.util.Arrays;

/**
 * The serialized form of a document's shingle set, kept so that candidate pairs can be verified by
 * exact Jaccard similarity. One version byte, the count as an unsigned LEB128 varint, then the
 * values in ascending order, little-endian:
 *
 * <pre>
 * version 2 (written): | 2 | count (varint) | count × int32: the compact set ({@link CompactShingleSet}) |
 * version 1 (read)   : | 1 | count (varint) | count × int64: the distinct 64-bit fingerprints           |
 * </pre>
 *
 * <p>Both versions read as the compact set ({@link #decodeCompact}), so an index written with
 * version 1 clusters exactly as one written today, also when its segments mix both versions.
 */
public final class ShingleSetFormat {
  /** Current format version: the compact set, 4 bytes per shingle. */
  public static final int VERSION = 2;

  /** The first version: 64-bit fingerprints, 8 bytes per shingle; still read. */
  public static final int VERSION_FINGERPRINTS = 1;

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
   * Reads the compact set of {@code bytes[offset, offset + length)} in either version, ascending.
   *
   * @throws IllegalArgumentException "Corrupted shingle set: ..." for bytes of neither version
   */
  public static int[] decodeCompact(byte[] bytes, int offset, int length) {
    if (length < 2 || (bytes[offset] != VERSION && bytes[offset] != VERSION_FINGERPRINTS)) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: "
              + (length < 2 ? length + " bytes is too short" : "unknown version " + bytes[offset]));
    }
    int version = bytes[offset];
    int pos = offset + 1;
    int end = offset + length;
    int count = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= end || shift > 28) {
        throw new IllegalArgumentException("Corrupted shingle set: bad count");
      }
      byte b = bytes[pos++];
      count |= (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
    }
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
