package io.neardup.benchmarks;

import io.neardup.analysis.FastStandardTokenizer;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupFilter;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.analysis.NearDupSketchAttribute;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * Compares {@link FastStandardTokenizer} with Lucene's {@link StandardTokenizer} on every file
 * under the given directories (gzip files are read decompressed; bytes that are not UTF-8 are
 * decoded as ISO-8859-1): every token's term, offsets, type and position increment, and the final
 * offset and position increment, must be equal; and so must the default near-duplicate analysis's
 * output ({@link NearDupAnalyzer}: the fast tokenizer handing its tokens to the filter without the
 * token attributes, normalised by the filter) and that of the standard tokenizer's tokens read one
 * by one through the normalisation filter: band tokens with offsets, sketch, shingle set and final
 * state. Prints, per directory, the files, characters and tokens compared and the share of
 * characters outside ASCII, then the time both tokenizers took over all texts (alternating, after a
 * first pass that warms them up); exits with status 1 at the first difference, naming the file and
 * the token.
 *
 * <p>Usage: {@code TokenizerDifferential DIR...} (see {@code benchmarks/tokenizer-diff.sh}).
 */
public final class TokenizerDifferential {
  private TokenizerDifferential() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.err.println("usage: TokenizerDifferential DIR...");
      System.exit(2);
    }
    StandardTokenizer standard = new StandardTokenizer();
    FastStandardTokenizer fast = new FastStandardTokenizer();
    // the default analysis (fast tokenizer, its tokens handed to the filter without attributes,
    // normalised by the filter) against the standard tokenizer's tokens read one by one
    Analyzer nearDup = new NearDupAnalyzer(NearDupSettings.DEFAULT, true);
    StandardTokenizer chainTokenizer = new StandardTokenizer();
    TokenStream chain =
        new NearDupFilter(
            new OneByOne(new TextNormalizationFilter(chainTokenizer)),
            NearDupSettings.DEFAULT,
            true);
    Map<String, long[]> perDir = new TreeMap<>();
    Map<String, List<String>> textsPerDir = new TreeMap<>();
    List<String> texts = new ArrayList<>();
    long totalTokens = 0;
    for (String arg : args) {
      Path dir = Path.of(arg);
      List<Path> files;
      try (Stream<Path> walk = Files.walk(dir)) {
        files = walk.filter(Files::isRegularFile).sorted().toList();
      }
      long[] counts = new long[4]; // files, chars, tokens, non-ASCII chars
      List<String> dirTexts = new ArrayList<>();
      for (Path file : files) {
        String text = read(file);
        List<String> expected = tokens(standard, text);
        List<String> actual = tokens(fast, text);
        if (!expected.equals(actual)) {
          int i = 0;
          while (i < Math.min(expected.size(), actual.size())
              && expected.get(i).equals(actual.get(i))) {
            i++;
          }
          System.out.println("DIFFERENT: " + file + " at token " + i);
          System.out.println("  standard: " + window(expected, i));
          System.out.println("  fast:     " + window(actual, i));
          System.exit(1);
        }
        List<String> expectedSketch = sketchTokens(chainTokenizer, chain, text);
        List<String> actualSketch;
        try (TokenStream ts = nearDup.tokenStream("f", text)) {
          actualSketch = sketchTokens(null, ts, text);
        }
        if (!expectedSketch.equals(actualSketch)) {
          System.out.println("DIFFERENT: " + file + ": the default analysis's output");
          System.out.println("  standard chain: " + expectedSketch);
          System.out.println("  default:        " + actualSketch);
          System.exit(1);
        }
        counts[0]++;
        counts[1] += text.length();
        counts[2] += expected.size() - 1;
        counts[3] += text.chars().filter(c -> c >= 128).count();
        texts.add(text);
        dirTexts.add(text);
      }
      perDir.put(dir.getFileName().toString(), counts);
      textsPerDir.put(dir.getFileName().toString(), dirTexts);
      totalTokens += counts[2];
    }
    // warm both up on every text before anything is timed
    time(standard, fast, texts, 1);
    long chars = 0;
    System.out.println(
        "| directory | files | chars | tokens | non-ASCII chars | standard / fast time |");
    System.out.println("|---|---:|---:|---:|---:|---:|");
    for (Map.Entry<String, long[]> e : perDir.entrySet()) {
      long[] c = e.getValue();
      chars += c[1];
      long[] nanos = time(standard, fast, textsPerDir.get(e.getKey()), 4);
      System.out.printf(
          "| %s | %d | %d | %d | %.1f %% | %.2f |%n",
          e.getKey(),
          c[0],
          c[1],
          c[2],
          c[1] == 0 ? 0.0 : 100.0 * c[3] / c[1],
          (double) nanos[0] / nanos[1]);
    }
    System.out.printf(
        "same tokens: %d files, %d chars, %d tokens; same band tokens, sketch, shingle set and final"
            + " state of the default analysis%n",
        texts.size(), chars, totalTokens);
    long[] nanos = time(standard, fast, texts, 2);
    System.out.printf(
        "time over two passes of all texts: standard %.2f s, fast %.2f s, ratio %.2f%n",
        nanos[0] / 1e9, nanos[1] / 1e9, (double) nanos[0] / nanos[1]);
  }

  /** Nanoseconds of the standard and the fast tokenizer over the texts, in alternating order. */
  private static long[] time(
      StandardTokenizer standard, FastStandardTokenizer fast, List<String> texts, int rounds)
      throws IOException {
    long standardNanos = 0;
    long fastNanos = 0;
    for (int round = 0; round < rounds; round++) {
      for (String text : texts) {
        long t0 = System.nanoTime();
        count(round % 2 == 0 ? standard : fast, text);
        long t1 = System.nanoTime();
        count(round % 2 == 0 ? fast : standard, text);
        long t2 = System.nanoTime();
        standardNanos += round % 2 == 0 ? t1 - t0 : t2 - t1;
        fastNanos += round % 2 == 0 ? t2 - t1 : t1 - t0;
      }
    }
    return new long[] {standardNanos, fastNanos};
  }

  private static String read(Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(2);
      bytes = head;
      if (head.length == 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B) {
        try (InputStream gz = new GZIPInputStream(Files.newInputStream(file))) {
          bytes = gz.readAllBytes();
        }
      } else {
        byte[] rest = in.readAllBytes();
        bytes = new byte[head.length + rest.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        System.arraycopy(rest, 0, bytes, head.length, rest.length);
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
  }

  private static String window(List<String> tokens, int i) {
    return tokens.subList(Math.max(0, i - 2), Math.min(tokens.size(), i + 3)).toString();
  }

  private static List<String> tokens(Tokenizer tokenizer, String text) throws IOException {
    CharTermAttribute term = tokenizer.addAttribute(CharTermAttribute.class);
    OffsetAttribute offset = tokenizer.addAttribute(OffsetAttribute.class);
    PositionIncrementAttribute posInc = tokenizer.addAttribute(PositionIncrementAttribute.class);
    TypeAttribute type = tokenizer.addAttribute(TypeAttribute.class);
    List<String> out = new ArrayList<>();
    tokenizer.setReader(new StringReader(text));
    tokenizer.reset();
    while (tokenizer.incrementToken()) {
      out.add(
          term
              + " "
              + offset.startOffset()
              + "-"
              + offset.endOffset()
              + " "
              + type.type()
              + " +"
              + posInc.getPositionIncrement());
    }
    tokenizer.end();
    out.add(
        "end "
            + offset.startOffset()
            + "-"
            + offset.endOffset()
            + " +"
            + posInc.getPositionIncrement());
    tokenizer.close();
    return out;
  }

  /**
   * What a near-duplicate chain gives for a text: its band tokens with offsets, the sketch's bytes,
   * the shingle set and the final state.
   *
   * @param tokenizer the chain's tokenizer, given the text here, or null when the stream has it
   */
  private static List<String> sketchTokens(Tokenizer tokenizer, TokenStream ts, String text)
      throws IOException {
    if (tokenizer != null) {
      tokenizer.setReader(new StringReader(text));
    }
    CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
    OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
    PositionIncrementAttribute posInc = ts.addAttribute(PositionIncrementAttribute.class);
    NearDupSketchAttribute sketch = ts.addAttribute(NearDupSketchAttribute.class);
    NearDupShingleSetAttribute shingles = ts.addAttribute(NearDupShingleSetAttribute.class);
    List<String> out = new ArrayList<>();
    ts.reset();
    while (ts.incrementToken()) {
      out.add(term + " " + offset.startOffset() + "-" + offset.endOffset());
    }
    ts.end();
    Sketch s = sketch.getSketch();
    out.add("sketch " + (s == null ? "none" : HexFormat.of().formatHex(SketchFormat.encode(s))));
    out.add(
        "shingles "
            + Arrays.hashCode(Arrays.copyOf(shingles.shingles(), shingles.count()))
            + " of "
            + shingles.count());
    out.add("end " + offset.endOffset() + " +" + posInc.getPositionIncrement());
    if (tokenizer != null) {
      ts.close();
    }
    return out;
  }

  /** Hands its input's tokens on one by one, so that the filter after it reads them so. */
  private static final class OneByOne extends TokenFilter {
    OneByOne(TokenStream input) {
      super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
      return input.incrementToken();
    }
  }

  private static int count(Tokenizer tokenizer, String text) throws IOException {
    tokenizer.setReader(new StringReader(text));
    tokenizer.reset();
    int n = 0;
    while (tokenizer.incrementToken()) {
      n++;
    }
    tokenizer.end();
    tokenizer.close();
    return n;
  }
}
