package io.neardup.web.boilerplate;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Classifies the text blocks of one page as content or boilerplate from shallow features.
 *
 * <p>The core is the decision tree of Kohlschütter, Frankhauser and Nejdl, "Boilerplate Detection
 * using Shallow Text Features" (WSDM 2010), learnt on news pages of many sites: a block is content
 * by the link density of itself and its predecessor and by the number of words of itself and its
 * two neighbours (furniture is short and link-heavy, and comes in runs; running text is long, or
 * short between long blocks, like a heading). The tree judges a block by its neighbours, so the
 * first blocks of an article (its title and a short lead, after the furniture) come out as
 * boilerplate; a backward pass keeps a heading or a sentence of at least {@value #MIN_LEAD_WORDS}
 * words with few links that directly precedes content. Around it, the page's own landmarks (see
 * {@link Landmark}) decide where it declares them: a block in navigation, a banner, a page footer
 * or a complementary region is boilerplate, and when the page marks a main region that holds
 * content, its blocks are content unless link-dense and blocks outside it are boilerplate. The
 * labels and instructions of a form (comment, search or sign-up) are interface, not text, unless
 * the form wraps most of the page as some frameworks render every page. Last, {@link ContentRegion}
 * keeps only the blocks in the container of the page's paragraphs (when one container clearly holds
 * most of what was kept), which removes the related-article lists, teasers and forms around an
 * article that read like content block by block; {@link ArticleTail} removes an author's box nested
 * after the article in its own container (a linked name, then a biography that opens with that
 * name). A heading made of a link over kept text is that text's title (a listing's headline over
 * its teaser), kept though link-dense, and so is a line of links of a few words over kept text in
 * its own parent element (a reference entry's signature over its description). Where the page
 * declares its article's body (schema.org's {@code articleBody}, see {@link ArticleBody}), what
 * follows the body is dropped. A short heading kept whose next block was dropped is the title of
 * that block ("Related posts", "Share this:"), not text. The second copy of a run of lines the page
 * renders twice (a box for narrow and wide screens) is dropped too. A page of which all that leaves
 * fewer than {@value #MIN_TEXT_WORDS} words, or less than {@value #MIN_MAIN_SHARE} of its declared
 * main region's, holds no article (an index, a short page, a reference entry, a list of linked
 * cards): all its text outside declared furniture, links included (an index is its links), is its
 * main text, and only that of its main region where it declares one, or else of the part of the
 * page that holds most of its words (not the header and footer around it). Nothing here is fitted
 * to a site or template.
 *
 * <pre>{@code
 * boolean[] content = new BlockClassifier().classify(blocks);
 * }</pre>
 */
public final class BlockClassifier {
  /** Link density above which a block is boilerplate whatever its length (paper: 0.333). */
  public static final double MAX_LINK_DENSITY = 1.0 / 3;

  /** Link density of the previous block above which a block needs more words (paper: 0.556). */
  public static final double MAX_PREVIOUS_LINK_DENSITY = 5.0 / 9;

  /** Words from which a block with few links that precedes content is kept with it. */
  public static final int MIN_LEAD_WORDS = 10;

  /** Lines (blocks with words) below which the page is too short for the model's context. */
  static final int MIN_MODEL_LINES = 10;

  /** The model's log-odds up to which it drops a block the rules kept (p at most one half). */
  static final double DROP_SCORE = 0;

  /** The model's log-odds above which it keeps a block the rules dropped (p above 0.73). */
  static final double KEEP_SCORE = 1;

  /** Words from which the learned model does not drop a block the rules kept. */
  static final int MIN_UNDROPPED_WORDS = 100;

  /** Words below which what was kept is no article: the page is then its own text. */
  static final int MIN_TEXT_WORDS = 20;

  /**
   * The share of a declared main region's words below which what was kept is no article either: the
   * region is a list of linked cards (headlines and teasers, products, courses), each dropped as
   * link-dense, and the list is the page's text. The same when the text features alone keep that
   * little of it: a reference page of linked signatures between short lines.
   */
  static final double MIN_MAIN_SHARE = 0.1;

  /** Words up to which a kept heading whose next block is dropped is that block's title. */
  static final int MAX_TITLE_WORDS = 6;

  /** The share of a page's words below which a form's text is interface. */
  static final double MAX_FORM_SHARE = 0.5;

  /** Words from which a line of links that is not a heading may be the title of what follows. */
  static final int MIN_LINKED_TITLE_WORDS = 3;

  /**
   * Words below which a line with a copyright sign is a notice, not a sentence of the text that
   * mentions one.
   */
  static final int MAX_NOTICE_WORDS = 30;

  /** The words among which a longer block's copyright sign makes it a notice. */
  static final int NOTICE_OPENING_WORDS = 2;

  /** Items from which a list mostly kept is kept whole ({@link #keepMostlyKeptLists}). */
  static final int MIN_LIST_ITEMS = 3;

  /** The share of a list's items holding a link from which it is a list of entries. */
  static final double ENTRY_SHARE = 0.8;

  /** Words from which a kept line said twice may be a second rendering of a part of the page. */
  static final int MIN_REPEATED_WORDS = 5;

  /** A word ending in a colon: a label that introduces the link after it ("Read more: ..."). */
  /** How many letters and digits of each line tell first whether any two lines may be alike. */
  private static final int PREFIX_LETTERS = 24;

  /** The shipped model, read when a classifier first uses it (a trainer needs none). */
  private static final class Shipped {
    static final BlockModel MODEL = BlockModel.shipped();
  }

