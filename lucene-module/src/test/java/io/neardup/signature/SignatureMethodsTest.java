package io.neardup.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SignatureMethodsTest {
  private static final String TEXT =
      "The quick brown fox jumps over the lazy dog. It was not amused, said Dr. Watson. Foxes"
          + " are quick; dogs are lazy. A much longer sentence follows here, with many more words"
          + " than any of the others in this little text.";

  @Test
  void termsAreLowerCasedRunsOfLettersAndDigits() {
    assertEquals(List.of("it", "s", "3", "5", "kg", "naïve"), Terms.of("It's 3.5 kg -- NAÏVE!"));
    assertEquals("", Terms.normalized(" ... "));
  }

  @Test
  void md5IgnoresCaseSpacingAndPunctuationOnly() {
    long[] a = Md5Signature.signature(TEXT);
    assertArrayEquals(a, Md5Signature.signature(TEXT.toUpperCase().replace(".", " ! ")));
    assertNotEquals(a[0], Md5Signature.signature(TEXT.replace("lazy dog", "lazy cat"))[0]);
    assertEquals(0, Md5Signature.signature("  --- ").length);
  }

  @Test
  void longSentKeepsTheLongestSentencesInDocumentOrder() {
    long[] a = SentenceSignature.longest(TEXT, 2);
    // editing a short sentence leaves the signature; editing a long one changes it
    assertArrayEquals(a, SentenceSignature.longest(TEXT.replace("not amused", "amused"), 2));
    assertNotEquals(a[0], SentenceSignature.longest(TEXT.replace("many more", "many"), 2)[0]);
    assertEquals(0, SentenceSignature.longest("", 2).length);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SentenceSignature.longest(TEXT, 0));
    assertEquals("sentences must be >= 1, got 0", e.getMessage());
  }

  private static CollectionStatistics stats(List<List<String>> docs) {
    CollectionStatistics stats = new CollectionStatistics();
    docs.forEach(stats::add);
    return stats;
  }

  @Test
  void tfidfSignatureIsTheCrcOfTheHeaviestTermsSorted() {
    List<String> d1 = Terms.of("apple apple banana cherry common common");
    List<String> d2 = Terms.of("common words only here common");
    CollectionStatistics stats = stats(List.of(d1, d2));
    assertEquals(2, stats.documents());
    assertEquals(2, stats.documentFrequency("common"));
    assertEquals(0, stats.idf("common"), 0);
    // weights in d1: apple 2/6 ln2, banana and cherry 1/6 ln2, common 0
    assertArrayEquals(
        new long[] {Crc.of(List.of("apple", "banana"))}, TfIdfSignature.signature(d1, stats, 2));
    assertArrayEquals(
        new long[] {Crc.of(List.of("apple", "banana", "cherry"))},
        TfIdfSignature.signature(d1, stats, 3));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TfIdfSignature.signature(d1, stats, 0));
    assertEquals("tfidf-terms must be >= 1, got 0", e.getMessage());
  }

  @Test
  void heavySentPicksTheSentencesWithRareTerms() {
    String doc = "Common words are here. Zebra quokka axolotl. Common words again here.";
    CollectionStatistics stats =
        stats(
            List.of(
                Terms.of(doc),
                Terms.of("common words are here again"),
                Terms.of("common words here again are")));
    assertArrayEquals(
        new long[] {Crc.of(List.of("zebra quokka axolotl"))},
        SentenceSignature.heaviest(doc, stats, 1));
  }

  /** Random documents over a vocabulary, with lightly edited copies. */
  @Test
  void lexRandGivesEditedCopiesASharedSignatureAndOthersNone() {
    Random random = new Random(6);
    List<List<String>> docs = new ArrayList<>();
    for (int d = 0; d < 200; d++) {
      List<String> doc = new ArrayList<>();
      for (int i = 0; i < 150; i++) {
        doc.add("t" + (int) Math.abs(random.nextGaussian() * 800));
      }
      docs.add(doc);
    }
    // copies with a typo (a term of one document: outside the lexicon) and with one term replaced
    List<List<String>> typos = new ArrayList<>();
    List<List<String>> replaced = new ArrayList<>();
    for (int d = 0; d < 50; d++) {
      List<String> copy = new ArrayList<>(docs.get(d));
      copy.set(random.nextInt(copy.size()), "typo" + d);
      typos.add(copy);
      copy = new ArrayList<>(docs.get(d));
      copy.set(random.nextInt(copy.size()), "t" + random.nextInt(800));
      replaced.add(copy);
    }
    List<List<String>> all = new ArrayList<>(docs);
    all.addAll(typos);
    all.addAll(replaced);
    LexRand lexRand = new LexRand(stats(all), 42);
    assertTrue(lexRand.lexiconSize() > 100, "lexicon " + lexRand.lexiconSize());
    int typoFound = 0;
    int replacedFound = 0;
    for (int d = 0; d < 50; d++) {
      long[] original = lexRand.signatures(docs.get(d));
      typoFound += shares(original, lexRand.signatures(typos.get(d))) ? 1 : 0;
      replacedFound += shares(original, lexRand.signatures(replaced.get(d))) ? 1 : 0;
    }
    assertEquals(50, typoFound);
    // a term in and a term out each spoil a sub-lexicon with probability 0.7: all ten are spoilt
    // with probability (1 - 0.3 * 0.3)^10 = 0.39, so about 30 of 50 are found
    assertTrue(replacedFound >= 18 && replacedFound < 50, replacedFound + " of 50 found");
    int falsePairs = 0;
    for (int a = 50; a < 200; a++) {
      for (int b = a + 1; b < 200; b++) {
        falsePairs +=
            shares(lexRand.signatures(docs.get(a)), lexRand.signatures(docs.get(b))) ? 1 : 0;
      }
    }
    assertEquals(0, falsePairs);
    long[] sigs = lexRand.signatures(docs.get(0));
    assertTrue(sigs.length > 0 && sigs.length <= LexRand.DEFAULT_LEXICONS);
    long[] sorted = sigs.clone();
    Arrays.sort(sorted);
    assertArrayEquals(sorted, sigs);
  }

  private static boolean shares(long[] a, long[] b) {
    for (long x : a) {
      for (long y : b) {
        if (x == y) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void unknownMethodNamesTheAllowedOnes() {
    assertEquals(Method.MIN_M, Method.of("min-m"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.of("x"));
    assertEquals(
        "method must be one of minhash, min-m, mod-n, simhash, md5, tfidf, long-sent, heavy-sent,"
            + " lex-rand, got x",
        e.getMessage());
  }
}
