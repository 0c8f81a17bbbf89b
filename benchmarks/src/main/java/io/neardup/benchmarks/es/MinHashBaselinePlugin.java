package io.neardup.benchmarks.es;

import java.util.Map;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.minhash.MinHashFilter;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

/**
 * The baseline of the REST benchmark: Elasticsearch's {@code min_hash} token filter, which lives in
 * the {@code analysis-common} module that no Maven artifact provides, rebuilt from Lucene's {@link
 * MinHashFilter} with the same settings and defaults ({@code hash_count} 1, {@code bucket_count}
 * 512, {@code hash_set_size} 1, {@code with_rotation} true). Loaded into {@code bin/neardup-es}
 * with {@code --plugin}; not part of the product.
 */
public final class MinHashBaselinePlugin extends Plugin implements AnalysisPlugin {

  @Override
  public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
    return Map.of("min_hash", MinHashFactory::new);
  }

  /** {@code min_hash} with Elasticsearch's setting names. */
  static final class MinHashFactory extends AbstractTokenFilterFactory {
    private final int hashCount;
    private final int bucketCount;
    private final int hashSetSize;
    private final boolean withRotation;

    MinHashFactory(IndexSettings index, Environment env, String name, Settings settings) {
      super(name);
      this.hashCount = settings.getAsInt("hash_count", 1);
      this.bucketCount = settings.getAsInt("bucket_count", 512);
      this.hashSetSize = settings.getAsInt("hash_set_size", 1);
      this.withRotation = settings.getAsBoolean("with_rotation", bucketCount > 1);
    }

    @Override
    public TokenStream create(TokenStream stream) {
      return new MinHashFilter(stream, hashCount, bucketCount, hashSetSize, withRotation);
    }
  }
}
