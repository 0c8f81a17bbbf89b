package io.neardup.web.boilerplate;

import java.util.Arrays;
import java.util.List;

/**
 * The scores of a page's elements as containers of its paragraphs, as Readability (Mozilla's reader
 * view) describes its candidate scoring, and the region of the best: the first reading of where a
 * page's article lies, which {@link ContentRegion} then widens or narrows by the page's shape.
 *
 * <p>A paragraph (a block of at least {@value #MIN_PARAGRAPH_CHARS} characters outside declared
 * furniture) scores 1, plus 1 per comma, plus 1 per 100 characters up to 3, times the share of its
 * words outside links: running text with clauses scores high, menus and teasers low. Its score goes
 * to the element that holds it in full, to that element's parent in half and to the next ancestor
 * in a sixth; an element's total is then weighted by the share of its words outside links. All
 * constants are Readability's published defaults or round numbers; none is fitted to a site.
 *
 * @param score each element's score, by the element's number in the blocks' paths
 * @param words the words of the blocks under each element
 * @param linked the linked words of the blocks under each element
 * @param furniture the blocks in declared furniture under each element, plus their words
 * @param parent each element's parent, -1 for a root
 * @param depth each element's depth, 0 for a root
 * @param best the best-scoring element
 */
record ParagraphScores(
    double[] score,
    int[] words,
    int[] linked,
    int[] furniture,
    int[] parent,
    int[] depth,
    int best) {
  /**
   * The best-scoring elements after the best among which alternatives to it are looked for
   * (Readability's five top candidates, the best among them).
   */
  static final int TOP_CANDIDATES = 4;

  /** The share of the best score from which an element is an alternative to the best. */
  static final double ALTERNATIVE_SHARE = 0.75;

  /** Alternatives that must lie in one ancestor of the best for it to be the region. */
  static final int MIN_ALTERNATIVES = 3;

  /** Characters from which a block counts as a paragraph. */
  static final int MIN_PARAGRAPH_CHARS = 25;

  /** The share of the best score from which a sibling element joins the region. */
  static final double SIBLING_SHARE = 0.2;

  /** Words from which a sibling paragraph with few links joins the region. */
  static final int SIBLING_WORDS = 15;

  /** The scores of the elements of a page's blocks; null when no element holds a paragraph. */
  static ParagraphScores of(List<TextBlock> blocks) {
    int elements = 0;
    for (TextBlock b : blocks) {
      for (int e : b.path()) {
        elements = Math.max(elements, e + 1);
      }
    }
    if (elements == 0) {
      return null;
    }
    double[] score = new double[elements];
    int[] words = new int[elements];
    int[] linked = new int[elements];
    int[] parent = new int[elements];
    int[] depth = new int[elements];
    int[] furniture = new int[elements];
    for (TextBlock b : blocks) {
      int[] path = b.path();
      for (int k = 0; k < path.length; k++) {
        words[path[k]] += b.words();
        linked[path[k]] += b.linkedWords();
        furniture[path[k]] += b.landmark() == Landmark.BOILERPLATE ? 1 + b.words() : 0;
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
      return null;
    }
    return new ParagraphScores(score, words, linked, furniture, parent, depth, best);
  }

  /**
   * Marks the blocks of the region of element {@code top} (the best, or the ancestor that stands
   * for it): its own blocks and those of the siblings that join it; the words of the kept blocks
   * inside it.
   */
  long markRegion(List<TextBlock> blocks, boolean[] content, int top, boolean[] inRegion) {
    double topScore = score[top];
    int topDepth = depth[top];
    int topParent = parent[top];
    long regionWords = 0;
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      int[] path = b.path();
      inRegion[i] = false;
      if (path.length > topDepth) {
        int at = path[topDepth];
        inRegion[i] =
            at == top
                || (topParent >= 0
                    && parent[at] == topParent
                    && (score[at] >= SIBLING_SHARE * topScore
                        || (words[at] >= SIBLING_WORDS
                            && linked[at] * 4 < words[at]
                            && !b.listItem())
                        || (path.length == topDepth + 1
                            && linked[at] == 0
                            && (b.heading() || ContentRegion.endsSentence(b.text())))));
      }
      if (content[i] && inRegion[i]) {
        regionWords += b.words();
      }
    }
    return regionWords;
  }

  /**
   * Adds to the region of element {@code top} (the best) the elements beside its wrappers that
   * score like a part of the article. The best element is often the innermost of a run of wrappers,
   * each the only child with text of the next (a body in a column in a layout cell); its siblings
   * are then none, and a box of the article's own paragraphs beside the outermost wrapper (a second
   * section, a box about the project a press release announces) stays out. As Readability moves up
   * from an only child before it joins siblings, an element beside the outermost wrapper joins when
   * its best-scoring part scores at least {@value #SIBLING_SHARE} of the best and it has few links,
   * bar what is named as furniture (a comment list, related posts). The page's own parts (the
   * children of its body: a template's header, a footer) never join: they are the page, not the
   * article.
   */
  void joinBesideWrapper(List<TextBlock> blocks, int top, boolean[] inRegion) {
    double topScore = score[top];
    int up = top;
    while (parent[up] >= 0 && depth[parent[up]] > 0 && words[parent[up]] == words[up]) {
      up = parent[up];
    }
    if (up == top || parent[up] < 0 || depth[parent[up]] == 0) {
      return;
    }
    // each element's best score, its descendants' included: a box's paragraphs lie deeper in it
    // than the scoring reaches
    double[] most = score.clone();
    for (int e = most.length - 1; e > 0; e--) {
      if (parent[e] >= 0 && depth[e] > 0) {
        most[parent[e]] = Math.max(most[parent[e]], most[e]);
      }
    }
    int at = depth[up];
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      int[] path = b.path();
      if (inRegion[i] || path.length <= at) {
        continue;
      }
      int beside = path[at];
      inRegion[i] =
          beside != up
              && parent[beside] == parent[up]
              && most[beside] >= SIBLING_SHARE * topScore
              && linked[beside] * 4 < words[beside]
              && !(b.named() >= 0 && depth[b.named()] >= at);
    }
  }

  /**
   * The element that holds the article when the best-scoring one is only a part of it, as
   * Readability chooses: when at least {@value #MIN_ALTERNATIVES} of the {@value #TOP_CANDIDATES}
   * best-scoring elements after it score at least {@value #ALTERNATIVE_SHARE} of it, the first of
   * its ancestors that {@value #MIN_ALTERNATIVES} of them lie in. An article whose paragraphs are
   * split between its own element and a nested list or section (a description, then a list of
   * options each with its paragraphs) otherwise comes out as whichever part scores a little higher,
   * and an edit of a word or a comma flips the choice.
   */
  int sharedAncestor() {
    int[] top = new int[TOP_CANDIDATES];
    Arrays.fill(top, -1);
    for (int e = 0; e < score.length; e++) {
      if (e == best || score[e] <= 0) {
        continue;
      }
      for (int k = 0; k < top.length; k++) {
        if (top[k] < 0 || score[e] > score[top[k]]) {
          System.arraycopy(top, k, top, k + 1, top.length - k - 1);
          top[k] = e;
          break;
        }
      }
    }
    int alternatives = 0;
    for (int k = 0; k < top.length; k++) {
      if (top[k] >= 0 && score[top[k]] >= ALTERNATIVE_SHARE * score[best]) {
        top[alternatives++] = top[k];
      }
    }
    if (alternatives < MIN_ALTERNATIVES) {
      return best;
    }
    for (int up = parent[best]; up >= 0 && depth[up] > 0; up = parent[up]) {
      int holding = 0;
      for (int k = 0; k < alternatives; k++) {
        for (int a = parent[top[k]]; a >= 0; a = parent[a]) {
          if (a == up) {
            holding++;
            break;
          }
        }
      }
      if (holding >= MIN_ALTERNATIVES) {
        return up;
      }
    }
    return best;
  }

  private static int commas(String text) {
    int c = 0;
    for (char comma : COMMAS) {
      // String.indexOf searches many characters at once, and at once finds none beyond Latin-1
      // in a Latin-1 string
      for (int i = text.indexOf(comma); i >= 0; i = text.indexOf(comma, i + 1)) {
        c++;
      }
    }
    return c;
  }

  /** Commas of Latin, Arabic and East Asian scripts. */
  private static final char[] COMMAS = {',', '،', '、', '，'};
}
