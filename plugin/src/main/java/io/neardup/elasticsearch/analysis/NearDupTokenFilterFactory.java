package io.neardup.elasticsearch.analysis;

import io.neardup.analysis.NearDupFilter;
import io.neardup.engine.param.ComponentParameters;
import io.neardup.settings.NearDupSettings;
import org.apache.lucene.analysis.TokenStream;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;

/**
 * The {@code neardup} token filter: {@link NearDupFilter}, which replaces a text's tokens by its
 * LSH band tokens. Settings in snake_case: {@code shingle_size}, {@code shingle_unit}, {@code
 * hashes}, {@code bits}, {@code scheme}, {@code seed}, {@code bands}, {@code rows}, {@code
 * threshold}, {@code exact}, {@code shingles}; defaults and rules are the library's ({@link
 * NearDupSettings}).
 *
 * <pre>{@code
 * "filter": { "dup": { "type": "neardup", "shingle_size": 5, "threshold": 0.8 } }
 * }</pre>
 */
public final class NearDupTokenFilterFactory extends AbstractTokenFilterFactory {
  /** The filter type. */
  public static final String NAME = "neardup";

  private final NearDupSettings settings;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupTokenFilterFactory(
      IndexSettings indexSettings,
      Environment environment,
      String name,
      org.elasticsearch.common.settings.Settings settings) {
    super(name);
    this.settings =
        ComponentParameters.snakeCase(
            NAME, name, settings.keySet(), settings::get, NearDupSettings::parse);
  }

  /** The settings the filters are created with. */
  public NearDupSettings settings() {
    return settings;
  }

  @Override
  public TokenStream create(TokenStream tokenStream) {
    return new NearDupFilter(tokenStream, settings);
  }

  @Override
  public TokenFilterFactory getSynonymFilter() {
    // band tokens of a synonym rule would make every text a synonym of its own sketch
    throw new IllegalArgumentException(
        "token filter [" + name() + "] of type [" + NAME + "] cannot be used to parse synonyms");
  }
}
