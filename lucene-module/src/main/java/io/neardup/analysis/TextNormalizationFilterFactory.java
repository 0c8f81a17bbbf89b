package io.neardup.analysis;

import io.neardup.param.Parameter;
import io.neardup.text.NormalizationOptions;
import java.util.Map;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;

/**
 * Factory for {@link TextNormalizationFilter}. Parameters: {@code lowercase} ({@code true}|{@code
 * false}, default true), {@code unicode} ({@code nfkc}|{@code none}, default nfkc), {@code
 * punctuation} ({@code drop}|{@code keep}, default drop), {@code digits} ({@code keep}|{@code
 * drop}|{@code mask}, default keep).
 *
 * @since 0.1
 * @lucene.spi {@value #NAME}
 */
public final class TextNormalizationFilterFactory extends TokenFilterFactory {
  /** SPI name. */
  public static final String NAME = "nearDupNormalize";

  private final NormalizationOptions options;

  /** Creates a new factory; unknown or invalid parameters fail naming the parameter. */
  public TextNormalizationFilterFactory(Map<String, String> args) {
    super(args);
    options = NormalizationOptions.parse(args, Parameter.Style.CAMEL);
    if (!args.isEmpty()) {
      throw new IllegalArgumentException("Unknown parameters: " + args);
    }
  }

  /** Default ctor for compatibility with SPI. */
  public TextNormalizationFilterFactory() {
    throw defaultCtorException();
  }

  @Override
  public TokenStream create(TokenStream input) {
    return new TextNormalizationFilter(input, options);
  }
}
