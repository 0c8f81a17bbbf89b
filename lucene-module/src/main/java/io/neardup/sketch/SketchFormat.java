package io.neardup.sketch;

import java.util.zip.CRC32C;

/**
 * The serialized form of a {@link Sketch}: the one place that knows the byte layout. All integers
 * are little-endian.
 *
 * <pre>
 *  byte  0       1       2       3       4       5       6       7
 *      +-------+-------+-------+-------+-------+-------+-------+-------+
 *    0 | magic 'N' 'D' |version|scheme |  hashes (k)   | bits  | flags |
 *      +-------+-------+-------+-------+-------+-------+-------+-------+
 *    8 |                    settings hash (64 bits)                    |
 *      +-------+-------+-------+-------+-------+-------+-------+-------+
 *   16 |  shingle count (uint32, saturating)  |  CRC32C of the rest    |
 *      +-------+-------+-------+-------+-------+-------+-------+-------+
 *   24 |  k values of bits/8 bytes each ...                            |
 *      +-------+-------+-------+-------+-------+-------+-------+-------+
 * </pre>
 *
 * <ul>
 *   <li>version: {@value #VERSION}; readers reject versions they do not know.
 *   <li>scheme: {@link SketchScheme#id()}.
 *   <li>bits: 8, 16, 32 or 64 bits per value.
 *   <li>flags: bit 0 set when the sketch is empty (the text had no shingles); other bits are zero.
 *   <li>shingle count: {@link Sketch#shingleCount()}, the distinct shingles of the text (counted
 *       with repeats when the analysis did not deduplicate them).
 *   <li>settings hash: {@link SketchParameters#settingsHash()}, covering seed, shingle unit and
 *       size, scheme, k and bits: a sketch made with other settings is rejected instead of being
 *       compared.
 *   <li>CRC32C: over bytes [0, 20) and the values, so corruption anywhere is detected.
 * </ul>
 *
 * <p>Errors say "Corrupted sketch: ..." for bytes that are not a valid sketch, "Unsupported sketch
 * format ..." for a version this code does not read, and "Incompatible sketch: ..." for a valid
 * sketch made with other settings.
 */
public final class SketchFormat {
  /** Current format version. */
  public static final int VERSION = 1;

  // byte offsets of the header's fields, as drawn above
  static final int MAGIC_OFFSET = 0;
  static final int VERSION_OFFSET = 2;
  static final int SCHEME_OFFSET = 3;
  static final int HASHES_OFFSET = 4;
  static final int BITS_OFFSET = 6;
  static final int FLAGS_OFFSET = 7;
  static final int SETTINGS_HASH_OFFSET = 8;
  static final int SHINGLE_COUNT_OFFSET = 16;
  static final int CHECKSUM_OFFSET = 20;

  /** Bytes before the values. */
  public static final int HEADER_BYTES = 24;

  static final int MAGIC = 0x444E; // 'N','D' read little-endian

  private static final int FLAG_EMPTY = 1;

  private SketchFormat() {}

  /** Serialized size of a sketch with these parameters. */
  public static int serializedSize(SketchParameters parameters) {
    return HEADER_BYTES + parameters.hashes() * parameters.bytesPerValue();
  }

  /** Serializes a sketch. */
  public static byte[] encode(Sketch sketch) {
    SketchParameters p = sketch.parameters();
    byte[] out = new byte[serializedSize(p)];
    putShort(out, MAGIC_OFFSET, MAGIC);
    out[VERSION_OFFSET] = (byte) VERSION;
    out[SCHEME_OFFSET] = (byte) p.scheme().id();
    putShort(out, HASHES_OFFSET, p.hashes());
    out[BITS_OFFSET] = (byte) p.bits();
    out[FLAGS_OFFSET] = (byte) (sketch.isEmpty() ? FLAG_EMPTY : 0);
    putLong(out, SETTINGS_HASH_OFFSET, p.settingsHash());
    putInt(out, SHINGLE_COUNT_OFFSET, (int) Math.min(0xFFFFFFFFL, sketch.shingleCount()));
    int width = p.bytesPerValue();
    long[] values = sketch.valuesNoCopy();
    for (int i = 0, pos = HEADER_BYTES; i < values.length; i++, pos += width) {
      putValue(out, pos, width, values[i]);
    }
    putInt(out, CHECKSUM_OFFSET, checksum(out, MAGIC_OFFSET, out.length));
    return out;
  }

  /** Reads a sketch and checks it was made with {@code expected}. */
  public static Sketch decode(byte[] bytes, SketchParameters expected) {
    return decode(bytes, 0, bytes.length, expected);
  }

