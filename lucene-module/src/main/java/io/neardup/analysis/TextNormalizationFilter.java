package io.neardup.analysis;

import io.neardup.text.NormalizationOptions;
import io.neardup.text.TextNormalizer;
import org.apache.lucene.analysis.FilteringTokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Normalises each token for near-duplicate detection (see {@link TextNormalizer}): Unicode NFKC,
 * lower case, punctuation and pseudo-graphics removed, digits kept, dropped or masked. Tokens left
 * empty are removed and their position increments carried over to the next token.
 *
 * <p>A {@link NearDupFilter} right after this filter reads this filter's input itself and
 * normalises each token in the same pass as it hashes it, with the same result: most tokens are
 * then never copied or scanned twice.
 */
public final class TextNormalizationFilter extends FilteringTokenFilter {
  private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
  private final TextNormalizer normalizer;

  /** A filter with the given options. */
  public TextNormalizationFilter(TokenStream input, NormalizationOptions options) {
    super(input);
    this.normalizer = new TextNormalizer(options);
  }

  /** A filter with the default options. */
  public TextNormalizationFilter(TokenStream input) {
    this(input, NormalizationOptions.DEFAULT);
  }

  /** The stream this filter normalises, for a {@link NearDupFilter} that does it itself. */
  TokenStream source() {
    return input;
  }

  /** The normaliser of this filter. */
  TextNormalizer normalizer() {
    return normalizer;
  }

  @Override
  protected boolean accept() {
    int ascii = normalizer.normalizeAsciiInPlace(termAtt.buffer(), termAtt.length());
    if (ascii >= 0) {
      termAtt.setLength(ascii);
      return ascii > 0;
    }
    int length = normalizer.normalize(termAtt.buffer(), 0, termAtt.length());
    if (length == 0) {
      return false;
    }
    termAtt.copyBuffer(normalizer.buffer(), 0, length);
    return true;
  }
}