  private final boolean useLandmarks;
  private final BlockModel model;

  /** A classifier that uses the page's landmarks, the text features and the shipped model. */
  public BlockClassifier() {
    this(true, Shipped.MODEL);
  }

  /**
   * @param useLandmarks whether the page's HTML5/ARIA landmarks take part; without them the text
   *     features decide alone
   */
  public BlockClassifier(boolean useLandmarks) {
    this(useLandmarks, null);
  }

  /**
   * @param useLandmarks whether the page's HTML5/ARIA landmarks take part
   * @param model the model that re-decides the rules' verdicts, or null for the rules alone
   */
  public BlockClassifier(boolean useLandmarks, BlockModel model) {
    this.useLandmarks = useLandmarks;
    this.model = model;
  }

  /**
   * The rules' verdicts on a page's blocks (into {@code rules}) and the {@link BlockFeatures} of
   * each block the model reads (null for the others): what a model is trained on.
   */
  public static double[][] features(List<TextBlock> blocks, boolean[] rules) {
    BlockTrace trace = new BlockTrace(blocks);
    boolean[] content = new BlockClassifier(true, null).rules(blocks, trace);
    System.arraycopy(content, 0, rules, 0, content.length);
    return BlockFeatures.of(blocks, content, trace.reasons());
  }

  /**
   * The verdicts from the model's scores (log-odds that a block is text; NaN where it does not read
   * the block): it overturns the rules only where it is fairly sure, a block the rules kept being
   * dropped at a score up to {@code drop}, a block they dropped being kept from a score above
   * {@code keep} (the labels it learnt from are one benchmark's; other labelled sets draw the line
   * between an article and what surrounds it a little differently). With {@code gate}, only on a
   * page {@link #forModel} takes. If that keeps fewer than {@value #MIN_TEXT_WORDS} words, the
   * rules' verdicts stand (a page that is no article is the rules' to read). {@code features} are
   * those of {@link #features}, where the scores are not NaN.
   */
  public static boolean[] redecide(
      List<TextBlock> blocks,
      boolean[] rules,
      double[] scores,
      double[][] features,
      double drop,
      double keep,
      boolean gate) {
    if (gate && !forModel(blocks, rules)) {
      return rules;
    }
    boolean[] content = new boolean[blocks.size()];
    for (int i = 0; i < content.length; i++) {
      double s = scores[i];
      content[i] =
          Double.isNaN(s)
              ? rules[i]
              : s > keptAbove(blocks.get(i), rules[i], features[i], drop, keep);
    }
    return enough(blocks, rules, content);
  }

  /**
   * The score above which a block the model reads is kept: {@code drop} for a block the rules kept,
   * {@code keep} for one they dropped, and no bound for one that {@link #staysKept}. The one rule
   * both the classifier and a trainer's grid of thresholds apply.
   */
  private static double keptAbove(
      TextBlock b, boolean rule, double[] features, double drop, double keep) {
    return staysKept(b, rule, features) ? Double.NEGATIVE_INFINITY : rule ? drop : keep;
  }

  /**
   * Whether a block the rules kept stays kept whatever the model says: one of at least {@value
   * #MIN_UNDROPPED_WORDS} words, a paragraph or listing long enough that the rules' verdict (its
   * words, its neighbours, its region) outweighs what one benchmark's labels taught the model about
   * blocks like it (a method's source listing on a reference page, a long paragraph at the end of a
   * long text); or a line that is no list item in a text longer than the model reads ({@link
   * BlockFeatures#inLongText}: a chapter's paragraphs, one-line introductions and listings; the
   * lists of a long page, its features, prices and questions, are what the model learnt to judge);
   * or preformatted text ({@code <pre>}: a listing, a command, what a program printed), which no
   * template writes its furniture in, and which reads to the model as any short line where it ends
   * a text.
   */
  static boolean staysKept(TextBlock b, boolean rule, double[] features) {
    return rule
        && (b.words() >= MIN_UNDROPPED_WORDS
            || b.preformatted()
            || (!b.listItem() && BlockFeatures.inLongText(features)));
  }

  /**
   * The model's verdicts if they keep at least {@value #MIN_TEXT_WORDS} words, else the rules' (a
   * page that is no article is the rules' to read).
   */
  private static boolean[] enough(List<TextBlock> blocks, boolean[] rules, boolean[] content) {
    long kept = 0;
    for (int i = 0; i < content.length; i++) {
      kept += content[i] ? blocks.get(i).words() : 0;
    }
    return kept < MIN_TEXT_WORDS ? rules : content;
  }

  /**
   * Whether the model reads a page: one of at least {@value #MIN_MODEL_LINES} lines where at least
   * half of what the rules kept lies in blocks of {@code 2 * MIN_LEAD_WORDS} words or more (prose:
   * what it learnt from; reference entries and indexes of short lines are the rules' to read).
   */
  private static boolean forModel(List<TextBlock> blocks, boolean[] rules) {
    long keptWords = 0;
    long inProse = 0;
    int lines = 0;
    for (int i = 0; i < rules.length; i++) {
      TextBlock b = blocks.get(i);
      lines += b.words() > 0 ? 1 : 0;
      if (rules[i]) {
        keptWords += b.words();
        inProse += b.words() >= 2 * MIN_LEAD_WORDS ? b.words() : 0;
      }
    }
    return lines >= MIN_MODEL_LINES && 2 * inProse >= keptWords;
  }