  /**
   * Reads a sketch from {@code bytes[offset, offset + length)} and checks it was made with {@code
   * expected}.
   *
   * @throws IllegalArgumentException naming what is corrupted, unsupported or incompatible
   */
  public static Sketch decode(byte[] bytes, int offset, int length, SketchParameters expected) {
    validate(bytes, offset, length, expected);
    int width = expected.bytesPerValue();
    long[] values = new long[expected.hashes()];
    for (int i = 0, pos = offset + HEADER_BYTES; i < values.length; i++, pos += width) {
      values[i] = getValue(bytes, pos, width);
    }
    long shingles = getInt(bytes, offset + SHINGLE_COUNT_OFFSET) & 0xFFFFFFFFL;
    boolean empty = (bytes[offset + FLAGS_OFFSET] & FLAG_EMPTY) != 0;
    if (empty != (shingles == 0)) {
      throw new IllegalArgumentException(
          "Corrupted sketch: empty flag " + empty + " disagrees with shingle count " + shingles);
    }
    return new Sketch(expected, values, shingles, false);
  }

  /**
   * Checks that {@code bytes[offset, offset + length)} is an intact sketch made with {@code
   * expected}, without decoding the values.
   */
  public static void validate(byte[] bytes, int offset, int length, SketchParameters expected) {
    validateStructure(bytes, offset, length);
    SketchScheme scheme = SketchScheme.byId(bytes[offset + SCHEME_OFFSET] & 0xFF);
    int k = getShort(bytes, offset + HASHES_OFFSET);
    int bits = bytes[offset + BITS_OFFSET] & 0xFF;
    if (scheme != expected.scheme()) {
      throw incompatible("scheme", scheme.parameterValue(), expected.scheme().parameterValue());
    }
    if (k != expected.hashes()) {
      throw incompatible("hashes", k, expected.hashes());
    }
    if (bits != expected.bits()) {
      throw incompatible("bits", bits, expected.bits());
    }
    long settingsHash = getLong(bytes, offset + SETTINGS_HASH_OFFSET);
    if (settingsHash != expected.settingsHash()) {
      throw new IllegalArgumentException(
          "Incompatible sketch: made with a different seed or shingle settings than ["
              + expected
              + "] (settings hash "
              + Long.toHexString(settingsHash)
              + ", expected "
              + Long.toHexString(expected.settingsHash())
              + ")");
    }
  }

