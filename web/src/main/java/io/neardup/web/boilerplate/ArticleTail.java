package io.neardup.web.boilerplate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What follows an article inside its container (the region of {@link ContentRegion}): an author's
 * box, a biography, a disclaimer, a newsletter blurb. They are written in sentences, often as a
 * sibling of the article's paragraphs or nested in its own container, so neither the classifier nor
 * the region's paragraph scoring tells them from the article; what does is where they stand and how
 * they open. After the region's own paragraphs, a link-dense line that is not a heading (an
 * author's name linked to their page, sharing buttons, tags) ends the article and what follows it
 * is dropped ({@link #dropAfterArticle}); a box of its own after the article's paragraphs that
 * opens with a linked name and holds a biography that opens with the same name is dropped too
 * ({@link #dropAuthorBox}). Both leave alone a text too short to be an article (fewer than {@value
 * ContentRegion#SHORT_REGION_WORDS} words) and the shapes an article's own parts take (linked
 * section headings, tables, quotes, lists, boxes that recur).
 */
final class ArticleTail {
  /** Words from which a paragraph after the article may be its author's biography. */
  static final int BIO_WORDS = 2 * ParagraphScores.SIBLING_WORDS;

  /** The first words of a biography among which its subject's name is looked for. */
  static final int NAME_WORDS = 3;

  private ArticleTail() {}

  /**
   * Clears an author's box inside the article's container: a paragraph of running text (at least
   * {@value #BIO_WORDS} words, few links, a full sentence) after the article's paragraphs, in a box
   * of its own (the container it shares with no paragraph of the article before it) where a short
   * link that is not a heading, before it, shares a capitalised word with its first words (an
   * author's name linked to their page, then a biography that opens with the name), the box holding
   * fewer than {@value ContentRegion#SHORT_REGION_WORDS} words and fewer than the article before
   * it. A box of that shape that recurs (a list of cards or posts, each under its linked title, one
   * of them perhaps before the paragraph) is content; so are the article's own nested parts (a
   * quote, a list, a code sample), which seldom open with a link to their subject's page.
   */
  static void dropAuthorBox(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    int boxStart = -1;
    int boxEnd = -1;
    int lastParagraph = -1;
    long article = 0;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (!content[i]) {
        continue;
      }
      if (lastParagraph >= 0
          && b.words() >= BIO_WORDS
          && ContentRegion.isText(b)
          && ContentRegion.endsSentence(b.text())) {
        int[] path = b.path();
        int[] before = blocks.get(lastParagraph).path();
        int k = 0;
        while (k < path.length && k < before.length && path[k] == before[k]) {
          k++;
        }
        // the box's shape first: reading its lines for a name costs more
        if (k > 0
            && k < path.length - 1
            && k < before.length
            && !b.listItem()
            && article >= ContentRegion.SHORT_REGION_WORDS) {
          int box = path[k];
          int start = firstIn(blocks, i, k, box);
          long words = 0;
          for (int j = start; j < i; j++) {
            words += content[j] ? blocks.get(j).words() : 0;
          }
          int end = i;
          while (end < n
              && words < ContentRegion.SHORT_REGION_WORDS
              && ContentRegion.inside(blocks.get(end).path(), k, box)) {
            words += content[end] ? blocks.get(end).words() : 0;
            end++;
          }
          if (words < ContentRegion.SHORT_REGION_WORDS
              && words < article
              && named(blocks, start, i, b.text())
              && !named(
                  blocks, firstIn(blocks, lastParagraph, k, before[k]), lastParagraph, null)) {
            if (boxStart >= 0 && boxStart != start) {
              return; // boxes that recur are a list (cards, posts), not an author's box
            }
            boxStart = start;
            boxEnd = end;
            i = end - 1;
            continue;
          }
        }
      }
      if (b.words() >= ParagraphScores.SIBLING_WORDS && ContentRegion.isText(b)) {
        lastParagraph = i;
      }
      article += b.words();
    }
    for (int j = boxStart; j >= 0 && j < boxEnd; j++) {
      content[j] = false;
    }
  }

  /**
   * The first block of the run of blocks inside {@code element} (at depth {@code k} of their paths)
   * that ends at {@code block}.
   */
  private static int firstIn(List<TextBlock> blocks, int block, int k, int element) {
    int start = block;
    while (start > 0 && ContentRegion.inside(blocks.get(start - 1).path(), k, element)) {
      start--;
    }
    return start;
  }

  /**
   * Whether a line in {@code [from, to)} is a short link that is not a heading (a name linked to
   * its page) and, if {@code text} is given, shares a capitalised word with that text's first
   * {@value #NAME_WORDS} words (a biography opens with its subject's name); without {@code text},
   * whether one of the first two lines is such a link (a list's item opens with its linked title).
   */
  private static boolean named(List<TextBlock> blocks, int from, int to, String text) {
    Set<String> opening = null;
    if (text != null) {
      opening = new HashSet<>();
      for (String w : words(text, NAME_WORDS)) {
        if (capitalised(w)) {
          opening.add(w);
        }
      }
    }
    for (int j = from, lines = 0; j < to && (text != null || lines < 2); j++) {
      TextBlock line = blocks.get(j);
      if (line.words() == 0) {
        continue;
      }
      lines++;
      if (line.heading()
          || (text != null && line.listItem())
          || line.words() > BlockClassifier.MAX_TITLE_WORDS
          || line.linkDensity() <= BlockClassifier.MAX_LINK_DENSITY) {
        continue;
      }
      if (opening == null) {
        return true;
      }
      for (String w : words(line.text(), Integer.MAX_VALUE)) {
        if (capitalised(w) && opening.contains(w)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The first {@code max} words of a text (runs of letters and numbers), after an empty one if the
   * text begins with neither: a text that opens with a quotation mark or a dash has a word less in
   * its opening.
   */
  static List<String> words(String text, int max) {
    List<String> words = new ArrayList<>();
    int i = 0;
    if (!text.isEmpty() && !wordCharacter(text.codePointAt(0))) {
      words.add("");
    }
    while (i < text.length() && words.size() < max) {
      while (i < text.length() && !wordCharacter(text.codePointAt(i))) {
        i += Character.charCount(text.codePointAt(i));
      }
      int start = i;
      while (i < text.length() && wordCharacter(text.codePointAt(i))) {
        i += Character.charCount(text.codePointAt(i));
      }
      if (i > start) {
        words.add(text.substring(start, i));
      }
    }
    return words;
  }

  private static boolean wordCharacter(int c) {
    if (c < 0x80) {
      return BlockSegmenter.isLetterOrDigit((char) c);
    }
    if (Character.isLetter(c)) {
      return true;
    }
    int type = Character.getType(c);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  /** Whether a word is a name's: an upper-case letter and at least one more character. */
  private static boolean capitalised(String word) {
    return word.length() > 1 && Character.isUpperCase(word.charAt(0));
  }

  /**
   * Clears what follows the article inside its region: once the region's own paragraphs (those of
   * element {@code best} and of the siblings that score close to it in {@code scores}) have ended,
   * a link-dense line that is not a section heading (an author's name linked to their page, "View
   * all posts", sharing buttons, a list of tags) ends the article, and the sibling containers that
   * follow it joined the region only as running text: an author's biography, a reviewer's, a
   * disclaimer, a newsletter blurb. An article's own later sections score as its paragraphs do, and
   * a documentation page's linked section headings are headings, so neither ends it; nor does a
   * link in a table with kept cells (a parameter's type linked to its definition is a field of the
   * table's record). A text of fewer than {@value ContentRegion#SHORT_REGION_WORDS} words up to its
   * last paragraph is too short to tell an article from a landing page's pitch, whose next section
   * follows a call to action: it is left alone.
   */
  static void dropAfterArticle(
      List<TextBlock> blocks,
      boolean[] content,
      boolean[] inRegion,
      int best,
      ParagraphScores scores) {
    int n = blocks.size();
    int bestDepth = scores.depth()[best];
    double[] score = scores.score();
    double bestScore = score[best];
    int end = -1;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      int[] path = b.path();
      if (content[i]
          && inRegion[i]
          && path.length > bestDepth
          && (path[bestDepth] == best
              || score[path[bestDepth]] >= ParagraphScores.SIBLING_SHARE * bestScore)
          && b.text().length() >= ParagraphScores.MIN_PARAGRAPH_CHARS
          && ContentRegion.isText(b)) {
        end = i;
      }
    }
    long article = 0;
    for (int i = 0; i <= end; i++) {
      article += content[i] ? blocks.get(i).words() : 0;
    }
    if (article < ContentRegion.SHORT_REGION_WORDS) {
      return; // a short text (a landing page's pitch, a call to action) is not yet an article
    }
    Set<Integer> keptTables = new HashSet<>();
    for (int i = 0; i < n; i++) {
      if (content[i] && blocks.get(i).table() >= 0) {
        keptTables.add(blocks.get(i).table());
      }
    }
    for (int i = end + 1; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (inRegion[i]
          && !content[i]
          && b.words() > 0
          && !b.heading()
          && !keptTables.contains(b.table())
          && b.linkDensity() > BlockClassifier.MAX_LINK_DENSITY) {
        for (int j = i + 1; j < n; j++) {
          content[j] = false;
        }
        return;
      }
    }
  }
}
