package io.neardup.analysis;

import io.neardup.settings.NearDupSettings;
import io.neardup.text.NormalizationOptions;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The default neardup analysis chain: {@link StandardTokenizer} (Unicode word boundaries; its
 * tokens exactly, through {@link FastStandardTokenizer}), {@link TextNormalizationFilter}, {@link
 * NearDupFilter}. Used by the command-line tool and as the default of the Elasticsearch field type.
 *
 * <p>The tokenizer keeps the token attributes and the sketch attribute in one object ({@link
 * NearDupTokenAttributeImpl}), and the near-duplicate filter normalises the tokens itself as it
 * hashes them (see {@link NearDupFilter}); the tokens and the sketch are those of the three
 * components chained in the plain way.
 *
 * <pre>{@code
 * try (Analyzer a = new NearDupAnalyzer(NearDupSettings.DEFAULT)) {
 *   TokenStream ts = a.tokenStream("dup", text); // band tokens; the sketch is in NearDupSketchAttribute after end()
 * }
 * }</pre>
 */
public final class NearDupAnalyzer extends Analyzer {
  private final NearDupSettings settings;
  private final NormalizationOptions normalization;
  private final boolean keepShingleSet;

  /** The default chain with the given settings. */
  public NearDupAnalyzer(NearDupSettings settings, NormalizationOptions normalization) {
    this(settings, normalization, false);
  }

  /**
   * The default chain with the given settings; with {@code keepShingleSet}, the filter keeps each
   * text's shingle set for exact verification ({@link NearDupShingleSetAttribute}).
   */
  public NearDupAnalyzer(
      NearDupSettings settings, NormalizationOptions normalization, boolean keepShingleSet) {
    this.settings = settings;
    this.normalization = normalization;
    this.keepShingleSet = keepShingleSet;
  }

  /** The default chain and normalisation, keeping each text's shingle set or not. */
  public NearDupAnalyzer(NearDupSettings settings, boolean keepShingleSet) {
    this(settings, NormalizationOptions.DEFAULT, keepShingleSet);
  }

  /** The default chain with the given settings and the default normalisation. */
  public NearDupAnalyzer(NearDupSettings settings) {
    this(settings, NormalizationOptions.DEFAULT);
  }

  /** The settings of the near-duplicate filter. */
  public NearDupSettings settings() {
    return settings;
  }

  /** Whether the filter keeps each text's shingle set. */
  public boolean keepsShingleSet() {
    return keepShingleSet;
  }

  /** The normalisation options. */
  public NormalizationOptions normalization() {
    return normalization;
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    FastStandardTokenizer tokenizer = new FastStandardTokenizer(NearDupTokenAttributeImpl.FACTORY);
    // the filter normalises the tokens itself (see NearDupFilter)
    return new TokenStreamComponents(
        tokenizer, new NearDupFilter(tokenizer, settings, normalization, keepShingleSet));
  }
}
