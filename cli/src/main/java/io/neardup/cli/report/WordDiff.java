package io.neardup.cli.report;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words that differ between two texts, side by side: a word diff (Myers, by java-diff-utils)
 * shown as rows of changes with a few words of context each, the long stretches of equal words
 * between them elided. Words are compared as neardup's normalisation sees them (case and
 * punctuation ignored), so only differences that can change the shingles are marked.
 */
final class WordDiff {
  /** Equal words shown on each side of a change. */
  static final int CONTEXT = 8;

  /**
   * The diff of two texts as HTML.
   *
   * @param html rows of two cells (left and right); deleted words in {@code <del>}, inserted ones
   *     in {@code <ins>}
   * @param removed words of the left text not in the right one
   * @param added words of the right text not in the left one
   * @param truncated whether only the first {@code maxWords} words of a text were compared
   */
  record Result(String html, int removed, int added, boolean truncated) {}

  private WordDiff() {}

  /**
   * Compares the first {@code maxWords} words of each text.
   *
   * @param maxWords the most words of each text to compare: a diff costs time in the product of the
   *     lengths when the texts differ much
   */
  static Result of(String left, String right, int maxWords) {
    List<String> x = words(left, maxWords + 1);
    List<String> y = words(right, maxWords + 1);
    boolean truncated = x.size() > maxWords || y.size() > maxWords;
    x = x.subList(0, Math.min(x.size(), maxWords));
    y = y.subList(0, Math.min(y.size(), maxWords));
    // words compare by their keys, each made once rather than at every comparison of the diff
    List<AbstractDelta<String>> deltas = DiffUtils.diff(keys(x), keys(y)).getDeltas();
    Rows rows = new Rows(x, y);
    int li = 0;
    int ri = 0;
    int removed = 0;
    int added = 0;
    for (AbstractDelta<String> d : deltas) {
      int sp = d.getSource().getPosition();
      int tp = d.getTarget().getPosition();
      rows.equal(li, ri, sp - li, true);
      rows.change(sp, d.getSource().size(), tp, d.getTarget().size());
      removed += d.getSource().size();
      added += d.getTarget().size();
      li = sp + d.getSource().size();
      ri = tp + d.getTarget().size();
    }
    rows.equal(li, ri, x.size() - li, false);
    return new Result(rows.finish(), removed, added, truncated);
  }

  /** The first {@code max} words of a text (split at white space), without splitting the rest. */
  static List<String> words(String text, int max) {
    List<String> out = new ArrayList<>(Math.min(max, 1024));
    int i = 0;
    int n = text.length();
    while (out.size() < max) {
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i == n) {
        break;
      }
      int start = i;
      while (i < n && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      out.add(text.substring(start, i));
    }
    return out;
  }

  /** How many words a text has (runs of non-white-space). */
  static int count(String text) {
    int words = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      boolean space = Character.isWhitespace(text.charAt(i));
      if (!space && !inWord) {
        words++;
      }
      inWord = !space;
    }
    return words;
  }

  private static List<String> keys(List<String> words) {
    List<String> keys = new ArrayList<>(words.size());
    for (String w : words) {
      keys.add(key(w));
    }
    return keys;
  }

  /** A word as normalisation sees it: letters and digits, lower case; else the word itself. */
  static String key(String word) {
    StringBuilder sb = new StringBuilder(word.length());
    for (int i = 0; i < word.length(); ) {
      int c = word.codePointAt(i);
      if (Character.isLetterOrDigit(c)) {
        sb.appendCodePoint(Character.toLowerCase(c));
      }
      i += Character.charCount(c);
    }
    return sb.isEmpty() ? word : sb.toString();
  }

  /** Builds the rows: each row a change with its context, the gaps between them elided. */
  private static final class Rows {
    private final List<String> x;
    private final List<String> y;
    private final StringBuilder html = new StringBuilder();
    private final StringBuilder left = new StringBuilder();
    private final StringBuilder right = new StringBuilder();
    private boolean open;

    Rows(List<String> x, List<String> y) {
      this.x = x;
      this.y = y;
    }

    /**
     * A stretch of {@code length} equal words at {@code li} (left) and {@code ri} (right).
     *
     * @param beforeChange whether a change follows it
     */
    void equal(int li, int ri, int length, boolean beforeChange) {
      if (length <= 0) {
        return;
      }
      if (open && beforeChange && length <= 2 * CONTEXT) {
        words(li, ri, length);
        return;
      }
      int head = open ? Math.min(CONTEXT, length) : 0;
      if (head > 0) {
        words(li, ri, head);
        closeRow();
      }
      int tail = beforeChange ? Math.min(CONTEXT, length - head) : 0;
      int gap = length - head - tail;
      if (gap > 0) {
        html.append("<div class=\"gap\">")
            .append(String.format(Locale.ROOT, "%,d equal word%s", gap, gap == 1 ? "" : "s"))
            .append("</div>\n");
      }
      if (tail > 0) {
        open = true;
        words(li + length - tail, ri + length - tail, tail);
      }
    }

    void change(int li, int removed, int ri, int added) {
      open = true;
      if (removed > 0) {
        left.append("<del>");
        append(left, x, li, removed);
        left.append("</del> ");
      }
      if (added > 0) {
        right.append("<ins>");
        append(right, y, ri, added);
        right.append("</ins> ");
      }
    }

    private void words(int li, int ri, int length) {
      append(left, x, li, length);
      left.append(' ');
      append(right, y, ri, length);
      right.append(' ');
    }

    private static void append(StringBuilder sb, List<String> words, int from, int length) {
      for (int i = from; i < from + length; i++) {
        if (i > from) {
          sb.append(' ');
        }
        sb.append(HtmlReport.escape(words.get(i)));
      }
    }

    private void closeRow() {
      if (open) {
        html.append("<div class=\"row\"><div class=\"cell\">")
            .append(left.toString().strip())
            .append("</div><div class=\"cell\">")
            .append(right.toString().strip())
            .append("</div></div>\n");
        left.setLength(0);
        right.setLength(0);
        open = false;
      }
    }

    String finish() {
      closeRow();
      return html.toString();
    }
  }
}
