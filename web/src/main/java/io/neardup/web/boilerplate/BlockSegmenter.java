package io.neardup.web.boilerplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

/**
 * Cuts a DOM into {@link TextBlock}s in document order: every block-level element (paragraph,
 * heading, list item, table cell, division, ...) starts and ends a block, inline elements ({@code
 * <a>}, {@code <em>}, {@code <code>}, ...) do not. Text that is never shown is left out: scripts,
 * styles, form controls, embedded objects and elements marked {@code hidden}, {@code
 * aria-hidden="true"} or {@code display: none}.
 *
 * <p>Not thread-safe: one segmenter per thread, reused page after page.
 */
public final class BlockSegmenter {
  private static final Set<String> BLOCK_TAGS =
      Set.of(
          "address",
          "article",
          "aside",
          "blockquote",
          "body",
          "caption",
          "center",
          "dd",
          "details",
          "dialog",
          "dir",
          "div",
          "dl",
          "dt",
          "fieldset",
          "figcaption",
          "figure",
          "footer",
          "form",
          "h1",
          "h2",
          "h3",
          "h4",
          "h5",
          "h6",
          "header",
          "hgroup",
          "hr",
          "html",
          "legend",
          "li",
          "main",
          "menu",
          "nav",
          "ol",
          "p",
          "pre",
          "section",
          "summary",
          "table",
          "tbody",
          "td",
          "tfoot",
          "th",
          "thead",
          "tr",
          "ul");

  private static final Set<String> INVISIBLE_TAGS =
      Set.of(
          "head",
          "script",
          "style",
          "noscript",
          "template",
          "svg",
          "math",
          "iframe",
          "object",
          "embed",
          "canvas",
          "audio",
          "video",
          "map",
          "select",
          "option",
          "button",
          "input",
          "textarea",
          "datalist",
          "meter",
          "progress");

  /**
   * ARIA roles of the controls that {@link #INVISIBLE_TAGS} leaves out in their native form: a
   * scripted dropdown's list and its choices ("Most recent", "Oldest first"), a combo box, a
   * slider, a spin button, a progress bar or meter are interface, not text, as a {@code <select>}
   * is.
   */
  private static final Set<String> CONTROL_ROLES =
      Set.of("listbox", "option", "combobox", "slider", "spinbutton", "progressbar", "meter");

  /**
   * ARIA roles of page furniture: the landmarks of navigation, banner, footer, sidebar and search,
   * dialogs (a cookie consent, a sign-up or a share box over the page, not its text) and messages
   * to the user (alerts, status lines such as "Added to your cart", tooltips).
   */
  private static final Set<String> BOILERPLATE_ROLES =
      Set.of(
          "navigation",
          "banner",
          "contentinfo",
          "complementary",
          "search",
          "dialog",
          "alertdialog",
          "alert",
          "status",
          "tooltip");

  /**
   * schema.org properties (microdata {@code itemprop}) of what a page says about its text rather
   * than the text: its author (a byline, an author's box) and its dates.
   */
  private static final Set<String> ABOUT_PROPERTIES =
      Set.of("author", "datePublished", "dateModified");

  private final StringBuilder text = new StringBuilder();
  private Shown shown = Shown.BROWSER;
  private List<TextBlock> blocks;
  private int words;
  private int linkedWords;
  private int linkDepth;
  private int headingDepth;
  private int listDepth;
  private int mainDepth;
  private int boilerplateDepth;

  /**
   * The furniture depths that each open main region suspends: a page's main region is never part of
   * its furniture (HTML does not allow {@code <main>} in a {@code <nav>}, {@code <aside>}, {@code
   * <header>} or {@code <footer>}), so furniture around it is an element left unclosed (a banner
   * whose end tag is missing holds the rest of the page), not what its text is.
   */
  private int[] suspended = new int[4];

  private int mainOpen;
  private int sectioningDepth;
  private int formDepth;
  private int form;
  private boolean blockHeading;
  private boolean blockListItem;
  private boolean blockTime;
  private Landmark blockLandmark;
  private int blockForm;
  private int[] tables = new int[8];
  private int tableDepth;
  private int blockTable;
  private int[] elements = new int[64];
  private int elementDepth;
  private int nextElement;

  /** What of a page's markup counts as shown. */
  public enum Shown {
    /** What a browser shows: no {@code <noscript>}, no element marked hidden. */
    BROWSER,
    /** What a client that runs no scripts shows: {@code <noscript>} too. */
    WITHOUT_SCRIPTS,
    /**
     * Also what is marked hidden until a script moves or reveals it (streamed server rendering
     * waits in hidden elements for a script to put it in place).
     */
    ALL_TEXT
  }

