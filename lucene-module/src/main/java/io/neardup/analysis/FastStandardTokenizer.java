package io.neardup.analysis;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizerImpl;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.util.AttributeFactory;

/**
 * Gives exactly the tokens of {@link StandardTokenizer} at its default maximum token length (term,
 * offsets, type, position increments and the final state), with a fast path for ASCII text.
 *
 * <p>The standard tokenizer's grammar (Unicode word boundaries, UAX #29) never lets a token contain
 * the ASCII whitespace characters (space, tab, line feed, vertical tab, form feed, carriage
 * return), and its scanner looks neither behind nor ahead of a match: so a text can be cut at any
 * of them and each piece tokenised on its own. A piece of ASCII characters only is scanned here,
 * with the grammar's rules for ASCII: letters and digits join; a letter, then {@code :}, {@code .}
 * or {@code '}, then a letter join (WB6, WB7); a digit, then {@code ,}, {@code ;}, {@code .} or
 * {@code '}, then a digit join (WB11, WB12); underscores join to letters, digits and each other and
 * are kept at a token's ends (WB13a, WB13b), but a run of underscores alone is no token; a token
 * with a letter is {@code <ALPHANUM>}, one without is {@code <NUM>}; everything else separates
 * tokens. Any other piece — non-ASCII characters (other scripts, combining marks, emoji), or longer
 * than {@value #MAX_FAST_PIECE} characters, where the standard tokenizer's 255-character buffer
 * decides — and the pieces that follow it up to the next ASCII one go through the standard
 * tokenizer's scanner as one segment, whose tokens are shifted to the segment's offsets. In a text
 * mostly of other scripts, a segment takes the rest of the text, so that it is not read twice. A
 * text that ends with a lone high surrogate, where the standard tokenizer's scanner stops early, is
 * read by that scanner whole.
 *
 * <p>The text is read whole into memory (two bytes per character), as the caller's string already
 * is. Differential tests against {@link StandardTokenizer} on random text ({@code
 * TestFastStandardTokenizer}) and on 86 M characters of man pages and word lists in many scripts
 * ({@code benchmarks/tokenizer-diff.sh}) give the same tokens.
 */
public final class FastStandardTokenizer extends Tokenizer {
  /** An ASCII piece longer than this goes through the standard tokenizer. */
  static final int MAX_FAST_PIECE = 200;

  private static final byte OTHER = 0;
  private static final byte LETTER = 1;
  private static final byte DIGIT = 2;
  private static final byte UNDERSCORE = 3;

  /** {@code :} — joins letters only (MidLetter). */
  private static final byte MID_LETTER = 4;

  /** {@code ,} and {@code ;} — join digits only (MidNum). */
  private static final byte MID_NUM = 5;

  /** {@code .} and {@code '} — join letters, and digits (MidNumLet, Single_Quote). */
  private static final byte MID_BOTH = 6;

  /** Cuts the text into pieces. */
  private static final byte SPACE = 7;

  private static final byte[] CLASSES = new byte[128];

  static {
    for (char c = 'a'; c <= 'z'; c++) {
      CLASSES[c] = LETTER;
      CLASSES[Character.toUpperCase(c)] = LETTER;
    }
    for (char c = '0'; c <= '9'; c++) {
      CLASSES[c] = DIGIT;
    }
    CLASSES['_'] = UNDERSCORE;
    CLASSES[':'] = MID_LETTER;
    CLASSES[','] = MID_NUM;
    CLASSES[';'] = MID_NUM;
    CLASSES['.'] = MID_BOTH;
    CLASSES['\''] = MID_BOTH;
    for (char c : new char[] {' ', '\t', '\n', '\u000B', '\f', '\r'}) {
      CLASSES[c] = SPACE;
    }
  }

  private static final String ALPHANUM = StandardTokenizer.TOKEN_TYPES[StandardTokenizer.ALPHANUM];
  private static final String NUM = StandardTokenizer.TOKEN_TYPES[StandardTokenizer.NUM];

  private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
  private final OffsetAttribute offsetAtt = addAttribute(OffsetAttribute.class);
  private final PositionIncrementAttribute posIncAtt =
      addAttribute(PositionIncrementAttribute.class);
  private final TypeAttribute typeAtt = addAttribute(TypeAttribute.class);

  private final SegmentReader segmentReader = new SegmentReader();

  /**
   * The standard tokenizer's own scanner, for the segments that are not ASCII: driven here as
   * {@link StandardTokenizer#incrementToken()} drives it, into this tokenizer's attributes.
   */
  private final StandardTokenizerImpl scanner = new StandardTokenizerImpl(segmentReader);

  private char[] text = new char[4096];
  private int length;
  private boolean read;

  /** Where the scan goes on. */
  private int position;

  /** The end of the ASCII piece being scanned; {@code position} is in it while it is above. */
  private int pieceEnd;

  /** The offset of the segment the standard tokenizer is reading, or -1. */
  private int segmentStart = -1;

  /**
   * Whether the whole text goes through the standard tokenizer: it ends with a lone high surrogate,
   * where the standard tokenizer's scanner stops early and sets its own final offset.
   */
  private boolean whole;

