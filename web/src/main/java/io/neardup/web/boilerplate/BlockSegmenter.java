package io.neardup.web.boilerplate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToIntFunction;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

/**
 * Cuts a DOM into {@link TextBlock}s in document order: every block-level element (paragraph,
 * heading, list item, table cell, division, ...) starts and ends a block, inline elements ({@code
 * <a>}, {@code <em>}, {@code <code>}, ...) do not. Text that is never shown is left out: scripts,
 * styles, form controls, embedded objects and elements marked {@code hidden}, {@code
 * aria-hidden="true"} or {@code display: none}. The article body the page declares (schema.org's
 * {@code articleBody}, as {@code itemprop} or in its JSON-LD scripts, see {@link ArticleBody}) or
 * names ({@link #BODY_SUBJECTS}) is marked on its blocks.
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

  /**
   * Words that name page furniture in class and id attributes, in the markup of sites of every kind
   * (a word of a name matches as it is or without a trailing "s"): readers' comments, related and
   * recommended links, sharing and social buttons, newsletter and sign-up boxes, pop-ups, consent
   * notices and disclaimers, authors' bylines and biographies, breadcrumbs, sponsors, navigation
   * and tool bars. Readers' comments are named in the plural: "comment" alone names a comment in
   * code or a deprecation note. Words that name a page's parts by where they sit (sidebar, footer,
   * menu) or by what builds them (widget, module, tag) are not among them: page builders wrap
   * articles in widgets, an article's classes name its tags, and a reference's "tags" are its
   * parameters.
   */
  private static final Set<String> FURNITURE_NAMES =
      Set.of(
          "comments",
          "related",
          "recommended",
          "share",
          "sharing",
          "social",
          "newsletter",
          "subscribe",
          "subscription",
          "signup",
          "popup",
          "consent",
          "disclaimer",
          "bio",
          "byline",
          "breadcrumb",
          "sponsor",
          "sponsored",
          "navigation",
          "toolbar");

  /**
   * Words that name what a page is about in class and id attributes: with one of {@link
   * #BODY_PARTS}, in one name of at most {@value #MAX_NAME_WORDS} words that names no furniture
   * ("entry-content", "post__body", "articleBody", "storytext"), they name an article's body, as
   * content management systems and blog engines of every kind name it for their style sheets.
   */
  private static final String[] BODY_SUBJECTS = {"article", "entry", "post", "story"};

  /** Words that name the body of a {@link #BODY_SUBJECTS subject} ("content" alone names more). */
  private static final String[] BODY_PARTS = {"body", "content", "text"};

  /** The first letters of {@link #BODY_SUBJECTS} and {@link #BODY_PARTS}, as bits from 'a'. */
  private static final int BODY_INITIALS = initials(BODY_SUBJECTS) | initials(BODY_PARTS);

  /** {@link #FURNITURE_NAMES} by their first letter, for a look-up without a string per word. */
  private static final String[][] FURNITURE_BY_LETTER = byLetter(FURNITURE_NAMES);

  /**
   * The most words a name of furniture has: longer ones are a heading's text made an anchor
   * ("what-is-social-shopping") or a list of layout switches, not what the element is.
   */
  private static final int MAX_NAME_WORDS = 3;

  /**
   * The most words an id naming furniture has ("comments", "related-posts"): a document's ids are
   * mostly its sections' and notes' titles made anchors ("notes-on-subscriptions").
   */
  private static final int MAX_ID_WORDS = 2;

  /**
   * The block's text so far, whitespace collapsed: characters written as they are read (a builder
   * widened by one character beyond Latin-1 copies every later character one at a time).
   */
  private char[] text = new char[256];

  private int textLength;

  private static final int MAX_KEPT_BUFFER = 1 << 16;

  /** {@link #kindsOf} each tag name: a page has a few dozen, each of them on many elements. */
  private final Remembered tagKinds = new Remembered(BlockSegmenter::kindsOf);

  /**
   * {@link #nameKinds} of each class attribute: a page gives most of its elements one of a few
   * lists of classes.
   */
  private final Remembered classKinds = new Remembered(v -> nameKinds(v, MAX_NAME_WORDS));

  /** The wrap of the block's words so far, and the length of the word it is in. */
  private final Wrap wrap = new Wrap();

  private int wordLength;
  private final ElementAttributes elementAttributes = new ElementAttributes();
  private Shown shown = Shown.BROWSER;

  /**
   * Whether the last page read had a {@code <noscript>}, an element its markup hides and one its
   * style hides left out.
   */
  private boolean leftOutNoscript;

  private boolean leftOutHidden;
  private boolean leftOutStyled;
  private PageType pageType = PageType.OTHER;
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
  private int headingLevel;
  private int blockHeadingLevel;
  private boolean blockListItem;
  private boolean blockTime;
  private int preDepth;
  private boolean blockPreformatted;
  private int articleBodyDepth;

  /** Whether an element of the page is marked {@code itemprop="articleBody"}. */
  private boolean declaredBody;

  private boolean blockArticleBody;
  private final List<String> linkedData = new ArrayList<>();
  private Landmark blockLandmark;
  private int blockForm;
  private final Elements tables = new Elements();
  private int blockTable;
  private final Elements named = new Elements();
  private int blockNamed;
  private int[] elements = new int[64];
  private int[] open = new int[64];
  private int openDepth;
  private int elementDepth;
  private int nextElement;

  /** What of a page's markup counts as shown. */
  public enum Shown {
    /** What a browser shows: no {@code <noscript>}, no element marked or styled hidden. */
    BROWSER,
    /** What a client that runs no scripts shows: {@code <noscript>} too. */
    WITHOUT_SCRIPTS,
    /**
     * Also what its markup hides until a script moves or reveals it ({@code hidden}, {@code
     * aria-hidden}, a closed {@code <dialog>}): streamed server rendering waits in elements marked
     * {@code hidden} for a script to put it in place.
     */
    STREAMED,
    /**
     * Also what an inline style hides ({@code display: none}, {@code visibility: hidden}): a shop
     * that shows its products only once a script has run, but also a search panel, a menu or a
     * dialog that a script opens on demand.
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
    leftOutNoscript = leftOutHidden = leftOutStyled = false;
    pageType = declaredType(root.ownerDocument());
    blocks = new ArrayList<>();
    if (text.length > MAX_KEPT_BUFFER) {
      text = new char[256]; // a huge page's buffer is not kept for the next
    }
    reset();
    linkDepth = headingDepth = listDepth = mainDepth = boilerplateDepth = sectioningDepth = 0;
    preDepth = 0;
    articleBodyDepth = 0;
    declaredBody = false;
    linkedData.clear();
    Document document = root.ownerDocument();
    if (document != null && document.head() != null && root != document.head()) {
      for (Element script : document.head().getElementsByTag("script")) {
        readLinkedData(script);
      }
    }
    mainOpen = 0;
    formDepth = 0;
    form = -1;
    tables.size = 0;
    named.size = 0;
    elementDepth = nextElement = openDepth = 0;
    root.filter(new Filter());
    flush();
    ArticleBody.mark(blocks, linkedData, declaredBody);
    List<TextBlock> result = blocks;
    blocks = null;
    return result;
  }

  /**
   * Whether reading the last page again with {@code other} would show text that its last reading
   * left out: a page with no {@code <noscript>} and no hidden element reads the same every way.
   */
  public boolean showsMore(Shown other) {
    return other.compareTo(shown) > 0
        && ((leftOutNoscript && other != Shown.BROWSER)
            || (leftOutHidden && other.compareTo(Shown.STREAMED) >= 0)
            || (leftOutStyled && other == Shown.ALL_TEXT));
  }

  /**
   * What a page declares itself in its head: OpenGraph's {@code og:type} (as {@code property} or
   * {@code name}), such as {@code article} (blogs' and news sites' pages) or {@code product}
   * (shops' item pages).
   */
  static PageType declaredType(Document document) {
    if (document == null || document.head() == null) {
      return PageType.OTHER;
    }
    for (Element meta : document.head().getElementsByTag("meta")) {
      String key = meta.hasAttr("property") ? meta.attr("property") : meta.attr("name");
      if (key.equalsIgnoreCase("og:type")) {
        return PageType.of(meta.attr("content"));
      }
    }
    return PageType.OTHER;
  }

  /** Keeps the script's data if it is JSON-LD (structured data: what the page says it holds). */
  private void readLinkedData(Element script) {
    if (script.attr("type").trim().equalsIgnoreCase("application/ld+json")) {
      linkedData.add(script.data());
    }
  }

  /** The schema.org property of the element that holds an article's body. */
  private static final Set<String> ARTICLE_BODY_PROPERTY = Set.of("articleBody");

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
      int kinds = tagKinds.of(tag);
      if ((kinds & TAG_LEFT_OUT) != 0) {
        if ((kinds & TAG_SCRIPT) != 0) {
          readLinkedData(e);
          return FilterResult.SKIP_ENTIRELY;
        }
        if ((kinds & TAG_NOSCRIPT) == 0) {
          return FilterResult.SKIP_ENTIRELY;
        }
        if (shown == Shown.BROWSER) {
          leftOutNoscript = true;
          return FilterResult.SKIP_ENTIRELY;
        }
      }
      ElementAttributes attributes = elementAttributes.read(e);
      if (shown != Shown.ALL_TEXT && attributes.hiddenByStyle()) {
        leftOutStyled = true;
        return FilterResult.SKIP_ENTIRELY;
      }
      if (shown.compareTo(Shown.STREAMED) < 0 && attributes.hiddenByMarkup(kinds)) {
        leftOutHidden = true;
        return FilterResult.SKIP_ENTIRELY;
      }
      if (!attributes.role.isEmpty() && CONTROL_ROLES.contains(attributes.role)) {
        return FilterResult.SKIP_ENTIRELY;
      }
      int context = context(e, kinds, attributes);
      if ((context & BLOCK) != 0) {
        flush();
        if (elementDepth == elements.length) {
          elements = Arrays.copyOf(elements, 2 * elementDepth);
        }
        elements[elementDepth++] = nextElement++;
      } else if ((kinds & TAG_SPACE) != 0) {
        append(" ");
      }
      if ((kinds & TAG_TIME) != 0) {
        blockTime = true;
      }
      if ((context & HEADING) != 0) {
        headingLevel = tag.charAt(1) - '0';
      }
      if (openDepth == open.length) {
        open = Arrays.copyOf(open, 2 * openDepth);
      }
      open[openDepth++] = context;
      enter(context, +1);
      return FilterResult.CONTINUE;
    }

    @Override
    public FilterResult tail(Node node, int depth) {
      if (node instanceof Element) {
        int context = open[--openDepth];
        enter(context, -1);
        if ((context & BLOCK) != 0) {
          flush();
          elementDepth--;
        }
      }
      return FilterResult.CONTINUE;
    }
  }

  // What an element is to the text inside it, decided once on entering it and undone on leaving it.
  private static final int BLOCK = 1;
  private static final int LINK = 1 << 1;
  private static final int HEADING = 1 << 2;
  private static final int LIST = 1 << 3;
  private static final int SECTIONING = 1 << 4;
  private static final int TABLE = 1 << 5;
  private static final int FORM = 1 << 6;
  private static final int MAIN = 1 << 7;
  private static final int FURNITURE = 1 << 8;
  private static final int NAMED = 1 << 9;
  private static final int PRE = 1 << 10;
  private static final int ARTICLE_BODY = 1 << 11;

  /** The context bits a tag gives whatever its attributes. */
  private static final int TAG_CONTEXT = BLOCK | HEADING | LIST | SECTIONING | TABLE | FORM | PRE;

  // What else a tag is, beside its context bits: decided once per tag name (kindsOf).
  private static final int TAG_LEFT_OUT = 1 << 16;
  private static final int TAG_SCRIPT = 1 << 17;
  private static final int TAG_NOSCRIPT = 1 << 18;
  private static final int TAG_SPACE = 1 << 19;
  private static final int TAG_TIME = 1 << 20;
  private static final int TAG_ANCHOR = 1 << 21;
  private static final int TAG_MAIN = 1 << 22;
  private static final int TAG_FURNITURE = 1 << 23;
  private static final int TAG_HEADER = 1 << 24;
  private static final int TAG_DIALOG = 1 << 25;

  /** What a tag is to the text inside it, whatever its attributes: context and TAG_ bits. */
  static int kindsOf(String tag) {
    int kinds = BLOCK_TAGS.contains(tag) ? BLOCK : 0;
    if (isHeading(tag)) {
      kinds |= HEADING;
    }
    if (INVISIBLE_TAGS.contains(tag)) {
      kinds |= TAG_LEFT_OUT;
    }
    kinds |=
        switch (tag) {
          case "li", "dt", "dd" -> LIST;
          case "article", "section" -> SECTIONING;
          case "table" -> TABLE;
          case "form" -> FORM;
          case "pre" -> PRE;
          case "script" -> TAG_SCRIPT;
          case "noscript" -> TAG_NOSCRIPT;
          case "br", "img" -> TAG_SPACE;
          case "time" -> TAG_TIME;
          case "a" -> TAG_ANCHOR;
          case "main" -> TAG_MAIN;
          case "nav", "aside", "figcaption", "footer" -> TAG_FURNITURE;
          case "dialog" -> TAG_FURNITURE | TAG_DIALOG;
          case "header" -> TAG_HEADER;
          default -> 0;
        };
    return kinds;
  }

  /**
   * Whether an element opens with a heading: one of its first three children is one (the heading
   * may follow an empty anchor or two, {@code <span id=...></span><h2>}). Its id is then its
   * title's anchor ("related-work", "comments"), as a heading's own id is.
   */
  private static boolean opensWithHeading(Element e) {
    Element child = e.firstElementChild();
    for (int k = 0; k < 3 && child != null; k++, child = child.nextElementSibling()) {
      if (isHeading(child.normalName())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isHeading(String tag) {
    return tag.length() == 2
        && tag.charAt(0) == 'h'
        && tag.charAt(1) >= '1'
        && tag.charAt(1) <= '6';
  }

  /**
   * An attribute value's kinds, remembered for the last values seen, by the slot of their hash: no
   * map, no object per look-up.
   */
  private static final class Remembered {
    private final ToIntFunction<String> kinds;
    private final String[] values = new String[64];
    private final int[] kindsOf = new int[64];

    Remembered(ToIntFunction<String> kinds) {
      this.kinds = kinds;
    }

    int of(String value) {
      int slot = value.hashCode() & (values.length - 1);
      if (!value.equals(values[slot])) {
        values[slot] = value;
        kindsOf[slot] = kinds.applyAsInt(value);
      }
      return kindsOf[slot];
    }
  }

  private int context(Element e, int kinds, ElementAttributes attributes) {
    int context = kinds & TAG_CONTEXT;
    if ((kinds & TAG_ANCHOR) != 0 && attributes.href) {
      context |= LINK;
    }
    if (attributes.itemprop != null && hasToken(attributes.itemprop, ARTICLE_BODY_PROPERTY)) {
      context |= ARTICLE_BODY;
      declaredBody = true;
    }
    if ((context & BLOCK) != 0) {
      int classKinds =
          attributes.className.isEmpty() ? 0 : this.classKinds.of(attributes.className);
      int idKinds = attributes.id.isEmpty() ? 0 : nameKinds(attributes.id, MAX_ID_WORDS);
      if ((classKinds & FURNITURE_NAME) != 0
          || ((idKinds & FURNITURE_NAME) != 0
              && (context & HEADING) == 0
              && !opensWithHeading(e))) {
        context |= NAMED;
      }
      if (((classKinds | idKinds) & BODY_NAME) != 0) {
        context |= ARTICLE_BODY;
      }
    }
    return switch (landmark(kinds, attributes)) {
      case MAIN -> context | MAIN;
      case BOILERPLATE -> context | FURNITURE;
      case NONE -> context;
    };
  }

  /** Counts an element's context in (+1) or out (-1) of the text inside it. */
  private void enter(int context, int step) {
    if ((context & LINK) != 0) {
      linkDepth += step;
    }
    if ((context & HEADING) != 0) {
      headingDepth += step;
    }
    if ((context & LIST) != 0) {
      listDepth += step;
    }
    if ((context & MAIN) != 0) {
      mainDepth += step;
      if (step > 0) {
        if (mainOpen == suspended.length) {
          suspended = Arrays.copyOf(suspended, 2 * mainOpen);
        }
        suspended[mainOpen++] = boilerplateDepth;
        boilerplateDepth = 0;
      } else if (mainOpen > 0) {
        boilerplateDepth = suspended[--mainOpen];
      }
    }
    if ((context & FURNITURE) != 0) {
      boilerplateDepth += step;
    }
    if ((context & SECTIONING) != 0) {
      sectioningDepth += step;
    }
    if ((context & PRE) != 0) {
      preDepth += step;
    }
    if ((context & ARTICLE_BODY) != 0) {
      articleBodyDepth += step;
    }
    if ((context & TABLE) != 0) {
      tables.enter(step, elements[elementDepth - 1]);
    }
    if ((context & NAMED) != 0) {
      named.enter(step, elements[elementDepth - 1]);
    }
    if ((context & FORM) != 0) {
      if (step > 0 && formDepth == 0) {
        form = elements[elementDepth - 1];
      }
      formDepth += step;
      if (formDepth == 0) {
        form = -1;
      }
    }
  }

  private Landmark landmark(int kinds, ElementAttributes attributes) {
    String role = attributes.role;
    if ((kinds & TAG_MAIN) != 0 || role.equals("main")) {
      return Landmark.MAIN;
    }
    // a page's footer, and an article's or section's own: its tags, sharing links and author
    if ((kinds & TAG_FURNITURE) != 0 || (!role.isEmpty() && BOILERPLATE_ROLES.contains(role))) {
      return Landmark.BOILERPLATE;
    }
    if ((kinds & TAG_HEADER) != 0) {
      // the header of an article or section is part of it
      return sectioningDepth == 0 && mainDepth == 0 ? Landmark.BOILERPLATE : Landmark.NONE;
    }
    if (attributes.itemprop != null && hasToken(attributes.itemprop, ABOUT_PROPERTIES)) {
      return Landmark.BOILERPLATE;
    }
    return Landmark.NONE;
  }

  /** What a name in a class or id attribute names: furniture, an article's body. */
  static final int FURNITURE_NAME = 1;

  static final int BODY_NAME = 2;

  /**
   * What a class or id attribute's value names, as {@link #FURNITURE_NAME} and {@link #BODY_NAME}
   * bits. Its names are its space-separated parts; a name's words are its runs of letters, split
   * where a lower-case letter meets an upper-case one (as in "relatedPosts"). A name names
   * furniture if it has at most {@code maxFurnitureWords} words, one of them among {@link
   * #FURNITURE_NAMES}; a body if it has at most {@value #MAX_NAME_WORDS} words, none of them
   * furniture, among which a {@link #BODY_SUBJECTS subject} and a {@link #BODY_PARTS part}, or one
   * that is both ("articlebody").
   */
  static int nameKinds(String value, int maxFurnitureWords) {
    int kinds = 0;
    int n = value.length();
    int i = 0;
    while (i < n) {
      while (i < n && value.charAt(i) <= ' ') {
        i++;
      }
      int words = 0;
      boolean furniture = false;
      int body = 0;
      while (i < n && value.charAt(i) > ' ') {
        if (!isAsciiLetter(value.charAt(i))) {
          i++;
          continue;
        }
        int start = i;
        i++;
        while (i < n
            && isAsciiLetter(value.charAt(i))
            && !(value.charAt(i) <= 'Z' && value.charAt(i - 1) >= 'a')) {
          i++;
        }
        words++;
        furniture = furniture || isFurnitureWord(value, start, i);
        body |= bodyWord(value, start, i);
      }
      if (furniture && words <= maxFurnitureWords) {
        kinds |= FURNITURE_NAME;
      }
      if (!furniture && body == (SUBJECT | PART) && words <= MAX_NAME_WORDS) {
        kinds |= BODY_NAME;
      }
    }
    return kinds;
  }

  private static final int SUBJECT = 1;
  private static final int PART = 2;

  /**
   * Whether the letters of {@code value} from {@code start} to {@code end} are a {@link
   * #BODY_SUBJECTS subject} ({@link #SUBJECT}), a {@link #BODY_PARTS part} ({@link #PART}) or a
   * subject followed by a part (both).
   */
  private static int bodyWord(String value, int start, int end) {
    if ((BODY_INITIALS >>> ((value.charAt(start) | 0x20) - 'a') & 1) == 0) {
      return 0; // most words of class names: no subject or part begins so
    }
    int part = startsWith(value, start, end, BODY_PARTS) == end ? PART : 0;
    int afterSubject = startsWith(value, start, end, BODY_SUBJECTS);
    if (afterSubject == end) {
      return SUBJECT | part;
    }
    if (afterSubject > start && startsWith(value, afterSubject, end, BODY_PARTS) == end) {
      return SUBJECT | PART;
    }
    return part;
  }

  /**
   * Where the first of {@code words} that the letters of {@code value} from {@code start} begin
   * with (ignoring case) ends, or {@code start} if none.
   */
  private static int startsWith(String value, int start, int end, String[] words) {
    for (String word : words) {
      if (word.length() <= end - start
          && value.regionMatches(true, start, word, 0, word.length())) {
        return start + word.length();
      }
    }
    return start;
  }

  /**
   * Whether the letters of {@code value} from {@code start} to {@code end} are a furniture word, as
   * they are or without a trailing "s".
   */
  private static boolean isFurnitureWord(String value, int start, int end) {
    String[] candidates = FURNITURE_BY_LETTER[(value.charAt(start) | 0x20) - 'a'];
    boolean plural = end - start > 3 && (value.charAt(end - 1) | 0x20) == 's';
    for (String word : candidates) {
      int length = word.length();
      if ((length == end - start || (plural && length == end - start - 1))
          && value.regionMatches(true, start, word, 0, length)) {
        return true;
      }
    }
    return false;
  }

  private static int initials(String[] words) {
    int bits = 0;
    for (String w : words) {
      bits |= 1 << (w.charAt(0) - 'a');
    }
    return bits;
  }

  private static String[][] byLetter(Set<String> words) {
    String[][] table = new String[26][0];
    for (String w : words) {
      int k = w.charAt(0) - 'a';
      table[k] = Arrays.copyOf(table[k], table[k].length + 1);
      table[k][table[k].length - 1] = w;
    }
    return table;
  }

  private static boolean isAsciiLetter(char c) {
    char lower = (char) (c | 0x20);
    return lower >= 'a' && lower <= 'z';
  }

  /** Whether a space-separated attribute value holds one of {@code tokens}. */
  private static boolean hasToken(String value, Set<String> tokens) {
    int n = value.length();
    int i = 0;
    while (i < n) {
      while (i < n && value.charAt(i) <= ' ') {
        i++;
      }
      int start = i;
      while (i < n && value.charAt(i) > ' ') {
        i++;
      }
      for (String token : tokens) {
        // compared in place: an element's attribute is read for every element of a page
        if (token.length() == i - start && value.regionMatches(start, token, 0, i - start)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The open elements of one kind (tables, elements named as furniture), by their numbers. */
  private static final class Elements {
    int[] numbers = new int[8];
    int size;

    /** Counts element {@code number} in (+1) or out (-1). */
    void enter(int step, int number) {
      if (step < 0) {
        size--;
        return;
      }
      if (size == numbers.length) {
        numbers = Arrays.copyOf(numbers, 2 * size);
      }
      numbers[size++] = number;
    }

    /** The number of the innermost open element, or -1. */
    int innermost() {
      return size > 0 ? numbers[size - 1] : -1;
    }
  }

  /**
   * The attributes the segmenter reads, in one pass over an element's attributes; one instance per
   * segmenter, read again for each element (no allocation per element).
   */
  private static final class ElementAttributes {
    String role;
    String className;
    String id;
    boolean href;
    String itemprop;
    boolean hiddenAttribute;
    boolean ariaHidden;
    boolean open;
    String style;

    ElementAttributes read(Element e) {
      role = "";
      className = "";
      id = "";
      href = false;
      itemprop = null;
      hiddenAttribute = false;
      ariaHidden = false;
      open = false;
      style = "";
      if (e.attributesSize() == 0) {
        return this;
      }
      for (Attribute a : e.attributes()) {
        // keys ignoring case, as Element.attr matches them
        switch (lowerCase(a.getKey())) {
          case "role" ->
              role = role.isEmpty() ? a.getValue().trim().toLowerCase(Locale.ROOT) : role;
          case "href" -> href = true;
          case "class" -> className = a.getValue();
          case "id" -> id = a.getValue();
          case "itemprop" -> itemprop = itemprop == null ? a.getValue() : itemprop;
          case "hidden" -> hiddenAttribute = true;
          case "aria-hidden" -> ariaHidden = ariaHidden || a.getValue().equalsIgnoreCase("true");
          case "open" -> open = true;
          case "style" -> style = style.isEmpty() ? a.getValue() : style;
          default -> {}
        }
      }
      return this;
    }

    /** {@code key} in lower case; itself when it is already (as parsers leave most keys). */
    private static String lowerCase(String key) {
      for (int i = 0; i < key.length(); i++) {
        char c = key.charAt(i);
        if (c >= 0x80 || (c >= 'A' && c <= 'Z')) {
          return key.toLowerCase(Locale.ROOT);
        }
      }
      return key;
    }

    /** Hidden by its markup: the {@code hidden} attribute, {@code aria-hidden}, a closed dialog. */
    boolean hiddenByMarkup(int kinds) {
      // browsers show a dialog only when it is open
      return hiddenAttribute || ariaHidden || ((kinds & TAG_DIALOG) != 0 && !open);
    }

    /** Hidden by its inline style: {@code display: none} or {@code visibility: hidden}. */
    boolean hiddenByStyle() {
      if (style.isEmpty()) {
        return false;
      }
      if (!isAscii(style)) {
        String compact = style.replace(" ", "").toLowerCase(Locale.ROOT);
        return compact.contains("display:none") || compact.contains("visibility:hidden");
      }
      // as above, without a string per element that has a style
      return holdsSpaced(style, "display:none") || holdsSpaced(style, "visibility:hidden");
    }
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** Whether ASCII {@code s} holds {@code word} (lower case) ignoring case and spaces. */
  static boolean holdsSpaced(String s, String word) {
    for (int start = 0; start < s.length(); start++) {
      int i = start;
      int k = 0;
      while (k < word.length() && i < s.length()) {
        char c = s.charAt(i++);
        if (c == ' ') {
          if (k == 0) {
            break; // a match begins on a character
          }
          continue;
        }
        if ((c >= 'A' && c <= 'Z' ? (char) (c | 0x20) : c) != word.charAt(k++)) {
          break;
        }
        if (k == word.length()) {
          return true;
        }
      }
    }
    return false;
  }

  private void append(String s) {
    int n = s.length();
    if (textLength + n >= text.length) { // each character read writes one at most
      text = Arrays.copyOf(text, Math.max(2 * text.length, textLength + n + 1));
    }
    char[] out = text;
    int length = textLength;
    int i = 0;
    while (i < n) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        if (length > 0 && out[length - 1] != ' ') {
          out[length++] = ' ';
          wrap.place(wordLength);
          wordLength = 0;
        }
        i++;
        continue;
      }
      if (length == 0) {
        blockHeading = headingDepth > 0;
        blockHeadingLevel = blockHeading ? headingLevel : 0;
        blockListItem = listDepth > 0;
        blockForm = form;
        blockTable = tables.innermost();
        blockNamed = named.innermost();
        blockPreformatted = preDepth > 0;
        blockArticleBody = articleBodyDepth > 0;
        blockLandmark =
            boilerplateDepth > 0
                ? Landmark.BOILERPLATE
                : mainDepth > 0 ? Landmark.MAIN : Landmark.NONE;
      }
      boolean startsWord = length == 0 || out[length - 1] == ' ';
      // a run of characters up to the next space
      int start = i;
      boolean wordy = false;
      for (; i < n; i++) {
        char d = s.charAt(i);
        if (isSpace(d)) {
          break;
        }
        wordy = wordy || isLetterOrDigit(d);
        out[length++] = d;
      }
      // a word is a token holding a letter or digit
      if (startsWord && wordy) {
        words++;
        if (linkDepth > 0) {
          linkedWords++;
        }
      }
      wordLength += i - start;
    }
    textLength = length;
  }

  static boolean isSpace(char c) {
    return c <= ' '
        ? (CONTROL_SPACES >>> c & 1) != 0
        : c >= 0x80 && (c == '\u00a0' || Character.isWhitespace(c));
  }

  /** The characters up to the space that {@link Character#isWhitespace} says are, as bits. */
  private static final long CONTROL_SPACES = 0x1_f000_3e00L;

  static boolean isLetterOrDigit(char c) {
    return FOLDED[c] != 0;
  }

  /**
   * {@code c} in lower case if it is a letter or digit ({@link Character#isLetterOrDigit}), else 0;
   * 0 for a surrogate, whose code point tells.
   */
  static char folded(char c) {
    return FOLDED[c];
  }

  // a look-up for every character of the basic plane: Character's own is several for each
  private static final char[] FOLDED = new char[Character.MAX_VALUE + 1];

  static {
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      if (Character.isLetterOrDigit(c)) {
        FOLDED[c] = (char) Character.toLowerCase(c);
      }
    }
  }

  private void flush() {
    int end = textLength;
    if (end > 0 && text[end - 1] == ' ') {
      end--;
    }
    if (end > 0) {
      String t = new String(text, 0, end);
      if (wordLength > 0) {
        wrap.place(wordLength);
      }
      blocks.add(
          new TextBlock(
              t,
              words,
              linkedWords,
              wrap.lines,
              wrap.wordsBefore,
              blockHeading,
              blockListItem,
              // a line shorter than a sentence that leads into text, around a machine-readable
              // date, is a dateline ("Published <time>May 1, 2025</time>", "jane | 2 days ago")
              blockTime && words < BlockClassifier.MIN_LEAD_WORDS
                  ? Landmark.BOILERPLATE
                  : blockLandmark,
              Arrays.copyOf(elements, elementDepth),
              blockForm,
              blockTable,
              pageType,
              blockHeadingLevel,
              blockNamed,
              blockPreformatted,
              blockArticleBody));
    }
    reset();
  }

  private void reset() {
    textLength = 0;
    wrap.reset();
    wordLength = 0;
    words = 0;
    linkedWords = 0;
    blockHeading = false;
    blockHeadingLevel = 0;
    blockListItem = false;
    blockTime = false;
    blockLandmark = Landmark.NONE;
    blockForm = -1;
    blockTable = -1;
    blockNamed = -1;
    blockPreformatted = false;
    blockArticleBody = false;
  }

  /**
   * Word-wraps the text at {@link TextBlock#WRAP_WIDTH} columns.
   *
   * @return the number of lines and the number of words on all lines but the last
   */
  static int[] wrap(String t) {
    Wrap wrap = new Wrap();
    int i = 0;
    while (i < t.length()) {
      int space = t.indexOf(' ', i);
      int end = space < 0 ? t.length() : space;
      wrap.place(end - i);
      i = end + 1;
    }
    return new int[] {wrap.lines, wrap.wordsBefore};
  }

  /**
   * A word wrap at {@link TextBlock#WRAP_WIDTH} columns, word by word: the segmenter places each
   * word of a block as it ends, so that no block's text is read twice.
   */
  static final class Wrap {
    int lines = 1;
    int column;
    int wordsOnLine;
    int wordsBefore;

    /** Places the next word, of {@code length} characters. */
    void place(int length) {
      if (column > 0 && column + 1 + length > TextBlock.WRAP_WIDTH) {
        lines++;
        wordsBefore += wordsOnLine;
        wordsOnLine = 0;
        column = 0;
      }
      column += (column > 0 ? 1 : 0) + length;
      wordsOnLine++;
    }

    void reset() {
      lines = 1;
      column = 0;
      wordsOnLine = 0;
      wordsBefore = 0;
    }
  }
}
