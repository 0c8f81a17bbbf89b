package io.neardup.analysis;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;

/**
 * {@link FastStandardTokenizer} against {@link StandardTokenizer}: every token (term, offsets,
 * type, position increment) and the final state, on random texts built to reach every rule of the
 * ASCII path and every way back to the standard tokenizer. {@code benchmarks/tokenizer-diff.sh}
 * runs the same comparison on man pages and word lists in many scripts.
 */
public class TestFastStandardTokenizer extends BaseTokenStreamTestCase {

  /**
   * Asserts that the fast tokenizer gives the standard tokenizer's tokens for {@code text}: terms,
   * offsets, types, position increments, the final offset and the final position increment.
   */
  private static void assertSameTokens(
      StandardTokenizer standard, FastStandardTokenizer fast, String text) throws IOException {
    CharTermAttribute term = standard.addAttribute(CharTermAttribute.class);
    OffsetAttribute offset = standard.addAttribute(OffsetAttribute.class);
    PositionIncrementAttribute posInc = standard.addAttribute(PositionIncrementAttribute.class);
    TypeAttribute type = standard.addAttribute(TypeAttribute.class);
    List<String> terms = new ArrayList<>();
    List<String> types = new ArrayList<>();
    IntStream.Builder starts = IntStream.builder();
    IntStream.Builder ends = IntStream.builder();
    IntStream.Builder increments = IntStream.builder();
    standard.setReader(new StringReader(text));
    standard.reset();
    while (standard.incrementToken()) {
      terms.add(term.toString());
      types.add(type.type());
      starts.add(offset.startOffset());
      ends.add(offset.endOffset());
      increments.add(posInc.getPositionIncrement());
    }
    standard.end();
    int finalOffset = offset.endOffset();
    int finalPosInc = posInc.getPositionIncrement();
    standard.close();
    fast.setReader(new StringReader(text));
    try {
      assertTokenStreamContents(
          fast,
          terms.toArray(String[]::new),
          starts.build().toArray(),
          ends.build().toArray(),
          types.toArray(String[]::new),
          increments.build().toArray(),
          null,
          finalOffset,
          finalPosInc,
          null,
          true,
          null);
    } catch (AssertionError e) {
      throw new AssertionError(
          "for " + escape(text.length() > 2000 ? text.substring(0, 2000) + "..." : text), e);
    }
  }

  // ASCII that reaches every rule: letters, digits, the joining punctuation, underscores, others
  private static final String ASCII =
      "aZq09_____:::...'''\",,;;-/#*@!?()[]{}<>&%$+=~`^|\\\u0000\u007F";
  private static final String SPACES = " \t\n\r\u000B\f";

  // other scripts, marks, emoji, the keycap, quotes, spaces and ideographs
  private static final String[] OTHER = {
    "é",
    "\u0301",
    "ß",
    "ж",
    "Ω",
    "א",
    "\u05F3",
    "ע\"ב",
    "ع",
    "ह",
    "ก",
    "ข",
    "中",
    "文",
    "あ",
    "カ",
    "ー",
    "한",
    "\uD83D\uDE00",
    "\uD83D\uDC4D\uD83C\uDFFD",
    "\u200D",
    "\uFE0F",
    "\u20E3",
    "©",
    "\u00A0",
    "\u2019",
    "\u00B7",
    "\uFF11",
    "\u0660",
    "\u2028",
    "\u0085",
    "\uFFFC",
    "\uD800",
    "\uDC00",
    "\uD83C\uDDEB\uD83C\uDDF7",
    "\u3000",
    "\u2060",
    "\u00AD"
  };

