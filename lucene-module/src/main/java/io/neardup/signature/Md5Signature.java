package io.neardup.signature;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * Method {@code md5}: the MD5 digest of the normalised text ({@link Terms#normalized}), the
 * baseline of Zelenkov and Segalovich's comparison (002: "very precise, but sensitive to any change
 * of the text"): two texts are duplicates when their digests are equal, so only copies that differ
 * in case, spacing and punctuation are found. No parameters; one pass over the text.
 */
public final class Md5Signature {
  private Md5Signature() {}

  /**
   * The first 64 bits of the digest of the normalised text (two distinct texts share them with
   * probability 2<sup>-64</sup>), or empty for a text without terms.
   */
  public static long[] signature(CharSequence text) {
    return ofNormalized(Terms.normalized(text));
  }

  /** The signature of a text whose terms ({@link Terms#of}) are {@code terms}. */
  public static long[] ofTerms(List<String> terms) {
    return ofNormalized(String.join(" ", terms));
  }

  private static long[] ofNormalized(String normalized) {
    if (normalized.isEmpty()) {
      return new long[0];
    }
    byte[] d = digest().digest(normalized.getBytes(StandardCharsets.UTF_8));
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (d[i] & 0xFF);
    }
    return new long[] {v};
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has MD5", e);
    }
  }
}
