package io.neardup.benchmarks.os;

import io.neardup.benchmarks.minhash.MinHashBaseline;
import java.util.Map;
import org.apache.lucene.analysis.TokenStream;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractTokenFilterFactory;
import org.opensearch.index.analysis.TokenFilterFactory;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.opensearch.plugins.AnalysisPlugin;
import org.opensearch.plugins.Plugin;

/**
 * The REST benchmark's baseline on OpenSearch: its {@code min_hash} token filter ({@link
 * MinHashBaseline}), registered under that name. Loaded into {@code bin/neardup-os} with {@code
 * --plugin}; not part of the product.
 */
public final class MinHashBaselinePlugin extends Plugin implements AnalysisPlugin {

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    return Map.of("min_hash", MinHashFactory::new);
  }

  /** {@code min_hash} with OpenSearch's setting names. */
  static final class MinHashFactory extends AbstractTokenFilterFactory {
    private final MinHashBaseline minHash;

    MinHashFactory(IndexSettings index, Environment env, String name, Settings settings) {
      super(index, name, settings);
      this.minHash = MinHashBaseline.of(settings::get);
    }

    @Override
    public TokenStream create(TokenStream stream) {
      return minHash.create(stream);
    }
  }
}
