package io.neardup.elasticsearch.analysis;

import io.neardup.analysis.NearDupTokenAttributeImpl;
import io.neardup.analysis.TextNormalizationFilter;
import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The {@code neardup_standard} analyzer: {@link StandardTokenizer} and {@link
 * TextNormalizationFilter} with the default options. It is the default {@code analyzer} of the
 * {@code neardup} field type, so that a field's band tokens equal those of the library's {@link
 * io.neardup.analysis.NearDupAnalyzer} with the same settings. Like that analyzer, its tokenizer
 * keeps the token attributes and the sketch attribute in one object ({@link
 * NearDupTokenAttributeImpl}), and the field's {@code NearDupFilter}, right after the normalisation
 * filter, normalises the tokens as it hashes them.
 */
public final class NormalizedTextAnalyzer extends Analyzer {
  /** The analyzer's name. */
  public static final String NAME = "neardup_standard";

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    StandardTokenizer tokenizer = new StandardTokenizer(NearDupTokenAttributeImpl.FACTORY);
    return new TokenStreamComponents(
        tokenizer, new TextNormalizationFilter(tokenizer, NormalizationOptions.DEFAULT));
  }
}
