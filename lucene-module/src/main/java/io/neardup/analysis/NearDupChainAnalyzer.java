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
  private final boolean keepShingleSet;

  /**
   * @param base the field's tokenizer and normalisation
   * @param settings the field's near-duplicate settings
   */
  public NearDupChainAnalyzer(Analyzer base, NearDupSettings settings) {
    this(base, settings, false);
  }

  /**
   * @param base the field's tokenizer and normalisation
   * @param settings the field's near-duplicate settings
   * @param keepShingleSet whether the filter keeps each text's shingle set for exact verification
   *     ({@link NearDupFilter#NearDupFilter(org.apache.lucene.analysis.TokenStream,
   *     NearDupSettings, boolean)})
   */
  public NearDupChainAnalyzer(Analyzer base, NearDupSettings settings, boolean keepShingleSet) {
    // not the base's strategy: the engines' NamedAnalyzer forbids sharing its own
    super(Analyzer.GLOBAL_REUSE_STRATEGY);
    this.base = base;
    this.settings = settings;
    this.keepShingleSet = keepShingleSet;
  }

  @Override
  protected Analyzer getWrappedAnalyzer(String fieldName) {
    return base;
  }

  @Override
  protected TokenStreamComponents wrapComponents(
      String fieldName, TokenStreamComponents components) {
    return new TokenStreamComponents(
        components.getSource(),
        new NearDupFilter(components.getTokenStream(), settings, keepShingleSet));
  }
}
