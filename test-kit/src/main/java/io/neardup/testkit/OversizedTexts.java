package io.neardup.testkit;

import io.neardup.cluster.core.Clusterer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * A corpus whose bands are shared by far more documents than a bucket may hold ({@value
 * Clusterer#DEFAULT_MAX_BUCKET_SIZE}): hundreds of variants of one text, each with a few of its
 * words replaced, among unrelated texts. Every runtime's clustering must list the library's
 * clusters of it ({@link LibraryClusters}: the CLI's core, which compares the members of those
 * buckets with their representatives).
 */
public final class OversizedTexts {
  private static final int VARIANTS = 300;
  private static final int UNRELATED = 40;
  private static final int WORDS = 300;

  private OversizedTexts() {}

  /** The texts by id, in input order; the same for the same seed. */
  public static Map<String, String> corpus(long seed) {
    Random random = new Random(seed);
    String[] base = words(random);
    Map<String, String> docs = new LinkedHashMap<>();
    for (int v = 0; v < VARIANTS; v++) {
      String[] text = base.clone();
      for (int e = 1 + random.nextInt(8); e > 0; e--) {
        text[random.nextInt(WORDS)] = word(random);
      }
      docs.put(String.format("v%03d", v), String.join(" ", text));
      if (v % (VARIANTS / UNRELATED) == 0) {
        docs.put(String.format("u%03d", v), String.join(" ", words(random)));
      }
    }
    return docs;
  }

  private static String[] words(Random random) {
    String[] words = new String[WORDS];
    for (int i = 0; i < WORDS; i++) {
      words[i] = word(random);
    }
    return words;
  }

  private static String word(Random random) {
    char[] w = new char[3 + random.nextInt(7)];
    for (int i = 0; i < w.length; i++) {
      w[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(w);
  }
}