  /**
   * Classifies each block.
   *
   * @return for each block, in order, whether it is content
   */
  public boolean[] classify(List<TextBlock> blocks) {
    return classify(blocks, null);
  }

  /** Classifies each block, telling {@code trace} (if not null) the verdicts after each step. */
  boolean[] classify(List<TextBlock> blocks, BlockTrace trace) {
    if (model == null) {
      return lastSteps(blocks, rules(blocks, trace), trace);
    }
    BlockTrace steps = trace != null ? trace : new BlockTrace(blocks);
    boolean[] rules = rules(blocks, steps);
    if (!forModel(blocks, rules)) {
      return lastSteps(blocks, rules, trace);
    }
    boolean[] redecided = rules.clone();
    BlockFeatures.forEach(
        blocks,
        rules,
        steps.reasons(),
        (i, f) ->
            redecided[i] =
                model.above(f, keptAbove(blocks.get(i), rules[i], f, DROP_SCORE, KEEP_SCORE)));
    boolean[] content = enough(blocks, rules, redecided);
    trace(trace, BlockTrace.Step.MODEL, content);
    // a notice is no text whoever keeps it: the model reads a licence's lines as any paragraph's
    dropNotices(blocks, content);
    trace(trace, BlockTrace.Step.NOTICES, content);
    return lastSteps(blocks, content, trace);
  }

  /**
   * The steps after the rules and the model, whichever decided: a part rendered twice kept once,
   * parts named as furniture dropped.
   */
  private static boolean[] lastSteps(List<TextBlock> blocks, boolean[] content, BlockTrace trace) {
    return trimToArticleBody(
        blocks, dropNamed(blocks, dropRepeats(blocks, content, trace), trace), trace);
  }

