package io.neardup.shingle;

import com.dynatrace.hash4j.hashing.HashStream128;
import com.dynatrace.hash4j.hashing.HashValue128;
import com.dynatrace.hash4j.hashing.Hashing;

/**
 * A 128-bit fingerprint (XXH3-128) of the normalised token sequence, for exact-duplicate detection.
 * Each token is framed by its length, so token boundaries matter ("ab c" differs from "a bc"). It
 * depends on the tokens only, not on shingle or sketch settings, so it identifies exact copies
 * across all of them. Not thread-safe.
 */
public final class ExactFingerprint {
  private final HashStream128 stream = Hashing.xxh3_128().hashStream();

  /** Starts a new text. */
  public void reset() {
    stream.reset();
  }

  /** Adds one token. */
  public void addToken(char[] buffer, int offset, int length) {
    stream.putInt(length).putChars(buffer, offset, length);
  }

  /** The fingerprint of the tokens added so far. */
  public HashValue128 get() {
    return stream.get();
  }
}
