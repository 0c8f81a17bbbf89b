package io.neardup.shingle;

import java.util.Arrays;

/**
 * The serialized form of a document's set of distinct shingle fingerprints, kept so that candidate
 * pairs can be verified by exact Jaccard similarity. Layout: one version byte ({@value #VERSION}),
 * the count as an unsigned LEB128 varint, then the fingerprints in ascending signed order, 8 bytes
 * little-endian each.
 */
public final class ShingleSetFormat {
  /** Current format version. */
  public static final int VERSION = 1;

  private ShingleSetFormat() {}

  /** Serializes fingerprints given sorted ascending and distinct. */
  public static byte[] encode(long[] sorted, int count) {
    byte[] out = new byte[1 + 5 + 8 * count];
    out[0] = VERSION;
    int pos = 1;
    int n = count;
    while ((n & ~0x7F) != 0) {
      out[pos++] = (byte) ((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    out[pos++] = (byte) n;
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < count; i++) {
      long v = sorted[i];
      if (i > 0 && v <= previous) {
        throw new IllegalArgumentException("fingerprints must be sorted and distinct");
      }
      previous = v;
      for (int b = 0; b < 8; b++) {
        out[pos++] = (byte) (v >>> (8 * b));
      }
    }
    return Arrays.copyOf(out, pos);
  }

  /** Reads fingerprints from {@code bytes[offset, offset + length)}, ascending. */
  public static long[] decode(byte[] bytes, int offset, int length) {
    if (length < 2 || bytes[offset] != VERSION) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: "
              + (length < 2 ? length + " bytes is too short" : "unknown version " + bytes[offset]));
    }
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
    if (count < 0 || end - pos != 8L * count) {
      throw new IllegalArgumentException(
          "Corrupted shingle set: " + (end - pos) + " bytes for " + count + " fingerprints");
    }
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      long v = 0;
      for (int b = 0; b < 8; b++) {
        v |= (bytes[pos++] & 0xFFL) << (8 * b);
      }
      out[i] = v;
    }
    return out;
  }
}
