package io.neardup.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TermsTest {
  /** The definition: runs of code points that are letters or digits, lower-cased as a string. */
  private static List<String> reference(CharSequence text) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int cp = Character.codePointAt(text, i);
      if (!Character.isLetterOrDigit(cp)) {
        i += Character.charCount(cp);
        continue;
      }
      int start = i;
      while (i < text.length() && Character.isLetterOrDigit(Character.codePointAt(text, i))) {
        i += Character.charCount(Character.codePointAt(text, i));
      }
      out.add(text.subSequence(start, i).toString().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  @Test
  void splitsAndLowerCasesAsTheDefinitionSays() {
    assertEquals(List.of("the", "u", "s", "2", "5", "mb"), Terms.of("The U.S. -- 2.5 MB!"));
    assertEquals(
        List.of("straße", "i\u0307stanbul", "\uD835\uDC00b"),
        Terms.of("Straße, \u0130stanbul \uD835\uDC00B"));
    assertEquals(List.of(), Terms.of(" ,;- "));
    assertEquals("a b c", Terms.normalized("A, b; C."));
  }

  @Test
  void equalsTheDefinitionOnRandomTexts() {
    String[] pieces = {
      "a",
      "Z",
      "q",
      "0",
      "9",
      " ",
      "\n",
      ".",
      "-",
      "_",
      "'",
      "É",
      "é",
      "ß",
      "İ",
      "ı",
      "Ω",
      "ж",
      "Ж",
      "中",
      "٣",
      "\u0301",
      "\u00A0",
      "\uD835\uDC00",
      "\uD800",
      "\uDC00",
      "ǅ",
      "Ⅻ",
      "€",
      "ﬁ"
    };
    Random random = new Random(42);
    for (int t = 0; t < 20_000; t++) {
      StringBuilder sb = new StringBuilder();
      int length = random.nextInt(30);
      for (int k = 0; k < length; k++) {
        // mostly ASCII, as texts are
        sb.append(pieces[random.nextInt(random.nextInt(4) == 0 ? pieces.length : 10)]);
      }
      String text = sb.toString();
      assertEquals(reference(text), Terms.of(text), text);
    }
  }
}
