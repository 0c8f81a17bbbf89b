package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The corpus generator does what the quality tests rely on: reproducible output, the family
 * structure it claims, base documents of 50 to 1 000 words, typographic copies that normalise to
 * the same shingles, word edits that do not, and similarities that follow the edit targets.
 */
class CorpusGeneratorTest {
  private static final CorpusGenerator.Config CONFIG =
      CorpusGenerator.Config.defaults().withSize(400, 80);

  private static List<CorpusGenerator.Document> corpus;
  private static ExactTruth truth;

  @BeforeAll
  static void generate() {
    corpus = new CorpusGenerator(CONFIG).generate();
    truth = ExactTruth.table(CorpusGenerator.texts(corpus));
  }

  @Test
  void reproducibleForASeed() {
    List<CorpusGenerator.Document> again = new CorpusGenerator(CONFIG).generate();
    assertEquals(corpus, again);
    List<CorpusGenerator.Document> other = new CorpusGenerator(CONFIG.withSeed(7)).generate();
    assertNotEquals(corpus.get(0).text(), other.get(0).text());
  }

  @Test
  void familyStructure() {
    assertEquals(CONFIG.documents(), corpus.size());
    Map<Integer, Integer> sizes = new HashMap<>();
    Map<Integer, Integer> bases = new HashMap<>();
    for (CorpusGenerator.Document d : corpus) {
      assertEquals(corpus.indexOf(d), d.id());
      sizes.merge(d.family(), 1, Integer::sum);
      if (d.parent() < 0) {
        bases.merge(d.family(), 1, Integer::sum);
        assertEquals("base", d.edits());
      } else {
        CorpusGenerator.Document parent = corpus.get(d.parent());
        assertEquals(d.family(), parent.family(), "a variant belongs to its parent's family");
        // Family members carry the base's template.
        assertEquals(parent.template(), d.template());
      }
    }
    long families = sizes.values().stream().filter(n -> n > 1).count();
    assertEquals(CONFIG.families(), families);
    assertTrue(sizes.values().stream().allMatch(n -> n <= CONFIG.maxFamilySize()));
    long inFamilies = sizes.values().stream().filter(n -> n > 1).mapToLong(n -> n).sum();
    assertEquals(Math.round(CONFIG.documents() * CONFIG.familyShare()), inFamilies);
    for (Map.Entry<Integer, Integer> e : sizes.entrySet()) {
      assertEquals(1, bases.getOrDefault(e.getKey(), 0), "one base per family " + e.getKey());
    }
  }

  @Test
  void baseDocumentLengths() {
    int shortest = Integer.MAX_VALUE;
    int longest = 0;
    for (CorpusGenerator.Document d : corpus) {
      if (d.parent() < 0) {
        assertTrue(
            d.words() >= CONFIG.minWords() && d.words() <= CONFIG.maxWords(),
            "base document of " + d.words() + " words");
        shortest = Math.min(shortest, d.words());
        longest = Math.max(longest, d.words());
      }
    }
    // Log-uniform lengths: both ends of the range are reached in a corpus of a few hundred.
    assertTrue(shortest < 60, "shortest base document " + shortest);
    assertTrue(longest > 800, "longest base document " + longest);
  }

  @Test
  void editsChangeShinglesAndTypographyDoesNot() {
    int copies = 0;
    int typographic = 0;
    int edited = 0;
    int unchanged = 0;
    for (CorpusGenerator.Document d : corpus) {
      if (d.parent() < 0) {
        continue;
      }
      double j = ExactTruth.jaccard(truth.shingles(d.id()), truth.shingles(d.parent()));
      if (d.edits().startsWith("copy")) {
        // Case and punctuation changes are removed by normalisation: identical shingle sets.
        assertEquals(1.0, j, 0.0, "copy " + d.id() + " (" + d.edits() + ")");
        copies++;
        if (!d.text().equals(corpus.get(d.parent()).text())) {
          typographic++;
        }
      } else {
        edited++;
        if (j == 1.0) {
          unchanged++;
        }
      }
    }
    assertTrue(copies >= 10 && typographic >= 3, copies + " copies, " + typographic + " retyped");
    // At least one word edit each; an edit can only restore the parent's shingles by chance
    // (e.g. substituting a word next to a deleted one).
    assertTrue(
        unchanged <= edited / 100, unchanged + " of " + edited + " edited variants unchanged");
  }

  @Test
  void similarityFollowsTarget() {
    // Realised similarity to the parent by target fifth: the targets must order the similarities.
    // Overlapping edits and templates make the realised values higher than the targets.
    double[] sum = new double[5];
    int[] count = new int[5];
    for (CorpusGenerator.Document d : corpus) {
      if (d.parent() < 0 || d.edits().startsWith("copy")) {
        continue;
      }
      int bin =
          Math.min(
              4,
              (int)
                  ((d.targetSimilarity() - CONFIG.minTargetSimilarity())
                      / (1 - CONFIG.minTargetSimilarity())
                      * 5));
      sum[bin] += truth.similarity(d.id(), d.parent());
      count[bin]++;
    }
    StringBuilder line = new StringBuilder("mean J to parent by target fifth:");
    double previous = 0;
    for (int bin = 0; bin < 5; bin++) {
      double mean = sum[bin] / count[bin];
      line.append(String.format(Locale.ROOT, " %.3f (n=%d)", mean, count[bin]));
      assertTrue(mean > previous, "mean similarity does not grow with the target: " + line);
      previous = mean;
    }
    System.out.println(line);
  }

  @Test
  void zipfVocabulary() {
    // With exponent 1 over about 3 000 words the most frequent word has probability 1/H(3000) =
    // 0.116, a little less with numbers among the words.
    long the = 0;
    long words = 0;
    for (CorpusGenerator.Document d : corpus) {
      for (String w : d.text().toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
        if (!w.isEmpty()) {
          words++;
          if (w.equals("the")) {
            the++;
          }
        }
      }
    }
    double share = (double) the / words;
    assertTrue(share > 0.09 && share < 0.14, "share of 'the': " + share);
  }
}
