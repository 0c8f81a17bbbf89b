package io.neardup.signature;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits a text into sentences for the sentence methods ({@code long-sent}, {@code heavy-sent}),
 * with the JDK's {@link BreakIterator} (Unicode's sentence boundary rules, UAX #29), which keeps
 * decimal numbers ("2.5") and lower-case continuations ("i.e. a bargain") whole and ends the last
 * sentence at the end of the text whether or not it has final punctuation. It does split after an
 * abbreviation or an initial followed by a capital ("Dr. Smith", "J. R. R. Tolkien"), which 002
 * warns about; such pieces are joined again here when they end in an initial (one upper-case
 * letter) or in a common English abbreviation ({@link #ABBREVIATIONS}). A real sentence ending in
 * one of those ("... in the U.S. Then ...") is then joined with the next: the error 002's aside
 * expects of any splitter. Cost: one pass over the text.
 */
public final class Sentences {
  /** Words that, followed by a period, rarely end a sentence (compared lower-cased). */
  public static final Set<String> ABBREVIATIONS =
      Set.of(
          "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "cf", "fig", "figs", "no", "nos",
          "vol", "pp", "ch", "sec", "gen", "col", "lt", "sgt", "capt", "rev", "hon", "gov", "sen",
          "rep", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
          "dec", "approx", "dept", "est", "al", "e.g", "i.e", "mt", "ft");

  // an iterator's rules are compiled once per thread, not once per text
  private static final ThreadLocal<BreakIterator> ITERATORS =
      ThreadLocal.withInitial(() -> BreakIterator.getSentenceInstance(Locale.ROOT));

  private Sentences() {}

  /** The sentences of {@code text}, trimmed, in order; empty pieces are dropped. */
  public static List<String> split(String text) {
    BreakIterator it = ITERATORS.get();
    it.setText(text);
    List<String> out = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    int start = it.first();
    for (int end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
      pending.append(text, start, end);
      if (!endsInAbbreviation(pending)) {
        flush(pending, out);
      }
    }
    flush(pending, out);
    return out;
  }

  private static void flush(StringBuilder pending, List<String> out) {
    String s = pending.toString().strip();
    if (!s.isEmpty()) {
      out.add(s);
    }
    pending.setLength(0);
  }

  /** Whether a piece ends in "X." for an initial X or an abbreviation. */
  static boolean endsInAbbreviation(CharSequence piece) {
    int end = piece.length();
    while (end > 0 && Character.isWhitespace(piece.charAt(end - 1))) {
      end--;
    }
    if (end == 0 || piece.charAt(end - 1) != '.') {
      return false;
    }
    int start = end - 1;
    // the word before the period, with inner periods ("e.g", "i.e")
    while (start > 0
        && (Character.isLetter(piece.charAt(start - 1))
            || (piece.charAt(start - 1) == '.'
                && start > 1
                && Character.isLetter(piece.charAt(start - 2))))) {
      start--;
    }
    String word = piece.subSequence(start, end - 1).toString();
    if (word.isEmpty()) {
      return false;
    }
    if (word.length() == 1 && Character.isUpperCase(word.charAt(0))) {
      return true;
    }
    return ABBREVIATIONS.contains(word.toLowerCase(Locale.ROOT));
  }
}