  /**
   * Checks that {@code bytes[offset, offset + length)} is an intact sketch of a known version and
   * scheme, whatever its settings: for readers that receive sketches without knowing the settings
   * they were made with (and compare only sketches whose headers {@linkplain #hasSameSettings
   * agree}).
   *
   * @throws IllegalArgumentException naming what is corrupted or unsupported
   */
  public static void validateStructure(byte[] bytes, int offset, int length) {
    if (length < HEADER_BYTES) {
      throw new IllegalArgumentException(
          "Corrupted sketch: "
              + length
              + " bytes is shorter than the "
              + HEADER_BYTES
              + "-byte header");
    }
    int magic = getShort(bytes, offset);
    if (magic != MAGIC) {
      throw new IllegalArgumentException(
          String.format(
              java.util.Locale.ROOT,
              "Corrupted sketch: bad magic 0x%04X (expected 0x%04X): not a neardup sketch",
              magic,
              MAGIC));
    }
    int version = bytes[offset + VERSION_OFFSET] & 0xFF;
    if (version != VERSION) {
      throw new IllegalArgumentException(
          "Unsupported sketch format version "
              + version
              + ": this neardup reads version "
              + VERSION);
    }
    int k = getShort(bytes, offset + HASHES_OFFSET);
    int bits = bytes[offset + BITS_OFFSET] & 0xFF;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
      throw new IllegalArgumentException(
          "Corrupted sketch: bits per value " + bits + " is not 8, 16, 32 or 64");
    }
    int expectedLength = HEADER_BYTES + k * (bits / 8);
    if (length != expectedLength) {
      throw new IllegalArgumentException(
          "Corrupted sketch: "
              + length
              + " bytes, but the header announces "
              + k
              + " values of "
              + bits
              + " bits ("
              + expectedLength
              + " bytes)");
    }
    int stored = getInt(bytes, offset + CHECKSUM_OFFSET);
    int actual = checksum(bytes, offset, length);
    if (stored != actual) {
      throw new IllegalArgumentException(
          String.format(
              java.util.Locale.ROOT,
              "Corrupted sketch: checksum 0x%08X does not match the content (0x%08X)",
              stored,
              actual));
    }
    if ((bytes[offset + FLAGS_OFFSET] & ~FLAG_EMPTY) != 0) {
      throw new IllegalArgumentException(
          "Corrupted sketch: unknown flags " + (bytes[offset + FLAGS_OFFSET] & 0xFF));
    }
    int schemeId = bytes[offset + SCHEME_OFFSET] & 0xFF;
    if (SketchScheme.byId(schemeId) == null) {
      String retired = SketchScheme.retired(schemeId);
      throw new IllegalArgumentException(
          retired == null
              ? "Unsupported sketch format: unknown scheme id " + schemeId
              : "Unsupported sketch format: scheme id "
                  + schemeId
                  + " is "
                  + retired
                  + "; index the documents again");
    }
  }

  /** Number of values (k) announced by the header of the sketch serialized at {@code offset}. */
  public static int hashes(byte[] bytes, int offset) {
    return getShort(bytes, offset + HASHES_OFFSET);
  }

  /** Bits per value announced by the header of the sketch serialized at {@code offset}. */
  public static int bits(byte[] bytes, int offset) {
    return bytes[offset + BITS_OFFSET] & 0xFF;
  }

  /**
   * Whether {@code bytes[offset, offset + length)} looks like a sketch made with the same
   * parameters as {@code reference} (a sketch encoded by {@link #encode}): same length, magic,
   * version, scheme, k, bits and settings hash, and no unknown flags. A fast check for paths that
   * read many stored sketches per search; it does not verify the checksum (Lucene checksums its doc
   * values files), so use {@link #validate} to explain a mismatch.
   */
  public static boolean hasSameSettings(byte[] bytes, int offset, int length, byte[] reference) {
    return length == reference.length
        && java.util.Arrays.equals(bytes, offset, offset + FLAGS_OFFSET, reference, 0, FLAGS_OFFSET)
        && (bytes[offset + FLAGS_OFFSET] & ~FLAG_EMPTY) == 0
        && java.util.Arrays.equals(
            bytes,
            offset + SETTINGS_HASH_OFFSET,
            offset + SHINGLE_COUNT_OFFSET,
            reference,
            SETTINGS_HASH_OFFSET,
            SHINGLE_COUNT_OFFSET);
  }

  /**
   * Copies the values of the sketch serialized at {@code offset} (k values of bits/8 bytes each,
   * little-endian) to {@code out[outOffset, outOffset + valueBytes(bytes, offset))}: readers that
   * compare values byte by byte take them without decoding and without knowing the header.
   */
  public static void copyValues(byte[] bytes, int offset, byte[] out, int outOffset) {
    System.arraycopy(bytes, offset + HEADER_BYTES, out, outOffset, valueBytes(bytes, offset));
  }

  /** Bytes of the values of the sketch serialized at {@code offset}: k × bits / 8. */
  public static int valueBytes(byte[] bytes, int offset) {
    return hashes(bytes, offset) * (bits(bytes, offset) / 8);
  }

  /** The scheme announced by the header of the sketch serialized at {@code offset}. */
  public static SketchScheme scheme(byte[] bytes, int offset) {
    return SketchScheme.byId(bytes[offset + SCHEME_OFFSET] & 0xFF);
  }

  /**
   * The first value of the sketch serialized at {@code offset}: the fingerprint of a {@link
   * SketchScheme#SIMHASH} sketch.
   */
  public static long firstValue(byte[] bytes, int offset) {
    return getValue(bytes, offset + HEADER_BYTES, bits(bytes, offset) / 8);
  }

  /** Whether the sketch serialized at {@code offset} is empty (its text had no shingles). */
  public static boolean isEmpty(byte[] bytes, int offset) {
    return (bytes[offset + FLAGS_OFFSET] & FLAG_EMPTY) != 0;
  }

  /**
   * Counts agreeing values of two serialized sketches of the same parameters without decoding them;
   * both must have been {@linkplain #validate validated}. Returns -1 if either sketch is empty.
   */
  public static int countMatches(
      byte[] a, int aOffset, byte[] b, int bOffset, SketchParameters parameters) {
    if (isEmpty(a, aOffset) || isEmpty(b, bOffset)) {
      return -1;
    }
    int width = parameters.bytesPerValue();
    int matches = 0;
    int pa = aOffset + HEADER_BYTES;
    int pb = bOffset + HEADER_BYTES;
    for (int i = 0; i < parameters.hashes(); i++, pa += width, pb += width) {
      if (java.util.Arrays.equals(a, pa, pa + width, b, pb, pb + width)) {
        matches++;
      }
    }
    return matches;
  }

  private static IllegalArgumentException incompatible(String name, Object found, Object expected) {
    return new IllegalArgumentException(
        "Incompatible sketch: made with "
            + name
            + "="
            + found
            + ", expected "
            + name
            + "="
            + expected);
  }

  private static int checksum(byte[] bytes, int offset, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, offset, CHECKSUM_OFFSET);
    crc.update(bytes, offset + HEADER_BYTES, length - HEADER_BYTES);
    return (int) crc.getValue();
  }

  private static void putValue(byte[] out, int pos, int width, long v) {
    for (int i = 0; i < width; i++) {
      out[pos + i] = (byte) (v >>> (8 * i));
    }
  }

  private static long getValue(byte[] in, int pos, int width) {
    long v = 0;
    for (int i = 0; i < width; i++) {
      v |= (in[pos + i] & 0xFFL) << (8 * i);
    }
    return v;
  }

  private static void putShort(byte[] out, int pos, int v) {
    putValue(out, pos, 2, v);
  }

  private static void putInt(byte[] out, int pos, int v) {
    putValue(out, pos, 4, v);
  }

  private static void putLong(byte[] out, int pos, long v) {
    putValue(out, pos, 8, v);
  }

  private static int getShort(byte[] in, int pos) {
    return (int) getValue(in, pos, 2);
  }

  private static int getInt(byte[] in, int pos) {
    return (int) getValue(in, pos, 4);
  }

  private static long getLong(byte[] in, int pos) {
    return getValue(in, pos, 8);
  }
}
