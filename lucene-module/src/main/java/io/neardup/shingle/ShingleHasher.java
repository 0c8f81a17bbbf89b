package io.neardup.shingle;

import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import io.neardup.util.Mix;
import java.util.function.LongConsumer;

/**
 * Turns a stream of tokens into 64-bit fingerprints of their shingles, without building a string
 * per shingle.
 *
 * <p>Each unit (a token for {@link ShingleUnit#WORD}, a code point for {@link ShingleUnit#CHAR}) is
 * hashed once with a seeded 64-bit hash; a shingle's fingerprint combines the hashes of its units
 * in order, so the cost per shingle is a few multiplications whatever the length of its words. A
 * text with fewer units than the shingle size yields one fingerprint of all its units; a text with
 * no units yields none.
 *
 * <p>Not thread-safe; reuse one instance per analysis chain and call {@link #reset()} between
 * documents.
 */
public final class ShingleHasher {
  private final ShingleUnit unit;
  private final int size;
  private final long seed;
  private final Hasher64 unitHasher;
  private final LongConsumer sink;
  private final long[] window;
  private final CharArraySequence chars = new CharArraySequence();
  private long units;

  /**
   * @param unit what shingles are made of
   * @param size units per shingle, at least 1
   * @param seed seed of the unit hash; fingerprints of different seeds are unrelated
   * @param sink receives each shingle fingerprint, in text order, duplicates included
   */
  public ShingleHasher(ShingleUnit unit, int size, long seed, LongConsumer sink) {
    if (size < 1) {
      throw new IllegalArgumentException("shingle size must be at least 1, got " + size);
    }
    this.unit = unit;
    this.size = size;
    this.seed = seed;
    this.unitHasher = Hashing.komihash5_0(seed);
    this.sink = sink;
    this.window = new long[size];
  }

  /** Forgets the current text. */
  public void reset() {
    units = 0;
  }

  /** Adds one (already normalised) token. */
  public void addToken(char[] buffer, int offset, int length) {
    if (length == 0) {
      return;
    }
    if (unit == ShingleUnit.WORD) {
      addUnit(unitHasher.hashCharsToLong(chars.wrap(buffer, offset, length)));
    } else {
      int end = offset + length;
      for (int i = offset; i < end; ) {
        int cp = Character.codePointAt(buffer, i, end);
        if (!Character.isWhitespace(cp)) {
          addUnit(unitHasher.hashIntToLong(cp));
        }
        i += Character.charCount(cp);
      }
    }
  }

  /** Ends the current text: a text shorter than one shingle is emitted as a single shingle. */
  public void finish() {
    if (units > 0 && units < size) {
      sink.accept(combine(0, (int) units));
    }
  }

  /** Number of units (tokens or code points) seen since the last reset. */
  public long unitCount() {
    return units;
  }

  private void addUnit(long hash) {
    window[(int) (units % size)] = hash;
    units++;
    if (units >= size) {
      sink.accept(combine((int) (units % size), size));
    }
  }

  /**
   * Order-sensitive combination of {@code n} unit hashes starting at ring position {@code start}.
   */
  private long combine(int start, int n) {
    long h = seed ^ (n * 0x9E3779B97F4A7C15L);
    int pos = start;
    for (int i = 0; i < n; i++) {
      h = Long.rotateLeft(h ^ window[pos], 29) * 0xBF58476D1CE4E5B9L;
      if (++pos == size) {
        pos = 0;
      }
    }
    return Mix.fmix64(h);
  }

  /** A reusable CharSequence view of a char array, so token hashing allocates nothing. */
  private static final class CharArraySequence implements CharSequence {
    private char[] buffer;
    private int offset;
    private int length;

    CharArraySequence wrap(char[] buffer, int offset, int length) {
      this.buffer = buffer;
      this.offset = offset;
      this.length = length;
      return this;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      return buffer[offset + index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new String(buffer, offset + start, end - start);
    }

    @Override
    public String toString() {
      return new String(buffer, offset, length);
    }
  }
}
