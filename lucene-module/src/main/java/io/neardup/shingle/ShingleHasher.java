package io.neardup.shingle;

import io.neardup.util.Mix;
import java.util.Arrays;
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

  /** Constants of the token hash: odd, with about half of their bits set in every byte. */
  private static final long M1 = 0xA0761D6478BD642FL;

  private static final long M2 = 0xE7037ED1A0B428DBL;

  private static final long M3 = 0x8EBC6AF09C88C6E3L;

  private static final long M4 = 0x589965CC75374CC3L;

  /** The high bit of each 16-bit lane of a word of four chars. */
  private static final long LANE_HIGH = 0x8000800080008000L;

  /** Added to a lane below 0x8000, sets its high bit exactly when the lane is above 'z'. */
  private static final long ABOVE_Z = 0x7F857F857F857F85L;

  /** Added to a lane below 0x8000, sets its high bit exactly when the lane is 'a' or above. */
  private static final long FROM_A = 0x7F9F7F9F7F9F7F9FL;

  /** Multiplier of the code point hash. */
  private static final long C1 = 0x87C37B91114253D5L;

  private final ShingleUnit unit;
  private final int size;
  private final long unitSeed;
  private final LongConsumer sink;
  private final long[] window;
  private final long topPower;
  private final long seedMix;
  private final long fullShingleMix;
  private long units;
  private int slot;
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
    this.fullShingleMix = seedMix ^ (size * 0x9E3779B97F4A7C15L);
  }

  /** Forgets the current text. */
  public void reset() {
    units = 0;
    slot = 0;
    rolling = 0;
    Arrays.fill(window, 0);
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

  /**
   * Adds a token and returns true if it consists of the letters a–z only, which no normalisation
   * changes ({@link io.neardup.text.TextNormalizer#leavesUnchanged}); otherwise adds nothing and
   * returns false, and the caller normalises the token and {@linkplain #addToken adds} it. For word
   * shingles the check costs a few operations on the words the token hash reads anyway: a chain
   * that normalises just before hashing saves the normalising pass over most tokens of a text. It
   * repeats {@link #hashToken}'s reading of the chars on purpose: a separate check before {@link
   * #addToken} measured 4–7 % slower for the whole default chain.
   */
  public boolean addIfLowercaseLetters(char[] buffer, int offset, int length) {
    if (length == 0) {
      return false;
    }
    if (unit != ShingleUnit.WORD) {
      for (int i = offset, end = offset + length; i < end; i++) {
        if (buffer[i] < 'a' || buffer[i] > 'z') {
          return false;
        }
      }
      addToken(buffer, offset, length);
      return true;
    }
    long a;
    long b;
    long h = unitSeed;
    long notLetters;
    if (length <= 8) {
      if (length >= 4) {
        a = chars4(buffer, offset);
        b = chars4(buffer, offset + length - 4);
        notLetters = notLetters(a) | notLetters(b);
      } else {
        a = buffer[offset] | (long) buffer[offset + (length >> 1)] << 16;
        b = buffer[offset + length - 1];
        // the fourth lane holds an 'a', so that only the token's chars decide
        notLetters = notLetters(a | b << 32 | (long) 'a' << 48);
      }
    } else {
      int i = offset;
      int end = offset + length;
      notLetters = 0;
      do {
        long first = chars4(buffer, i);
        long second = chars4(buffer, i + 4);
        notLetters |= notLetters(first) | notLetters(second);
        h = block(h, first, second);
        i += 8;
      } while (end - i > 8);
      a = chars4(buffer, end - 8);
      b = chars4(buffer, end - 4);
      notLetters |= notLetters(a) | notLetters(b);
    }
    if (notLetters != 0) {
      return false;
    }
    addUnit(last(h, a, b, length));
    return true;
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
    // the window starts as zeros, so the unit leaving it adds nothing until it is full
    rolling = (rolling - window[slot] * topPower) * BASE + hash;
    window[slot] = hash;
    slot = slot + 1 == size ? 0 : slot + 1;
    if (++units >= size) {
      // fingerprint(rolling, size) with its constants folded
      sink.accept(Mix.fmix64(rolling ^ fullShingleMix));
    }
  }

  /** Final mixing, with the number of units so that a short text differs from a full shingle. */
  private long fingerprint(long windowValue, int n) {
    return Mix.fmix64(windowValue ^ seedMix ^ (n * 0x9E3779B97F4A7C15L));
  }

  /**
   * The 64-bit hash of the chars {@code buffer[offset, offset + length)} under a seed. Chars are
   * read four to a 64-bit word, 8 chars at a time: a token of 4 to 8 chars is read as its first and
   * its last four chars (overlapping), a shorter one as its first, middle and last char, so the
   * common tokens take no loop. Each pair of words is combined with the state by a 128-bit
   * multiplication folded to 64 bits (high half xor low half), and a last such fold mixes in the
   * length: every input bit reaches every output bit. The seed enters every multiplication, so no
   * input makes a product vanish for every seed. A few nanoseconds per token, with no allocation
   * and no call through {@code CharSequence}. The values are part of the index format: band tokens
   * derive from them.
   */
  public static long hashToken(long seed, char[] buffer, int offset, int length) {
    long a;
    long b;
    long h = seed;
    if (length <= 8) {
      if (length >= 4) {
        a = chars4(buffer, offset);
        b = chars4(buffer, offset + length - 4);
      } else if (length > 0) {
        a = buffer[offset] | (long) buffer[offset + (length >> 1)] << 16;
        b = buffer[offset + length - 1];
      } else {
        a = 0;
        b = 0;
      }
    } else {
      int i = offset;
      int end = offset + length;
      do {
        h = block(h, chars4(buffer, i), chars4(buffer, i + 4));
        i += 8;
      } while (end - i > 8);
      a = chars4(buffer, end - 8);
      b = chars4(buffer, end - 4);
    }
    return last(h, a, b, length);
  }

  /** Mixes eight chars, as two words, into the state of the token hash. */
  private static long block(long h, long first, long second) {
    return fold(first ^ h ^ M1, second ^ h ^ M4);
  }

  /** The token hash from its state, its last two words and its length. */
  private static long last(long h, long a, long b, int length) {
    return fold(block(h, a, b) ^ M2, length ^ M3);
  }

  /**
   * Non-zero unless each of the four chars of a word is in a–z: per 16-bit lane, the high bit of
   * the char itself (0x8000 or above), of the char plus 0x7F85 (above 'z') or of the complement of
   * the char plus 0x7F9F (below 'a'). A lane below 0x8000 never carries into the next; a lane that
   * does is flagged by its own high bit.
   */
  private static long notLetters(long word) {
    return (word | (word + ABOVE_Z) | ~(word + FROM_A)) & LANE_HIGH;
  }

  /** Four chars as one little-endian 64-bit word. */
  private static long chars4(char[] buffer, int i) {
    return buffer[i]
        | (long) buffer[i + 1] << 16
        | (long) buffer[i + 2] << 32
        | (long) buffer[i + 3] << 48;
  }

  /** A 128-bit product folded to 64 bits: the mixing step of the token hash. */
  private static long fold(long x, long y) {
    return Math.unsignedMultiplyHigh(x, y) ^ (x * y);
  }

  /** The 64-bit hash of one code point under a seed: a bijection of the code point. */
  public static long hashCodePoint(long seed, int codePoint) {
    return Mix.fmix64(seed ^ (codePoint * C1));
  }
}
