package io.neardup.shingle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.sketch.Jaccard;
import io.neardup.text.NormalizationOptions;
import io.neardup.text.TextNormalizer;
import io.neardup.util.LongHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShingleHasherTest {

  /** Distinct shingle fingerprints of a whitespace-separated text, normalised the default way. */
  static long[] shingles(String text, ShingleUnit unit, int size, long seed) {
    LongHashSet set = new LongHashSet();
    ShingleHasher hasher = new ShingleHasher(unit, size, seed, set::add);
    TextNormalizer normalizer = new TextNormalizer(NormalizationOptions.DEFAULT);
    for (String token : text.split("\\s+")) {
      if (token.isEmpty()) {
        continue;
      }
      char[] chars = token.toCharArray();
      int len = normalizer.normalize(chars, 0, chars.length);
      hasher.addToken(normalizer.buffer(), 0, len);
    }
    hasher.finish();
    long[] out = Arrays.copyOf(set.values(), set.size());
    Arrays.sort(out);
    return out;
  }

  static long[] words(String text, int size) {
    return shingles(text, ShingleUnit.WORD, size, 42);
  }

  @Test
  void seedExampleJaccardIsThreeEighths() {
    // Cornell CS4300 "Web search basics": J(d1, d2) = 3/8 with word 2-shingles.
    long[] d1 = words("Jack London traveled to Oakland", 2);
    long[] d2 = words("Jack London traveled to the city of Oakland", 2);
    assertEquals(4, d1.length);
    assertEquals(7, d2.length);
    assertEquals(3.0 / 8.0, Jaccard.exact(d1, d2), 1e-12);
  }

  @Test
  void seedExampleFourShinglesOfInigoMontoya() {
    // "Duplicate detection" slides: the 4-shingling of this sentence has nine shingles.
    long[] s = words("My name is Inigo Montoya. You killed my father. Prepare to die", 4);
    assertEquals(9, s.length);
  }

  @Test
  void wordShinglesAreOrderSensitiveAndSeeded() {
    assertNotEquals(words("a b", 2)[0], words("b a", 2)[0]);
    assertNotEquals(
        shingles("a b c", ShingleUnit.WORD, 3, 1)[0], shingles("a b c", ShingleUnit.WORD, 3, 2)[0]);
    // token boundaries matter: "ab c" is not "a bc"
    assertNotEquals(words("ab c", 2)[0], words("a bc", 2)[0]);
  }

  @Test
  void shortTextIsOneShingleAndEmptyTextNone() {
    assertEquals(1, words("only three words", 5).length);
    assertEquals(1, words("word", 5).length);
    assertEquals(0, words("", 5).length);
    assertEquals(
        0, words(" ... !!! ", 5).length, "punctuation-only text has no tokens after normalisation");
    // a short text differs from the same words inside a longer one
    assertNotEquals(words("a b c", 5)[0], words("a b c d", 5)[0]);
  }

  @Test
  void exactlyShingleSizeTokensIsOneShingle() {
    assertEquals(1, words("one two three four five", 5).length);
    assertEquals(2, words("one two three four five six", 5).length);
  }

  @Test
  void characterShinglesIgnoreSpacing() {
    long[] spaced = shingles("s p a c e d   o u t   t e x t", ShingleUnit.CHAR, 10, 7);
    long[] plain = shingles("spaced out text", ShingleUnit.CHAR, 10, 7);
    assertEquals(1.0, Jaccard.exact(spaced, plain), 0);
    assertEquals("spacedouttext".length() - 10 + 1, plain.length);
  }

  @Test
  void characterShinglesCountCodePointsNotChars() {
    // U+1D400 (mathematical bold A) is two chars but one code point; NFKC maps it to "a"
    long[] surrogate = shingles("\uD835\uDC00bc", ShingleUnit.CHAR, 3, 7);
    long[] plain = shingles("abc", ShingleUnit.CHAR, 3, 7);
    assertEquals(1.0, Jaccard.exact(surrogate, plain), 0);
    long[] cjk = shingles("\uD840\uDC0B\u4E00\u4E8C", ShingleUnit.CHAR, 3, 7);
    assertEquals(1, cjk.length);
  }

  @Test
  void emitsEveryShingleInOrderIncludingRepeats() {
    List<Long> seen = new ArrayList<>();
    ShingleHasher hasher = new ShingleHasher(ShingleUnit.WORD, 2, 3, seen::add);
    for (String t : "a b a b a".split(" ")) {
      hasher.addToken(t.toCharArray(), 0, t.length());
    }
    hasher.finish();
    assertEquals(4, seen.size());
    assertEquals(seen.get(0), seen.get(2));
    assertEquals(seen.get(1), seen.get(3));
    assertNotEquals(seen.get(0), seen.get(1));
    assertEquals(5, hasher.unitCount());
    hasher.reset();
    assertEquals(0, hasher.unitCount());
  }

  @Test
  void unitHashesArePinned() {
    // Band tokens in users' indexes derive from these values: changing them is a format change.
    assertEquals(8600645692847773154L, ShingleHasher.hashToken(1, "jack".toCharArray(), 0, 4));
    assertEquals(
        PINNED_LONG_TOKEN, ShingleHasher.hashToken(1, "Xtraveled-to".toCharArray(), 1, 11));
    assertEquals(PINNED_CODE_POINT, ShingleHasher.hashCodePoint(1, 'a'));
  }

  @Test
  void tokenHashUsesOnlyTheGivenCharsAndEveryOne() {
    char[] a = "xabcdefghiy".toCharArray();
    char[] b = "zabcdefghiw".toCharArray();
    assertEquals(ShingleHasher.hashToken(5, a, 1, 9), ShingleHasher.hashToken(5, b, 1, 9));
    LongHashSet seen = new LongHashSet();
    // every length from 0 to 9 and every single-char change: all distinct
    for (int len = 0; len <= 9; len++) {
      assertTrue(seen.add(ShingleHasher.hashToken(5, a, 1, len)));
    }
    for (int i = 1; i < 10; i++) {
      char[] c = a.clone();
      c[i]++;
      assertTrue(seen.add(ShingleHasher.hashToken(5, c, 1, 9)));
    }
    // a trailing NUL differs from its absence, and the seed matters
    assertNotEquals(
        ShingleHasher.hashToken(5, "ab".toCharArray(), 0, 2),
        ShingleHasher.hashToken(5, "ab\0".toCharArray(), 0, 3));
    assertNotEquals(ShingleHasher.hashToken(5, a, 1, 9), ShingleHasher.hashToken(6, a, 1, 9));
  }

  private static final long PINNED_LONG_TOKEN = 3661836520505165072L;
  private static final long PINNED_CODE_POINT = 1622670801284399133L;

  @Test
  void rejectsBadShingleSize() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ShingleHasher(ShingleUnit.WORD, 0, 1, v -> {}));
    assertTrue(e.getMessage().contains("shingle size must be at least 1, got 0"), e.getMessage());
  }

  @Test
  void fingerprintsDoNotCollideOnALargeVocabulary() {
    LongHashSet set = new LongHashSet();
    ShingleHasher hasher = new ShingleHasher(ShingleUnit.WORD, 3, 11, set::add);
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      char[] t = Integer.toString(i, 36).toCharArray();
      hasher.addToken(t, 0, t.length);
    }
    assertEquals(n - 2, set.size());
  }

  @Test
  void lowercaseLettersAddTheSameUnitsAsAddToken() {
    java.util.Random random = new java.util.Random(11);
    for (ShingleUnit unit : ShingleUnit.values()) {
      for (int length = 1; length <= 40; length++) {
        for (int trial = 0; trial < 20; trial++) {
          // the token sits inside a larger buffer, between chars that are not letters
          char[] buffer = new char[length + 6];
          Arrays.fill(buffer, 'Z');
          for (int i = 0; i < length; i++) {
            buffer[3 + i] = (char) ('a' + random.nextInt(26));
          }
          List<Long> viaCheck = new ArrayList<>();
          List<Long> viaAdd = new ArrayList<>();
          ShingleHasher checked = new ShingleHasher(unit, 2, 9, viaCheck::add);
          ShingleHasher plain = new ShingleHasher(unit, 2, 9, viaAdd::add);
          for (int token = 0; token < 3; token++) {
            assertTrue(checked.addIfLowercaseLetters(buffer, 3, length));
            plain.addToken(buffer, 3, length);
          }
          checked.finish();
          plain.finish();
          assertEquals(viaAdd, viaCheck, unit + ", length " + length);
        }
      }
    }
  }

  @Test
  void anyOtherCharIsLeftToTheCaller() {
    // the chars just outside a-z, upper case, digits, apostrophes, non-ASCII and the high bits of
    // a 16-bit lane: each, anywhere in tokens of every length, makes the check add nothing
    char[] others = {'`', '{', 'A', 'Z', '0', '9', '\'', '\u00e9', '\u0161', '\u8000', '\uffff', 0};
    for (ShingleUnit unit : ShingleUnit.values()) {
      List<Long> out = new ArrayList<>();
      ShingleHasher hasher = new ShingleHasher(unit, 1, 3, out::add);
      for (int length = 1; length <= 20; length++) {
        for (int at = 0; at < length; at++) {
          for (char other : others) {
            char[] token = new char[length];
            Arrays.fill(token, 'm');
            token[at] = other;
            assertFalse(
                hasher.addIfLowercaseLetters(token, 0, length),
                unit + ": " + (int) other + " at " + at + " of " + length);
          }
        }
      }
      assertFalse(hasher.addIfLowercaseLetters(new char[0], 0, 0));
      hasher.finish();
      assertEquals(List.of(), out, "nothing was added");
      assertEquals(0, hasher.unitCount());
    }
  }
}
