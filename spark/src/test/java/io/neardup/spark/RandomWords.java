package io.neardup.spark;

import java.util.Random;

/**
 * The texts and JSON lines of the generated corpora: words drawn from a vocabulary of 5,000, lines
 * of {@code {"id", "text"}}.
 */
final class RandomWords {
  private RandomWords() {}

  static void line(StringBuilder out, String prefix, int id, String[] words) {
    out.append(
        String.format(
            "{\"id\":\"%s-%04d\",\"text\":\"%s\"}%n", prefix, id, String.join(" ", words)));
  }

  static String[] words(Random random, int count) {
    String[] w = new String[count];
    for (int i = 0; i < count; i++) {
      w[i] = word(random);
    }
    return w;
  }

  static String word(Random random) {
    return "w" + random.nextInt(5000);
  }
}
