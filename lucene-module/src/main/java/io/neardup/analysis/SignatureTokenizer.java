package io.neardup.analysis;

import io.neardup.param.Parameter;
import io.neardup.signature.Md5Signature;
import io.neardup.signature.Method;
import io.neardup.signature.SentenceSignature;
import java.io.IOException;
import java.util.Locale;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.util.AttributeFactory;

/**
 * Emits a text's signature of a signature method that needs no collection statistics as one token
 * (lower-case hex), so that an index keeps it as a keyword and groups or collapses on it: {@code
 * md5} ({@link Md5Signature}, 16 hex digits) or {@code longSent} ({@link
 * SentenceSignature#longest}, 8 hex digits of its CRC32). It reads the whole text, because
 * sentences need the punctuation a tokenizer would drop; the token is a pure function of the text
 * and the parameters, equal to what {@code neardup dedup --method md5|long-sent} compares. A text
 * without terms emits no token. {@link SignatureFilter} emits the same token from a token stream,
 * for chains that must start with another tokenizer (a keyword field's normalizer).
 *
 * <pre>{@code
 * Tokenizer t = new SignatureTokenizer(SignatureTokenizer.Kind.MD5, 0);
 * }</pre>
 */
public final class SignatureTokenizer extends Tokenizer {
  /** The type of the signature token. */
  public static final String TYPE = "<NEARDUP_SIGNATURE>";

  /** Which signature. */
  public enum Kind {
    /** MD5 of the normalised text. */
    MD5("md5"),
    /** CRC32 of the longest sentences. */
    LONG_SENT("longSent");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** The name in factory arguments. */
    public String label() {
      return label;
    }

    /**
     * The name in parameters of the given style: the Lucene factories' camelCase label ({@code
     * longSent}), or elsewhere the method's name as {@code neardup dedup --method} spells it
     * ({@code long-sent}).
     */
    public String name(Parameter.Style style) {
      return style == Parameter.Style.CAMEL ? label : method().label();
    }

    /** The signature method this kind emits. */
    public Method method() {
      return this == MD5 ? Method.MD5 : Method.LONG_SENT;
    }

    /**
     * The signature token of a text: lower-case hex of the MD5 (16 digits) or of the CRC32 of the
     * {@code sentences} longest sentences (8 digits); null for a text without terms.
     */
    public String token(String text, int sentences) {
      long[] signature =
          this == MD5 ? Md5Signature.signature(text) : SentenceSignature.longest(text, sentences);
      if (signature.length == 0) {
        return null;
      }
      return this == MD5
          ? String.format(Locale.ROOT, "%016x", signature[0])
          : String.format(Locale.ROOT, "%08x", signature[0]);
    }

    /**
     * The kind of a name.
     *
     * @throws IllegalArgumentException naming the allowed names
     */
    public static Kind of(String name) {
      for (Kind k : values()) {
        if (k.label.equals(name)) {
          return k;
        }
      }
      throw new IllegalArgumentException("method must be md5 or longSent, got " + name);
    }
  }

  private final Kind kind;
  private final int sentences;
  private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
  private final OffsetAttribute offsetAtt = addAttribute(OffsetAttribute.class);
  private final TypeAttribute typeAtt = addAttribute(TypeAttribute.class);
  private final PositionIncrementAttribute posIncAtt =
      addAttribute(PositionIncrementAttribute.class);
  private final PositionLengthAttribute posLenAtt = addAttribute(PositionLengthAttribute.class);
  private final StringBuilder text = new StringBuilder();
  private final char[] buffer = new char[4096];
  private boolean done;
  private int finalOffset;

  /**
   * @param sentences the number of sentences of {@link Kind#LONG_SENT}, at least 1 (ignored for
   *     MD5)
   */
  public SignatureTokenizer(Kind kind, int sentences) {
    this(DEFAULT_TOKEN_ATTRIBUTE_FACTORY, kind, sentences);
  }

  public SignatureTokenizer(AttributeFactory factory, Kind kind, int sentences) {
    super(factory);
    this.kind = kind;
    this.sentences =
        kind == Kind.LONG_SENT ? SentenceSignature.checkSentences(sentences) : sentences;
  }

  @Override
  public boolean incrementToken() throws IOException {
    if (done) {
      return false;
    }
    clearAttributes();
    done = true;
    text.setLength(0);
    for (int n = input.read(buffer); n != -1; n = input.read(buffer)) {
      text.append(buffer, 0, n);
    }
    finalOffset = correctOffset(text.length());
    String token = kind.token(text.toString(), sentences);
    if (token == null) {
      return false;
    }
    termAtt.append(token);
    offsetAtt.setOffset(correctOffset(0), finalOffset);
    typeAtt.setType(TYPE);
    posIncAtt.setPositionIncrement(1);
    posLenAtt.setPositionLength(1);
    return true;
  }

  @Override
  public void end() throws IOException {
    super.end();
    offsetAtt.setOffset(finalOffset, finalOffset);
  }

  @Override
  public void reset() throws IOException {
    super.reset();
    done = false;
    finalOffset = 0;
    text.setLength(0);
  }
}
