package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.settings.NearDupSettings;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class EditsTest {
  private static final Function<String, long[]> SHINGLES =
      ExactTruth.shingler(NearDupSettings.DEFAULT);

  @Test
  void insertedAndDeletedWordsKeepTheCommasAfterTheSameWords() {
    List<String> words = new ArrayList<>(List.of("one", "two", "three", "four"));
    BitSet commas = new BitSet();
    commas.set(1); // after "two"
    commas.set(2); // after "three"
    Edits.insertWord(words, commas, 2, "new");
    assertEquals(List.of("one", "two", "new", "three", "four"), words);
    assertEquals(BitSet.valueOf(new long[] {0b1010}), commas); // after "two" and "three"
    assertTrue(Edits.deleteWord(words, commas, 1));
    assertEquals(List.of("one", "new", "three", "four"), words);
    assertEquals(BitSet.valueOf(new long[] {0b100}), commas); // after "three" only
  }

  @Test
  void theLastWordOfASentenceIsNotDeleted() {
    List<String> words = new ArrayList<>(List.of("alone"));
    assertFalse(Edits.deleteWord(words, null, 0));
    assertEquals(List.of("alone"), words);
  }

  @Test
  void aReplacedWordIsASynonymWhereOneExistsElseAMisspelling() {
    SplittableRandom random = new SplittableRandom(1);
    assertEquals(
        "The mayor stated it would work.",
        Edits.replaceWord("The mayor said it would work.", random));
    String misspelt = Edits.replaceWord("Quantum orchard", random);
    assertNotEquals("Quantum orchard", misspelt);
    assertEquals("Quantum orchard".length(), misspelt.length());
    assertEquals("cabb", Edits.misspell("cab", random));
  }

  @Test
  void reformattingKeepsTheShingles() {
    String text =
        "The council voted on Monday. Critics said the cost, about 40 million, was too high. It's"
            + " done.";
    String reformatted = Edits.reformat(text);
    assertNotEquals(text, reformatted);
    assertArrayEquals(SHINGLES.apply(text), SHINGLES.apply(reformatted));
  }

  @Test
  void sentenceEditsKeepTheOtherSentences() {
    List<String> sentences = List.of("a", "b", "c", "d", "e");
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 50; i++) {
      List<String> moved = new ArrayList<>(sentences);
      Edits.moveSentence(moved, random);
      assertNotEquals(sentences, moved);
      assertEquals(new HashSet<>(sentences), new HashSet<>(moved));
      List<String> dropped = Edits.withSentenceDropped(sentences, random);
      assertEquals(4, dropped.size());
      assertEquals("a", dropped.get(0)); // the lead stays
    }
    assertEquals(List.of("a", "b", "c", "d", "e", "f"), Edits.withSentenceAdded(sentences, "f"));
    assertEquals(List.of("a", "b", "c"), Edits.truncated(sentences));
    assertEquals(List.of("a", "b"), Edits.truncated(List.of("a", "b", "c")));
    assertEquals("head\n\nbody\n\nfoot", Edits.framed("head", "body", "foot"));
  }
}
