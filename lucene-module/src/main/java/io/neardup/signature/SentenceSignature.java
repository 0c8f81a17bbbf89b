package io.neardup.signature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Methods {@code long-sent} and {@code heavy-sent} (002): a document's sentences ({@link
 * Sentences}) are normalised ({@link Terms#normalized}); the {@code count} longest (Long Sent,
 * length in characters of the normalised sentence) or heaviest (Heavy Sent, the sum of the TF·IDF
 * weights of the sentence's terms) are kept in document order, and the signature is the CRC32 of
 * their concatenation. Ties go to the earlier sentence. Parameter: the number of sentences ({@code
 * --sentences}, default {@value #DEFAULT_SENTENCES}). Long Sent needs one pass; Heavy Sent needs
 * the collection's document frequencies first (two passes). Per document O(n log n) for n
 * sentences.
 */
public final class SentenceSignature {
  /** Default number of sentences (002: "2–3" for Long Sent, "top 3" for Heavy Sent). */
  public static final int DEFAULT_SENTENCES = 3;

  private SentenceSignature() {}

  /** Checks the number of sentences. */
  public static int checkSentences(int sentences) {
    if (sentences < 1) {
      throw new IllegalArgumentException("sentences must be >= 1, got " + sentences);
    }
    return sentences;
  }

  /** Long Sent: the signature of the {@code count} longest sentences, or empty without any. */
  public static long[] longest(String text, int count) {
    return longest(normalizedSentences(text), count);
  }

  /** Long Sent of a text whose {@link #normalizedSentences} are {@code sentences}. */
  public static long[] longest(List<String> sentences, int count) {
    checkSentences(count);
    double[] weight = new double[sentences.size()];
    for (int i = 0; i < weight.length; i++) {
      weight[i] = sentences.get(i).length();
    }
    return select(sentences, weight, count);
  }

  /** Heavy Sent: the signature of the {@code count} heaviest sentences, or empty without any. */
  public static long[] heaviest(String text, CollectionStatistics stats, int count) {
    return heaviest(normalizedSentences(text), stats, count);
  }

  /** Heavy Sent of a text whose {@link #normalizedSentences} are {@code sentences}. */
  public static long[] heaviest(List<String> sentences, CollectionStatistics stats, int count) {
    checkSentences(count);
    List<String> terms = new ArrayList<>();
    for (String s : sentences) {
      terms.addAll(Arrays.asList(s.split(" ")));
    }
    Map<String, Double> weights = TermWeights.of(terms, stats);
    double[] weight = new double[sentences.size()];
    for (int i = 0; i < weight.length; i++) {
      for (String t : sentences.get(i).split(" ")) {
        weight[i] += weights.get(t);
      }
    }
    return select(sentences, weight, count);
  }

  /**
   * The sentences of a text ({@link Sentences}), each normalised ({@link Terms#normalized}), those
   * left empty dropped: what both methods choose from.
   */
  public static List<String> normalizedSentences(String text) {
    List<String> out = new ArrayList<>();
    for (String s : Sentences.split(text)) {
      String n = Terms.normalized(s);
      if (!n.isEmpty()) {
        out.add(n);
      }
    }
    return out;
  }

  private static long[] select(List<String> sentences, double[] weight, int count) {
    if (sentences.isEmpty()) {
      return new long[0];
    }
    Integer[] order = new Integer[sentences.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order, Comparator.<Integer>comparingDouble(i -> -weight[i]).thenComparingInt(i -> i));
    Integer[] chosen = Arrays.copyOf(order, Math.min(count, order.length));
    Arrays.sort(chosen);
    List<String> parts = new ArrayList<>(chosen.length);
    for (int i : chosen) {
      parts.add(sentences.get(i));
    }
    return new long[] {Crc.of(parts)};
  }
}
