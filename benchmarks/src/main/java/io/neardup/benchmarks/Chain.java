package io.neardup.benchmarks;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.SketchScheme;
import java.util.function.UnaryOperator;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.minhash.MinHashFilter;
import org.apache.lucene.analysis.shingle.ShingleFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The analysis chains compared by {@link AnalysisBenchmark}, lettered as in the issue that set the
 * performance targets: (a) tokenising alone, the baseline; (b) neardup's chain; (c) what
 * Elasticsearch's {@code shingle} + {@code min_hash} token filters do; (d) neardup with classic
 * MinHash.
 */
public enum Chain {
  /** (a) {@link StandardTokenizer} + {@link LowerCaseFilter}: the cost of tokenising alone. */
  STANDARD("a", "StandardTokenizer + LowerCaseFilter") {
    @Override
    public Analyzer newAnalyzer() {
      return standardTokenizerThen(UnaryOperator.identity());
    }
  },

  /** (b) {@link NearDupAnalyzer} with the defaults: 128 OPH values, 18 bands x 7 rows. */
  NEARDUP("b", describe(NearDupSettings.DEFAULT)) {
    @Override
    public Analyzer newAnalyzer() {
      return new NearDupAnalyzer(NearDupSettings.DEFAULT);
    }
  },

  /**
   * (c) StandardTokenizer + LowerCaseFilter + {@link ShingleFilter} of exactly 5 words without
   * unigrams + {@link MinHashFilter} with Elasticsearch's {@code min_hash} defaults: 1 hash, 512
   * buckets, 1 value per bucket, empty buckets filled by rotation.
   */
  ES_MIN_HASH("c", "ShingleFilter(5) + MinHashFilter(1 hash, 512 buckets, rotation)") {
    @Override
    public Analyzer newAnalyzer() {
      return standardTokenizerThen(stream -> {
        ShingleFilter shingles = new ShingleFilter(stream, 5, 5);
        shingles.setOutputUnigrams(false);
        return new MinHashFilter(shingles, 1, 512, 1, true);
      });
    }
  },

  /** (d) {@link NearDupAnalyzer} with classic MinHash (128 independent hashes) instead. */
  CLASSIC_MINHASH("d", describe(classicMinHash())) {
    @Override
    public Analyzer newAnalyzer() {
      return new NearDupAnalyzer(classicMinHash());
    }
  };

  private final String letter;
  private final String description;

  Chain(String letter, String description) {
    this.letter = letter;
    this.description = description;
  }

  /** A new analyzer of this chain; analyzers reuse their components, so make one per thread. */
  public abstract Analyzer newAnalyzer();

  /** The chain's letter in the issue: a, b, c or d. */
  public String letter() {
    return letter;
  }

  /** What the chain is, for reports. */
  public String description() {
    return description;
  }

  private static NearDupSettings classicMinHash() {
    return NearDupSettings.builder().scheme(SketchScheme.MINHASH).build();
  }

  private static String describe(NearDupSettings settings) {
    String scheme =
        switch (settings.sketch().scheme()) {
          case SUPERMINHASH -> "SuperMinHash";
          case OPH -> "one-permutation (OPH)";
          case MINHASH -> "classic MinHash";
          case SIMHASH -> "SimHash";
        };
    return "neardup: "
        + settings.sketch().hashes()
        + " "
        + scheme
        + " values, "
        + settings.banding();
  }

  private static Analyzer standardTokenizerThen(UnaryOperator<TokenStream> filters) {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer tokenizer = new StandardTokenizer();
        return new TokenStreamComponents(tokenizer, filters.apply(new LowerCaseFilter(tokenizer)));
      }
    };
  }
}
