package io.neardup.benchmarks.minhash;

import java.util.function.Function;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.minhash.MinHashFilter;

/**
 * The {@code min_hash} token filter of Elasticsearch and OpenSearch (both in their {@code
 * analysis-common} module, which no Maven artifact provides) over Lucene's {@link MinHashFilter},
 * with their setting names and defaults: {@code hash_count} 1, {@code bucket_count} 512, {@code
 * hash_set_size} 1, {@code with_rotation} true when there is more than one bucket. The REST
 * benchmark's baseline plugins ({@code benchmarks.es}, {@code benchmarks.os}) share it.
 *
 * @param hashCount hash functions
 * @param bucketCount buckets per hash
 * @param hashSetSize minimum values kept per bucket
 * @param withRotation whether empty buckets take the next bucket's value
 */
public record MinHashBaseline(
    int hashCount, int bucketCount, int hashSetSize, boolean withRotation) {

  /** The filter's settings, read from an engine's settings by name (null when unset). */
  public static MinHashBaseline of(Function<String, String> setting) {
    int buckets = intSetting(setting, "bucket_count", 512);
    String rotation = setting.apply("with_rotation");
    return new MinHashBaseline(
        intSetting(setting, "hash_count", 1),
        buckets,
        intSetting(setting, "hash_set_size", 1),
        rotation == null ? buckets > 1 : Boolean.parseBoolean(rotation));
  }

  private static int intSetting(Function<String, String> setting, String name, int defaultValue) {
    String value = setting.apply(name);
    return value == null ? defaultValue : Integer.parseInt(value);
  }

  /** {@code stream} turned into its min_hash tokens. */
  public TokenStream create(TokenStream stream) {
    return new MinHashFilter(stream, hashCount, bucketCount, hashSetSize, withRotation);
  }
}
