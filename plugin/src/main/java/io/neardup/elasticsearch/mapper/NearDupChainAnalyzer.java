package io.neardup.elasticsearch.mapper;

import io.neardup.analysis.NearDupFilter;
import io.neardup.settings.NearDupSettings;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.AnalyzerWrapper;

/**
 * A field's whole chain: its analyzer (tokenizer and normalisation) followed by {@link
 * NearDupFilter} with the field's settings. Indexing and querying both analyse through it, so a
 * text's band tokens are a function of the text and the field's parameters only. Lucene-only: no
 * Elasticsearch types.
 */
final class NearDupChainAnalyzer extends AnalyzerWrapper {
  private final Analyzer base;
  private final NearDupSettings settings;

  NearDupChainAnalyzer(Analyzer base, NearDupSettings settings) {
    // not the base's strategy: Elasticsearch's NamedAnalyzer forbids sharing its own
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
