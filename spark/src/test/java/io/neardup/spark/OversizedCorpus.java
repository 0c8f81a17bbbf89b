package io.neardup.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A generated corpus whose bands are shared by far more documents than a bucket may hold: a few
 * base texts, each with a few hundred variants that replace some of its words, beside unrelated
 * texts. Deterministic (fixed seed), so that {@code neardup dedup}'s output on it can be committed.
 */
final class OversizedCorpus {
  static final int BASES = 1;
  static final int VARIANTS = 400;
  static final int UNRELATED = 60;
  static final int WORDS = 300;

  private OversizedCorpus() {}

  static void write(Path file) throws IOException {
    Random random = new Random(20261127L);
    StringBuilder out = new StringBuilder();
    String[][] bases = new String[BASES][];
    for (int b = 0; b < BASES; b++) {
      bases[b] = words(random);
    }
    int id = 0;
    for (int v = 0; v < VARIANTS; v++) {
      for (int b = 0; b < BASES; b++) {
        String[] text = bases[b].clone();
        int edits = 1 + random.nextInt(8);
        for (int e = 0; e < edits; e++) {
          text[random.nextInt(WORDS)] = word(random);
        }
        line(out, id++, text);
      }
      if (v % 6 == 0 && v / 6 < UNRELATED) {
        line(out, id++, words(random));
      }
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  private static void line(StringBuilder out, int id, String[] words) {
    RandomWords.line(out, "gen", id, words);
  }

  private static String[] words(Random random) {
    return RandomWords.words(random, WORDS);
  }

  private static String word(Random random) {
    return RandomWords.word(random);
  }
}
