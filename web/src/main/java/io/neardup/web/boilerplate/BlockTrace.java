package io.neardup.web.boilerplate;

import java.util.List;

/**
 * Records which step of {@link BlockClassifier#classify} decided each block, from the verdicts
 * after each step: a block's reason is that of the last step that set its verdict (the first and
 * the no-article step set every block; the others only those whose verdict they change). Nothing
 * here decides anything: it reads what the classifier did.
 */
final class BlockTrace {
  /** The steps of the classifier, in order. */
  enum Step {
    TEXT_FEATURES,
    LEAD,
    LANDMARKS,
    FORMS,
    CONTENT_REGION,
    LINKED_TITLES,
    HEADINGS,
    MAIN_HEADINGS,
    NOTICES,
    REVIEWS,
    NO_ARTICLE,
    NO_ARTICLE_CONTAINER,
    MODEL,
    REPEATS,
    NAMED,
    AFTER_ARTICLE_BODY,
    ARTICLE_BODY_TAIL,
    BEFORE_ARTICLE_BODY
  }

  private final List<TextBlock> blocks;
  private final boolean[] last;
  private final BlockReason[] reasons;
  private boolean noArticle;

  BlockTrace(List<TextBlock> blocks) {
    this.blocks = blocks;
    this.last = new boolean[blocks.size()];
    this.reasons = new BlockReason[blocks.size()];
  }

  /** Takes the verdicts after a step. */
  void after(Step step, boolean[] content) {
    noArticle |= step == Step.NO_ARTICLE;
    boolean all = step == Step.TEXT_FEATURES || step == Step.NO_ARTICLE;
    for (int i = 0; i < content.length; i++) {
      if (all || content[i] != last[i]) {
        reasons[i] = reason(step, blocks.get(i), content[i]);
        last[i] = content[i];
      }
    }
  }

  /** Whether the page was found to hold no article (its own text, bar furniture, is kept). */
  boolean noArticle() {
    return noArticle;
  }

  /** The reason of each block, in order. */
  BlockReason[] reasons() {
    return reasons;
  }

  private static BlockReason reason(Step step, TextBlock b, boolean kept) {
    return switch (step) {
      case TEXT_FEATURES ->
          kept
              ? BlockReason.TEXT
              : b.linkDensity() > BlockClassifier.MAX_LINK_DENSITY
                  ? BlockReason.LINK_DENSE
                  : BlockReason.SHORT;
      case LEAD -> BlockReason.LEAD;
      case LANDMARKS ->
          kept
              ? BlockReason.MAIN
              : switch (b.landmark()) {
                case BOILERPLATE -> BlockReason.FURNITURE;
                case MAIN -> BlockReason.MAIN_LINK_DENSE;
                case NONE -> BlockReason.OUTSIDE_MAIN;
              };
      case FORMS -> BlockReason.FORM;
      case LINKED_TITLES -> BlockReason.LINKED_TITLE;
      case NO_ARTICLE_CONTAINER -> BlockReason.OUTSIDE_REGION;
      case HEADINGS -> BlockReason.HEADING_OF_DROPPED;
      case MAIN_HEADINGS -> BlockReason.MAIN_HEADING;
      case NOTICES -> BlockReason.NOTICE;
      case REVIEWS -> BlockReason.REVIEW;
      case REPEATS -> BlockReason.REPEATED;
      case NAMED -> BlockReason.NAMED;
      case AFTER_ARTICLE_BODY -> BlockReason.AFTER_ARTICLE_BODY;
      case ARTICLE_BODY_TAIL -> BlockReason.ARTICLE_BODY_TAIL;
      case BEFORE_ARTICLE_BODY -> BlockReason.BEFORE_ARTICLE_BODY;
      case MODEL -> kept ? BlockReason.MODEL_KEPT : BlockReason.MODEL_DROPPED;
      case CONTENT_REGION -> kept ? BlockReason.REGION : BlockReason.OUTSIDE_REGION;
      case NO_ARTICLE ->
          kept
              ? BlockReason.NO_ARTICLE
              : b.landmark() == Landmark.BOILERPLATE
                  ? BlockReason.FURNITURE
                  : BlockReason.OUTSIDE_MAIN;
    };
  }
}
