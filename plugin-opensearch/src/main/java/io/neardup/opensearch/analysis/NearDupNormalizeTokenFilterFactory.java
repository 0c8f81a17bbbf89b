package io.neardup.opensearch.analysis;

import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.engine.param.ComponentParameters;
import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.TokenStream;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractTokenFilterFactory;

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
    super(indexSettings, name, settings);
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
