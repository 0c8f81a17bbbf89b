package io.neardup.web.boilerplate;

import java.util.List;

/**
 * The DOM region that holds a page's article: the block-level element whose paragraphs score
 * highest, with those of its siblings that score close to it, as Readability (Mozilla's reader
 * view) describes its candidate scoring. Text blocks outside the region are boilerplate even where
 * their own features look like content: the lists of related articles, teasers and comment forms
 * that follow an article are written in sentences too, but in a container of their own.
 *
 * <p>A paragraph (a block of at least {@value #MIN_PARAGRAPH_CHARS} characters outside declared
 * furniture) scores 1, plus 1 per comma, plus 1 per 100 characters up to 3, times the share of its
 * words outside links: running text with clauses scores high, menus and teasers low. Its score goes
 * to the element that holds it in full, to that element's parent in half and to the next ancestor
 * in a sixth; an element's total is then weighted by the share of its words outside links. The best
 * element is the region; a sibling joins it when it scores at least {@value #SIBLING_SHARE} of the
 * best, or when it is itself a paragraph of running text (at least {@value #SIBLING_WORDS} words,
 * few links; or a heading or a sentence without links). All constants are Readability's published
 * defaults or round numbers; none is fitted to a site.
 *
 * <p>The region only ever removes blocks, and only when it is clear: when it holds at least {@value
 * #MIN_REGION_SHARE} of the words the classifier kept (else the page is no article with furniture
 * around it, e.g. a forum thread, a list or a home page, and the classifier's decision stands). The
 * one exception: when the classifier kept less than {@value #MIN_KEPT_SHARE} of the region's text
 * (its blocks with few links outside declared furniture), the page is made of short lines rather
 * than paragraphs, as reference pages are (signatures, names, one-line descriptions), and the
 * classifier, which judges a block by its length and its neighbours', is the wrong judge: the
 * region's text is kept whole.
 */
final class ContentRegion {
  /** Characters from which a block counts as a paragraph. */
  static final int MIN_PARAGRAPH_CHARS = 25;

  /** The share of the best score from which a sibling element joins the region. */
  static final double SIBLING_SHARE = 0.2;

  /** Words from which a sibling paragraph with few links joins the region. */
  static final int SIBLING_WORDS = 15;

  /** Blocks above the region within which its title is looked for. */
  static final int TITLE_REACH = 5;

  /** Words of a block between the title and the region above which the search stops. */
  static final int MAX_TITLE_GAP_WORDS = 30;

  /** The share of the kept words the region must hold to restrict them. */
  static final double MIN_REGION_SHARE = 0.5;

  /**
   * The share of the region's text below which the classifier kept too little of it: the region's
   * text is then kept whole.
   */
  static final double MIN_KEPT_SHARE = 0.5;

  private ContentRegion() {}

  /**
   * Clears {@code content} for the blocks outside the page's content region, when it has one.
   *
   * @param content for each block whether the classifier kept it; changed in place
   */
  static void restrict(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    int elements = 0;
    for (TextBlock b : blocks) {
      for (int e : b.path()) {
        elements = Math.max(elements, e + 1);
      }
    }
    if (elements == 0) {
      return;
    }
    double[] score = new double[elements];
    int[] words = new int[elements];
    int[] linked = new int[elements];
    int[] parent = new int[elements];
    int[] depth = new int[elements];
    for (TextBlock b : blocks) {
      int[] path = b.path();
      for (int k = 0; k < path.length; k++) {
        words[path[k]] += b.words();
        linked[path[k]] += b.linkedWords();
        parent[path[k]] = k > 0 ? path[k - 1] : -1;
        depth[path[k]] = k;
      }
      int length = b.text().length();
      if (b.landmark() == Landmark.BOILERPLATE || length < MIN_PARAGRAPH_CHARS || path.length < 2) {
        continue;
      }
      double s = (1 + commas(b.text()) + Math.min(3, length / 100)) * (1 - b.linkDensity());
      score[path[path.length - 2]] += s;
      if (path.length >= 3) {
        score[path[path.length - 3]] += s / 2;
      }
      if (path.length >= 4) {
        score[path[path.length - 4]] += s / 6;
      }
    }
    int best = -1;
    double bestScore = 0;
    for (int e = 0; e < elements; e++) {
      if (words[e] > 0) {
        score[e] *= 1 - (double) linked[e] / words[e];
      }
      if (score[e] > bestScore) {
        bestScore = score[e];
        best = e;
      }
    }
    if (best < 0) {
      return;
    }
    int bestDepth = depth[best];
    int bestParent = parent[best];
    boolean[] inRegion = new boolean[n];
    long keptWords = 0;
    long regionWords = 0;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      int[] path = b.path();
      if (path.length > bestDepth) {
        int at = path[bestDepth];
        inRegion[i] =
            at == best
                || (bestParent >= 0
                    && parent[at] == bestParent
                    && (score[at] >= SIBLING_SHARE * bestScore
                        || (words[at] >= SIBLING_WORDS
                            && linked[at] * 4 < words[at]
                            && !b.listItem())
                        || (path.length == bestDepth + 1
                            && linked[at] == 0
                            && (b.heading() || endsSentence(b.text())))));
      }
      if (content[i]) {
        keptWords += b.words();
        if (inRegion[i]) {
          regionWords += b.words();
        }
      }
    }
    long regionText = 0;
    for (int i = 0; i < n; i++) {
      if (inRegion[i] && isText(blocks.get(i))) {
        regionText += blocks.get(i).words();
      }
    }
    if (keptWords < MIN_KEPT_SHARE * regionText) {
      // a page of short lines (a reference page: signatures, names, one-line descriptions), not of
      // paragraphs: the classifier, which judges blocks by their length, drops most of its text
      for (int i = 0; i < n; i++) {
        content[i] = inRegion[i] && isText(blocks.get(i));
      }
      return;
    }
    if (regionWords < MIN_REGION_SHARE * keptWords) {
      return;
    }
    int first = -1;
    for (int i = 0; i < n && first < 0; i++) {
      if (inRegion[i] && content[i]) {
        first = i;
      }
    }
    // the article's title often sits just above its container (in a page header or a table row
    // of its own): the closest heading the classifier kept, within a few short blocks, stays
    int title = -1;
    for (int i = first - 1; i >= 0 && i >= first - TITLE_REACH; i--) {
      TextBlock b = blocks.get(i);
      if (b.heading() && content[i]) {
        title = i;
        break;
      }
      if (b.words() > MAX_TITLE_GAP_WORDS) {
        break;
      }
    }
    for (int i = 0; i < n; i++) {
      content[i] &= inRegion[i] || i == title;
    }
  }

  /** Whether a block is text: few links, outside declared furniture. */
  private static boolean isText(TextBlock b) {
    return b.linkDensity() <= BlockClassifier.MAX_LINK_DENSITY
        && b.landmark() != Landmark.BOILERPLATE;
  }

  private static boolean endsSentence(String text) {
    char last = text.charAt(text.length() - 1);
    return last == '.' || last == '!' || last == '?' || last == '。';
  }

  private static int commas(String text) {
    int c = 0;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == ',' || ch == '،' || ch == '、' || ch == '，') {
        c++;
      }
    }
    return c;
  }
}
