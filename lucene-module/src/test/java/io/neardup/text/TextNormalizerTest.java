package io.neardup.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TextNormalizerTest {
  /** The contract the fused analysis relies on: no options change a token of a–z letters. */
  @Test
  void tokensOfLowercaseLettersAreLeftAloneByEveryOption() {
    Random random = new Random(11);
    for (boolean lowercase : new boolean[] {true, false}) {
      for (boolean nfkc : new boolean[] {true, false}) {
        for (boolean punctuation : new boolean[] {true, false}) {
          for (DigitPolicy digits : DigitPolicy.values()) {
            TextNormalizer n =
                new TextNormalizer(new NormalizationOptions(lowercase, nfkc, punctuation, digits));
            for (int round = 0; round < 200; round++) {
              char[] token = new char[1 + random.nextInt(20)];
              for (int i = 0; i < token.length; i++) {
                token[i] = (char) ('a' + random.nextInt(26));
              }
              assertTrue(TextNormalizer.leavesUnchanged(token, 0, token.length));
              char[] copy = token.clone();
              int length = n.normalize(copy, 0, copy.length);
              assertEquals(token.length, length);
              assertArrayEquals(token, Arrays.copyOf(n.buffer(), length));
            }
          }
        }
      }
    }
  }

  @Test
  void otherTokensAreNotClaimedUnchanged() {
    for (String s : new String[] {"", "Word", "d0g", "naïve", "e-mail", "ﬁ"}) {
      assertFalse(TextNormalizer.leavesUnchanged(s.toCharArray(), 0, s.length()), s);
    }
    char[] padded = "XXwordXX".toCharArray();
    assertTrue(TextNormalizer.leavesUnchanged(padded, 2, 4));
  }
}
