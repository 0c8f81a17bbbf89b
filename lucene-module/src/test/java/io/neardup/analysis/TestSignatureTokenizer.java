package io.neardup.analysis;

import io.neardup.signature.Md5Signature;
import io.neardup.signature.SentenceSignature;
import java.io.StringReader;
import java.util.Locale;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.TokenizerFactory;
import org.apache.lucene.tests.analysis.BaseTokenStreamFactoryTestCase;

public class TestSignatureTokenizer extends BaseTokenStreamFactoryTestCase {
  static final String TEXT =
      "Dr. Smith arrived at 5 p.m. yesterday. The weather was fine. He paid $3.50 for a"
          + " coffee, i.e. a bargain, and left";

  public void testMd5TokenIsTheSignatureOfTheText() throws Exception {
    Tokenizer t = new SignatureTokenizer(SignatureTokenizer.Kind.MD5, 0);
    t.setReader(new StringReader(TEXT));
    String hex = String.format(Locale.ROOT, "%016x", Md5Signature.signature(TEXT)[0]);
    assertTokenStreamContents(
        t,
        new String[] {hex},
        new int[] {0},
        new int[] {TEXT.length()},
        new String[] {SignatureTokenizer.TYPE},
        new int[] {1},
        new int[] {1},
        TEXT.length());
  }

  public void testLongSentTokenIgnoresShortSentenceEdits() throws Exception {
    Tokenizer a =
        tokenizerFactory("nearDupSignature", "method", "longSent", "sentences", "2").create();
    String hex = String.format(Locale.ROOT, "%08x", SentenceSignature.longest(TEXT, 2)[0]);
    a.setReader(new StringReader(TEXT.replace("fine", "awful")));
    assertTokenStreamContents(a, new String[] {hex});
  }

  public void testTextWithoutTermsEmitsNothing() throws Exception {
    for (String text : new String[] {"", " -- !! "}) {
      Tokenizer t = new SignatureTokenizer(SignatureTokenizer.Kind.LONG_SENT, 3);
      t.setReader(new StringReader(text));
      assertTokenStreamContents(t, new String[0], null, null, text.length());
    }
  }

  public void testLookupBySpiName() {
    assertEquals(
        SignatureTokenizerFactory.class,
        TokenizerFactory.lookupClass(SignatureTokenizerFactory.NAME));
    assertEquals("nearDupSignature", TokenizerFactory.findSPIName(SignatureTokenizerFactory.class));
  }

  public void testBogusArguments() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenizerFactory("nearDupSignature", "method", "sha1"));
    assertEquals("method must be one of [md5, longSent], got [sha1]", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenizerFactory("nearDupSignature", "method", "longSent", "sentences", "0"));
    assertEquals("sentences must be an integer between 1 and 100, got [0]", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenizerFactory("nearDupSignature", "bogus", "x"));
    assertTrue(e.getMessage(), e.getMessage().contains("Unknown parameters"));
  }

  public void testRandomData() throws Exception {
    for (SignatureTokenizer.Kind kind : SignatureTokenizer.Kind.values()) {
      Analyzer a =
          new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
              return new TokenStreamComponents(new SignatureTokenizer(kind, 3));
            }
          };
      checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
      checkRandomData(random(), a, 5 * RANDOM_MULTIPLIER, 8192);
      a.close();
    }
  }
}
