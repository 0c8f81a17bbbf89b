package io.neardup.analysis;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

/**
 * Consumes all tokens and emits the text's signature as one token, as {@link SignatureTokenizer}
 * does: the text is the input's terms joined by single spaces. After a keyword tokenizer (one token
 * holding the whole text, as in an Elasticsearch or OpenSearch normalizer) the token equals the
 * tokenizer's, so a keyword field normalised by this filter holds the signature in its doc values
 * and a search can collapse on it. After a word tokenizer the sentence punctuation Long Sent needs
 * is lost: use the tokenizer or a keyword tokenizer then.
 *
 * <p>Input tokens without terms (punctuation only, or empty) are their own signature: the filter
 * passes their text on as the one token, because a normalizer must produce exactly one token; only
 * identical term-less texts share it, and it can never equal a signature, whose hex digits are
 * terms. Without any input token nothing is emitted.
 *
 * <pre>{@code
 * TokenStream ts = new SignatureFilter(new KeywordTokenizer(), SignatureSettings.DEFAULT);
 * }</pre>
 */
public final class SignatureFilter extends TokenFilter {
  private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
  private final OffsetAttribute offsetAtt = addAttribute(OffsetAttribute.class);
  private final TypeAttribute typeAtt = addAttribute(TypeAttribute.class);
  private final PositionIncrementAttribute posIncAtt =
      addAttribute(PositionIncrementAttribute.class);
  private final PositionLengthAttribute posLenAtt = addAttribute(PositionLengthAttribute.class);
  private final SignatureSettings settings;
  private final StringBuilder text = new StringBuilder();
  private boolean consumed;
  private State finalState;

  public SignatureFilter(TokenStream input, SignatureSettings settings) {
    super(input);
    this.settings = settings;
  }

  @Override
  public boolean incrementToken() throws IOException {
    if (consumed) {
      return false;
    }
    consumed = true;
    text.setLength(0);
    int start = -1;
    int end = 0;
    while (input.incrementToken()) {
      if (text.length() > 0) {
        text.append(' ');
      }
      text.append(termAtt.buffer(), 0, termAtt.length());
      if (start < 0) {
        start = offsetAtt.startOffset();
      }
      end = Math.max(end, offsetAtt.endOffset());
    }
    input.end();
    finalState = captureState();
    if (start < 0) {
      return false;
    }
    String joined = text.toString();
    String token = settings.kind().token(joined, settings.sentences());
    if (token == null) {
      token = joined;
    }
    clearAttributes();
    termAtt.setEmpty().append(token);
    offsetAtt.setOffset(Math.max(start, 0), end);
    typeAtt.setType(SignatureTokenizer.TYPE);
    posIncAtt.setPositionIncrement(1);
    posLenAtt.setPositionLength(1);
    return true;
  }

  @Override
  public void end() throws IOException {
    if (finalState != null) {
      restoreState(finalState);
    } else {
      super.end();
    }
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    consumed = false;
    finalState = null;
    text.setLength(0);
  }
}
