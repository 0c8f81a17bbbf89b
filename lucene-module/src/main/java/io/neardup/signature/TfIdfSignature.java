package io.neardup.signature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Method {@code tfidf} (002): the L terms of a document with the highest TF·IDF weight ({@link
 * TermWeights}), sorted alphabetically (a fixed order that does not depend on the weights), and the
 * signature is the CRC32 of their concatenation; two documents are duplicates when their signatures
 * are equal. Parameter: L ({@code --tfidf-terms}, default {@value #DEFAULT_TERMS}). Needs the
 * collection's document frequencies first (two passes over the input); per document O(n log n) for
 * n terms.
 */
public final class TfIdfSignature {
  /** Default number of terms L. */
  public static final int DEFAULT_TERMS = 6;

  private TfIdfSignature() {}

  /** Checks L. */
  public static int checkTerms(int terms) {
    if (terms < 1) {
      throw new IllegalArgumentException("tfidf-terms must be >= 1, got " + terms);
    }
    return terms;
  }

  /**
   * The signature of a document, or empty for one without terms. Ties in weight go to the
   * alphabetically first term, so the signature is a pure function of the text and the statistics.
   */
  public static long[] signature(List<String> terms, CollectionStatistics stats, int l) {
    checkTerms(l);
    if (terms.isEmpty()) {
      return new long[0];
    }
    List<String> top = top(TermWeights.of(terms, stats), l);
    top.sort(Comparator.naturalOrder());
    return new long[] {Crc.of(top)};
  }

  /** The l terms of highest weight, ties to the alphabetically first. */
  static List<String> top(Map<String, Double> weights, int l) {
    List<Map.Entry<String, Double>> entries = new ArrayList<>(weights.entrySet());
    entries.sort(
        Map.Entry.<String, Double>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()));
    List<String> top = new ArrayList<>(l);
    for (int i = 0; i < Math.min(l, entries.size()); i++) {
      top.add(entries.get(i).getKey());
    }
    return top;
  }
}
