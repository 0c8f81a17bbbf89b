package io.neardup.signature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The terms of a text for the signature methods: maximal runs of letters and digits (Unicode),
 * lower-cased; everything else (spaces, punctuation, pseudographics) separates terms. This is the
 * normalisation of the source material (002: case, spaces, punctuation), applied the same way by
 * every signature method so that two texts differing only in it get equal signatures. Cost: one
 * pass over the text.
 */
public final class Terms {
  // letters and digits among the ASCII characters, as Character.isLetterOrDigit says
  private static final boolean[] ASCII_TERM = new boolean[128];

  static {
    for (char c = 0; c < 128; c++) {
      ASCII_TERM[c] = Character.isLetterOrDigit(c);
    }
  }

  private Terms() {}

  /** The terms of {@code text} in order, with repetitions; empty for a text without any. */
  public static List<String> of(CharSequence text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    char[] term = new char[32];
    int i = 0;
    while (i < n) {
      int start = i;
      // ASCII, most of most texts, is classified and lower-cased here without a code point
      // lookup; a term with any other character goes the general way
      boolean ascii = true;
      int length = 0;
      while (i < n) {
        char c = text.charAt(i);
        if (c < 128) {
          if (!ASCII_TERM[c]) {
            break;
          }
          if (length == term.length) {
            term = Arrays.copyOf(term, length * 2);
          }
          term[length++] = c <= 'Z' && c >= 'A' ? (char) (c + ('a' - 'A')) : c;
          i++;
        } else {
          int cp = Character.codePointAt(text, i);
          if (!Character.isLetterOrDigit(cp)) {
            break;
          }
          ascii = false;
          i += Character.charCount(cp);
        }
      }
      if (i == start) {
        i += Character.charCount(Character.codePointAt(text, i));
      } else if (ascii) {
        out.add(new String(term, 0, length));
      } else {
        out.add(text.subSequence(start, i).toString().toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  /** The normalised text: its terms joined by single spaces. */
  public static String normalized(CharSequence text) {
    return String.join(" ", of(text));
  }
}
