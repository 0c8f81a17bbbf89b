package io.neardup.elasticsearch.analysis;

import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.engine.param.ComponentParameters;
import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.TokenStream;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;

/**
 * The {@code neardup_normalize} token filter: {@link TextNormalizationFilter} (Unicode NFKC, lower
 * case, punctuation dropped, digits kept, dropped or masked). Settings: {@code lowercase} ({@code
 * true}), {@code unicode} ({@code nfkc}|{@code none}), {@code punctuation} ({@code drop}|{@code
 * keep}), {@code digits} ({@code keep}|{@code drop}|{@code mask}).
 */
public final class NearDupNormalizeTokenFilterFactory extends AbstractTokenFilterFactory {
  /** The filter type. */
  public static final String NAME = "neardup_normalize";

  private final NormalizationOptions options;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupNormalizeTokenFilterFactory(
      IndexSettings indexSettings, Environment environment, String name, Settings settings) {
    super(name);
    this.options =
        ComponentParameters.snakeCase(
            NAME, name, settings.keySet(), settings::get, NormalizationOptions::parse);
  }

  /** The normalisation options. */
  public NormalizationOptions options() {
    return options;
  }

  @Override
  public TokenStream create(TokenStream tokenStream) {
    return new TextNormalizationFilter(tokenStream, options);
  }
}
