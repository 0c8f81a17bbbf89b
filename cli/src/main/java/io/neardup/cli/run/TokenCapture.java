package io.neardup.cli.run;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * The tokens of one text, tokenised once and replayed to two chains: the near-duplicate analysis
 * and the full-text field of a kept index both start with the standard tokenizer, and tokenising is
 * the larger part of either. Holds term text, offsets and position increments; reused text after
 * text by one thread.
 */
final class TokenCapture {
  private final Tokenizer tokenizer;
  private final CharTermAttribute termAtt;
  private final OffsetAttribute offsetAtt;
  private final PositionIncrementAttribute posIncAtt;
  private char[] chars = new char[1 << 12];
  private int[] starts = new int[256]; // start of each term in chars, and its end at [i + 1]
  private int[] startOffsets = new int[256];
  private int[] endOffsets = new int[256];
  private int[] positionIncrements = new int[256];
  private int count;
  private int finalOffset;
  private int finalPositionIncrement;

  TokenCapture(Tokenizer tokenizer) {
    this.tokenizer = tokenizer;
    this.termAtt = tokenizer.addAttribute(CharTermAttribute.class);
    this.offsetAtt = tokenizer.addAttribute(OffsetAttribute.class);
    this.posIncAtt = tokenizer.addAttribute(PositionIncrementAttribute.class);
  }

  /** Tokenises {@code text}, replacing the tokens held. */
  void capture(Reader text) throws IOException {
    count = 0;
    int used = 0;
    tokenizer.setReader(text);
    try {
      tokenizer.reset();
      while (tokenizer.incrementToken()) {
        if (count + 1 >= starts.length) {
          int n = starts.length * 2;
          starts = Arrays.copyOf(starts, n);
          startOffsets = Arrays.copyOf(startOffsets, n);
          endOffsets = Arrays.copyOf(endOffsets, n);
          positionIncrements = Arrays.copyOf(positionIncrements, n);
        }
        int length = termAtt.length();
        if (used + length > chars.length) {
          chars = Arrays.copyOf(chars, Math.max(used + length, chars.length * 2));
        }
        System.arraycopy(termAtt.buffer(), 0, chars, used, length);
        starts[count] = used;
        used += length;
        startOffsets[count] = offsetAtt.startOffset();
        endOffsets[count] = offsetAtt.endOffset();
        positionIncrements[count] = posIncAtt.getPositionIncrement();
        count++;
      }
      starts[count] = used;
      tokenizer.end();
      finalOffset = offsetAtt.endOffset();
      finalPositionIncrement = posIncAtt.getPositionIncrement();
    } finally {
      tokenizer.close();
    }
  }

  /**
   * A new stream of the tokens held, for one consumer; it plays whatever tokens are held when it is
   * reset, so one stream (and the chain over it) serves text after text.
   */
  TokenStream replay() {
    return new Replay();
  }

  /**
   * Plays the held tokens back, with the tokenizer's term, offsets and position increments, and its
   * final offset and position increment at {@code end()}.
   */
  final class Replay extends TokenStream {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private final PositionIncrementAttribute posInc =
        addAttribute(PositionIncrementAttribute.class);
    private int next;

    Replay() {}

    @Override
    public boolean incrementToken() {
      if (next >= count) {
        return false;
      }
      clearAttributes();
      int i = next++;
      term.copyBuffer(chars, starts[i], starts[i + 1] - starts[i]);
      offset.setOffset(startOffsets[i], endOffsets[i]);
      posInc.setPositionIncrement(positionIncrements[i]);
      return true;
    }

    @Override
    public void end() throws IOException {
      super.end();
      offset.setOffset(finalOffset, finalOffset);
      posInc.setPositionIncrement(finalPositionIncrement);
    }

    @Override
    public void reset() throws IOException {
      super.reset();
      next = 0;
    }
  }
}
