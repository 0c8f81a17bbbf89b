package io.neardup.analysis;

import io.neardup.text.DigitPolicy;
import io.neardup.text.NormalizationOptions;
import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;
import org.apache.lucene.tests.analysis.MockTokenizer;

public class TestTextNormalizationFilter extends BaseTokenStreamTestCase {

  private static Analyzer analyzer(NormalizationOptions options) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer = new MockTokenizer(MockTokenizer.WHITESPACE, false);
        return new TokenStreamComponents(
            tokenizer, new TextNormalizationFilter(tokenizer, options));
      }
    };
  }

  public void testDefaults() throws IOException {
    try (Analyzer a = analyzer(NormalizationOptions.DEFAULT)) {
      assertAnalyzesTo(
          a,
          "The “Quick” Brown-Fox, ﬁnally! ＡＢＣ ½ ── ║ Page 12",
          new String[] {"the", "quick", "brownfox", "finally", "abc", "12", "page", "12"},
          new int[] {0, 4, 12, 23, 31, 35, 42, 47},
          new int[] {3, 11, 22, 30, 34, 36, 46, 49},
          new int[] {1, 1, 1, 1, 1, 1, 3, 1});
    }
  }

  public void testDigitPolicies() throws IOException {
    try (Analyzer drop = analyzer(new NormalizationOptions(true, true, true, DigitPolicy.DROP));
        Analyzer mask = analyzer(new NormalizationOptions(true, true, true, DigitPolicy.MASK));
        Analyzer keep = analyzer(new NormalizationOptions(true, true, true, DigitPolicy.KEEP))) {
      assertAnalyzesTo(
          drop, "page 12 of 2015 a1b2", new String[] {"page", "of", "ab"}, new int[] {1, 2, 2});
      assertAnalyzesTo(
          mask, "page 12 of 2015 a1b2", new String[] {"page", "00", "of", "0000", "a0b0"});
      assertAnalyzesTo(keep, "Page ٣", new String[] {"page", "٣"});
    }
  }

  public void testEverythingOff() throws IOException {
    try (Analyzer a = analyzer(new NormalizationOptions(false, false, false, DigitPolicy.KEEP))) {
      assertAnalyzesTo(a, "The ﬁ, ＡＢＣ!", new String[] {"The", "ﬁ,", "ＡＢＣ!"});
    }
  }

  public void testCyrillicAndCombiningMarks() throws IOException {
    try (Analyzer a = analyzer(NormalizationOptions.DEFAULT)) {
      // the seed lecture's language; NFKC composes e + combining acute into é
      assertAnalyzesTo(
          a,
          "Поиск ДУБЛИКАТОВ «страниц» cafe\u0301",
          new String[] {"поиск", "дубликатов", "страниц", "café"});
    }
  }

  public void testEmptyTerm() throws IOException {
    try (Analyzer a = analyzer(NormalizationOptions.DEFAULT)) {
      assertAnalyzesTo(a, "", new String[0]);
      assertAnalyzesTo(a, "— … ©", new String[0]);
    }
  }

  public void testRandomStrings() throws IOException {
    try (Analyzer a = analyzer(NormalizationOptions.DEFAULT)) {
      checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
      checkRandomData(random(), a, 5 * RANDOM_MULTIPLIER, 8192);
    }
  }
}
