package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;

class EnglishTextTest {
  private final EnglishText corpus = new EnglishText(EnglishText.DEFAULT_SEED);

  @Test
  void wordListIsLargeLowerCaseAndDistinct() {
    List<String> words = EnglishText.loadWords();
    assertTrue(words.size() >= 3000, "only " + words.size() + " words");
    assertEquals(words.size(), new HashSet<>(words).size(), "duplicate words");
    for (String word : words) {
      assertTrue(word.matches("[a-z][a-z']*"), word);
    }
    assertEquals("the", words.get(0));
  }

  @Test
  void sameSeedAndSizeGiveSameDocuments() {
    assertArrayEquals(
        corpus.documents(500, 5), new EnglishText(EnglishText.DEFAULT_SEED).documents(500, 5));
    assertFalse(corpus.documents(500, 1)[0].equals(new EnglishText(1).documents(500, 1)[0]));
    assertFalse(corpus.documents(5, 3)[1].equals(corpus.documents(5, 3)[2]));
  }

  @Test
  void everyWordIsOneStandardTokenizerToken() throws IOException {
    try (Analyzer analyzer = new StandardAnalyzer()) {
      for (int words : new int[] {1, 7, 50, 500, 5000}) {
        for (String document : corpus.documents(words, 20)) {
          assertEquals(words, tokens(analyzer, document).size(), document);
        }
      }
    }
  }

  @Test
  void looksLikeEnglishProse() throws IOException {
    String[] documents = corpus.documents(5000, 2);
    for (String document : documents) {
      assertTrue(Character.isUpperCase(document.charAt(0)), document);
      assertTrue(document.endsWith("."), document);
      assertTrue(document.contains(", "), "no commas");
      assertTrue(document.contains("\n\n"), "no paragraphs");
      assertTrue(document.matches("(?s).*\\. [A-Z].*"), "no sentence starts with a capital");
    }
    Map<String, Integer> counts = new HashMap<>();
    try (Analyzer analyzer = new StandardAnalyzer()) {
      for (String token : tokens(analyzer, documents[0] + " " + documents[1])) {
        counts.merge(token, 1, Integer::sum);
      }
    }
    // Zipf with exponent 1 over ~3 250 words: "the" is about 1 word in 8.7, numbers 1 in 50
    int the = counts.get("the");
    assertTrue(the > 900 && the < 1400, "the: " + the);
    long numbers = counts.keySet().stream().filter(t -> Character.isDigit(t.charAt(0))).count();
    assertTrue(numbers > 50, "numbers: " + numbers);
    assertTrue(counts.size() > 1500, "distinct words: " + counts.size());
  }

  private static List<String> tokens(Analyzer analyzer, String text) throws IOException {
    List<String> tokens = new ArrayList<>();
    try (TokenStream stream = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        tokens.add(term.toString());
      }
      stream.end();
    }
    return tokens;
  }
}
