package io.neardup.web.boilerplate;

import java.util.List;

/**
 * The features {@link BlockModel} re-decides a block by: a few of the block's own (its unlinked
 * words, text density, heading, list item, form, table, whether it ends a sentence), where it lies
 * relative to the text the rules kept (the kept words before it and after it, the kept share of the
 * words and blocks around it, how far it lies in the DOM below the element holding every kept block
 * and from the longest kept block), what its four nearest ancestors hold (their links, their kept
 * share, their lines), the words of the longest kept block, and the reason the rules gave it.
 * Nothing measures the page as a whole or a block's absolute depth or position: a page's template
 * (a site's header, menus and footer around the same text) changes those, and the same text under
 * two templates should be read alike. Counts of words and lines are read up to a bound ({@link
 * #MAX_WORDS}, {@link #MAX_LINES}) and a position as counts of kept words, not as a share of them:
 * the ends of a text far longer than any the model learnt from read as the ends of any text, and
 * its middle as the middle of any, so that no block deep in a long run of kept paragraphs is
 * dropped for where it lies. Computed from the blocks and the rules' verdicts and reasons alone, so
 * that a page gives the same features everywhere; only for the blocks the model reads ({@link
 * #candidate}).
 */
public final class BlockFeatures {
  /** The number of features of a block. */
  public static final int COUNT = 30;

  /** The ancestors whose aggregates are features: the parent of the block's element and up. */
  private static final int ANCESTORS = 4;

  /**
   * The index of the first ancestor's features: for each of the {@value #ANCESTORS} ancestors in
   * turn, the share of its words in links, the share the rules kept and its lines.
   */
  private static final int ANCESTOR_FEATURES = 18;

  /** The blocks on each side whose kept words are a feature. */
  private static final int NEAR = 3;

  /** The blocks on each side whose verdicts are counted. */
  private static final int AROUND = 5;

  /**
   * The most words a count of words reads as: beyond it every count reads alike, so that a text far
   * longer than those the model learnt from reads as they do (its middle as their middles).
   */
  static final int MAX_WORDS = 500;

  /** The most lines an ancestor's count of lines reads as, for the same reason. */
  static final int MAX_LINES = 500;

  /**
   * The share of an ancestor's words the rules kept from which, with {@value #MAX_LINES} lines or
   * more, it is one long text (see {@link #inLongText}).
   */
  static final double LONG_TEXT_SHARE = 0.9;

  /** Receives the features of one block, in a buffer reused for the next. */
  interface Sink {
    void accept(int block, double[] features);
  }

  private BlockFeatures() {}

  /**
   * The features of each block the model reads (null for the others), from the rules' verdicts
   * {@code content} and reasons: what a model is trained on.
   */
  static double[][] of(List<TextBlock> blocks, boolean[] content, BlockReason[] reasons) {
    double[][] x = new double[blocks.size()][];
    forEach(blocks, content, reasons, (i, f) -> x[i] = f.clone());
    return x;
  }

  /**
   * Whether the model re-decides a block: one with words that the rules kept, or one with few links
   * outside declared furniture (the model never keeps a link-dense line or furniture, and reading
   * only these keeps it cheap beside parsing).
   */
  static boolean candidate(TextBlock b, boolean kept) {
    return b.words() > 0
        && (kept
            || (b.linkDensity() <= BlockClassifier.MAX_LINK_DENSITY
                && b.landmark() != Landmark.BOILERPLATE));
  }

