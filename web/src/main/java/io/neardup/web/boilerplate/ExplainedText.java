package io.neardup.web.boilerplate;

import java.util.List;

/**
 * A page's main text with why each of its blocks was kept or dropped ({@link
 * MainTextExtractor#explain}).
 *
 * @param main the main text, as {@link MainTextExtractor#extract(List, boolean[])} gives it
 * @param reasons for each block of {@code main.blocks()}, in order, why it was kept or dropped;
 *     {@code reasons.get(i).kept() == main.content()[i]}
 * @param template what became of the page's site template
 */
public record ExplainedText(MainText main, List<BlockReason> reasons, Template template) {

  /** What became of a page's site template. */
  public enum Template {
    /** None was asked for: {@link Boilerplate#LOCAL} or {@link Boilerplate#NONE}. */
    NOT_USED,
    /** {@link Boilerplate#SITE}, but the page's group has none (too few pages to learn from). */
    NONE_LEARNT,
    /** Its blocks were removed, then local removal classified the rest. */
    REMOVED,
    /**
     * It left fewer than 20 words, or no article on a page that has one: local removal alone
     * decided, over all the page's blocks.
     */
    IGNORED
  }
}
