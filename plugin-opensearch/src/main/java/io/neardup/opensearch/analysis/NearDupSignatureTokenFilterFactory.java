package io.neardup.opensearch.analysis;

import io.neardup.analysis.SignatureFilter;
import io.neardup.analysis.SignatureSettings;
import io.neardup.engine.param.ComponentParameters;
import org.apache.lucene.analysis.TokenStream;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractTokenFilterFactory;
import org.opensearch.index.analysis.NormalizingTokenFilterFactory;

/**
 * The {@code neardup_signature} token filter: {@link SignatureFilter}, the text's {@code md5} or
 * {@code long-sent} signature as one token. Settings: {@code method} ({@code md5}|{@code
 * long-sent}, default md5), {@code sentences} (long-sent, default 3). Allowed in normalizers, so a
 * keyword field keeps the signature in its doc values and a search collapses on it natively.
 */
public final class NearDupSignatureTokenFilterFactory extends AbstractTokenFilterFactory
    implements NormalizingTokenFilterFactory {
  /** The filter type, also the tokenizer type. */
  public static final String NAME = SignatureSettings.NAME;

  private final SignatureSettings settings;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupSignatureTokenFilterFactory(
      IndexSettings indexSettings, Environment environment, String name, Settings settings) {
    super(indexSettings, name, settings);
    this.settings = parse(name, settings);
  }

  static SignatureSettings parse(String name, Settings settings) {
    return ComponentParameters.snakeCase(
        NAME, name, settings.keySet(), settings::get, SignatureSettings::parse);
  }

  @Override
  public TokenStream create(TokenStream tokenStream) {
    return new SignatureFilter(tokenStream, settings);
  }
}
