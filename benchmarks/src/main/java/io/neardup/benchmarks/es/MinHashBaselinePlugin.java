package io.neardup.benchmarks.es;

import io.neardup.benchmarks.minhash.MinHashBaseline;
import java.util.Map;
import org.apache.lucene.analysis.TokenStream;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

/**
 * The REST benchmark's baseline on Elasticsearch: its {@code min_hash} token filter ({@link
 * MinHashBaseline}), registered under that name. Loaded into {@code bin/neardup-es} with {@code
 * --plugin}; not part of the product.
 */
public final class MinHashBaselinePlugin extends Plugin implements AnalysisPlugin {

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    return Map.of("min_hash", MinHashFactory::new);
  }

  /** {@code min_hash} with Elasticsearch's setting names. */
  static final class MinHashFactory extends AbstractTokenFilterFactory {
    private final MinHashBaseline minHash;

    MinHashFactory(IndexSettings index, Environment env, String name, Settings settings) {
      super(name);
      this.minHash = MinHashBaseline.of(settings::get);
    }

    @Override
    public TokenStream create(TokenStream stream) {
      return minHash.create(stream);
    }
  }
}
