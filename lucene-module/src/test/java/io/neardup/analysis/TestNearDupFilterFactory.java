package io.neardup.analysis;

import io.neardup.lsh.Banding;
import io.neardup.shingle.ShingleUnit;
import io.neardup.sketch.SketchScheme;
import java.io.StringReader;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.tests.analysis.BaseTokenStreamFactoryTestCase;

public class TestNearDupFilterFactory extends BaseTokenStreamFactoryTestCase {

  public void testLookupBySpiName() throws Exception {
    assertEquals(
        NearDupFilterFactory.class, TokenFilterFactory.lookupClass(NearDupFilterFactory.NAME));
    assertEquals("nearDup", TokenFilterFactory.findSPIName(NearDupFilterFactory.class));
    assertEquals(
        TextNormalizationFilterFactory.class,
        TokenFilterFactory.lookupClass(TextNormalizationFilterFactory.NAME));
    assertTrue(TokenFilterFactory.availableTokenFilters().contains("nearDup"));
  }

  public void testParameters() throws Exception {
    NearDupFilterFactory f =
        (NearDupFilterFactory)
            tokenFilterFactory(
                "nearDup",
                "shingleSize",
                "4",
                "shingleUnit",
                "char",
                "hashes",
                "64",
                "bands",
                "16",
                "rows",
                "4",
                "seed",
                "9",
                "exact",
                "true",
                "shingles",
                "true",
                "scheme",
                "minhash",
                "bits",
                "64");
    assertEquals(4, f.settings().sketch().shingleSize());
    assertEquals(ShingleUnit.CHAR, f.settings().sketch().shingleUnit());
    assertEquals(64, f.settings().sketch().hashes());
    assertEquals(new Banding(16, 4), f.settings().banding());
    assertEquals(9, f.settings().sketch().seed());
    assertTrue(f.settings().exact());
    assertTrue(f.settings().shingles());
    assertEquals(SketchScheme.MINHASH, f.settings().sketch().scheme());
    assertEquals(64, f.settings().sketch().bits());

    NearDupFilterFactory tuned =
        (NearDupFilterFactory) tokenFilterFactory("nearDup", "threshold", "0.9");
    assertEquals(new Banding(10, 12), tuned.settings().banding());
  }

  public void testFactoryCreatesTheFilter() throws Exception {
    Tokenizer tokenizer = new WhitespaceTokenizer();
    tokenizer.setReader(new StringReader("jack london traveled to oakland"));
    TokenStream stream =
        tokenFilterFactory(
                "nearDup",
                "hashes",
                "8",
                "bands",
                "2",
                "rows",
                "4",
                "shingleSize",
                "2",
                "exact",
                "true")
            .create(tokenizer);
    assertTokenStreamContents(
        stream,
        new String[] {
          "b0004b38fa7ab4ce7175", "b0011ef9ffe037be9b81", "x71f5891fb00e484929f07393d964db42"
        });
  }

  public void testCustomAnalyzer() throws Exception {
    try (Analyzer analyzer =
        CustomAnalyzer.builder()
            .withTokenizer("whitespace")
            .addTokenFilter("nearDupNormalize")
            .addTokenFilter(
                "nearDup",
                "hashes",
                "8",
                "bands",
                "2",
                "rows",
                "4",
                "shingleSize",
                "2",
                "exact",
                "true")
            .build()) {
      assertAnalyzesTo(
          analyzer,
          "Jack London, traveled to OAKLAND!",
          new String[] {
            "b0004b38fa7ab4ce7175", "b0011ef9ffe037be9b81", "x71f5891fb00e484929f07393d964db42"
          });
    }
  }

  public void testBogusArguments() throws Exception {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenFilterFactory("nearDup", "bogusArg", "bogusValue"));
    assertEquals("Unknown parameters: {bogusArg=bogusValue}", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenFilterFactory("nearDupNormalize", "bogusArg", "x"));
    assertEquals("Unknown parameters: {bogusArg=x}", e.getMessage());
  }

  public void testInvalidValues() throws Exception {
    assertError("hashes must be an integer between 1 and 1024, got [0]", "hashes", "0");
    assertError("shingleSize must be an integer between 1 and 256, got [-1]", "shingleSize", "-1");
    assertError("shingleUnit must be one of [word, char], got [Word]", "shingleUnit", "Word");
    assertError("threshold must be a number in (0.0, 1.0], got [80]", "threshold", "80");
    assertError("exact must be one of [true, false], got [on]", "exact", "on");
    assertError(
        "bands must be such that bands * rows <= hashes (128), got [20 (rows=7, bands * rows=140)]",
        "bands",
        "20",
        "rows",
        "7");
    assertError(
        "maxHamming must be an integer between 0 and 32, got [33]",
        "scheme",
        "simhash",
        "maxHamming",
        "33");
    assertError("maxHamming must be set with scheme simhash only, got [3]", "maxHamming", "3");
    assertError(
        "bands must be unset with scheme simhash, which takes max_hamming, got [4]",
        "scheme",
        "simhash",
        "bands",
        "4");
    assertError(
        "hashes must be 1 with scheme simhash (one fingerprint), got [128]",
        "scheme",
        "simhash",
        "hashes",
        "128");
    assertError(
        "scheme must be one of [superminhash, minhash, oph, simhash], got [lsh]", "scheme", "lsh");
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> tokenFilterFactory("nearDupNormalize", "digits", "hide"));
    assertEquals("digits must be one of [keep, drop, mask], got [hide]", e.getMessage());
  }

  private void assertError(String message, String... args) {
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> tokenFilterFactory("nearDup", args));
    assertEquals(message, e.getMessage());
  }
}
