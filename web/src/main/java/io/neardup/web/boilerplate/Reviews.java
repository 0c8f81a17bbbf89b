package io.neardup.web.boilerplate;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The customers' reviews on a page that declares itself one product (OpenGraph's {@code og:type}
 * {@code product} or {@code product.item}): a list of posts below the product's own text, each
 * opening with a short line (its author, its rating, its date) over a paragraph. They are the
 * product's replies as comments are an article's, written in sentences and often longer than the
 * product's description, so the text features keep them and they may take the content region; they
 * are not the page's text. A forum's thread, whose page declares no product, is left alone.
 *
 * <p>A list of reviews is an element of which at least {@value #MIN_REVIEWS} children open the same
 * way (the depths below the child of their first {@value #SHAPE_LINES} lines with words, and which
 * of them are headings: one template renders every review) and each opens with a line that is not a
 * heading and is shorter than a sentence, and holds a kept paragraph after it; and the list begins
 * after the page's first kept paragraph (the product's description comes first). A product's own
 * sections, each a heading over its paragraph, open with a heading and stay; so does a list whose
 * first child holds the page's first paragraph.
 */
final class Reviews {
  /** Reviews side by side from which they are a list. */
  static final int MIN_REVIEWS = 3;

  /** The lines with words whose depths and kinds give the shape a child opens with. */
  static final int SHAPE_LINES = 3;

  /** Words from which a block of running text is a paragraph (a review's body). */
  static final int PARAGRAPH_WORDS = 2 * BlockClassifier.MIN_LEAD_WORDS;

  private Reviews() {}

  /**
   * Clears the kept blocks of the reviews on a page that declares itself one product, unless fewer
   * than {@value BlockClassifier#MIN_TEXT_WORDS} kept words would be left.
   *
   * @return whether any block was cleared
   */
  static boolean drop(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    if (n == 0 || blocks.get(0).pageType() != PageType.PRODUCT) {
      return false;
    }
    int elements = 0;
    for (TextBlock b : blocks) {
      for (int e : b.path()) {
        elements = Math.max(elements, e + 1);
      }
    }
    int[] parent = new int[elements];
    Arrays.fill(parent, -1);
    long[] shape = new long[elements];
    int[] lines = new int[elements];
    int[] first = new int[elements];
    Arrays.fill(first, -1);
    boolean[] opensShort = new boolean[elements];
    boolean[] post = new boolean[elements];
    int firstParagraph = -1;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      int[] path = b.path();
      for (int k = 1; k < path.length; k++) {
        parent[path[k]] = path[k - 1];
      }
      if (b.words() == 0 || b.landmark() == Landmark.BOILERPLATE) {
        continue;
      }
      boolean paragraph = content[i] && b.words() >= PARAGRAPH_WORDS && ContentRegion.isText(b);
      if (paragraph && firstParagraph < 0) {
        firstParagraph = i;
      }
      for (int k = 0; k < path.length; k++) {
        int e = path[k];
        if (first[e] < 0) {
          first[e] = i;
          opensShort[e] = !b.heading() && b.words() < PARAGRAPH_WORDS;
        }
        if (lines[e] < SHAPE_LINES) {
          // each line's depth below the element and whether it is a heading, in 7 bits
          shape[e] = shape[e] << 7 | Math.min(path.length - k, 63) << 1 | (b.heading() ? 1 : 0);
        }
        // a paragraph after the line the element opens with
        post[e] |= paragraph && lines[e] > 0 && opensShort[e];
        lines[e]++;
      }
    }
    Map<Long, Integer> alike = new HashMap<>();
    for (int e = 0; e < elements; e++) {
      if (post[e] && parent[e] >= 0) {
        alike.merge(key(parent[e], shape[e]), 1, Integer::sum);
      }
    }
    if (alike.isEmpty()) {
      return false;
    }
    boolean[] review = new boolean[n];
    long kept = 0;
    long dropped = 0;
    for (int i = 0; i < n; i++) {
      int[] path = blocks.get(i).path();
      for (int k = 1; k < path.length && !review[i]; k++) {
        int e = path[k];
        review[i] =
            post[e]
                && alike.get(key(parent[e], shape[e])) >= MIN_REVIEWS
                && first[parent[e]] > firstParagraph;
      }
      if (content[i]) {
        kept += blocks.get(i).words();
        dropped += review[i] ? blocks.get(i).words() : 0;
      }
    }
    if (dropped == 0 || kept - dropped < BlockClassifier.MIN_TEXT_WORDS) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      content[i] &= !review[i];
    }
    return true;
  }

  /** An element's parent and its shape, as one key. */
  private static long key(int parent, long shape) {
    return shape << 32 | parent;
  }
}
