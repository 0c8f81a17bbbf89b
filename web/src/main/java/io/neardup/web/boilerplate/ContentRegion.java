package io.neardup.web.boilerplate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The DOM region that holds a page's article: the block-level element whose paragraphs score
 * highest, with those of its siblings that score close to it, as Readability (Mozilla's reader
 * view) describes its candidate scoring. Text blocks outside the region are boilerplate even where
 * their own features look like content: the lists of related articles, teasers and comment forms
 * that follow an article are written in sentences too, but in a container of their own.
 *
 * <p>The elements are scored as containers of paragraphs ({@link ParagraphScores}). The best
 * element is the region; a sibling joins it when it scores at least {@value
 * ParagraphScores#SIBLING_SHARE} of the best, or when it is itself a paragraph of running text (at
 * least {@value ParagraphScores#SIBLING_WORDS} words, few links; or a heading or a sentence without
 * links); when the best element is the innermost of wrappers each the only child with text of the
 * next, what lies beside the outermost wrapper joins by its score, as Readability moves up from an
 * only child (see {@link ParagraphScores#joinBesideWrapper}). All constants are round numbers; none
 * is fitted to a site. When the best element's region holds what was kept and the best is only a
 * part of the article (at least {@value ParagraphScores#MIN_ALTERNATIVES} of the next best elements
 * score close to it: a description's own paragraphs beside its nested list of options), their
 * common ancestor is the region, as Readability chooses; when the best element is one of {@value
 * #MIN_SECTIONS} or more sections side by side under headings of one level, each in an element of
 * its own or written flat (a manual page's NAME, SYNOPSIS, DESCRIPTION, RETURN VALUE), their parent
 * is (see {@link #sections}); and the list of a page of links that is one of a series, each under
 * its heading (an index's letters), takes in the series.
 *
 * <p>Posts side by side, each opening with its byline, are a thread or an article's replies: the
 * thread is the region, the replies are taken out of it (see {@link Conversation}). Inside the
 * region, what follows the article (an author's box, a biography) is dropped by {@link
 * ArticleTail}.
 *
 * <p>The region only ever removes blocks, and only when it is clear: when it holds at least {@value
 * #MIN_REGION_SHARE} of the words the classifier kept (else the page is no article with furniture
 * around it, e.g. a forum thread, a list or a home page, and the classifier's decision stands). The
 * one exception: when the classifier kept less than {@value #MIN_KEPT_SHARE} of the region's text
 * (its blocks with few links outside declared furniture), the page is made of short lines rather
 * than paragraphs, as reference pages are (signatures, names, one-line descriptions), and the
 * classifier, which judges a block by its length and its neighbours', is the wrong judge: the
 * region's text is kept whole. For the same reason a table that lies wholly in the region and has a
 * cell kept keeps all its cells with text: its short cells, judged one by one, come out kept and
 * dropped in turn.
 *
 * <p>A region with less than {@value #SHORT_REGION_WORDS} words of text is a short entry (a
 * reference page's description, a parameter's paragraph) whose sentences the site's other entries
 * often share word for word; what tells it apart are the short lines around it that name it (its
 * title, signature, parameters), in sibling sections the paragraph scoring passes over. The region
 * then takes in its ancestors as long as they add text only (no declared furniture, few links, no
 * more words than the region, or {@value #UNDECLARED_WIDENING} times as many on a page that
 * declares no main region: there the region alone tells where the entry ends, and an entry's
 * parameters and return values may outweigh its description), and their text is kept, the entry's
 * own short lines too (its signature, its parameters' lines, which the classifier drops as short),
 * a form's labels excepted; the navigation around an entry is links and stops it. When what it is
 * widened to is one of {@value #MIN_SECTIONS} or more sections under headings of one level (a
 * method's details beside its class's overview and summaries) and their parent holds at least
 * {@value #CONTAINER_SHARE} of the page's text, the parent is the entry: a page's parts are then
 * its text, and what follows the short one is another part, not an article's tail. A region in
 * sections keeps all its text lines, those before its first kept paragraph and after its last too
 * (a manual page's NAME and SYNOPSIS, its SEE ALSO).
 *
 * <p>When no paragraph container holds at least half of what was kept (a page of short lines whose
 * few paragraphs are scattered, a list, a thread) and the page declares no main region, the deepest
 * element holding at least {@value #CONTAINER_SHARE} of the page's text (words outside links and
 * declared furniture) is taken for its main region: its text is kept and what lies outside it is
 * not, as for a declared one. A page and its copy under a template that declares {@code <main>}
 * then keep the same lines.
 */
final class ContentRegion {
  /** Blocks above the region within which its title is looked for. */
  static final int TITLE_REACH = 5;

  /** Words of a block between the title and the region above which the search stops. */
  static final int MAX_TITLE_GAP_WORDS = 30;

  /** The share of the kept words the region must hold to restrict them. */
  static final double MIN_REGION_SHARE = 0.5;

  /**
   * The share of the region's text below which the classifier kept too little of it: the region's
   * text is then kept whole.
   */
  static final double MIN_KEPT_SHARE = 0.5;

  /**
   * Words of text below which a region is too short to tell its page from the site's other pages by
   * itself: it is then widened to the ancestors that add only text (see {@link #widen}).
   */
  static final int SHORT_REGION_WORDS = 100;

  /**
   * How many times the words of a short region so far an ancestor may add and still be part of it,
   * on a page that declares no main region (1 where it declares one).
   */
  static final int UNDECLARED_WIDENING = 2;

  /**
   * The share of a page's text an element must hold to be taken for its main region when the page
   * declares none and no paragraph container holds what was kept.
   */
  static final double CONTAINER_SHARE = 0.8;

  /** Sections of one heading level side by side from which they are one text. */
  static final int MIN_SECTIONS = 3;

  /** The ancestors of the best element above it that may be the section it lies in. */
  static final int SECTION_REACH = 2;

  /** The lines of an introduction to a list, the region's only kept lines. */
  static final int MAX_INTRODUCTION_LINES = 2;

  /** How many times longer than its introduction the list of links it introduces is, at least. */
  static final int INTRODUCED_TIMES = 3;

  private ContentRegion() {}

  /**
   * Clears {@code content} for the blocks outside the page's content region, when it has one.
   *
   * @param content for each block whether the classifier kept it; changed in place
   * @return for each block whether it is in the region that decided what was kept, on a page that
   *     declares no main region; null if the page declares one or no region decided
   */
  static boolean[] restrict(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    ParagraphScores scores = ParagraphScores.of(blocks);
    if (scores == null) {
      return null;
    }
    int[] parent = scores.parent();
    int[] depth = scores.depth();
    int best = scores.best();
    // an article's comments may outweigh it and lie in its own container: out before the region
    // is weighed
    boolean[] replies =
        blocks.get(0).pageType() == PageType.ARTICLE
            ? Conversation.replies(blocks, content, best, parent)
            : null;
    long keptWords = 0;
    for (int i = 0; i < n; i++) {
      keptWords += content[i] ? blocks.get(i).words() : 0;
    }
    boolean[] inRegion = new boolean[n];
    long regionWords = scores.markRegion(blocks, content, best, inRegion);
    // whether the region is one text in sections (see sections), from the best element's or from
    // a short entry's
    boolean sectioned = false;
    boolean entrySections = false;
    // the best element is often one part of the article (a nested list of options beside the
    // description's own paragraphs) that scores a little above the rest; when its region already
    // restricts what was kept, the element that holds the article and its parts takes its place
    if (regionWords >= MIN_REGION_SHARE * keptWords) {
      int up = scores.sharedAncestor();
      if (up == best) {
        up = Conversation.thread(blocks, content, best, parent, depth);
      }
      if (up == best && text(blocks, inRegion) >= SHORT_REGION_WORDS) {
        up = sections(blocks, best, parent, depth);
        sectioned = up != best;
      }
      if (up != best) {
        best = up;
        regionWords = scores.markRegion(blocks, content, best, inRegion);
      }
    }
    for (int i = 0; i < n && replies != null; i++) {
      inRegion[i] &= !replies[i];
    }
    int bestDepth = depth[best];
    int bestParent = parent[best];
    boolean declared = false;
    for (TextBlock b : blocks) {
      declared |= b.landmark() == Landmark.MAIN && b.words() > 0;
    }
    // without a declared main region, the region is the one judge of where an entry ends: its
    // sections of parameters and return values may outweigh its description
    int whole = widen(scores, best, declared ? 1 : UNDECLARED_WIDENING);
    long regionText = text(blocks, inRegion);
    if (regionText < SHORT_REGION_WORDS) {
      // a short entry that is one of the sections its page's text is in (a method's details
      // beside the class's overview and summaries): the sections are the entry
      int parts = sections(blocks, whole, parent, depth);
      if (parts != whole && holdsPageText(blocks, parts, depth[parts])) {
        whole = parts;
        sectioned = entrySections = true;
      }
    }
    int wholeDepth = depth[whole];
    boolean widened = whole != best && regionText < SHORT_REGION_WORDS;
    if (widened) {
      // a short entry (a reference page's description, a parameter's paragraph): the lines around
      // it that name the entry (its title, signature, parameters) are what tells it from the
      // site's other entries, which share its sentences
      regionWords = 0;
      for (int i = 0; i < n; i++) {
        if (inside(blocks.get(i).path(), wholeDepth, whole) && (replies == null || !replies[i])) {
          inRegion[i] = true;
        }
        if (content[i] && inRegion[i]) {
          regionWords += blocks.get(i).words();
        }
      }
    }
    long regionAll = 0;
    for (int i = 0; i < n; i++) {
      if (inRegion[i] && blocks.get(i).landmark() != Landmark.BOILERPLATE) {
        regionAll += blocks.get(i).words();
      }
    }
    if (keptWords < BlockClassifier.MIN_MAIN_SHARE * regionAll
        || introducesList(blocks, content, inRegion, keptWords)) {
      // a list of links under a line or two of introduction (an index of names, each linked to
      // its entry): the list is the page's text, as a page without an article's is
      int series = series(blocks, best, parent, depth);
      if (series >= 0) {
        // one list of a series, each under its heading (an index's letters): the series is the list
        for (int i = 0; i < n; i++) {
          inRegion[i] = inside(blocks.get(i).path(), depth[series], series);
        }
      }
      for (int i = 0; i < n; i++) {
        content[i] = inRegion[i] && blocks.get(i).landmark() != Landmark.BOILERPLATE;
      }
      return null;
    }
    if (keptWords < MIN_KEPT_SHARE * regionText) {
      // a page of short lines (a reference page: signatures, names, one-line descriptions), not of
      // paragraphs: the classifier, which judges blocks by their length, drops most of its text
      for (int i = 0; i < n; i++) {
        content[i] = inRegion[i] && isText(blocks.get(i));
      }
      return declared ? null : inRegion;
    }
    if (regionWords < MIN_REGION_SHARE * keptWords) {
      // no paragraph container holds what was kept: a page of short lines, a list or a thread
      return keepTextContainer(blocks, content);
    }
    if (widened) {
      for (int i = 0; i < n; i++) {
        if (inRegion[i]) {
          // the entry's own short lines (a signature, a parameter's line under its own heading)
          // as much as those around it: the classifier drops short lines, and the same entry
          // under a template that declares its main region keeps them; a form's labels stay as
          // the classifier left them: interface, not the entry's lines
          content[i] = isText(blocks.get(i)) && (blocks.get(i).form() < 0 || content[i]);
        }
      }
    }
    int first = -1;
    for (int i = 0; i < n && first < 0; i++) {
      if (inRegion[i] && content[i]) {
        first = i;
      }
    }
    // the article's title often sits just above its container (in a page header or a table row
    // of its own): the closest heading the classifier kept, within a few short blocks, stays
    int title = -1;
    for (int i = first - 1; i >= 0 && i >= first - TITLE_REACH; i--) {
      TextBlock b = blocks.get(i);
      if (b.heading() && content[i]) {
        title = i;
        break;
      }
      if (b.words() > MAX_TITLE_GAP_WORDS) {
        break;
      }
    }
    // after the decisions above, which the region's first reading makes: what joins here only
    // widens where the region restricts the page
    scores.joinBesideWrapper(blocks, best, inRegion);
    keepTables(blocks, content, inRegion);
    for (int i = 0; i < n; i++) {
      content[i] &= inRegion[i] || i == title;
    }
    // where a short entry's sections are the entry, what follows the entry's section is one of the
    // page's sections, not an article's tail
    int article = entrySections ? whole : best;
    ArticleTail.dropAfterArticle(blocks, content, inRegion, article, scores);
    if (declared) {
      return null;
    }
    keepRegionLines(blocks, content, inRegion, sectioned);
    return inRegion;
  }

  /**
   * The element holding the sections that the element {@code best} is part of, or {@code best}:
   * when {@code best} or one of its {@value #SECTION_REACH} nearest ancestors opens with a heading,
   * or follows a sibling that does (sections written flat: each heading, then the body it heads,
   * side by side), and at least {@value #MIN_SECTIONS} of its parent's children (itself included)
   * open with a heading of that level, the page is one text in sections (a manual page's NAME,
   * SYNOPSIS, DESCRIPTION, RETURN VALUE; a reference entry's parts; a chapter's sections) and their
   * parent is the region. Paragraph scoring picks the section with the most running text; the
   * others (a synopsis of code, a one-sentence return value, a list of files) score too little to
   * join it, and the same page under a template that declares its main region keeps them. An
   * article's title, its comments and its related posts are headings of different levels.
   */
  static int sections(List<TextBlock> blocks, int best, int[] parent, int[] depth) {
    for (int a = best, up = 0; a >= 0 && depth[a] > 0 && up <= SECTION_REACH; a = parent[a], up++) {
      int p = parent[a];
      int at = depth[a];
      int[] headings = new int[7];
      int level = 0;
      int opening = 0;
      int current = -1;
      for (TextBlock b : blocks) {
        int[] path = b.path();
        if (b.words() == 0
            || !inside(path, at - 1, p)
            || path.length <= at
            || path[at] == current) {
          continue;
        }
        // a child's first line with words decides how it opens
        current = path[at];
        headings[b.headingLevel()]++;
        if (current == a) {
          // sections written flat: a child that opens with no heading is headed by the sibling
          // before it when that sibling opens with one
          level = b.headingLevel() > 0 ? b.headingLevel() : opening;
        }
        opening = b.headingLevel();
      }
      if (level > 0 && headings[level] >= MIN_SECTIONS) {
        return p;
      }
    }
    return best;
  }

  /**
   * Whether {@code element} holds at least {@value #CONTAINER_SHARE} of the page's text (words
   * outside links and declared furniture).
   */
  private static boolean holdsPageText(List<TextBlock> blocks, int element, int at) {
    long inside = 0;
    long total = 0;
    for (TextBlock b : blocks) {
      if (b.landmark() != Landmark.BOILERPLATE) {
        int t = b.words() - b.linkedWords();
        total += t;
        inside += inside(b.path(), at, element) ? t : 0;
      }
    }
    return inside > 0 && inside >= CONTAINER_SHARE * total;
  }

  /** The words of the text blocks (few links, outside declared furniture) in a region. */
  private static long text(List<TextBlock> blocks, boolean[] inRegion) {
    long words = 0;
    for (int i = 0; i < blocks.size(); i++) {
      words += inRegion[i] && isText(blocks.get(i)) ? blocks.get(i).words() : 0;
    }
    return words;
  }

  /**
   * On a page that declares no main region, keeps every text line of the region between its first
   * and its last kept line, list items mostly links and a form's lines excepted, as a declared main
   * region keeps its short lines: a reference entry's signatures and section headings, a list of
   * names or terms, an option's one-line description that links a word to its definition, are short
   * lines between its paragraphs, which the classifier drops by their length while the same page
   * under a template that declares its main region keeps them. A list of links there (items with a
   * third or more of their words linked) is the page's table of contents or related pages, not its
   * text.
   */
  private static void keepRegionLines(
      List<TextBlock> blocks, boolean[] content, boolean[] inRegion, boolean whole) {
    int[] span = keptSpan(content, inRegion);
    int first = span[0];
    int last = span[1];
    if (whole && first >= 0) {
      first = -1;
      last = blocks.size();
    }
    for (int i = first + 1; i < last; i++) {
      TextBlock b = blocks.get(i);
      if (inRegion[i]
          && b.words() > 0
          && isText(b)
          && (!b.listItem() || 3 * b.linkedWords() < b.words())
          && b.form() < 0) {
        content[i] = true;
      }
    }
  }

  /** The first and the last block kept within {@code region} ({-1, -1} if none). */
  static int[] keptSpan(boolean[] content, boolean[] region) {
    int first = -1;
    int last = -1;
    for (int i = 0; i < content.length; i++) {
      if (content[i] && region[i]) {
        first = first < 0 ? i : first;
        last = i;
      }
    }
    return new int[] {first, last};
  }

  /**
   * Keeps every cell with text of a table that lies wholly in the region and some of whose cells
   * were kept: a table of the text (a parameter list, a table of symbols and their meanings) is
   * read row by row, its short cells judged one by one by their neighbours come out kept and
   * dropped in turn, and the same table under a template that declares its main region keeps them
   * all. A layout table around the region holds blocks outside it and is left alone.
   */
  private static void keepTables(List<TextBlock> blocks, boolean[] content, boolean[] inRegion) {
    Map<Integer, Boolean> tables = null;
    for (int i = 0; i < blocks.size(); i++) {
      int table = blocks.get(i).table();
      if (table < 0) {
        continue;
      }
      if (tables == null) {
        tables = new HashMap<>();
      }
      boolean keep = inRegion[i] && tables.getOrDefault(table, true);
      tables.put(table, keep);
    }
    if (tables == null) {
      return;
    }
    Map<Integer, Boolean> kept = new HashMap<>();
    for (int i = 0; i < blocks.size(); i++) {
      int table = blocks.get(i).table();
      if (table >= 0 && content[i]) {
        kept.put(table, true);
      }
    }
    for (int i = 0; i < blocks.size(); i++) {
      int table = blocks.get(i).table();
      if (table >= 0 && tables.get(table) && kept.containsKey(table) && isText(blocks.get(i))) {
        content[i] = true;
      }
    }
  }

  /**
   * Whether all that was kept of the region is a line or two ({@value #MAX_INTRODUCTION_LINES} at
   * most) before the rest of it, a third of it links at least, and either at least {@value
   * #INTRODUCED_TIMES} times as long or announced by the introduction's closing colon: an
   * introduction ("Here is a list of all functions with links to their files:") to an index, which
   * every index of the site shares, so that the list alone tells one from another.
   */
  private static boolean introducesList(
      List<TextBlock> blocks, boolean[] content, boolean[] inRegion, long keptWords) {
    int lines = 0;
    boolean colon = false;
    long dropped = 0;
    long droppedLinked = 0;
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      if (!inRegion[i] || b.words() == 0 || b.landmark() == Landmark.BOILERPLATE) {
        continue;
      }
      if (content[i] && b.heading() && lines > 0) {
        continue; // the list's own headings (an index's letters), kept until their list is judged
      }
      if (content[i] && dropped > 0 && b.words() <= BlockClassifier.MAX_TITLE_WORDS) {
        dropped += b.words(); // an entry without its link, kept as a short line of the region
        continue;
      }
      if (content[i]) {
        if (dropped > 0 || ++lines > MAX_INTRODUCTION_LINES) {
          return false;
        }
        colon = b.text().strip().endsWith(":");
      } else if (lines > 0) {
        dropped += b.words();
        droppedLinked += b.linkedWords();
      }
    }
    return lines > 0
        && dropped > 0
        && (colon || dropped >= INTRODUCED_TIMES * keptWords)
        && droppedLinked >= BlockClassifier.MAX_LINK_DENSITY * dropped;
  }

  /**
   * The element holding the series that the element {@code best} is one section of, or -1: the
   * closest heading before it is a child of an ancestor of it, whose child that holds {@code best}
   * follows the heading (an index's letters, each heading over its list of entries, perhaps laid
   * out in the columns of a table), and that ancestor has more than one heading child (a page's
   * title over its one list is no series).
   */
  private static int series(List<TextBlock> blocks, int best, int[] parent, int[] depth) {
    int first = 0;
    while (first < blocks.size() && !inside(blocks.get(first).path(), depth[best], best)) {
      first++;
    }
    int heading = first - 1;
    while (heading >= 0 && !(blocks.get(heading).heading() && blocks.get(heading).words() > 0)) {
      heading--;
    }
    if (heading < 0 || first >= blocks.size()) {
      return -1;
    }
    int[] h = blocks.get(heading).path();
    int[] b = blocks.get(first).path();
    int shared = 0;
    while (shared < h.length && shared < b.length && h[shared] == b[shared]) {
      shared++;
    }
    // the heading's own element is a child of their closest common ancestor
    if (shared == 0 || h.length != shared + 1 || b.length <= shared) {
      return -1;
    }
    int ancestor = h[shared - 1];
    int section = b[shared];
    for (int i = heading + 1; i < first; i++) {
      if (blocks.get(i).words() > 0 && !inside(blocks.get(i).path(), shared, section)) {
        return -1;
      }
    }
    int headings = 0;
    for (TextBlock t : blocks) {
      if (t.heading() && t.path().length == shared + 1 && inside(t.path(), shared - 1, ancestor)) {
        headings++;
      }
    }
    return headings > 1 ? ancestor : -1;
  }

  /**
   * On a page that declares no main region, keeps the text of the deepest element holding at least
   * {@value #CONTAINER_SHARE} of the page's text (its words outside links and declared furniture),
   * as a declared main region's text is kept, when the classifier kept some of it; what lies
   * outside it becomes boilerplate. The same page under a template that declares its main region
   * keeps that region's text whatever the classifier says of its short lines; without this, the
   * page without one keeps only the lines the classifier judges by their length and neighbours, and
   * the two copies differ.
   */
  private static boolean[] keepTextContainer(List<TextBlock> blocks, boolean[] content) {
    int elements = 0;
    for (TextBlock b : blocks) {
      if (b.landmark() == Landmark.MAIN) {
        return null;
      }
      for (int e : b.path()) {
        elements = Math.max(elements, e + 1);
      }
    }
    int[] text = new int[elements];
    int[] depth = new int[elements];
    long total = 0;
    for (TextBlock b : blocks) {
      int[] path = b.path();
      for (int k = 0; k < path.length; k++) {
        depth[path[k]] = k;
      }
      if (b.landmark() != Landmark.BOILERPLATE) {
        int t = b.words() - b.linkedWords();
        total += t;
        for (int e : path) {
          text[e] += t;
        }
      }
    }
    int container = -1;
    for (int e = 0; e < elements; e++) {
      if (text[e] > 0
          && text[e] >= CONTAINER_SHARE * total
          && (container < 0 || depth[e] > depth[container])) {
        container = e;
      }
    }
    if (container < 0 || depth[container] == 0) {
      return null;
    }
    int at = depth[container];
    boolean kept = false;
    boolean[] inside = new boolean[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      int[] path = blocks.get(i).path();
      inside[i] = path.length > at && path[at] == container;
      kept |= inside[i] && content[i];
    }
    if (!kept) {
      return null;
    }
    for (int i = 0; i < blocks.size(); i++) {
      content[i] = inside[i] && isText(blocks.get(i));
    }
    return inside;
  }

  /**
   * The ancestor up to which a short region is the page's entry: each parent (below the page's
   * root) whose other children add text only — no declared furniture, at most a third of their
   * words (plus one, a heading's anchor or source link) in links, and no more words than {@code
   * factor} times the region so far — is part of it. A reference entry's description sits in a
   * section beside the sections of its name, signature and parameters; the navigation around the
   * entry is links and stops it.
   */
  private static int widen(ParagraphScores scores, int region, int factor) {
    int[] words = scores.words();
    int[] linked = scores.linked();
    int[] furniture = scores.furniture();
    int[] parent = scores.parent();
    int[] depth = scores.depth();
    int whole = region;
    while (parent[whole] >= 0 && depth[parent[whole]] > 0) {
      int up = parent[whole];
      int added = words[up] - words[whole];
      if (furniture[up] > furniture[whole]
          || (linked[up] - linked[whole]) * 3 > added + 3
          || added > factor * words[whole]) {
        break;
      }
      whole = up;
    }
    return whole;
  }

  /** Whether a block is text: few links, outside declared furniture. */
  static boolean isText(TextBlock b) {
    return b.linkDensity() <= BlockClassifier.MAX_LINK_DENSITY
        && b.landmark() != Landmark.BOILERPLATE;
  }

  /** Whether a block's {@code path} passes through {@code element} at {@code depth}. */
  static boolean inside(int[] path, int depth, int element) {
    return path.length > depth && path[depth] == element;
  }

  /** Whether a text ends as a sentence does: a full stop (Latin or ideographic), ! or ?. */
  static boolean endsSentence(String text) {
    char last = text.charAt(text.length() - 1);
    return last == '.' || last == '!' || last == '?' || last == '。';
  }
}
