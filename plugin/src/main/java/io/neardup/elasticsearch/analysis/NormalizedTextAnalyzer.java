package io.neardup.elasticsearch.analysis;

import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The {@code neardup_standard} analyzer: {@link StandardTokenizer} and {@link
 * TextNormalizationFilter} with the default options. It is the default {@code analyzer} of the
 * {@code neardup} field type, so that a field's band tokens equal those of the library's {@link
 * io.neardup.analysis.NearDupAnalyzer} with the same settings.
 */
public final class NormalizedTextAnalyzer extends Analyzer {
  /** The analyzer's name. */
  public static final String NAME = "neardup_standard";

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    StandardTokenizer tokenizer = new StandardTokenizer();
    return new TokenStreamComponents(
        tokenizer, new TextNormalizationFilter(tokenizer, NormalizationOptions.DEFAULT));
  }
}