  /** The final offset the standard tokenizer gave at the end of its last segment. */
  private int standardFinalOffset;

  /** Segments started in this text, and the characters they span. */
  private int segments;

  private int segmentChars;

  /** Positions of too long tokens the standard tokenizer skipped at the end of a segment. */
  private int skippedPositions;

  /** The ASCII token {@link #scanAscii()} found: its characters in {@link #text}, its type. */
  private int tokenStart;

  private int tokenEnd;
  private boolean tokenHasLetter;

  /**
   * Receives the tokens of a text one after the other, as {@link #incrementToken()} would set them
   * in the attributes; the characters are valid during the call only and must not be changed.
   */
  interface TokenSink {
    void token(
        char[] buffer,
        int offset,
        int length,
        int startOffset,
        int endOffset,
        int positionIncrement)
        throws IOException;
  }

  /** A tokenizer with the default attribute factory. */
  public FastStandardTokenizer() {}

  /** A tokenizer whose attributes the given factory makes. */
  public FastStandardTokenizer(AttributeFactory factory) {
    super(factory);
  }

  @Override
  public boolean incrementToken() throws IOException {
    clearAttributes();
    if (!read) {
      readText();
    }
    while (true) {
      if (segmentStart >= 0) {
        if (scanSegment()) {
          return true;
        }
        segmentStart = -1;
      }
      if (position < pieceEnd && scanAscii()) {
        termAtt.copyBuffer(text, tokenStart, tokenEnd - tokenStart);
        offsetAtt.setOffset(correctOffset(tokenStart), correctOffset(tokenEnd));
        posIncAtt.setPositionIncrement(1 + takeSkippedPositions());
        typeAtt.setType(tokenHasLetter ? ALPHANUM : NUM);
        return true;
      }
      if (!nextPiece()) {
        return false;
      }
    }
  }

  /**
   * Hands every remaining token of the text to {@code sink} instead of the attributes, with the
   * terms, offsets and position increments {@link #incrementToken()} would give, then leaves the
   * stream at its end, as {@link #incrementToken()} returning false does; {@link #end()} follows as
   * usual. The tokens of the ASCII pieces are read where they are in the text, without the work of
   * clearing and setting the attributes per token: {@link NearDupFilter} reads them so. The types
   * are not given.
   */
  void forEachToken(TokenSink sink) throws IOException {
    if (!read) {
      readText();
    }
    while (true) {
      if (segmentStart >= 0) {
        clearAttributes();
        while (scanSegment()) {
          sink.token(
              termAtt.buffer(),
              0,
              termAtt.length(),
              offsetAtt.startOffset(),
              offsetAtt.endOffset(),
              posIncAtt.getPositionIncrement());
          clearAttributes();
        }
        segmentStart = -1;
      }
      while (position < pieceEnd && scanAscii()) {
        sink.token(
            text,
            tokenStart,
            tokenEnd - tokenStart,
            correctOffset(tokenStart),
            correctOffset(tokenEnd),
            1 + takeSkippedPositions());
      }
      if (!nextPiece()) {
        clearAttributes();
        return;
      }
    }
  }

  /** Emits the next token of the segment the scanner reads, if it has one more. */
  private boolean scanSegment() throws IOException {
    while (true) {
      int type = scanner.getNextToken();
      if (type == StandardTokenizerImpl.YYEOF) {
        standardFinalOffset = segmentStart + scanner.yychar() + scanner.yylength();
        return false;
      }
      if (scanner.yylength() > StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH) {
        // as the standard tokenizer does: a too long token is skipped, its position kept
        skippedPositions++;
        continue;
      }
      scanner.getText(termAtt);
      int start = segmentStart + scanner.yychar();
      offsetAtt.setOffset(correctOffset(start), correctOffset(start + termAtt.length()));
      posIncAtt.setPositionIncrement(1 + takeSkippedPositions());
      typeAtt.setType(StandardTokenizer.TOKEN_TYPES[type]);
      return true;
    }
  }

  private int takeSkippedPositions() {
    int skipped = skippedPositions;
    skippedPositions = 0;
    return skipped;
  }

  /**
   * Finds the next token of the ASCII piece {@code [position, pieceEnd)}, if it has one more, into
   * {@link #tokenStart}, {@link #tokenEnd} and {@link #tokenHasLetter}, and moves {@code position}
   * past it.
   */
  private boolean scanAscii() {
    final char[] t = text;
    final int end = pieceEnd;
    int i = position;
    while (i < end) {
      int cls = CLASSES[t[i]];
      int core = i;
      if (cls == UNDERSCORE) {
        // leading underscores belong to a token only if a letter or digit follows them
        do {
          core++;
        } while (core < end && t[core] == '_');
        if (core == end) {
          break;
        }
        cls = CLASSES[t[core]];
      }
      if (cls != LETTER && cls != DIGIT) {
        i = core + 1;
        continue;
      }
      boolean letter = false;
      int k = core;
      while (true) {
        // t[k] is a letter or a digit
        letter |= cls == LETTER;
        if (++k == end) {
          break;
        }
        int next = CLASSES[t[k]];
        if (next == LETTER || next == DIGIT) {
          cls = next;
          continue;
        }
        if (next == UNDERSCORE) {
          do {
            k++;
          } while (k < end && t[k] == '_');
          if (k < end && (CLASSES[t[k]] == LETTER || CLASSES[t[k]] == DIGIT)) {
            cls = CLASSES[t[k]];
            continue;
          }
          break; // trailing underscores stay in the token
        }
        boolean joins =
            cls == LETTER
                ? next == MID_LETTER || next == MID_BOTH
                : next == MID_NUM || next == MID_BOTH;
        if (joins && k + 1 < end && CLASSES[t[k + 1]] == cls) {
          k++;
          continue;
        }
        break;
      }
      tokenStart = i;
      tokenEnd = k;
      tokenHasLetter = letter;
      position = k;
      return true;
    }
    position = end;
    return false;
  }