  /** The text blocks of a page's body (of the whole document if it has none). */
  public List<TextBlock> segment(Element root) {
    return segment(root, Shown.BROWSER);
  }

  /** The text blocks of a page's body, with what counts as shown. */
  public List<TextBlock> segment(Element root, Shown shown) {
    this.shown = shown;
    blocks = new ArrayList<>();
    reset();
    linkDepth = headingDepth = listDepth = mainDepth = boilerplateDepth = sectioningDepth = 0;
    mainOpen = 0;
    formDepth = 0;
    form = -1;
    tableDepth = 0;
    elementDepth = nextElement = 0;
    root.filter(new Filter());
    flush();
    List<TextBlock> result = blocks;
    blocks = null;
    return result;
  }

  private final class Filter implements NodeFilter {
    @Override
    public FilterResult head(Node node, int depth) {
      if (node instanceof TextNode t) {
        append(t.getWholeText());
        return FilterResult.CONTINUE;
      }
      if (!(node instanceof Element e)) {
        return FilterResult.CONTINUE; // comments, doctype, data
      }
      String tag = e.normalName();
      if ((INVISIBLE_TAGS.contains(tag) && !(shown != Shown.BROWSER && tag.equals("noscript")))
          || (shown != Shown.ALL_TEXT && hidden(e))
          || CONTROL_ROLES.contains(e.attr("role").trim().toLowerCase(Locale.ROOT))) {
        return FilterResult.SKIP_ENTIRELY;
      }
      if (BLOCK_TAGS.contains(tag)) {
        flush();
        if (elementDepth == elements.length) {
          elements = java.util.Arrays.copyOf(elements, 2 * elementDepth);
        }
        elements[elementDepth++] = nextElement++;
      } else if (tag.equals("br") || tag.equals("img") || tag.equals("wbr")) {
        append(" ");
      }
      enter(e, tag, +1);
      return FilterResult.CONTINUE;
    }

    @Override
    public FilterResult tail(Node node, int depth) {
      if (node instanceof Element e) {
        String tag = e.normalName();
        enter(e, tag, -1);
        if (BLOCK_TAGS.contains(tag)) {
          flush();
          elementDepth--;
        }
      }
      return FilterResult.CONTINUE;
    }
  }

  /** Counts an element in (+1) or out (-1) of the context of the text inside it. */
  private void enter(Element e, String tag, int step) {
    if (tag.equals("time") && step > 0) {
      blockTime = true;
    }
    if (tag.equals("a") && e.hasAttr("href")) {
      linkDepth += step;
    }
    if (tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6') {
      headingDepth += step;
    }
    if (tag.equals("li") || tag.equals("dt") || tag.equals("dd")) {
      listDepth += step;
    }
    switch (landmark(e, tag)) {
      case MAIN -> {
        mainDepth += step;
        if (step > 0) {
          if (mainOpen == suspended.length) {
            suspended = java.util.Arrays.copyOf(suspended, 2 * mainOpen);
          }
          suspended[mainOpen++] = boilerplateDepth;
          boilerplateDepth = 0;
        } else if (mainOpen > 0) {
          boilerplateDepth = suspended[--mainOpen];
        }
      }
      case BOILERPLATE -> boilerplateDepth += step;
      case NONE -> {}
    }
    if (tag.equals("article") || tag.equals("section")) {
      sectioningDepth += step;
    }
    if (tag.equals("table")) {
      if (step > 0) {
        if (tableDepth == tables.length) {
          tables = java.util.Arrays.copyOf(tables, 2 * tableDepth);
        }
        tables[tableDepth++] = elements[elementDepth - 1];
      } else {
        tableDepth--;
      }
    }
    if (tag.equals("form")) {
      if (step > 0 && formDepth == 0) {
        form = elements[elementDepth - 1];
      }
      formDepth += step;
      if (formDepth == 0) {
        form = -1;
      }
    }
  }

