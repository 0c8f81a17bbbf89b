package io.neardup.web.boilerplate;

import java.util.Locale;

/**
 * How much of a page's text is kept: all of it, or its content blocks found per page or per site.
 */
public enum Boilerplate {
  /** Every visible text block is kept: the page's text as a browser shows it. */
  NONE,
  /** Each page on its own: blocks classified by {@link BlockClassifier}, content kept. */
  LOCAL,
  /**
   * The blocks common to the pages of a site directory removed first ({@link SiteTemplates}, learnt
   * in a pass over all pages), then {@link #LOCAL} on the rest; pages of groups too small to learn
   * from get {@link #LOCAL} only.
   */
  SITE;

  /** The default for HTML input. */
  public static final Boilerplate DEFAULT = SITE;

  /** The name users write, e.g. {@code local}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a name.
   *
   * @throws IllegalArgumentException naming the accepted values
   */
  public static Boilerplate parse(String name) {
    for (Boilerplate b : values()) {
      if (b.toString().equals(name)) {
        return b;
      }
    }
    throw new IllegalArgumentException(
        "boilerplate must be one of [none, local, site], got [" + name + "]");
  }
}
