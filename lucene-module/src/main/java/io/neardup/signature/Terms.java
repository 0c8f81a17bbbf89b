package io.neardup.signature;

import java.util.ArrayList;
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
  private Terms() {}

  /** The terms of {@code text} in order, with repetitions; empty for a text without any. */
  public static List<String> of(CharSequence text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      int cp = Character.codePointAt(text, i);
      if (!Character.isLetterOrDigit(cp)) {
        i += Character.charCount(cp);
        continue;
      }
      int start = i;
      while (i < n) {
        cp = Character.codePointAt(text, i);
        if (!Character.isLetterOrDigit(cp)) {
          break;
        }
        i += Character.charCount(cp);
      }
      out.add(text.subSequence(start, i).toString().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /** The normalised text: its terms joined by single spaces. */
  public static String normalized(CharSequence text) {
    return String.join(" ", of(text));
  }
}
