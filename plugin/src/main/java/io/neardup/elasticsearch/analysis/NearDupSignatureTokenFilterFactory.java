package io.neardup.elasticsearch.analysis;

import io.neardup.analysis.SignatureFilter;
import io.neardup.analysis.SignatureSettings;
import io.neardup.engine.param.ComponentParameters;
import org.apache.lucene.analysis.TokenStream;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.NormalizingTokenFilterFactory;

/**
 * The {@code neardup_signature} token filter: {@link SignatureFilter}, the text's {@code md5} or
 * {@code long-sent} signature as one token. Settings: {@code method} ({@code md5}|{@code
 * long-sent}, default md5), {@code sentences} (long-sent, default 3). Allowed in normalizers, so a
 * keyword field keeps the signature in its doc values and a search collapses on it natively:
 *
 * <pre>{@code
 * "normalizer": { "sig": { "type": "custom", "filter": ["sig_md5"] } }
 * "body": { "type": "text", "fields": { "sig": { "type": "keyword", "normalizer": "sig" } } }
 * }</pre>
 */
public final class NearDupSignatureTokenFilterFactory extends AbstractTokenFilterFactory
    implements NormalizingTokenFilterFactory {
  /** The filter type, also the tokenizer type. */
  public static final String NAME = SignatureSettings.NAME;

  private final SignatureSettings settings;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupSignatureTokenFilterFactory(
      IndexSettings indexSettings, Environment environment, String name, Settings settings) {
    super(name);
    this.settings = parse(name, settings);
  }

  static SignatureSettings parse(String name, Settings settings) {
    return ComponentParameters.snakeCase(
        NAME, name, settings.keySet(), settings::get, SignatureSettings::parse);
  }

  /** The signature emitted. */
  public SignatureSettings settings() {
    return settings;
  }

  @Override
  public TokenStream create(TokenStream tokenStream) {
    return new SignatureFilter(tokenStream, settings);
  }
}
