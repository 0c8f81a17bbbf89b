package io.neardup.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A generated corpus where listing every pair differs from the default: a base text amid many
 * variants that replace 4 to 12 of its words, so that bands hold buckets of far more than 128
 * documents whose pairs mostly fall below 0.8 (two variants differ by twice their edits) while the
 * base reaches 0.8 with the lightly edited ones (it comes late in input order, so representatives
 * alone miss most of its pairs); a group of more than 128 identical texts with one near-duplicate;
 * a small group of identical texts among the variants; unrelated texts. Deterministic (fixed seed),
 * so that {@code neardup dedup --all-pairs}' output on it can be committed.
 */
final class AllPairsCorpus {
  static final int VARIANTS = 900;
  static final int COPIES = 129;
  static final int UNRELATED = 40;
  static final int WORDS = 300;

  private AllPairsCorpus() {}

  static void write(Path file) throws IOException {
    Random random = new Random(20261128L);
    StringBuilder out = new StringBuilder();
    String[] base = words(random);
    String[] copied = words(random);
    int id = 0;
    for (int v = 0; v < VARIANTS; v++) {
      if (v == VARIANTS / 2) {
        line(out, id++, base);
      }
      String[] text = base.clone();
      int edits = 4 + random.nextInt(9);
      for (int e = 0; e < edits; e++) {
        text[random.nextInt(WORDS)] = word(random);
      }
      line(out, id++, text);
      if (v == 100 || v == 700) {
        line(out, id++, text); // a small identical group, near the base or not
        line(out, id++, text);
      }
      if (v % 7 == 0 && v / 7 < COPIES) {
        line(out, id++, copied);
      }
      if (v % 20 == 0 && v / 20 < UNRELATED) {
        line(out, id++, words(random));
      }
    }
    String[] near = copied.clone();
    near[WORDS / 2] = word(random);
    line(out, id, near);
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  private static void line(StringBuilder out, int id, String[] words) {
    RandomWords.line(out, "all", id, words);
  }

  private static String[] words(Random random) {
    return RandomWords.words(random, WORDS);
  }

  private static String word(Random random) {
    return RandomWords.word(random);
  }
}
