package io.neardup.opensearch.analysis;

import io.neardup.analysis.SignatureSettings;
import io.neardup.analysis.SignatureTokenizer;
import io.neardup.engine.param.AnalysisComponent;
import org.apache.lucene.analysis.Tokenizer;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractTokenizerFactory;

/**
 * The {@code neardup_signature} tokenizer: {@link SignatureTokenizer}, the whole text's signature
 * as one token, with the settings of engine-common's {@link AnalysisComponent#SIGNATURE} filter.
 * For analysers of text fields and {@code _analyze}; a keyword field takes the filter in a
 * normalizer instead.
 */
public final class NearDupSignatureTokenizerFactory extends AbstractTokenizerFactory {
  private final SignatureSettings settings;

  /** Reads the settings; invalid or unknown ones fail with a message naming them. */
  public NearDupSignatureTokenizerFactory(
      IndexSettings indexSettings, Environment environment, String name, Settings settings) {
    super(indexSettings, settings, name);
    this.settings = AnalysisComponent.SIGNATURE.settings(name, settings.keySet(), settings::get);
  }

  @Override
  public Tokenizer create() {
    return new SignatureTokenizer(settings.kind(), settings.sentences());
  }
}
