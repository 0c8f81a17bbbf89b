package io.neardup.shingle;

import io.neardup.util.Mix;
import java.util.function.LongConsumer;

/**
 * Turns a stream of tokens into 64-bit fingerprints of their shingles, without building a string
 * per shingle.
 *
 * <p>Each unit (a token for {@link ShingleUnit#WORD}, a code point for {@link ShingleUnit#CHAR}) is
 * hashed once with a seeded 64-bit hash ({@link #hashToken}, {@link #hashCodePoint}), straight from
 * the token's char array; a shingle's fingerprint is a rolling polynomial of the hashes of its
 * units, so the cost per shingle is a few multiplications whatever the shingle size and the length
 * of its words. A text with fewer units than the shingle size yields one fingerprint of all its
 * units; a text with no units yields none.
 *
 * <p>Not thread-safe; reuse one instance per analysis chain and call {@link #reset()} between
 * documents.
 */
public final class ShingleHasher {
  /** Odd multiplier of the rolling window polynomial. */
  private static final long BASE = 0xBF58476D1CE4E5B9L;

  /** Block multipliers of the token hash (those of MurmurHash3's x64 variant). */
  private static final long C1 = 0x87C37B91114253D5L;

  private static final long C2 = 0x4CF5AD432745937FL;

  private final ShingleUnit unit;
  private final int size;
  private final long unitSeed;
  private final LongConsumer sink;
  private final long[] window;
  private final long topPower;
  private final long seedMix;
  private long units;
  private long rolling;

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
    this.unitSeed = Mix.fmix64(seed ^ 0x554E495448415348L);
    this.sink = sink;
    this.window = new long[size];
    long power = 1;
    for (int i = 1; i < size; i++) {
      power *= BASE;
    }
    this.topPower = power;
    this.seedMix = Mix.fmix64(seed ^ 0x5348494E474C4553L);
  }

  /** Forgets the current text. */
  public void reset() {
    units = 0;
    rolling = 0;
  }

  /** Adds one (already normalised) token. */
  public void addToken(char[] buffer, int offset, int length) {
    if (length == 0) {
      return;
    }
    if (unit == ShingleUnit.WORD) {
      addUnit(hashToken(unitSeed, buffer, offset, length));
    } else {
      int end = offset + length;
      for (int i = offset; i < end; ) {
        int cp = Character.codePointAt(buffer, i, end);
        if (!Character.isWhitespace(cp)) {
          addUnit(hashCodePoint(unitSeed, cp));
        }
        i += Character.charCount(cp);
      }
    }
  }

  /** Ends the current text: a text shorter than one shingle is emitted as a single shingle. */
  public void finish() {
    if (units > 0 && units < size) {
      sink.accept(fingerprint(rolling, (int) units));
    }
  }

  /** Number of units (tokens or code points) seen since the last reset. */
  public long unitCount() {
    return units;
  }

  /**
   * Rolls the window by one unit. The window's value is the polynomial sum of its unit hashes,
   * u<sub>0</sub>·B<sup>k−1</sup> + … + u<sub>k−1</sub> (mod 2<sup>64</sup>, B odd):
   * order-sensitive, and updated in constant time whatever the shingle size (Rabin–Karp over unit
   * hashes).
   */
  private void addUnit(long hash) {
    int slot = (int) (units % size);
    if (units >= size) {
      rolling -= window[slot] * topPower;
    }
    rolling = rolling * BASE + hash;
    window[slot] = hash;
    units++;
    if (units >= size) {
      sink.accept(fingerprint(rolling, size));
    }
  }

  /** Final mixing, with the number of units so that a short text differs from a full shingle. */
  private long fingerprint(long windowValue, int n) {
    return Mix.fmix64(windowValue ^ seedMix ^ (n * 0x9E3779B97F4A7C15L));
  }

  /**
   * The 64-bit hash of the chars {@code buffer[offset, offset + length)} under a seed. Four chars
   * make one 64-bit block; each block is scrambled by multiply–rotate–multiply and folded into the
   * state by xor, rotate and multiply–add (the block step of MurmurHash3), the tail is one partial
   * block, and the length and the 64-bit finaliser of MurmurHash3 end it, so every input bit
   * reaches every output bit. About 1 ns per block, with no allocation and no call through {@code
   * CharSequence}. The values are part of the index format: band tokens derive from them.
   */
  public static long hashToken(long seed, char[] buffer, int offset, int length) {
    long h = seed;
    int i = offset;
    int end = offset + length;
    for (int blockEnd = end - 3; i < blockEnd; i += 4) {
      long block =
          buffer[i]
              | (long) buffer[i + 1] << 16
              | (long) buffer[i + 2] << 32
              | (long) buffer[i + 3] << 48;
      h = fold(h, block);
    }
    if (i < end) {
      long block = 0;
      for (int shift = 0; i < end; i++, shift += 16) {
        block |= (long) buffer[i] << shift;
      }
      h = fold(h, block);
    }
    return Mix.fmix64(h ^ length);
  }

  /** The 64-bit hash of one code point under a seed: a bijection of the code point. */
  public static long hashCodePoint(long seed, int codePoint) {
    return Mix.fmix64(seed ^ (codePoint * C1));
  }

  private static long fold(long h, long block) {
    long k = Long.rotateLeft(block * C1, 31) * C2;
    return Long.rotateLeft(h ^ k, 27) * 5 + 0x52DCE729L;
  }
}
