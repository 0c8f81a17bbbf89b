package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written scans of a block's text agree with the patterns that say what they find. */
class TextScansTest {
  private static final Pattern LABEL = Pattern.compile("\\p{L}:\\s");
  private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

  /** Letters, digits, numbers, colons, spaces, punctuation, a supplementary letter. */
  private static final String[] PIECES = {
    "a",
    "Z",
    "é",
    "ß",
    "Ж",
    "字",
    "7",
    "²",
    "Ⅻ",
    ":",
    ": ",
    ":\t",
    " ",
    "\u00a0",
    ",",
    "-",
    "'",
    "\u201c",
    "\u2019",
    "\uD835\uDC00",
    "\uD83D\uDE00",
    "Read more",
    "Source"
  };

  private static String random(Random r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(12);
    for (int i = 0; i < n; i++) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  @Test
  void aLabelIsALetterAColonAndASpace() {
    Random r = new Random(7);
    for (int k = 0; k < 200_000; k++) {
      String t = random(r);
      assertEquals(LABEL.matcher(t).find(), BlockClassifier.hasLabel(t), t);
    }
    assertEquals(true, BlockClassifier.hasLabel("Read more: the next story"));
    assertEquals(false, BlockClassifier.hasLabel("10:30 am"));
  }

  @Test
  void wordsAreRunsOfLettersAndNumbers() {
    Random r = new Random(11);
    for (int k = 0; k < 200_000; k++) {
      String t = random(r);
      String[] split = NOT_WORD.split(t, 4);
      List<String> opening = Arrays.asList(split).subList(0, Math.min(3, split.length));
      List<String> words = ArticleTail.words(t, 3);
      assertEquals(
          opening.stream().filter(w -> !w.isEmpty()).toList(),
          words.stream().filter(w -> !w.isEmpty()).toList(),
          t);
      // the opening's words stand where the pattern puts them
      for (int w = 0; w < words.size(); w++) {
        if (!words.get(w).isEmpty()) {
          assertEquals(opening.get(w), words.get(w), t);
        }
      }
      assertEquals(
          Arrays.stream(NOT_WORD.split(t)).filter(w -> !w.isEmpty()).toList(),
          ArticleTail.words(t, Integer.MAX_VALUE).stream().filter(w -> !w.isEmpty()).toList(),
          t);
    }
  }

  @Test
  void aStyleHidesAsItsTextWithoutSpacesInLowerCaseSays() {
    String[] pieces = {
      "d",
      "D",
      "isplay",
      "ISPLAY",
      ":",
      " ",
      "none",
      "NoNe",
      "visibility",
      "hidden",
      ";",
      "block",
      "x"
    };
    Random r = new Random(3);
    for (int k = 0; k < 200_000; k++) {
      StringBuilder b = new StringBuilder();
      for (int n = r.nextInt(10); n > 0; n--) {
        b.append(pieces[r.nextInt(pieces.length)]);
      }
      String style = b.toString();
      String compact = style.replace(" ", "").toLowerCase(java.util.Locale.ROOT);
      for (String word : List.of("display:none", "visibility:hidden")) {
        assertEquals(compact.contains(word), BlockSegmenter.holdsSpaced(style, word), style);
      }
    }
  }
}
