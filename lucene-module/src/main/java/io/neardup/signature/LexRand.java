package io.neardup.signature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Method {@code lex-rand} (002; Kołcz, Chowdhury and Alspector, <i>Improved robustness of
 * signature-based near-replica detection via lexicon randomization</i>, KDD 2004, after I-Match): a
 * lexicon is built from the whole collection without the highest-weight terms (IDF above that of
 * {@code minDocFrequency} documents: rare terms, typos) and the lowest (in more than {@code
 * maxDocRatio} of the documents: stop words); {@code lexicons} random sub-lexicons of {@code
 * fraction} of it are drawn (seeded); a document's signature in sub-lexicon i is a hash of its
 * distinct terms in it, kept only when there are at least {@code minTerms} of them, and tagged with
 * i (its top 8 bits), so a document has 0 to {@code lexicons} signatures and two documents are
 * duplicates when they share any. Needs the collection's document frequencies first (two passes);
 * per document O(n log n · lexicons) for n distinct terms; memory: the lexicon.
 */
public final class LexRand {
  /** Default number of sub-lexicons (002: 10). */
  public static final int DEFAULT_LEXICONS = 10;

  /** Default share of the lexicon in each sub-lexicon (002: reduced by 30 %). */
  public static final double DEFAULT_FRACTION = 0.7;

  /** Default least document frequency of a lexicon term. */
  public static final int DEFAULT_MIN_DOC_FREQUENCY = 2;

  /** Default largest share of the documents a lexicon term may occur in. */
  public static final double DEFAULT_MAX_DOC_RATIO = 0.5;

  /** Default least number of a document's terms in a sub-lexicon for a signature. */
  public static final int DEFAULT_MIN_TERMS = 5;

  // each lexicon term with the sub-lexicons it is in, one bit each, drawn once for all documents
  private final Map<String, long[]> lexicon = new HashMap<>();
  private final int lexicons;
  private final double fraction;
  private final int minTerms;
  private final long seed;

  /**
   * @throws IllegalArgumentException naming the parameter that is out of range
   */
  public LexRand(
      CollectionStatistics stats,
      int lexicons,
      double fraction,
      int minDocFrequency,
      double maxDocRatio,
      int minTerms,
      long seed) {
    if (lexicons < 1 || lexicons > 255) {
      throw new IllegalArgumentException("lexicons must be in [1, 255], got " + lexicons);
    }
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in (0, 1], got " + fraction);
    }
    if (minTerms < 1) {
      throw new IllegalArgumentException("min-terms must be >= 1, got " + minTerms);
    }
    this.lexicons = lexicons;
    this.fraction = fraction;
    this.minTerms = minTerms;
    this.seed = seed;
    double maxDf = maxDocRatio * stats.documents();
    stats.forEach((t, df) -> {
      if (df >= minDocFrequency && df <= maxDf) {
        long[] in = new long[(lexicons + 63) / 64];
        for (int i = 0; i < lexicons; i++) {
          if (inSubLexicon(t, i)) {
            in[i >>> 6] |= 1L << i;
          }
        }
        lexicon.put(t, in);
      }
    });
  }

  /** With the defaults. */
  public LexRand(CollectionStatistics stats, long seed) {
    this(
        stats,
        DEFAULT_LEXICONS,
        DEFAULT_FRACTION,
        DEFAULT_MIN_DOC_FREQUENCY,
        DEFAULT_MAX_DOC_RATIO,
        DEFAULT_MIN_TERMS,
        seed);
  }

  /** The number of terms in the lexicon. */
  public int lexiconSize() {
    return lexicon.size();
  }

  /** Whether {@code term} is in sub-lexicon {@code i}: a seeded coin of the term and i. */
  boolean inSubLexicon(String term, int i) {
    long h = Hash64.of(term, seed * 31 + i);
    return (h >>> 11) * 0x1.0p-53 < fraction;
  }

  /** The document's signatures, ascending, for its terms; empty when none is kept. */
  public long[] signatures(List<String> terms) {
    TreeMap<String, long[]> inLexicon = new TreeMap<>();
    for (String t : terms) {
      long[] in = lexicon.get(t);
      if (in != null) {
        inLexicon.put(t, in);
      }
    }
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < lexicons; i++) {
      long h = 0x9E3779B97F4A7C15L * (i + 1);
      int n = 0;
      for (Map.Entry<String, long[]> e : inLexicon.entrySet()) {
        if ((e.getValue()[i >>> 6] & (1L << i)) != 0) {
          h = Hash64.of(e.getKey(), h);
          n++;
        }
      }
      if (n >= minTerms) {
        out.add(((long) i << 56) | (h & 0x00FFFFFFFFFFFFFFL));
      }
    }
    long[] sigs = new long[out.size()];
    for (int i = 0; i < sigs.length; i++) {
      sigs[i] = out.get(i);
    }
    // ascending as signed longs, as the shared-signature measure merges them
    java.util.Arrays.sort(sigs);
    return sigs;
  }
}
