package io.neardup.signature;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The TF·IDF term weights of 002 for one document: tf(t, d) = n<sub>t</sub> / |d| (occurrences over
 * the document's length in terms) times idf(t, D) from the {@link CollectionStatistics}.
 */
public final class TermWeights {
  private TermWeights() {}

  /** The weight of each distinct term of a document. */
  public static Map<String, Double> of(List<String> terms, CollectionStatistics stats) {
    Map<String, Integer> counts = new HashMap<>();
    for (String t : terms) {
      counts.merge(t, 1, Integer::sum);
    }
    Map<String, Double> weights = new HashMap<>();
    double length = terms.size();
    counts.forEach((t, n) -> weights.put(t, n / length * stats.idf(t)));
    return weights;
  }
}