  /**
   * Drops the kept blocks that lie in an element named as furniture ({@link TextBlock#named}: a
   * comment list, related posts, a sharing bar, a newsletter box) holding less than half of the
   * kept words, when the rest of the kept text is at least half as long as what they hold. Such
   * parts sit inside an article's own container, where the content region keeps them. A thread
   * whose replies, named comments, outweigh its opening post, and a page that is mostly one such
   * part, keep them: there they are the page's text.
   */
  private static boolean[] dropNamed(List<TextBlock> blocks, boolean[] content, BlockTrace trace) {
    int n = blocks.size();
    Map<Integer, Integer> keptUnder = null;
    for (int i = 0; i < n; i++) {
      if (content[i] && blocks.get(i).named() >= 0) {
        if (keptUnder == null) {
          keptUnder = new HashMap<>();
        }
        keptUnder.put(blocks.get(i).named(), 0);
      }
    }
    if (keptUnder == null) {
      return content;
    }
    long kept = 0;
    for (int i = 0; i < n; i++) {
      if (content[i]) {
        TextBlock b = blocks.get(i);
        kept += b.words();
        for (int e : b.path()) {
          keptUnder.computeIfPresent(e, (k, v) -> v + b.words());
        }
      }
    }
    boolean[] named = new boolean[n];
    long inNamed = 0;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (content[i] && b.named() >= 0 && 2L * keptUnder.get(b.named()) < kept) {
        named[i] = true;
        inNamed += b.words();
      }
    }
    if (inNamed == 0 || 2 * (kept - inNamed) < inNamed) {
      return content;
    }
    boolean[] result = content.clone();
    for (int i = 0; i < n; i++) {
      result[i] &= !named[i];
    }
    trace(trace, BlockTrace.Step.NAMED, result);
    return result;
  }

  /**
   * Drops what lies around the article body the page declares or names ({@link
   * TextBlock#articleBody}), when the body holds at least {@value ArticleBody#MIN_BODY_WORDS}
   * words: every kept block after its last block (an appeal for support, a prompt to comment, a
   * credit, a teaser of the next story) unless what was kept there outweighs the body (then the
   * body is the first part of the text, not all of it), the few short lines that close the body
   * after its last paragraph ({@link #dropBodyTail}), and the short lines before its first block
   * that are no heading (a dateline, a byline, a category, a breadcrumb), unless what was kept
   * there outweighs the body (then the body is the last part of the text). The title stays, as does
   * a lead of a sentence or more.
   */
  private static boolean[] trimToArticleBody(
      List<TextBlock> blocks, boolean[] content, BlockTrace trace) {
    int n = content.length;
    int first = -1;
    int last = -1;
    long words = 0;
    for (int i = 0; i < n; i++) {
      if (blocks.get(i).articleBody()) {
        first = first < 0 ? i : first;
        last = i;
        words += blocks.get(i).words();
      }
    }
    if (words < ArticleBody.MIN_BODY_WORDS) {
      return content;
    }
    boolean[] result = content.clone();
    if (keptWords(blocks, content, last + 1, n) <= words) {
      Arrays.fill(result, last + 1, n, false);
      trace(trace, BlockTrace.Step.AFTER_ARTICLE_BODY, result);
    }
    if (dropBodyTail(blocks, result, first, last)) {
      trace(trace, BlockTrace.Step.ARTICLE_BODY_TAIL, result);
    }
    if (keptWords(blocks, content, 0, first) <= words) {
      for (int i = 0; i < first; i++) {
        TextBlock b = blocks.get(i);
        result[i] &= b.heading() || b.words() >= MIN_LEAD_WORDS;
      }
      trace(trace, BlockTrace.Step.BEFORE_ARTICLE_BODY, result);
    }
    return result;
  }

  /**
   * Drops the short lines that close an article body after its last paragraph (a block of {@value
   * #MIN_TAIL_PARAGRAPH_WORDS} words or more that ends a sentence), up to the body's last block
   * {@code last}: a source, a photo credit, an agency's initials, "More on this", a prompt to
   * share. Only when they are few ({@value #MAX_TAIL_LINES} kept lines at most), each shorter than
   * a sentence ({@value #MIN_LEAD_WORDS} words) and none a list item or a table's cell: an article
   * that goes on in a list or a table goes on in short lines.
   *
   * @return whether it dropped something
   */
  private static boolean dropBodyTail(
      List<TextBlock> blocks, boolean[] content, int first, int last) {
    int lastParagraph = -1;
    for (int i = first; i <= last; i++) {
      TextBlock b = blocks.get(i);
      if (content[i]
          && b.articleBody()
          && b.words() >= MIN_TAIL_PARAGRAPH_WORDS
          && ContentRegion.endsSentence(b.text())) {
        lastParagraph = i;
      }
    }
    if (lastParagraph < 0) {
      return false;
    }
    int lines = 0;
    for (int i = lastParagraph + 1; i <= last; i++) {
      TextBlock b = blocks.get(i);
      if (content[i]) {
        if (b.words() >= MIN_LEAD_WORDS || b.listItem() || b.table() >= 0) {
          return false;
        }
        lines++;
      }
    }
    if (lines == 0 || lines > MAX_TAIL_LINES) {
      return false;
    }
    Arrays.fill(content, lastParagraph + 1, last + 1, false);
    return true;
  }

  /** The fewest words of the paragraph after which an article body's closing lines begin. */
  private static final int MIN_TAIL_PARAGRAPH_WORDS = 20;

  /** The most closing lines of an article body ({@link #dropBodyTail}). */
  private static final int MAX_TAIL_LINES = 3;

  /** The words of the kept blocks from {@code from} to {@code to} (exclusive). */
  private static long keptWords(List<TextBlock> blocks, boolean[] content, int from, int to) {
    long words = 0;
    for (int i = from; i < to; i++) {
      words += content[i] ? blocks.get(i).words() : 0;
    }
    return words;
  }

  /**
   * Clears the second copy of a run of kept lines that the page says twice: lines of at least
   * {@value #MIN_REPEATED_WORDS} words outside lists and tables, each kept exactly twice on the
   * page, the second copy under another parent element than the first and next to another such line
   * (the nearest kept line of that kind before or after it repeats too). A page renders some of its
   * parts twice, for narrow and wide screens or for a script to swap in: a sign-up box, a product's
   * card, the whole article; a reader sees one copy, the first. A line said many times (a forum
   * member's signature under each post), a paragraph repeated beside its first copy (siblings), one
   * repeated line alone (a quotation, a refrain) and the entries of a reference page's lists and
   * tables (a parameter described alike for two functions) are the text's own.
   */
  private static boolean[] dropRepeats(
      List<TextBlock> blocks, boolean[] content, BlockTrace trace) {
    int n = blocks.size();
    long[] keys = new long[n];
    boolean[] keyed = new boolean[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (content[i] && b.words() >= MIN_REPEATED_WORDS && !b.listItem() && b.table() < 0) {
        keys[i] = normalizedHash(b.text(), PREFIX_LETTERS);
        keyed[i] = true;
        m++;
      }
    }
    // two copies begin alike: most pages begin no two lines alike, and tell so from a few letters
    if (!anyTwice(keys, keyed, m)) {
      return content;
    }
    for (int i = 0; i < n; i++) {
      if (keyed[i]) {
        keys[i] = normalizedHash(blocks.get(i).text(), Integer.MAX_VALUE);
      }
    }
    Map<Long, Integer> copies = new HashMap<>();
    for (int i = 0; i < n; i++) {
      if (keyed[i]) {
        copies.merge(keys[i], 1, Integer::sum);
      }
    }
    Map<Long, Integer> firstParent = new HashMap<>();
    boolean[] repeat = new boolean[n];
    for (int i = 0; i < n; i++) {
      if (keyed[i]) {
        int parent = parent(blocks.get(i));
        Integer before = firstParent.putIfAbsent(keys[i], parent);
        repeat[i] = before != null && before != parent && copies.get(keys[i]) == 2;
      }
    }
    boolean changed = false;
    int previous = -1;
    for (int i = 0; i < n; i++) {
      if (!keyed[i]) {
        continue;
      }
      int next = i + 1;
      while (next < n && !keyed[next]) {
        next++;
      }
      if (repeat[i] && ((previous >= 0 && repeat[previous]) || (next < n && repeat[next]))) {
        content[i] = false;
        changed = true;
      }
      previous = i;
    }
    if (changed) {
      trace(trace, BlockTrace.Step.REPEATS, content);
    }
    return content;
  }

  /**
   * Whether two of the {@code m} keyed keys are equal, by an open-addressed table of at most four
   * slots per key: most pages say no line twice, and this tells before any map is built. A key's
   * lowest bit is set so that 0 marks an empty slot; two keys that differ only there are reported
   * equal, and the map that follows tells them apart.
   */
  private static boolean anyTwice(long[] keys, boolean[] keyed, int m) {
    long[] seen = new long[Integer.highestOneBit(Math.max(2, m)) << 2];
    int mask = seen.length - 1;
    for (int i = 0; i < keys.length; i++) {
      if (keyed[i]) {
        long key = keys[i] | 1;
        int slot = (int) (key ^ (key >>> 32)) & mask;
        while (seen[slot] != 0 && seen[slot] != key) {
          slot = (slot + 1) & mask;
        }
        if (seen[slot] == key) {
          return true;
        }
        seen[slot] = key;
      }
    }
    return false;
  }

  /** The element a block's element lies in, or -1. */
  private static int parent(TextBlock b) {
    int[] path = b.path();
    return path.length > 1 ? path[path.length - 2] : -1;
  }

  /**
   * A 64-bit hash of a block's words, lower-cased, one separator between each: what two renderings
   * of it share (FNV-1a over the code points, so that no string is built per block).
   */
  private static long normalizedHash(String text, int letters) {
    long h = 0xcbf29ce484222325L;
    boolean space = false;
    boolean any = false;
    for (int i = 0; i < text.length() && letters > 0; ) {
      char ch = text.charAt(i);
      int c;
      boolean wordy;
      if (!Character.isSurrogate(ch)) {
        i++;
        c = BlockSegmenter.folded(ch);
        wordy = c != 0;
      } else {
        c = text.codePointAt(i);
        i += Character.charCount(c);
        wordy = Character.isLetterOrDigit(c);
        c = Character.toLowerCase(c);
      }
      if (wordy) {
        if (space && any) {
          h = (h ^ ' ') * 0x100000001b3L;
        }
        h = (h ^ c) * 0x100000001b3L;
        space = false;
        any = true;
        letters--;
      } else {
        space = true;
      }
    }
    return h;
  }

  private boolean[] rules(List<TextBlock> blocks, BlockTrace trace) {
    int n = blocks.size();
    boolean[] content = new boolean[n];
    for (int i = 0; i < n; i++) {
      TextBlock previous = i > 0 ? blocks.get(i - 1) : null;
      TextBlock next = i + 1 < n ? blocks.get(i + 1) : null;
      content[i] = byTextFeatures(previous, blocks.get(i), next);
    }
    trace(trace, BlockTrace.Step.TEXT_FEATURES, content);
    for (int i = n - 2; i >= 0; i--) {
      TextBlock b = blocks.get(i);
      if (!content[i]
          && content[i + 1]
          && b.linkDensity() <= MAX_LINK_DENSITY
          && (b.heading() || b.words() >= MIN_LEAD_WORDS)) {
        content[i] = true;
      }
    }
    trace(trace, BlockTrace.Step.LEAD, content);
    // what the text features alone keep of a declared main region, before the landmarks keep its
    // short lines: how the same page reads without the declaration (see below)
    long featuresInMain = 0;
    for (int i = 0; i < n; i++) {
      featuresInMain +=
          content[i] && blocks.get(i).landmark() == Landmark.MAIN ? blocks.get(i).words() : 0;
    }
    if (useLandmarks) {
      applyLandmarks(blocks, content);
      trace(trace, BlockTrace.Step.LANDMARKS, content);
    }
    dropForms(blocks, content);
    trace(trace, BlockTrace.Step.FORMS, content);
    // within a declared main region too: it often holds related articles and comment forms
    boolean[] region = ContentRegion.restrict(blocks, content);
    ArticleTail.dropAuthorBox(blocks, content);
    keepShortEntry(blocks, content, useLandmarks, region);
    keepMostlyKeptLists(blocks, content);
    trace(trace, BlockTrace.Step.CONTENT_REGION, content);
    keepLinkedTitles(blocks, content);
    trace(trace, BlockTrace.Step.LINKED_TITLES, content);
    dropHeadingsOfDropped(blocks, content);
    trace(trace, BlockTrace.Step.HEADINGS, content);
    if (region == null && useLandmarks) {
      region = new boolean[n];
      for (int i = 0; i < n; i++) {
        region[i] = blocks.get(i).landmark() == Landmark.MAIN;
      }
    }
    if (region != null) {
      keepMainHeadings(blocks, content, region);
      trace(trace, BlockTrace.Step.MAIN_HEADINGS, content);
    }
    dropNotices(blocks, content);
    trace(trace, BlockTrace.Step.NOTICES, content);
    // a product's customers' reviews, which the text features keep as paragraphs
    Reviews.drop(blocks, content);
    trace(trace, BlockTrace.Step.REVIEWS, content);
    int kept = 0;
    int mainWords = 0;
    for (int i = 0; i < n; i++) {
      kept += content[i] ? blocks.get(i).words() : 0;
      mainWords +=
          useLandmarks && blocks.get(i).landmark() == Landmark.MAIN ? blocks.get(i).words() : 0;
    }
    if (kept < MIN_TEXT_WORDS
        || kept < MIN_MAIN_SHARE * mainWords
        || (featuresInMain > 0 && featuresInMain < MIN_MAIN_SHARE * mainWords)) {
      // no article (an index, a short page, a reference entry, a list of linked cards in the
      // declared main region): the page is its own text, its links too (an index is its links),
      // bar declared furniture and, where the page declares its main region, what lies outside it.
      // A reference page whose main region holds its signatures (names linked to their types)
      // between short unlinked lines ("Instance details", "Methods") is one too, though the
      // landmarks keep those lines: the text features keep as little of it as of a list, and the
      // same page under a template that declares no main region keeps its content region whole
      boolean main = false;
      for (int i = 0; i < n && useLandmarks; i++) {
        main |= blocks.get(i).landmark() == Landmark.MAIN && blocks.get(i).words() > 0;
      }
      for (int i = 0; i < n; i++) {
        Landmark landmark = blocks.get(i).landmark();
        content[i] =
            !(useLandmarks && landmark == Landmark.BOILERPLATE)
                && (!main || landmark == Landmark.MAIN);
      }
      trace(trace, BlockTrace.Step.NO_ARTICLE, content);
      if (!main) {
        keepMajorityContainer(blocks, content);
        trace(trace, BlockTrace.Step.NO_ARTICLE_CONTAINER, content);
      }
      // a page without an article has its notices too
      dropNotices(blocks, content);
      trace(trace, BlockTrace.Step.NOTICES, content);
    }
    return content;
  }

  /**
   * Keeps every line of a declared main region between its first and its last kept line, list items
   * and a form's lines excepted, when what is kept there is a short entry (at least {@value
   * #MIN_TEXT_WORDS} and fewer than {@value ContentRegion#SHORT_REGION_WORDS} words): a reference
   * entry's signatures are lines of links (each type linked to its definition) that the decision
   * tree drops as link-dense, though they are most of what tells the entry from its site's others.
   * On a page that declares no main region (or with {@code useLandmarks} off), the content region
   * ({@code region}, null if there is none) is read so: the same entry of a few lines ("Known
   * implementations: ...", "View In Hierarchy") then reads alike under both templates.
   */
  private static void keepShortEntry(
      List<TextBlock> blocks, boolean[] content, boolean useLandmarks, boolean[] region) {
    int n = blocks.size();
    boolean keptInMain = false;
    for (int i = 0; i < n && useLandmarks && !keptInMain; i++) {
      keptInMain = content[i] && blocks.get(i).landmark() == Landmark.MAIN;
    }
    boolean[] in = region;
    if (keptInMain) {
      in = new boolean[n];
      for (int i = 0; i < n; i++) {
        in[i] = blocks.get(i).landmark() == Landmark.MAIN;
      }
    }
    if (in == null) {
      return;
    }
    int first = -1;
    int last = -1;
    long kept = 0;
    for (int i = 0; i < n; i++) {
      if (content[i] && in[i]) {
        first = first < 0 ? i : first;
        last = i;
      }
      kept += content[i] ? blocks.get(i).words() : 0;
    }
    if (first < 0 || kept < MIN_TEXT_WORDS || kept >= ContentRegion.SHORT_REGION_WORDS) {
      return;
    }
    for (int i = first + 1; i < last; i++) {
      TextBlock b = blocks.get(i);
      if (in[i]
          && b.words() > 0
          && !b.listItem()
          && b.form() < 0
          && b.landmark() != Landmark.BOILERPLATE) {
        content[i] = true;
      }
    }
  }

  /**
   * Keeps a heading of a declared main region (on a page that declares none, of the content region
   * that decided what was kept), between its first and its last kept line, that leads into kept
   * text: past the headings that follow it (an entry's heading over its sub-headings) and one line
   * of at most two words all linked after each (its permalink, "source", "[−]"). A reference
   * entry's headings are signatures, its names linked to their definitions ("impl Clone for Add",
   * "fn parse(input: ParseStream) -> Result"): the decision tree drops them as link-dense, and a
   * heading over sub-headings as the heading of dropped lines, though they are what tells one
   * generated entry from its site's others, whose descriptions are the same; the same entry under a
   * template with or without a declared main region keeps them alike. A heading over links or
   * dropped lines ("Share this", "Related posts") stays out.
   */
  private static void keepMainHeadings(List<TextBlock> blocks, boolean[] content, boolean[] main) {
    int[] span = ContentRegion.keptSpan(content, main);
    int first = span[0];
    int last = span[1];
    for (int i = first + 1; i < last; i++) {
      TextBlock b = blocks.get(i);
      if (content[i]
          || !b.heading()
          || b.words() == 0
          || !main[i]
          || b.landmark() == Landmark.BOILERPLATE) {
        continue;
      }
      int next = i + 1;
      boolean afterHeading = true;
      while (next < last) {
        TextBlock c = blocks.get(next);
        if (c.heading()) {
          afterHeading = true;
        } else if (afterHeading
            && c.words() <= 2
            && c.linkedWords() == c.words()
            && c.words() > 0) {
          afterHeading = false;
        } else if (c.words() > 0) {
          break;
        }
        next++;
      }
      content[i] = content[next];
    }
  }

  /**
   * On a page without an article that declares no main region, keeps only the deepest element
   * holding more than half of its words (outside declared furniture), some words outside links and
   * more than one line: the part of the page that is its own (an index's entries under their
   * letters, with the line that introduces them), not the page header that names the site or the
   * footer that credits its generator, which on a short page weigh as much as its own lines. A list
   * of links alone (the letters of an index) is the page's navigation, not its own part, unless the
   * page is nothing but links (the index of the letters); a single paragraph is the introduction to
   * the part, not the part. Notices ({@link #dropNotices}) weigh nothing: a short entry's footer of
   * copyright lines and a licence sentence would otherwise outweigh it and be taken for its part.
   * When that element is one of sections under headings of one level, their parent is the part
   * ({@link ContentRegion#sections}). A page whose words no element below its body holds in
   * majority keeps all of them.
   */
  private static void keepMajorityContainer(List<TextBlock> blocks, boolean[] content) {
    int elements = 0;
    for (TextBlock b : blocks) {
      for (int e : b.path()) {
        elements = Math.max(elements, e + 1);
      }
    }
    int[] words = new int[elements];
    int[] text = new int[elements];
    int[] depth = new int[elements];
    int[] parent = new int[elements];
    int[] lines = new int[elements];
    long total = 0;
    for (TextBlock b : blocks) {
      if (b.landmark() == Landmark.BOILERPLATE || b.words() == 0 || isNotice(b)) {
        continue;
      }
      total += b.words();
      int[] path = b.path();
      for (int k = 0; k < path.length; k++) {
        words[path[k]] += b.words();
        text[path[k]] += b.words() - b.linkedWords();
        lines[path[k]]++;
        depth[path[k]] = k;
        parent[path[k]] = k > 0 ? path[k - 1] : -1;
      }
    }
    int container = majority(words, text, lines, depth, total, true);
    if (container < 0) {
      // a page of links only (an index of the index's letters): its links are its own part
      container = majority(words, text, lines, depth, total, false);
    }
    if (container < 0) {
      return;
    }
    // one section of several (a short reference entry's declaration, description and parameters,
    // its longest part by a few words): the sections are the part
    container = ContentRegion.sections(blocks, container, parent, depth);
    int at = depth[container];
    for (int i = 0; i < blocks.size(); i++) {
      int[] path = blocks.get(i).path();
      content[i] &= path.length > at && path[at] == container;
    }
  }

  /**
   * The deepest element below the page's root holding more than half of its {@code total} words and
   * more than one line (and, if {@code withText}, some words outside links), or -1.
   */
  private static int majority(
      int[] words, int[] text, int[] lines, int[] depth, long total, boolean withText) {
    int container = -1;
    for (int e = 0; e < words.length; e++) {
      if (2L * words[e] > total
          && (text[e] > 0 || !withText)
          && lines[e] > 1
          && depth[e] > 0
          && (container < 0 || depth[e] > depth[container])) {
        container = e;
      }
    }
    return container;
  }

  /**
   * Keeps every item of a list of at least {@value #MIN_LIST_ITEMS} items (list items with one
   * parent) of whose words at least half were kept: the items of one list are alike, and judged one
   * by one by their length and links they come out kept and dropped in turn (a class's members,
   * each its name linked to its entry: those with long signatures kept, those of one linked word
   * dropped). Where fewer than {@value #ENTRY_SHARE} of the items hold a link the list is no list
   * of entries, and a mostly linked item among the others ("Read the full review") stays out.
   */
  static void keepMostlyKeptLists(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    for (int i = 0; i < n; ) {
      TextBlock b = blocks.get(i);
      int[] p = b.path();
      if (!b.listItem() || p.length < 2) {
        i++;
        continue;
      }
      int list = p[p.length - 2];
      int j = i;
      long words = 0;
      long kept = 0;
      int items = 0;
      int linkedItems = 0;
      while (j < n) {
        TextBlock c = blocks.get(j);
        int[] q = c.path();
        if (c.words() == 0) {
          j++;
          continue;
        }
        if (!c.listItem() || q.length != p.length || q[q.length - 2] != list) {
          break;
        }
        words += c.words();
        kept += content[j] ? c.words() : 0;
        items++;
        linkedItems += c.linkedWords() > 0 ? 1 : 0;
        j++;
      }
      if (items >= MIN_LIST_ITEMS && 2 * kept >= words) {
        boolean entries = linkedItems >= ENTRY_SHARE * items;
        for (int k = i; k < j; k++) {
          TextBlock c = blocks.get(k);
          if (c.words() > 0
              && c.landmark() != Landmark.BOILERPLATE
              && (entries || c.linkDensity() <= MAX_LINK_DENSITY)) {
            content[k] = true;
          }
        }
      }
      i = Math.max(j, i + 1);
    }
  }

  /**
   * Keeps a heading made of a link (more than a third of its words linked) whose next block is
   * kept: it is the title of the text that follows, linked to that text's own page, as the title of
   * each item of a listing (a headline over its teaser, a product's name over its description) or
   * an article's title linked to its permanent address are. The decision tree drops it as
   * link-dense, and a listing then keeps its teasers without their titles. Navigation is lists of
   * links without kept text after each; a heading in declared furniture stays out. A line of links
   * that is not a heading is such a title too when the text after it lies in the line's own parent
   * element (the line and its text are one item: a reference entry's signature, its names linked to
   * their definitions, over its description), it has at least {@value #MIN_LINKED_TITLE_WORDS}
   * words (not "PDF", "Print recipe", an author's name) and no label before its link ("Read more:
   * ...", which points elsewhere); or when it is a cell of the row whose next cell is the text
   * ({@link #sameRow}).
   */
  private static void keepLinkedTitles(List<TextBlock> blocks, boolean[] content) {
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      if (content[i]
          || b.linkDensity() <= MAX_LINK_DENSITY
          || b.landmark() == Landmark.BOILERPLATE) {
        continue;
      }
      int next = i + 1;
      while (next < blocks.size() && blocks.get(next).words() == 0) {
        next++;
      }
      content[i] =
          next < blocks.size()
              && content[next]
              && (b.heading()
                  || (b.words() >= MIN_LINKED_TITLE_WORDS
                      && !hasLabel(b.text())
                      && within(blocks.get(next), b))
                  || sameRow(b, blocks.get(next)));
    }
  }

  /**
   * Whether two blocks are cells of one row of a table: their elements, in one table, share their
   * parent. A linked name in a row beside its kept description is the entry's name (a reference's
   * table of members: "Method", {@code closed}, "Called when the session is closed.").
   */
  private static boolean sameRow(TextBlock cell, TextBlock next) {
    int[] p = cell.path();
    int[] q = next.path();
    if (cell.table() < 0 || cell.table() != next.table() || p.length != q.length) {
      return false;
    }
    return within(next, cell);
  }

  /**
   * Whether a line holds a label: a letter, a colon and a space ("Read more: ...", "Source: ...");
   * the line's own text follows it.
   */
  static boolean hasLabel(String text) {
    for (int i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) {
      if (i > 0
          && i + 1 < text.length()
          && Character.isLetter(text.codePointBefore(i))
          && isRegexSpace(text.charAt(i + 1))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isRegexSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r'); // tab, new line, vertical tab, form feed, return
  }

  /** Whether {@code inner} lies in the parent element of {@code line}. */
  private static boolean within(TextBlock inner, TextBlock line) {
    int[] p = line.path();
    int[] q = inner.path();
    if (p.length < 2 || q.length < p.length) {
      return false;
    }
    for (int k = 0; k < p.length - 1; k++) {
      if (p[k] != q[k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Clears a short heading (at most {@value #MAX_TITLE_WORDS} words), or a short line ending in a
   * colon, that the steps before kept but whose next block they dropped: it is the title of what
   * follows ("Related posts", "Share this:", "Leave a reply", "Follow me"), and what follows is not
   * text. An article's own section headings lead into text that is kept.
   */
  private static void dropHeadingsOfDropped(List<TextBlock> blocks, boolean[] content) {
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      if (!content[i] || b.words() == 0 || b.words() > MAX_TITLE_WORDS) {
        continue;
      }
      String t = b.text();
      if (!b.heading() && t.charAt(t.length() - 1) != ':') {
        continue;
      }
      int next = i + 1;
      while (next < blocks.size() && blocks.get(next).words() == 0) {
        next++;
      }
      if (next < blocks.size() && !content[next]) {
        content[i] = false;
      }
    }
  }

  /**
   * Clears a short line (fewer than {@value #MAX_NOTICE_WORDS} words) holding a copyright sign: a
   * site's or a picture's notice ("© 2025 The Times. All rights reserved.", "Photo © Reuters"), in
   * any language, beside the text rather than in it.
   */
  private static void dropNotices(List<TextBlock> blocks, boolean[] content) {
    for (int i = 0; i < blocks.size(); i++) {
      if (content[i] && isNotice(blocks.get(i))) {
        content[i] = false;
      }
    }
  }

  /** Whether a block is a notice ({@link #dropNotices}). */
  private static boolean isNotice(TextBlock b) {
    return b.words() < MAX_NOTICE_WORDS
        ? b.text().indexOf('\u00a9') >= 0
        : opensWithCopyright(b.text());
  }

  /**
   * Whether a text opens with a copyright sign, among its first {@value #NOTICE_OPENING_WORDS}
   * words ("© 2020 The Company Ltd. Documentation contributions included herein ...", "Copyright ©
   * 2024 ..."): a legal notice however long, which a page writes beside its text, never as its
   * opening.
   */
  static boolean opensWithCopyright(String text) {
    int words = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean space = Character.isWhitespace(c);
      if (!space && !inWord && words++ == NOTICE_OPENING_WORDS) {
        return false;
      }
      if (c == '\u00a9') {
        return true;
      }
      inWord = !space;
    }
    return false;
  }

  private static void trace(BlockTrace trace, BlockTrace.Step step, boolean[] content) {
    if (trace != null) {
      trace.after(step, content);
    }
  }

  /**
   * Clears the blocks of forms that hold less than {@value #MAX_FORM_SHARE} of the page's words:
   * the labels and instructions of a comment, search or sign-up form are interface, not text. A
   * form that wraps most of the page (as some frameworks render every page) is left alone.
   */
  private static void dropForms(List<TextBlock> blocks, boolean[] content) {
    long total = 0;
    Map<Integer, Long> formWords = null;
    for (TextBlock b : blocks) {
      total += b.words();
      if (b.form() >= 0) {
        if (formWords == null) {
          formWords = new HashMap<>();
        }
        formWords.merge(b.form(), (long) b.words(), Long::sum);
      }
    }
    if (formWords == null) {
      return;
    }
    for (int i = 0; i < blocks.size(); i++) {
      int form = blocks.get(i).form();
      if (form >= 0 && formWords.get(form) < MAX_FORM_SHARE * total) {
        content[i] = false;
      }
    }
  }

  private static void applyLandmarks(List<TextBlock> blocks, boolean[] content) {
    int n = blocks.size();
    boolean mainHasContent = false;
    for (int i = 0; i < n; i++) {
      mainHasContent |= content[i] && blocks.get(i).landmark() == Landmark.MAIN;
    }
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (b.landmark() == Landmark.BOILERPLATE) {
        content[i] = false;
      } else if (mainHasContent) {
        content[i] = b.landmark() == Landmark.MAIN && b.linkDensity() <= MAX_LINK_DENSITY;
      }
    }
  }

  /**
   * The paper's decision tree over the words and link density of a block and its neighbours (a
   * missing neighbour counts as an empty block).
   */
  static boolean byTextFeatures(TextBlock previous, TextBlock current, TextBlock next) {
    int prevWords = previous == null ? 0 : previous.words();
    double prevLinks = previous == null ? 0 : previous.linkDensity();
    int nextWords = next == null ? 0 : next.words();
    if (current.linkDensity() > MAX_LINK_DENSITY) {
      return false;
    }
    if (prevLinks <= MAX_PREVIOUS_LINK_DENSITY) {
      if (current.words() <= 16) {
        if (nextWords <= 15) {
          return prevWords > 4;
        }
        return true;
      }
      return true;
    }
    if (current.words() <= 40) {
      return nextWords > 17;
    }
    return true;
  }
}