  /** Hands the features of each block the model reads to {@code sink}, in order. */
  static void forEach(List<TextBlock> blocks, boolean[] content, BlockReason[] reasons, Sink sink) {
    int n = blocks.size();
    // words, linked words and kept words of the blocks before each one
    int[] words = new int[n + 1];
    int[] linked = new int[n + 1];
    int[] keptWords = new int[n + 1];
    int[] keptBlocks = new int[n + 1];
    int biggest = -1;
    int biggestWords = 0;
    int elements = 0;
    int candidates = 0;
    int[] region = null;
    int regionLength = 0;
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      int w = b.words();
      words[i + 1] = words[i] + w;
      linked[i + 1] = linked[i] + b.linkedWords();
      keptWords[i + 1] = keptWords[i] + (content[i] ? w : 0);
      keptBlocks[i + 1] = keptBlocks[i] + (content[i] ? 1 : 0);
      int[] p = b.path();
      if (p.length > 0) {
        // an element's number is above its ancestors': the last of a path is its largest
        elements = Math.max(elements, p[p.length - 1] + 1);
      }
      candidates += candidate(b, content[i]) ? 1 : 0;
      if (content[i] && w > 0) {
        int unlinked = w - b.linkedWords();
        if (biggest < 0 || unlinked > biggestWords) {
          biggest = i;
          biggestWords = unlinked;
        }
        // the deepest element that holds every kept block: the region the rules read as the text
        if (region == null) {
          region = p;
          regionLength = p.length;
        } else {
          regionLength = shared(region, regionLength, p);
        }
      }
    }
    if (candidates == 0) {
      return;
    }
    int kept = keptWords[n];
    int[] big = biggest < 0 ? new int[0] : blocks.get(biggest).path();
    // the blocks under an element are consecutive (the segmenter cuts in document order): each
    // element's first and last, from where consecutive blocks' paths part
    int[] first = new int[elements];
    int[] last = new int[elements];
    int[] previous = new int[0];
    for (int i = 0; i < n; i++) {
      int[] p = blocks.get(i).path();
      int common = shared(previous, previous.length, p);
      for (int k = common; k < previous.length; k++) {
        last[previous[k]] = i - 1;
      }
      for (int k = common; k < p.length; k++) {
        first[p[k]] = i;
      }
      previous = p;
    }
    for (int e : previous) {
      last[e] = n - 1;
    }
    double[] f = new double[COUNT];
    // the page's own feature, the same for each of its blocks
    f[9] = Math.min(biggestWords, MAX_WORDS);
    for (int i = 0; i < n; i++) {
      TextBlock b = blocks.get(i);
      if (!candidate(b, content[i])) {
        continue;
      }
      int[] p = b.path();
      String t = b.text();
      f[0] = Math.min(b.words() - b.linkedWords(), MAX_WORDS);
      f[1] = Math.min(b.textDensity(), 30);
      f[2] = b.heading() ? 1 : 0;
      f[3] = b.listItem() ? 1 : 0;
      f[4] = b.form() >= 0 ? 1 : 0;
      f[5] = b.table() >= 0 ? 1 : 0;
      f[6] = endsSentence(t.charAt(t.length() - 1)) ? 1 : 0;
      // the kept words before and after it, each up to a bound: the ends of the text (a title, a
      // byline, a closing biography) read as in any article, and a block deep in a long text as
      // one in the middle of any, whatever the text's length
      f[7] = Math.min(keptWords[i], MAX_WORDS);
      f[8] = Math.min(kept - keptWords[i + 1], MAX_WORDS);
      int from = Math.max(0, i - NEAR);
      int to = Math.min(n, i + NEAR + 1);
      int near = words[to] - words[from] - b.words();
      int nearKept = keptWords[to] - keptWords[from] - (content[i] ? b.words() : 0);
      f[10] = near == 0 ? 0 : (double) nearKept / near;
      f[11] = Math.min(near, MAX_WORDS);
      f[12] = keptBlocks[i] - keptBlocks[Math.max(0, i - AROUND)];
      f[13] = keptBlocks[Math.min(n, i + 1 + AROUND)] - keptBlocks[i + 1];
      f[14] = region == null ? 0 : p.length - regionLength;
      f[15] = biggest < 0 ? 0 : big.length - holding(p, biggest, first, last);
      BlockReason reason = reasons[i];
      f[16] = reason == null ? -1 : code(reason);
      f[17] = reason == BlockReason.TEXT ? 1 : 0;
      int k = ANCESTOR_FEATURES;
      for (int up = 2; up <= ANCESTORS + 1; up++) {
        // the block's ancestors: their links, what was kept of them, their lines
        if (p.length < up) {
          f[k++] = -1;
          f[k++] = -1;
          f[k++] = -1;
          continue;
        }
        int e = p[p.length - up];
        int start = first[e];
        int end = last[e] + 1;
        int under = words[end] - words[start];
        f[k++] = under == 0 ? -1 : (double) (linked[end] - linked[start]) / under;
        f[k++] = under == 0 ? -1 : (double) (keptWords[end] - keptWords[start]) / under;
        f[k++] = Math.min(end - start, MAX_LINES);
      }
      sink.accept(i, f);
    }
  }

  /**
   * Whether a block's features {@code f} place it in a long text: one of its {@value #ANCESTORS}
   * nearest ancestors holds at least {@value #MAX_LINES} lines, the most the model reads, of whose
   * words the rules kept at least {@value #LONG_TEXT_SHARE}. A chapter of a book or a manual
   * written as one flat run of paragraphs, headings, one-line introductions and code listings under
   * one element reads there as any element of that many lines: in what the model learnt from,
   * mostly a page's long lists and wrappers, whose short lines are furniture. The rules' reading of
   * such a text is the one to keep.
   */
  static boolean inLongText(double[] f) {
    for (int k = ANCESTOR_FEATURES; k < COUNT; k += 3) {
      if (f[k + 2] >= MAX_LINES && f[k + 1] >= LONG_TEXT_SHARE) {
        return true;
      }
    }
    return false;
  }

  /** The length of the common prefix of {@code a}'s first {@code length} and {@code b}. */
  private static int shared(int[] a, int length, int[] b) {
    int k = 0;
    while (k < length && k < b.length && a[k] == b[k]) {
      k++;
    }
    return k;
  }

  /**
   * How many of the elements on {@code path}, from the outermost, hold block {@code block}: those
   * whose blocks (from {@code first} to {@code last}) include it, a prefix of the path, found by
   * bisection.
   */
  private static int holding(int[] path, int block, int[] first, int[] last) {
    int low = 0;
    int high = path.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      int e = path[mid];
      if (first[e] <= block && block <= last[e]) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static boolean endsSentence(char c) {
    return c == '.' || c == '!' || c == '?' || c == '\u3002' || c == '"' || c == '\u201d';
  }

  /**
   * A reason as the model reads it: its number, but a kept heading of the main region reads as a
   * linked title and a product's review as a block outside the content region, the reasons such
   * lines had in the data the model was trained on.
   */
  private static int code(BlockReason reason) {
    return (reason == BlockReason.MAIN_HEADING
            ? BlockReason.LINKED_TITLE
            : reason == BlockReason.REVIEW ? BlockReason.OUTSIDE_REGION : reason)
        .ordinal();
  }
}