  private Landmark landmark(Element e, String tag) {
    String role = e.attr("role").trim().toLowerCase(Locale.ROOT);
    if (tag.equals("main") || role.equals("main")) {
      return Landmark.MAIN;
    }
    if (tag.equals("nav")
        || tag.equals("aside")
        || tag.equals("dialog")
        || tag.equals("figcaption")
        || BOILERPLATE_ROLES.contains(role)) {
      return Landmark.BOILERPLATE;
    }
    if (tag.equals("header")) {
      // the header of an article or section is part of it; leaving the element sees the same
      // depths as entering it did, since it holds both ends of what it contains
      return sectioningDepth == 0 && mainDepth == 0 ? Landmark.BOILERPLATE : Landmark.NONE;
    }
    if (tag.equals("footer")) {
      // a page's footer, and an article's or section's own: its tags, sharing links and author
      return Landmark.BOILERPLATE;
    }
    if (e.hasAttr("itemprop") && hasToken(e.attr("itemprop"), ABOUT_PROPERTIES)) {
      return Landmark.BOILERPLATE;
    }
    return Landmark.NONE;
  }

  /** Whether a space-separated attribute value holds one of {@code tokens}. */
  private static boolean hasToken(String value, Set<String> tokens) {
    for (String token : value.trim().split("\\s+")) {
      if (tokens.contains(token)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hidden(Element e) {
    if (e.hasAttr("hidden") || e.attr("aria-hidden").equalsIgnoreCase("true")) {
      return true;
    }
    if (e.normalName().equals("dialog") && !e.hasAttr("open")) {
      return true; // browsers show a dialog only when it is open
    }
    String style = e.attr("style");
    if (style.isEmpty()) {
      return false;
    }
    String compact = style.replace(" ", "").toLowerCase(Locale.ROOT);
    return compact.contains("display:none") || compact.contains("visibility:hidden");
  }

  private void append(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c) || c == '\u00a0') {
        if (text.length() > 0 && text.charAt(text.length() - 1) != ' ') {
          text.append(' ');
        }
        continue;
      }
      if (text.length() == 0 || text.charAt(text.length() - 1) == ' ') {
        if (text.length() == 0) {
          blockHeading = headingDepth > 0;
          blockListItem = listDepth > 0;
          blockForm = form;
          blockTable = tableDepth > 0 ? tables[tableDepth - 1] : -1;
          blockLandmark =
              boilerplateDepth > 0
                  ? Landmark.BOILERPLATE
                  : mainDepth > 0 ? Landmark.MAIN : Landmark.NONE;
        }
        if (startsWord(s, i)) {
          words++;
          if (linkDepth > 0) {
            linkedWords++;
          }
        }
      }
      text.append(c);
    }
  }

  /** Whether the whitespace-separated token starting at {@code i} holds a letter or digit. */
  private static boolean startsWord(String s, int i) {
    for (int j = i; j < s.length(); j++) {
      char c = s.charAt(j);
      if (Character.isWhitespace(c) || c == '\u00a0') {
        return false;
      }
      if (Character.isLetterOrDigit(c)) {
        return true;
      }
    }
    return false;
  }

  private void flush() {
    int end = text.length();
    if (end > 0 && text.charAt(end - 1) == ' ') {
      text.setLength(--end);
    }
    if (end > 0) {
      String t = text.toString();
      int[] wrap = wrap(t);
      blocks.add(
          new TextBlock(
              t,
              words,
              linkedWords,
              wrap[0],
              wrap[1],
              blockHeading,
              blockListItem,
              // a line shorter than a sentence that leads into text, around a machine-readable
              // date, is a dateline ("Published <time>May 1, 2025</time>", "jane | 2 days ago")
              blockTime && words < BlockClassifier.MIN_LEAD_WORDS
                  ? Landmark.BOILERPLATE
                  : blockLandmark,
              java.util.Arrays.copyOf(elements, elementDepth),
              blockForm,
              blockTable));
    }
    reset();
  }

  private void reset() {
    text.setLength(0);
    words = 0;
    linkedWords = 0;
    blockHeading = false;
    blockListItem = false;
    blockTime = false;
    blockLandmark = Landmark.NONE;
    blockForm = -1;
    blockTable = -1;
  }

  /**
   * Word-wraps the text at {@link TextBlock#WRAP_WIDTH} columns.
   *
   * @return the number of lines and the number of words on all lines but the last
   */
  static int[] wrap(String t) {
    int lines = 1;
    int column = 0;
    int wordsOnLine = 0;
    int wordsBefore = 0;
    int i = 0;
    while (i < t.length()) {
      int space = t.indexOf(' ', i);
      int end = space < 0 ? t.length() : space;
      int length = end - i;
      if (column > 0 && column + 1 + length > TextBlock.WRAP_WIDTH) {
        lines++;
        wordsBefore += wordsOnLine;
        wordsOnLine = 0;
        column = 0;
      }
      column += (column > 0 ? 1 : 0) + length;
      wordsOnLine++;
      i = end + 1;
    }
    return new int[] {lines, wordsBefore};
  }
}
