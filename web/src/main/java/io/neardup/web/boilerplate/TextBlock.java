package io.neardup.web.boilerplate;

/**
 * A run of text between two block-level boundaries of the DOM (a paragraph, a list item, a table
 * cell, a heading), with the shallow features it is classified by.
 *
 * @param text the text, whitespace collapsed to single spaces
 * @param words the number of words (runs of letters or digits between spaces)
 * @param linkedWords the number of those words inside links ({@code <a href>})
 * @param wrappedLines the number of lines of {@value #WRAP_WIDTH} columns the text fills when
 *     word-wrapped
 * @param wordsBeforeLastLine the words on those lines but the last
 * @param heading whether the block is a heading ({@code <h1>}–{@code <h6>})
 * @param listItem whether it lies in a list item
 * @param landmark the landmark region it lies in
 * @param path the block-level elements it lies in, outermost first, each by its number in document
 *     order (the last is the element whose text it is): blocks that share a prefix share those
 *     ancestors, which is what {@link ContentRegion} scores
 * @param form the number (as in {@code path}) of the outermost {@code <form>} the block lies in, or
 *     -1
 * @param table the number (as in {@code path}) of the innermost {@code <table>} the block lies in,
 *     or -1
 * @param pageType what the page the block is part of declares itself (OpenGraph's {@code og:type}):
 *     an article's comments and a product's reviews are not their text
 * @param headingLevel the level of the heading ({@code <h1>} is 1, {@code <h6>} 6), 0 if it is no
 *     heading: sections whose headings have one level are parts of one text
 * @param named the number (as in {@code path}) of the innermost element the block lies in whose
 *     class or id names page furniture ("related-posts", "newsletter-signup"), or -1
 * @param preformatted whether it lies in preformatted text ({@code <pre>}): a listing, a command,
 *     what a program printed
 * @param articleBody whether it lies in the article body the page declares (schema.org's {@code
 *     articleBody}: an element marked with it as {@code itemprop}, or text the page's JSON-LD gives
 *     as it) or names (an element whose class or id names an article's body, "entry-content")
 */
public record TextBlock(
    String text,
    int words,
    int linkedWords,
    int wrappedLines,
    int wordsBeforeLastLine,
    boolean heading,
    boolean listItem,
    Landmark landmark,
    int[] path,
    int form,
    int table,
    PageType pageType,
    int headingLevel,
    int named,
    boolean preformatted,
    boolean articleBody) {

  private static final int[] NO_PATH = new int[0];

  /** A block without its place in the DOM (one that {@link ContentRegion} leaves alone). */
  public TextBlock(
      String text,
      int words,
      int linkedWords,
      int wrappedLines,
      int wordsBeforeLastLine,
      boolean heading,
      boolean listItem,
      Landmark landmark) {
    this(
        text,
        words,
        linkedWords,
        wrappedLines,
        wordsBeforeLastLine,
        heading,
        listItem,
        landmark,
        NO_PATH,
        -1,
        -1,
        PageType.OTHER,
        heading ? 1 : 0,
        -1,
        false,
        false);
  }

  /** This block, marked as in the article body the page declares. */
  TextBlock inArticleBody() {
    return new TextBlock(
        text,
        words,
        linkedWords,
        wrappedLines,
        wordsBeforeLastLine,
        heading,
        listItem,
        landmark,
        path,
        form,
        table,
        pageType,
        headingLevel,
        named,
        preformatted,
        true);
  }

  /** The column width of the word wrap behind {@link #textDensity()}, as in the paper. */
  public static final int WRAP_WIDTH = 80;

  /** The fraction of the words that are inside links, 0 for a block with no words. */
  public double linkDensity() {
    return words == 0 ? 0 : (double) linkedWords / words;
  }

  /**
   * Words per wrapped line, not counting the last line (which is usually short) when there is more
   * than one: Kohlschütter et al.'s text density, high for running text and low for short lines of
   * furniture.
   */
  public double textDensity() {
    return wrappedLines <= 1 ? words : (double) wordsBeforeLastLine / (wrappedLines - 1);
  }
}
