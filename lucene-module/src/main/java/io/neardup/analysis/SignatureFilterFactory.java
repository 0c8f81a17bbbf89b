package io.neardup.analysis;

import io.neardup.param.Parameter;
import java.util.Map;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;

/**
 * Factory for {@link SignatureFilter}. Parameters: {@code method} ({@code md5}|{@code longSent},
 * default md5), {@code sentences} (for longSent, default 3). Usable in normalization chains: a
 * keyword's whole text becomes its signature.
 *
 * @lucene.spi {@value #NAME}
 */
public final class SignatureFilterFactory extends TokenFilterFactory {
  /** SPI name. */
  public static final String NAME = "nearDupSignature";

  private final SignatureSettings settings;

  /** Creates a new factory; unknown or invalid parameters fail naming the parameter. */
  public SignatureFilterFactory(Map<String, String> args) {
    super(args);
    settings = SignatureSettings.parse(args, Parameter.Style.CAMEL);
    if (!args.isEmpty()) {
      throw new IllegalArgumentException("Unknown parameters: " + args);
    }
  }

  /** Default ctor for compatibility with SPI. */
  public SignatureFilterFactory() {
    throw defaultCtorException();
  }

  @Override
  public TokenStream create(TokenStream input) {
    return new SignatureFilter(input, settings);
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
