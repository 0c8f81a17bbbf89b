package io.neardup.analysis;

import io.neardup.param.Parameter;
import io.neardup.signature.Md5Signature;
import java.io.StringReader;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.KeywordTokenizer;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.tests.analysis.BaseTokenStreamFactoryTestCase;
import org.apache.lucene.tests.analysis.MockTokenizer;
import org.apache.lucene.util.BytesRef;

public class TestSignatureFilter extends BaseTokenStreamFactoryTestCase {
  private static final String TEXT = TestSignatureTokenizer.TEXT;

  private static String tokenizerToken(SignatureTokenizer.Kind kind, String text) throws Exception {
    try (Tokenizer t = new SignatureTokenizer(kind, 3)) {
      t.setReader(new StringReader(text));
      t.reset();
      assertTrue(t.incrementToken());
      String term =
          t.getAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class)
              .toString();
      t.end();
      return term;
    }
  }

  public void testAfterAKeywordTokenizerTheTokenIsTheTokenizers() throws Exception {
    for (SignatureTokenizer.Kind kind : SignatureTokenizer.Kind.values()) {
      Tokenizer keyword = new KeywordTokenizer();
      keyword.setReader(new StringReader(TEXT));
      assertTokenStreamContents(
          new SignatureFilter(keyword, new SignatureSettings(kind, 3)),
          new String[] {tokenizerToken(kind, TEXT)},
          new int[] {0},
          new int[] {TEXT.length()},
          new String[] {SignatureTokenizer.TYPE},
          new int[] {1},
          new int[] {1},
          TEXT.length());
    }
  }

  public void testWordTokensAreJoinedBySpaces() throws Exception {
    Tokenizer words = new WhitespaceTokenizer();
    words.setReader(new StringReader("  Jack   London\ttraveled "));
    String hex =
        String.format(Locale.ROOT, "%016x", Md5Signature.signature("Jack London traveled")[0]);
    assertTokenStreamContents(
        new SignatureFilter(words, SignatureSettings.DEFAULT),
        new String[] {hex},
        new int[] {2},
        new int[] {24},
        new String[] {SignatureTokenizer.TYPE},
        new int[] {1},
        new int[] {1},
        25);
  }

  public void testTextWithoutTermsIsItsOwnToken() throws Exception {
    for (String text : new String[] {"", " -- !! "}) {
      Tokenizer keyword = new KeywordTokenizer();
      keyword.setReader(new StringReader(text));
      assertTokenStreamContents(
          new SignatureFilter(keyword, SignatureSettings.DEFAULT),
          new String[] {text},
          new int[] {0},
          new int[] {text.length()},
          text.length());
    }
    Tokenizer words = new WhitespaceTokenizer();
    words.setReader(new StringReader("   "));
    assertTokenStreamContents(
        new SignatureFilter(words, SignatureSettings.DEFAULT), new String[0], null, null, 3);
  }

  public void testNormalizesAKeyword() throws Exception {
    // what an engine's keyword normalizer does: the whole value becomes its signature
    try (Analyzer a =
        CustomAnalyzer.builder()
            .withTokenizer("keyword")
            .addTokenFilter(SignatureFilterFactory.NAME, "method", "longSent")
            .build()) {
      assertEquals(
          new BytesRef(tokenizerToken(SignatureTokenizer.Kind.LONG_SENT, TEXT)),
          a.normalize("f", TEXT));
    }
  }

  public void testLookupBySpiNameAndBogusArguments() {
    assertEquals(
        SignatureFilterFactory.class, TokenFilterFactory.lookupClass(SignatureFilterFactory.NAME));
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenFilterFactory("nearDupSignature", "method", "long-sent"));
    assertEquals("method must be one of [md5, longSent], got [long-sent]", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenFilterFactory("nearDupSignature", "bogus", "x"));
    assertEquals("Unknown parameters: {bogus=x}", e.getMessage());
    // engines spell the method as the command line does
    assertEquals(
        new SignatureSettings(SignatureTokenizer.Kind.LONG_SENT, 2),
        SignatureSettings.parse(
            new java.util.HashMap<>(Map.of("method", "long-sent", "sentences", "2")),
            Parameter.Style.SNAKE));
  }

  public void testRandomData() throws Exception {
    for (SignatureTokenizer.Kind kind : SignatureTokenizer.Kind.values()) {
      Analyzer a =
          new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
              Tokenizer t = new MockTokenizer(MockTokenizer.KEYWORD, false);
              return new TokenStreamComponents(
                  t, new SignatureFilter(t, new SignatureSettings(kind, 3)));
            }
          };
      checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
      checkRandomData(random(), a, 5 * RANDOM_MULTIPLIER, 8192);
      a.close();
    }
  }
}
