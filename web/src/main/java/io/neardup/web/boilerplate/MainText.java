package io.neardup.web.boilerplate;

import java.util.List;

/**
 * What a page yields: its blocks, which of them are content, and the content as one text.
 *
 * @param text the content blocks' texts, one per line
 * @param blocks every text block of the page, in order
 * @param content for each block, whether it is content
 * @param contentWords the words of the content blocks
 * @param totalWords the words of all blocks
 */
public record MainText(
    String text, List<TextBlock> blocks, boolean[] content, int contentWords, int totalWords) {

  /**
   * The fraction of the page's words that are boilerplate, in [0, 1]; 0 for a page without words.
   * The least-boilerplate copy of a page is the natural canonical one.
   */
  public double boilerplateFraction() {
    return totalWords == 0 ? 0 : 1 - (double) contentWords / totalWords;
  }
}
