package io.neardup.signature;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * The document frequencies of a collection's terms: the first of the two passes of the
 * collection-wide methods ({@code tfidf}, {@code heavy-sent}, {@code lex-rand}). Thread-safe while
 * documents are {@linkplain #add added}; memory grows with the collection's lexicon.
 */
public final class CollectionStatistics {
  private final Map<String, AtomicInteger> df = new ConcurrentHashMap<>();
  private final AtomicInteger documents = new AtomicInteger();

  /** Counts one document with these terms (repetitions count once). */
  public void add(Collection<String> terms) {
    documents.incrementAndGet();
    for (String t : new HashSet<>(terms)) {
      df.computeIfAbsent(t, k -> new AtomicInteger()).incrementAndGet();
    }
  }

  /** The number of documents added. */
  public int documents() {
    return documents.get();
  }

  /** The number of documents with {@code term}. */
  public int documentFrequency(String term) {
    AtomicInteger n = df.get(term);
    return n == null ? 0 : n.get();
  }

  /** The number of distinct terms. */
  public int lexiconSize() {
    return df.size();
  }

  /**
   * The inverse document frequency log(|D| / df(t)) of 002; a term seen in no document counts as
   * seen in one.
   */
  public double idf(String term) {
    return Math.log((double) Math.max(1, documents()) / Math.max(1, documentFrequency(term)));
  }

  /** Every term with its document frequency. */
  public void forEach(BiConsumer<String, Integer> action) {
    df.forEach((t, n) -> action.accept(t, n.get()));
  }
}