  private static String randomText(Random random, int length, double otherRate, int longRun) {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) {
      double r = random.nextDouble();
      if (r < otherRate) {
        sb.append(OTHER[random.nextInt(OTHER.length)]);
      } else if (r < otherRate + 0.15) {
        sb.append(SPACES.charAt(random.nextInt(random.nextInt(4) == 0 ? SPACES.length() : 1)));
      } else if (longRun > 0 && r > 0.995) {
        // a run longer than the standard tokenizer's buffer: its pieces decide there
        int n = longRun + random.nextInt(400);
        for (int i = 0; i < n; i++) {
          sb.append(random.nextInt(50) == 0 ? ASCII.charAt(random.nextInt(ASCII.length())) : 'x');
        }
      } else if (r < otherRate + 0.6) {
        sb.append((char) ('a' + random.nextInt(26)));
      } else {
        sb.append(ASCII.charAt(random.nextInt(ASCII.length())));
      }
    }
    return sb.toString();
  }

  public void testRandomAsciiText() throws IOException {
    Random random = random();
    StandardTokenizer standard = new StandardTokenizer();
    FastStandardTokenizer fast = new FastStandardTokenizer();
    for (int i = 0; i < 3000; i++) {
      assertSameTokens(standard, fast, randomText(random, random.nextInt(200), 0, 0));
    }
  }

  public void testRandomMixedText() throws IOException {
    Random random = random();
    StandardTokenizer standard = new StandardTokenizer();
    FastStandardTokenizer fast = new FastStandardTokenizer();
    for (int i = 0; i < 3000; i++) {
      double otherRate = random.nextInt(3) == 0 ? 0.3 : 0.02;
      assertSameTokens(standard, fast, randomText(random, random.nextInt(300), otherRate, 0));
    }
  }

  public void testLongRunsAroundTheBuffer() throws IOException {
    Random random = random();
    StandardTokenizer standard = new StandardTokenizer();
    FastStandardTokenizer fast = new FastStandardTokenizer();
    for (int i = 0; i < 300; i++) {
      int longRun = 150 + random.nextInt(400);
      assertSameTokens(
          standard, fast, randomText(random, 500 + random.nextInt(3000), 0.01, longRun));
    }
    for (int n : new int[] {199, 200, 201, 253, 254, 255, 256, 257, 510, 511, 512}) {
      for (String s : new String[] {"x", "1", "_", "é"}) {
        String run = s.repeat(n);
        assertSameTokens(standard, fast, run);
        assertSameTokens(standard, fast, "a " + run + " b");
        assertSameTokens(standard, fast, "ж " + run + ". b ж");
      }
    }
  }

  public void testSegmentFirst() throws IOException {
    assertSameTokens(new StandardTokenizer(), new FastStandardTokenizer(), "\u00ADab:c\u00e9 x");
    assertSameTokens(new StandardTokenizer(), new FastStandardTokenizer(), "\u00e9 x");
  }

  public void testRules() throws IOException {
    StandardTokenizer standard = new StandardTokenizer();
    FastStandardTokenizer fast = new FastStandardTokenizer();
    for (String text :
        new String[] {
          "",
          " ",
          "a",
          "e.g. a.b.c. U.S.A. can't rock'n'roll foo:bar 12:30 1,234.56 3;4 1'000",
          "a1.2 1a:b __a__ ___ _ a__b a_1 1_a a_.b 1.a a.1 a'1 1'a x...y 1..2 ' . : _:_",
          "123 12a a12 0x1F v1.2.3 e-mail www.example.com/path?q=1 user@host.org",
          "line\r\nbreak\u000Bvt\fff\ttab",
          "trailing. ",
          "“Quoted” ‘text’ — naïve café",
          "Поиск дубликатов 2024 года, стр. 12",
          "中文字符 テスト カタカナ 한국어 ภาษาไทย",
          "keycap 1\u20E3 #\uFE0F\u20E3 flag \uD83C\uDDE9\uD83C\uDDEA emoji \uD83D\uDC4D\uD83C\uDFFD",
          "e\u0301 a\u0301b ab\u200Dcd \u00ADsoft hy\u00ADphen",
          "עִבְרִית צה\"ל וג'ירפה"
        }) {
      assertSameTokens(standard, fast, text);
    }
  }

  public void testInAnAnalyzer() throws IOException {
    Analyzer analyzer =
        new Analyzer() {
          @Override
          protected TokenStreamComponents createComponents(String fieldName) {
            return new TokenStreamComponents(new FastStandardTokenizer());
          }
        };
    assertAnalyzesTo(
        analyzer,
        "Can't stop — 1,234.5 x_y",
        new String[] {"Can't", "stop", "1,234.5", "x_y"},
        new int[] {0, 6, 13, 21},
        new int[] {5, 10, 20, 24},
        new String[] {"<ALPHANUM>", "<ALPHANUM>", "<NUM>", "<ALPHANUM>"},
        new int[] {1, 1, 1, 1});
    checkRandomData(random(), analyzer, 200 * RANDOM_MULTIPLIER);
    checkRandomData(random(), analyzer, 10 * RANDOM_MULTIPLIER, 8192);
    analyzer.close();
  }
}