  /**
   * Moves to the next piece: an ASCII one to scan, or a segment of other pieces for the standard
   * tokenizer, started. False at the end of the text.
   */
  private boolean nextPiece() throws IOException {
    final char[] t = text;
    if (whole) {
      if (position == length) {
        return false;
      }
      startSegment(0, length, length);
      return true;
    }
    int i = position;
    while (i < length && t[i] < 128 && CLASSES[t[i]] == SPACE) {
      i++;
    }
    if (i == length) {
      position = length;
      return false;
    }
    int start = i;
    int end = pieceEnd(start);
    if (end >= 0) {
      position = start;
      pieceEnd = end;
      return true;
    }
    // a segment for the standard tokenizer: this piece and the next ones up to an ASCII one; in a
    // text mostly of other scripts, where ASCII pieces (numbers, punctuation) break the segments
    // often, the rest of the text, so that its pieces are not looked at twice
    int segmentEnd = -end - 1;
    if (++segments >= 4 && 2 * segmentChars >= start) {
      segmentEnd = length;
    }
    while (segmentEnd < length) {
      int j = segmentEnd;
      while (j < length && t[j] < 128 && CLASSES[t[j]] == SPACE) {
        j++;
      }
      if (j == length) {
        break;
      }
      int next = pieceEnd(j);
      if (next >= 0) {
        break;
      }
      segmentEnd = -next - 1;
    }
    segmentChars += segmentEnd - start;
    // a segment that ends with a high surrogate reads the space after it too: the standard
    // tokenizer's scanner drops what it read last when its input ends with a high surrogate
    int readEnd =
        segmentEnd < length && Character.isHighSurrogate(t[segmentEnd - 1])
            ? segmentEnd + 1
            : segmentEnd;
    startSegment(start, readEnd, segmentEnd);
    return true;
  }

  private void startSegment(int start, int readEnd, int end) throws IOException {
    segmentReader.set(start, readEnd);
    scanner.yyreset(segmentReader);
    segmentStart = start;
    position = end;
    pieceEnd = end;
  }

  /**
   * The end of the piece starting at {@code start} (a non-space character): {@code end} if it is
   * ASCII and short enough to scan here, {@code -end - 1} if not.
   */
  private int pieceEnd(int start) {
    final char[] t = text;
    boolean ascii = true;
    int i = start;
    while (i < length) {
      char c = t[i];
      if (c >= 128) {
        ascii = false;
      } else if (CLASSES[c] == SPACE) {
        break;
      }
      i++;
    }
    return ascii && i - start <= MAX_FAST_PIECE ? i : -i - 1;
  }

  private void readText() throws IOException {
    read = true;
    length = 0;
    whole = false;
    segments = 0;
    segmentChars = 0;
    while (true) {
      if (length == text.length) {
        text = Arrays.copyOf(text, text.length * 2);
      }
      int n = input.read(text, length, text.length - length);
      if (n < 0) {
        break;
      }
      length += n;
    }
    whole = length > 0 && Character.isHighSurrogate(text[length - 1]);
    standardFinalOffset = length;
  }

  @Override
  public void end() throws IOException {
    super.end();
    if (!read) {
      readText();
    }
    int finalOffset = correctOffset(whole ? standardFinalOffset : length);
    offsetAtt.setOffset(finalOffset, finalOffset);
    posIncAtt.setPositionIncrement(posIncAtt.getPositionIncrement() + skippedPositions);
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    read = false;
    length = 0;
    position = 0;
    pieceEnd = 0;
    skippedPositions = 0;
    segmentStart = -1;
  }

  @Override
  public void close() throws IOException {
    super.close();
    segmentStart = -1;
    // a very long text does not keep its buffer for the next one
    if (text.length > 1 << 20) {
      text = new char[4096];
    }
  }

  /** Reads a segment of {@link #text}. */
  private final class SegmentReader extends Reader {
    private int next;
    private int end;

    void set(int from, int to) {
      next = from;
      end = to;
    }

    @Override
    public int read(char[] buffer, int offset, int count) {
      if (next >= end) {
        return -1;
      }
      int n = Math.min(count, end - next);
      System.arraycopy(text, next, buffer, offset, n);
      next += n;
      return n;
    }

    @Override
    public void close() {}
  }
}
