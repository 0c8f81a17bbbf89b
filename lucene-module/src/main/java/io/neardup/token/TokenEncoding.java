package io.neardup.token;

/**
 * The terms neardup writes into an index, as characters. Each kind has its own first character so
 * that the kinds can share one field without ever colliding:
 *
 * <ul>
 *   <li>band token: {@code b} + 3 hex digits of the band index + 16 hex digits of the band hash,
 *       e.g. {@code b0119f3a...} (20 chars);
 *   <li>exact token: {@code x} + 32 hex digits of the 128-bit fingerprint of the normalised text
 *       (33 chars);
 *   <li>shingle token: {@code s} + 16 hex digits of a shingle fingerprint (17 chars).
 * </ul>
 *
 * Hex keeps the terms readable in {@code _analyze} output and in index dumps; they are short and
 * share prefixes, so the term dictionary compresses them well.
 */
public final class TokenEncoding {
  /** First character of band tokens. */
  public static final char BAND_PREFIX = 'b';

  /** First character of exact-duplicate tokens. */
  public static final char EXACT_PREFIX = 'x';

  /** First character of shingle tokens. */
  public static final char SHINGLE_PREFIX = 's';

  /** Length of a band token. */
  public static final int BAND_TOKEN_LENGTH = 20;

  /** Length of an exact token. */
  public static final int EXACT_TOKEN_LENGTH = 33;

  /** Length of a shingle token. */
  public static final int SHINGLE_TOKEN_LENGTH = 17;

  /** Largest band index a band token can carry. */
  public static final int MAX_BANDS = 1 << 12;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private TokenEncoding() {}

  /** Writes the band token into {@code dest[0, BAND_TOKEN_LENGTH)}; returns its length. */
  public static int writeBandToken(int band, long hash, char[] dest) {
    if (band < 0 || band >= MAX_BANDS) {
      throw new IllegalArgumentException(
          "band index must be in [0, " + MAX_BANDS + "), got " + band);
    }
    dest[0] = BAND_PREFIX;
    writeHex(band, 3, dest, 1);
    writeHex(hash, 16, dest, 4);
    return BAND_TOKEN_LENGTH;
  }

  /** Writes the exact token into {@code dest[0, EXACT_TOKEN_LENGTH)}; returns its length. */
  public static int writeExactToken(long high, long low, char[] dest) {
    dest[0] = EXACT_PREFIX;
    writeHex(high, 16, dest, 1);
    writeHex(low, 16, dest, 17);
    return EXACT_TOKEN_LENGTH;
  }

  /** Writes the shingle token into {@code dest[0, SHINGLE_TOKEN_LENGTH)}; returns its length. */
  public static int writeShingleToken(long fingerprint, char[] dest) {
    dest[0] = SHINGLE_PREFIX;
    writeHex(fingerprint, 16, dest, 1);
    return SHINGLE_TOKEN_LENGTH;
  }

  /** The band token as a string. */
  public static String bandToken(int band, long hash) {
    char[] c = new char[BAND_TOKEN_LENGTH];
    return new String(c, 0, writeBandToken(band, hash, c));
  }

  /** The exact token as a string. */
  public static String exactToken(long high, long low) {
    char[] c = new char[EXACT_TOKEN_LENGTH];
    return new String(c, 0, writeExactToken(high, low, c));
  }

  /** The shingle token as a string. */
  public static String shingleToken(long fingerprint) {
    char[] c = new char[SHINGLE_TOKEN_LENGTH];
    return new String(c, 0, writeShingleToken(fingerprint, c));
  }

  /** Reads the fingerprint back from a shingle token. */
  public static long parseShingleToken(CharSequence token) {
    if (token.length() != SHINGLE_TOKEN_LENGTH || token.charAt(0) != SHINGLE_PREFIX) {
      throw new IllegalArgumentException("not a shingle token: [" + token + "]");
    }
    return Long.parseUnsignedLong(token.subSequence(1, SHINGLE_TOKEN_LENGTH).toString(), 16);
  }

  private static void writeHex(long value, int digits, char[] dest, int offset) {
    for (int i = digits - 1; i >= 0; i--) {
      dest[offset + i] = HEX[(int) (value & 0xF)];
      value >>>= 4;
    }
  }
}
