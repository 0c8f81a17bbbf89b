package io.neardup.web.boilerplate;

import java.util.Locale;

/**
 * Why the extraction kept or dropped a text block: the step of {@link MainTextExtractor} that
 * decided it last (a later step may overturn an earlier one: a block the text features keep is
 * dropped when it lies outside the content region). {@link MainTextExtractor#explain} gives one per
 * block; {@code --keep-text}'s {@code blocks.tsv} and the HTML report show them, so what they say
 * is what the extraction did.
 */
public enum BlockReason {
  /** {@link Boilerplate#NONE}: every block is kept. */
  ALL_TEXT(true, "all text: no boilerplate removal"),
  /** {@link Boilerplate#SITE}: the block recurs on many pages of its site group. */
  TEMPLATE(false, "site-wide template: on at least half of its site group's pages"),
  /** Kept by the decision tree over the words and link density of it and its neighbours. */
  TEXT(true, "text features: words and links of it and its neighbours"),
  /** Dropped by the decision tree: more than a third of its words are in links. */
  LINK_DENSE(false, "link-dense: more than a third of its words are in links"),
  /** Dropped by the decision tree: few words, among short or link-dense neighbours. */
  SHORT(false, "text features: short, among short or link-dense blocks"),
  /** Kept by the backward pass: a heading or a sentence that leads into content. */
  LEAD(true, "leads into content: a heading or sentence just before it"),
  /** In a region the page declares as furniture ({@link Landmark#BOILERPLATE}). */
  FURNITURE(false, "declared furniture: nav, aside, page header or footer (or their roles)"),
  /** In the region the page declares as its main content ({@link Landmark#MAIN}). */
  MAIN(true, "in the page's declared main region"),
  /** Link-dense, inside the declared main region. */
  MAIN_LINK_DENSE(false, "link-dense, in the page's declared main region"),
  /** Outside the main region the page declares. */
  OUTSIDE_MAIN(false, "outside the page's declared main region"),
  /** In a form that holds a small share of the page: interface, not text. */
  FORM(false, "in a form: interface, not text"),
  /** Kept by the content region (a page of short lines, or a short entry and its name). */
  REGION(true, "in the content region: the container of the page's paragraphs"),
  /** Outside the content region, the container of the page's paragraphs. */
  OUTSIDE_REGION(false, "outside the content region: the container of the page's paragraphs"),
  /** A heading made of a link whose next block is kept: the title of that text. */
  LINKED_TITLE(true, "a linked heading over kept text: its title (a listing's item, a permalink)"),
  /** A short heading whose next block was dropped: the title of what follows, not text. */
  HEADING_OF_DROPPED(false, "the heading of dropped blocks (related posts, sharing, comments)"),
  /** A short line with a copyright sign: a site's or a picture's notice, not text. */
  NOTICE(false, "a notice: a short line with a copyright sign"),
  /** Too little was kept for an article: the page's own text is its main text. */
  NO_ARTICLE(true, "no article (under 20 words kept): the page's text is kept"),
  /** Kept by the learned block model against the steps before it. */
  MODEL_KEPT(true, "the learned block model: text, from its features and its neighbours'"),
  /** Dropped by the learned block model against the steps before it. */
  MODEL_DROPPED(false, "the learned block model: not text, from its features and its neighbours'"),
  /**
   * A heading of the main region over kept text: a reference entry's signature. Last, so that the
   * numbers of the reasons before it, which the learned model reads, stay as it was trained on.
   */
  MAIN_HEADING(true, "a heading of the main region over kept text (an entry's signature)"),
  /** A customer's review on a page that declares itself one product: its reply, not its text. */
  REVIEW(false, "a review on a product's page: one of a list of posts after its own text"),
  /** The words of a kept block before it, again: a second rendering of the same thing. */
  REPEATED(false, "repeats a kept block before it word for word: a second rendering, not text"),
  /**
   * In an element whose class or id names furniture (comments, related posts, sharing, a newsletter
   * box) beside a text that outweighs it.
   */
  NAMED(false, "in an element named as furniture (comments, related, share, newsletter)"),

  /** After the article body the page declares (schema.org's articleBody) or names. */
  AFTER_ARTICLE_BODY(
      false,
      "after the end of the article body the page declares (schema.org articleBody) or names"),
  /**
   * One of the few short lines that close the article body the page declares or names, after its
   * last paragraph: a source, a credit, a prompt to share.
   */
  ARTICLE_BODY_TAIL(
      false,
      "a short line closing the article body the page declares or names, after its last"
          + " paragraph (a source, a credit, a prompt)"),
  /** A short line before the article body the page declares or names: a dateline, a byline. */
  BEFORE_ARTICLE_BODY(
      false, "a short line before the article body the page declares or names (a byline, a date)");

  private final boolean kept;
  private final String description;

  BlockReason(boolean kept, String description) {
    this.kept = kept;
    this.description = description;
  }

  /** Whether a block with this reason is kept as main text. */
  public boolean kept() {
    return kept;
  }

  /** The reason in words, for people. */
  public String description() {
    return description;
  }

  /** The reason as a short name, e.g. {@code link-dense}, for tables and scripts. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
