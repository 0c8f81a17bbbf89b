package io.neardup.analysis;

import io.neardup.param.Parameter;
import io.neardup.signature.SentenceSignature;
import java.util.Map;
import org.apache.lucene.analysis.TokenizerFactory;
import org.apache.lucene.util.AttributeFactory;

/**
 * Factory for {@link SignatureTokenizer}. Parameters: {@code method} ({@code md5}|{@code longSent},
 * default md5), {@code sentences} (for longSent, default {@value
 * SentenceSignature#DEFAULT_SENTENCES}).
 *
 * @lucene.spi {@value #NAME}
 */
public final class SignatureTokenizerFactory extends TokenizerFactory {
  /** SPI name. */
  public static final String NAME = "nearDupSignature";

  private final SignatureSettings settings;

  /** Creates a new factory; unknown or invalid parameters fail naming the parameter. */
  public SignatureTokenizerFactory(Map<String, String> args) {
    super(args);
    settings = SignatureSettings.parse(args, Parameter.Style.CAMEL);
    if (!args.isEmpty()) {
      throw new IllegalArgumentException("Unknown parameters: " + args);
    }
  }

  /** Default ctor for compatibility with SPI. */
  public SignatureTokenizerFactory() {
    throw defaultCtorException();
  }

  @Override
  public SignatureTokenizer create(AttributeFactory factory) {
    return new SignatureTokenizer(factory, settings.kind(), settings.sentences());
  }
}
