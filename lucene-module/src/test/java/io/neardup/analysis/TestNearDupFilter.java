package io.neardup.analysis;

import io.neardup.lsh.BandHasher;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleHasher;
import io.neardup.shingle.ShingleUnit;
import io.neardup.signature.SimHash;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchScheme;
import io.neardup.sketch.Sketcher;
import io.neardup.token.TokenEncoding;
import io.neardup.util.LongHashSet;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.charfilter.HTMLStripCharFilter;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;
import org.apache.lucene.tests.analysis.MockTokenizer;
import org.apache.lucene.tests.util.TestUtil;

public class TestNearDupFilter extends BaseTokenStreamTestCase {

  private static final NearDupSettings SMALL =
      NearDupSettings.builder().hashes(8).bands(2).rows(4).shingleSize(2).exact(true).build();

  private static TokenStream chain(String text, NearDupSettings settings) {
    Tokenizer tokenizer = new WhitespaceTokenizer();
    tokenizer.setReader(new StringReader(text));
    return new NearDupFilter(new TextNormalizationFilter(tokenizer), settings);
  }

  private static Analyzer analyzer(NearDupSettings settings) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer = new MockTokenizer(MockTokenizer.WHITESPACE, false);
        return new TokenStreamComponents(
            tokenizer, new NearDupFilter(new TextNormalizationFilter(tokenizer), settings));
      }
    };
  }

  /** Terms of one type emitted for a text. */
  private static List<String> terms(String text, NearDupSettings settings, String type)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = chain(text, settings)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute typeAtt = ts.addAttribute(TypeAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        if (type == null || type.equals(typeAtt.type())) {
          out.add(term.toString());
        }
      }
      ts.end();
    }
    return out;
  }

  private static Sketch sketchOf(String text, NearDupSettings settings) throws IOException {
    try (TokenStream ts = chain(text, settings)) {
      ts.reset();
      while (ts.incrementToken()) {
        // consume
      }
      ts.end();
      return ts.getAttribute(NearDupSketchAttribute.class).getSketch();
    }
  }

  public void testExactTokenContents() throws IOException {
    // Pinned: band tokens end up in users' indexes, so any change here is a format change.
    String text = "Jack London traveled to Oakland";
    assertTokenStreamContents(
        chain(text, SMALL),
        new String[] {
          "b0004b38fa7ab4ce7175", "b0011ef9ffe037be9b81", "x71f5891fb00e484929f07393d964db42"
        },
        new int[] {0, 0, 0},
        new int[] {31, 31, 31},
        new String[] {NearDupFilter.TYPE_BAND, NearDupFilter.TYPE_BAND, NearDupFilter.TYPE_EXACT},
        new int[] {1, 0, 0},
        new int[] {1, 1, 1},
        31);
  }

  public void testTokensAreTheLibraryPipelineComposed() throws IOException {
    // The filter is wiring only: its tokens equal shingling + sketching + banding done by hand.
    String text = "the quick brown fox jumps over the lazy dog again and again";
    NearDupSettings settings = NearDupSettings.DEFAULT;
    LongHashSet set = new LongHashSet();
    ShingleHasher shingler =
        new ShingleHasher(ShingleUnit.WORD, 5, settings.sketch().seed(), set::add);
    for (String t : text.split(" ")) {
      shingler.addToken(t.toCharArray(), 0, t.length());
    }
    shingler.finish();
    Sketch expected = new Sketcher(settings.sketch()).sketch(set.values(), set.size(), set.size());
    long[] bands = new long[settings.banding().bands()];
    new BandHasher(settings.banding()).bandHashes(expected, bands);
    List<String> expectedTerms = new ArrayList<>();
    for (int b = 0; b < bands.length; b++) {
      expectedTerms.add(TokenEncoding.bandToken(b, bands[b]));
    }
    assertEquals(expectedTerms, terms(text, settings, null));
    assertEquals(expected, sketchOf(text, settings));
    assertEquals(8, expected.shingleCount());
  }

  public void testSimHashBlockTokens() throws IOException {
    // the band tokens of a simhash sketch are the h + 1 blocks of its fingerprint, by block index
    NearDupSettings settings =
        NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(3).shingleSize(2).build();
    String text = "Jack London traveled to Oakland";
    LongHashSet set = new LongHashSet();
    ShingleHasher shingler =
        new ShingleHasher(ShingleUnit.WORD, 2, settings.sketch().seed(), set::add);
    for (String t : text.toLowerCase(java.util.Locale.ROOT).split(" ")) {
      shingler.addToken(t.toCharArray(), 0, t.length());
    }
    shingler.finish();
    long fingerprint = SimHash.fingerprint(set.values(), set.size());
    long[] blocks = SimHash.blockKeys(fingerprint, 3);
    String[] expected = new String[blocks.length];
    for (int j = 0; j < blocks.length; j++) {
      expected[j] = TokenEncoding.bandToken(j, blocks[j]);
    }
    String band = NearDupFilter.TYPE_BAND;
    assertTokenStreamContents(
        chain(text, settings),
        expected,
        new int[] {0, 0, 0, 0},
        new int[] {31, 31, 31, 31},
        new String[] {band, band, band, band},
        new int[] {1, 0, 0, 0},
        new int[] {1, 1, 1, 1},
        31);
    Sketch sketch = sketchOf(text, settings);
    assertEquals(1, sketch.size());
    assertEquals(fingerprint, sketch.value(0));
    assertEquals(4, sketch.shingleCount());
    // repeats do not change the fingerprint, with or without shingle tokens
    NearDupSettings withShingles =
        NearDupSettings.builder()
            .scheme(SketchScheme.SIMHASH)
            .shingleSize(2)
            .shingles(true)
            .build();
    assertEquals(
        sketchOf("a b a b c d", settings).value(0), sketchOf("a b a b c d", withShingles).value(0));
    assertTokenStreamContents(chain("", settings), new String[0], new int[0], new int[0], 0);
  }

  public void testShingleTokens() throws IOException {
    NearDupSettings settings = NearDupSettings.builder().shingleSize(2).shingles(true).build();
    List<String> shingles = terms("a b a b c", settings, NearDupFilter.TYPE_SHINGLE);
    // distinct 2-shingles: "a b", "b a", "b c", sorted by fingerprint
    assertEquals(3, shingles.size());
    List<String> sorted = new ArrayList<>(shingles);
    sorted.sort((x, y) ->
        Long.compare(TokenEncoding.parseShingleToken(x), TokenEncoding.parseShingleToken(y)));
    assertEquals(sorted, shingles);
    assertEquals(
        settings.banding().bands(), terms("a b a b c", settings, NearDupFilter.TYPE_BAND).size());
  }

  public void testEmptyInput() throws IOException {
    assertTokenStreamContents(
        chain("", NearDupSettings.DEFAULT), new String[0], null, null, null, null, null, 0);
    // punctuation only: the normaliser removes every token
    assertTokenStreamContents(
        chain("  --- *** ... ", NearDupSettings.DEFAULT),
        new String[0],
        null,
        null,
        null,
        null,
        null,
        14);
    Sketch empty = sketchOf("", NearDupSettings.DEFAULT);
    assertTrue(empty.isEmpty());
    // with exact tokens, empty texts are exact duplicates of each other, never near-duplicates
    // through bands
    assertTokenStreamContents(
        chain("", NearDupSettings.builder().exact(true).shingles(true).build()),
        new String[] {TokenEncoding.exactToken(0x99aa06d3014798d8L, 0x6001c324468d497fL)},
        new int[] {0},
        new int[] {0},
        new String[] {NearDupFilter.TYPE_EXACT},
        new int[] {1},
        new int[] {1},
        0);
  }

  public void testShortTextIsShingledAsAWhole() throws IOException {
    List<String> bands = terms("two words", NearDupSettings.DEFAULT, NearDupFilter.TYPE_BAND);
    assertEquals(NearDupSettings.DEFAULT.banding().bands(), bands.size());
    assertEquals(1, sketchOf("two words", NearDupSettings.DEFAULT).shingleCount());
    assertFalse(
        bands.equals(terms("two other words", NearDupSettings.DEFAULT, NearDupFilter.TYPE_BAND)));
  }

  public void testNormalisedCopiesAreIdentical() throws IOException {
    String a = "The “Quick” brown fox — jumps over the lazy dog; the END.";
    String b = "the quick BROWN fox jumps over the ﬁve lazy dog the end";
    String c = "the quick brown fox jumps over the lazy dog the end";
    assertEquals(terms(a, SMALL, null), terms(c, SMALL, null));
    assertFalse(terms(b, SMALL, null).equals(terms(c, SMALL, null)));
  }

  public void testSimilarTextsShareBandsAndDissimilarOnesDoNot() throws IOException {
    StringBuilder base = new StringBuilder();
    java.util.Random random = new java.util.Random(5);
    for (int i = 0; i < 400; i++) {
      base.append("w").append(random.nextInt(5000)).append(' ');
    }
    String original = base.toString();
    String edited = original.replaceFirst("w\\d+ ", "inserted words here ");
    Set<String> a =
        new HashSet<>(terms(original, NearDupSettings.DEFAULT, NearDupFilter.TYPE_BAND));
    Set<String> b = new HashSet<>(terms(edited, NearDupSettings.DEFAULT, NearDupFilter.TYPE_BAND));
    a.retainAll(b);
    // One word replaced by three changes the 5 shingles over it: 391 of 403 distinct shingles are
    // shared, and a band survives when all its rows agree, with probability J^rows.
    int bands = NearDupSettings.DEFAULT.banding().bands();
    double survive = Math.pow(391.0 / 403, NearDupSettings.DEFAULT.banding().rows());
    double least = bands * survive - 3 * Math.sqrt(bands * survive * (1 - survive));
    assertTrue("least " + least + " is most of " + bands + " bands", least > bands / 2.0);
    assertTrue(
        "a one-word edit of 400 words keeps most bands: " + a.size() + " of " + bands + " kept",
        a.size() >= least);
    double j =
        Jaccard.estimate(
                sketchOf(original, NearDupSettings.DEFAULT),
                sketchOf(edited, NearDupSettings.DEFAULT))
            .estimate();
    assertTrue("estimate " + j, j > 0.9);
    Set<String> c =
        new HashSet<>(
            terms(
                "a completely different text with its own words and more words",
                NearDupSettings.DEFAULT,
                null));
    c.retainAll(b);
    assertTrue(c.isEmpty());
  }

  public void testSketchAttributeAfterEnd() throws IOException {
    try (TokenStream ts = chain("one two three four five six", NearDupSettings.DEFAULT)) {
      NearDupSketchAttribute att = ts.addAttribute(NearDupSketchAttribute.class);
      ts.reset();
      assertTrue(ts.incrementToken());
      assertNull("no sketch before end()", att.getSketch());
      while (ts.incrementToken()) {
        // consume
      }
      ts.end();
      Sketch s = att.getSketch();
      assertNotNull(s);
      assertEquals(2, s.shingleCount());
      assertEquals(
          s, SketchFormat.decode(SketchFormat.encode(s), NearDupSettings.DEFAULT.sketch()));
    }
  }

  public void testEndWithoutConsumingStillSketches() throws IOException {
    try (TokenStream ts = chain("one two three four five six", NearDupSettings.DEFAULT)) {
      ts.reset();
      ts.end();
      assertEquals(2, ts.getAttribute(NearDupSketchAttribute.class).getSketch().shingleCount());
    }
  }

  public void testReuseResetsState() throws IOException {
    Analyzer a = analyzer(SMALL);
    String[] texts = {"alpha beta gamma delta", "", "alpha beta gamma delta", "x y"};
    List<List<String>> runs = new ArrayList<>();
    for (String text : texts) {
      List<String> out = new ArrayList<>();
      try (TokenStream ts = a.tokenStream("f", text)) {
        CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
        ts.reset();
        while (ts.incrementToken()) {
          out.add(term.toString());
        }
        ts.end();
      }
      runs.add(out);
    }
    assertEquals(runs.get(0), runs.get(2));
    assertEquals(
        List.of(TokenEncoding.exactToken(0x99aa06d3014798d8L, 0x6001c324468d497fL)), runs.get(1));
    assertEquals(3, runs.get(3).size());
    a.close();
  }

  public void testCharacterShingles() throws IOException {
    NearDupSettings chars = NearDupSettings.builder().shingleUnit(ShingleUnit.CHAR).build();
    assertEquals(
        terms("s p a c e d out text here", chars, NearDupFilter.TYPE_BAND),
        terms("spaced out text here", chars, NearDupFilter.TYPE_BAND));
  }

  public void testRandomStrings() throws IOException {
    for (NearDupSettings settings :
        new NearDupSettings[] {
          NearDupSettings.DEFAULT,
          NearDupSettings.builder()
              .shingleUnit(ShingleUnit.CHAR)
              .exact(true)
              .shingles(true)
              .build(),
          NearDupSettings.builder().shingleSize(1).hashes(16).bits(8).exact(true).build(),
          NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(5).exact(true).build()
        }) {
      Analyzer a = analyzer(settings);
      checkRandomData(random(), a, 200 * RANDOM_MULTIPLIER);
      a.close();
    }
  }

  public void testRandomHugeStrings() throws IOException {
    Analyzer a = analyzer(NearDupSettings.builder().exact(true).shingles(true).build());
    checkRandomData(random(), a, 5 * RANDOM_MULTIPLIER, 8192);
    a.close();
  }

  /** Passes tokens on as they are; placed before NearDupFilter, it keeps it from normalising. */
  private static final class PassThrough extends TokenFilter {
    PassThrough(TokenStream input) {
      super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
      return input.incrementToken();
    }
  }

  /** Everything a chain hands its consumer: tokens with attributes, sketch, final state. */
  private static List<String> output(
      String text, NearDupSettings settings, boolean standard, boolean fused) throws IOException {
    return output(
        standard ? new StandardTokenizer() : new WhitespaceTokenizer(),
        new StringReader(text),
        settings,
        fused);
  }

  private static List<String> output(
      Tokenizer tokenizer, Reader text, NearDupSettings settings, boolean fused)
      throws IOException {
    tokenizer.setReader(text);
    TokenStream normalised = new TextNormalizationFilter(tokenizer);
    List<String> out = new ArrayList<>();
    try (TokenStream ts =
        new NearDupFilter(fused ? normalised : new PassThrough(normalised), settings)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      PositionIncrementAttribute posInc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(
            term
                + " "
                + type.type()
                + " "
                + offset.startOffset()
                + "-"
                + offset.endOffset()
                + " +"
                + posInc.getPositionIncrement());
      }
      ts.end();
      Sketch sketch = ts.getAttribute(NearDupSketchAttribute.class).getSketch();
      out.add("sketch " + HexFormat.of().formatHex(SketchFormat.encode(sketch)));
      out.add("end " + offset.endOffset() + " +" + posInc.getPositionIncrement());
    }
    return out;
  }

  private static final String[] WORD_KINDS = {
    "lower",
    "Capital",
    "UPPER",
    "2019",
    "abc123",
    "don't",
    "--",
    "...",
    "!!!",
    "café",
    "straße",
    "\ufb01ne",
    "\uff21\uff22\uff23",
    "\ud83d\ude00",
    "\u6f22\u5b57",
    "e\u0301",
    "x",
    "ab",
    "a-b"
  };

  public void testNormalisingItselfChangesNothing() throws IOException {
    // NearDupFilter right after TextNormalizationFilter normalises the tokens itself; with a
    // filter in between it reads them normalised. Both must give the same tokens, sketch and
    // final state, whatever the text: plain words of every length, case, digits, punctuation
    // that normalises to nothing (also at the end, whose positions go to the final state),
    // ligatures, full-width letters, emoji, ideographs and combining marks.
    NearDupSettings[] all = {
      NearDupSettings.DEFAULT,
      SMALL,
      NearDupSettings.builder().shingleUnit(ShingleUnit.CHAR).shingles(true).build(),
      NearDupSettings.builder().shingleSize(1).shingles(true).exact(true).build()
    };
    for (int i = 0; i < 200 * RANDOM_MULTIPLIER; i++) {
      StringBuilder text = new StringBuilder();
      int words = random().nextInt(40);
      for (int w = 0; w < words; w++) {
        if (random().nextInt(3) == 0) {
          text.append(WORD_KINDS[random().nextInt(WORD_KINDS.length)]);
        } else {
          int length = 1 + random().nextInt(random().nextInt(10) == 0 ? 30 : 9);
          for (int c = 0; c < length; c++) {
            text.append((char) ('a' + random().nextInt(26)));
          }
        }
        text.append(random().nextInt(5) == 0 ? "\n" : " ");
      }
      String t = text.toString();
      for (NearDupSettings settings : all) {
        for (boolean standard : new boolean[] {true, false}) {
          assertEquals(
              t, output(t, settings, standard, false), output(t, settings, standard, true));
        }
      }
    }
  }

  public void testFastTokenizerHandsItsTokensOverAsTheStandardOneGivesThem() throws IOException {
    // after FastStandardTokenizer, the filter reads the tokens where they are in the text, past
    // the attributes: the same tokens, sketch and final state as the standard tokenizer's tokens
    // read one by one, with non-ASCII segments, pieces too long for the ASCII scan, tokens too
    // long for the standard tokenizer, and offsets a char filter corrects
    NearDupSettings[] all = {
      NearDupSettings.DEFAULT,
      SMALL,
      NearDupSettings.builder().shingleUnit(ShingleUnit.CHAR).shingles(true).build(),
      NearDupSettings.builder().shingleSize(1).shingles(true).exact(true).build()
    };
    String[] longWords = {"a".repeat(300), "b1".repeat(120) + ".x", "é".repeat(260)};
    for (int i = 0; i < 200 * RANDOM_MULTIPLIER; i++) {
      StringBuilder text = new StringBuilder();
      int words = random().nextInt(40);
      for (int w = 0; w < words; w++) {
        int kind = random().nextInt(20);
        if (kind == 0) {
          text.append(longWords[random().nextInt(longWords.length)]);
        } else if (kind < 7) {
          text.append(WORD_KINDS[random().nextInt(WORD_KINDS.length)]);
        } else {
          text.append(TestUtil.randomSimpleString(random(), 1, 12));
        }
        text.append(random().nextInt(5) == 0 ? "\n" : random().nextInt(9) == 0 ? ", " : " ");
      }
      String t = text.toString();
      for (NearDupSettings settings : all) {
        List<String> expected =
            output(new StandardTokenizer(), new StringReader(t), settings, false);
        assertEquals(
            t, expected, output(new FastStandardTokenizer(), new StringReader(t), settings, true));
        assertEquals(
            t,
            expected,
            output(
                new FastStandardTokenizer(NearDupTokenAttributeImpl.FACTORY),
                new StringReader(t),
                settings,
                true));
        String html = "<p>" + t.replace("\n", "<br>\n") + "</p>";
        assertEquals(
            t,
            output(
                new StandardTokenizer(),
                new HTMLStripCharFilter(new StringReader(html)),
                settings,
                false),
            output(
                new FastStandardTokenizer(),
                new HTMLStripCharFilter(new StringReader(html)),
                settings,
                true));
      }
    }
  }

  public void testDroppedTrailingTokensReachTheFinalState() throws IOException {
    // as through TextNormalizationFilter alone: the positions of the tokens normalisation
    // removes after the last kept one are added to the final position increment
    List<String> out = output("one two three !!! ---", NearDupSettings.DEFAULT, false, true);
    assertEquals("end 21 +2", out.get(out.size() - 1));
  }
}
