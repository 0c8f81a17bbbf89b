package io.neardup.analysis;

import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The {@code neardup_standard} analyzer of the engine plugins: {@link StandardTokenizer} (its
 * tokens exactly, through {@link FastStandardTokenizer}) and {@link TextNormalizationFilter} with
 * the default options. It is the default {@code analyzer} of their {@code neardup} field type, so
 * that a field's band tokens equal those of {@link NearDupAnalyzer} with the same settings. Like
 * that analyzer, its tokenizer keeps the token attributes and the sketch attribute in one object
 * ({@link NearDupTokenAttributeImpl}), and the field's {@code NearDupFilter}, right after the
 * normalisation filter, normalises the tokens as it hashes them.
 */
public final class NormalizedTextAnalyzer extends Analyzer {
  /** The name under which the Elasticsearch and OpenSearch plugins register it. */
  public static final String NAME = "neardup_standard";

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    FastStandardTokenizer tokenizer = new FastStandardTokenizer(NearDupTokenAttributeImpl.FACTORY);
    return new TokenStreamComponents(
        tokenizer, new TextNormalizationFilter(tokenizer, NormalizationOptions.DEFAULT));
  }
}
