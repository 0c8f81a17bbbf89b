package io.neardup.analysis;

import io.neardup.settings.NearDupSettings;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.AnalyzerWrapper;

/**
 * A field's whole chain: its analyzer (tokenizer and normalisation) followed by {@link
 * NearDupFilter} with the field's settings. The engines' {@code neardup} field types index and
 * query through it, so a text's band tokens are a function of the text and the field's parameters
 * only.
 */
public final class NearDupChainAnalyzer extends AnalyzerWrapper {
  private final Analyzer base;
  private final NearDupSettings settings;

  /**
   * @param base the field's tokenizer and normalisation
   * @param settings the field's near-duplicate settings
   */
  public NearDupChainAnalyzer(Analyzer base, NearDupSettings settings) {
    // not the base's strategy: the engines' NamedAnalyzer forbids sharing its own
    super(Analyzer.GLOBAL_REUSE_STRATEGY);
    this.base = base;
    this.settings = settings;
  }

  @Override
  protected Analyzer getWrappedAnalyzer(String fieldName) {
    return base;
  }

  @Override
  protected TokenStreamComponents wrapComponents(
      String fieldName, TokenStreamComponents components) {
    return new TokenStreamComponents(
        components.getSource(), new NearDupFilter(components.getTokenStream(), settings));
  }
}
