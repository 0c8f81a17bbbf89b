package io.neardup.web.boilerplate;

import java.net.URI;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Site-wide template removal, learnt from a pass over the pages: the blocks that recur on many
 * pages of one group are the group's template (002's "infholder": block checksums per page, the
 * blocks common to the pages of a site are its furniture).
 *
 * <p>A page's group is its host and URL path up to the last segment ({@code
 * https://example.org/docs/usage/a.html} is in {@code example.org/docs/usage/}), as the lecture
 * suggests: pages of one directory share a template. Each block is reduced to a 64-bit checksum of
 * its text (case and spacing folded). A block whose checksum occurs on at least {@link
 * #DEFAULT_MIN_SHARE} of the distinct pages of its group (and on {@value #MIN_PAGES_WITH_BLOCK} at
 * least) is template. A group of fewer than {@link #DEFAULT_MIN_PAGES} distinct pages is too small
 * to learn from: its pages get local removal only. Identical pages (the same blocks in the same
 * order) count once, so exact copies of a page do not make its article a template; but a text
 * copied onto half the pages of a directory is, by this definition, that directory's template (the
 * extractor then falls back to local removal for a page left with no text).
 *
 * <p>Why frequent-block counting rather than the longest common subsequence of the checksum
 * vectors: it needs one streaming pass and memory per distinct block of a group rather than every
 * page's vector, it does not depend on block order (sidebars that highlight the current page or
 * reorder "previous/next" links break a common subsequence but not the shared blocks), and a block
 * shared by most pages of a directory is template whatever its position. What it cannot see is a
 * template block that changes on every page (a date, a page counter); local removal catches those.
 *
 * <pre>{@code
 * SiteTemplates templates = new SiteTemplates();
 * for (page : pages) templates.learn(SiteTemplates.group(url), segmenter.segment(body));
 * boolean[] template = templates.template(SiteTemplates.group(url), blocks); // null: too small
 * }</pre>
 *
 * <p>Learning is not thread-safe; after it, {@link #template} may be called from many threads.
 */
public final class SiteTemplates {
  /** The share of a group's pages a block must occur on to be template. */
  public static final double DEFAULT_MIN_SHARE = 0.5;

  /** The fewest distinct pages a group must have to learn its template from. */
  public static final int DEFAULT_MIN_PAGES = 5;

  /**
   * The fewest distinct pages a block must occur on to be template, whatever the group's size: a
   * text on two pages is more likely a copy than a template.
   */
  public static final int MIN_PAGES_WITH_BLOCK = 3;

  private final double minShare;
  private final int minPages;
  private final Map<String, Group> groups = new HashMap<>();

  private static final class Group {
    int pages;
    final Set<Long> pageSums = new HashSet<>();
    final Map<Long, Integer> pagesWithBlock = new HashMap<>();
  }

  public SiteTemplates() {
    this(DEFAULT_MIN_SHARE, DEFAULT_MIN_PAGES);
  }

  /**
   * @param minShare the share of pages, in (0, 1], a block must occur on to be template
   * @param minPages the fewest distinct pages, at least 2, a group must have to learn from
   */
  public SiteTemplates(double minShare, int minPages) {
    if (!(minShare > 0 && minShare <= 1)) {
      throw new IllegalArgumentException("minShare must be in (0, 1], got " + minShare);
    }
    if (minPages < 2) {
      throw new IllegalArgumentException("minPages must be at least 2, got " + minPages);
    }
    this.minShare = minShare;
    this.minPages = minPages;
  }

  /**
   * The group of a page: host and path up to the last {@code /} of a URL, or, for a page known by a
   * relative path or id only, that path up to its last {@code /}.
   */
  public static String group(String urlOrPath) {
    String host = "";
    String path = urlOrPath;
    try {
      URI uri = URI.create(urlOrPath);
      if (uri.getHost() != null) {
        host = uri.getHost().toLowerCase(Locale.ROOT);
        path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
      }
    } catch (IllegalArgumentException e) {
      // not a URL: a relative path or an id
    }
    int slash = path.lastIndexOf('/');
    return host + (slash < 0 ? "" : path.substring(0, slash + 1));
  }

  /** A block's checksum: FNV-1a over its text with case and spacing folded. */
  public static long checksum(TextBlock block) {
    long h = 0xcbf29ce484222325L;
    String text = block.text();
    for (int i = 0; i < text.length(); i++) {
      char c = Character.toLowerCase(text.charAt(i));
      if (Character.isWhitespace(c)) {
        continue;
      }
      h ^= c;
      h *= 0x100000001b3L;
    }
    return h;
  }

  /**
   * Counts the blocks of one page of a group (each distinct block once per page, each distinct page
   * once). Thread-safe: pages may be learnt from several threads.
   */
  public void learn(String group, List<TextBlock> blocks) {
    long[] sums = new long[blocks.size()];
    long page = 17;
    for (int i = 0; i < sums.length; i++) {
      sums[i] = checksum(blocks.get(i));
      page = page * 31 + sums[i];
    }
    count(group, sums, page);
  }

  private synchronized void count(String group, long[] sums, long page) {
    Group g = groups.computeIfAbsent(group, k -> new Group());
    if (!g.pageSums.add(page)) {
      return;
    }
    g.pages++;
    Set<Long> seen = new HashSet<>();
    for (long sum : sums) {
      if (seen.add(sum)) {
        g.pagesWithBlock.merge(sum, 1, Integer::sum);
      }
    }
  }

  /**
   * Which blocks of a page are its group's template.
   *
   * @return for each block whether it is template, or null if the group is too small to learn from
   *     (or was never seen)
   */
  public synchronized boolean[] template(String group, List<TextBlock> blocks) {
    Group g = groups.get(group);
    if (g == null || g.pages < minPages) {
      return null;
    }
    int needed = Math.max(MIN_PAGES_WITH_BLOCK, (int) Math.ceil(minShare * g.pages));
    boolean[] template = new boolean[blocks.size()];
    for (int i = 0; i < template.length; i++) {
      template[i] = g.pagesWithBlock.getOrDefault(checksum(blocks.get(i)), 0) >= needed;
    }
    return template;
  }

  /**
   * Which blocks of a page are its layout's chrome: the parts of the page's outermost split (the
   * deepest element holding all of its text, usually the body or a wrapper around header, content
   * and footer) that hold nothing but its group's template, the header and footer of every page of
   * the directory. Template lines inside the part that holds the page's own text (a reference
   * entry's recurring "Inherits: Object", an index's letters) are not chrome: the page's own
   * extraction judges them. Chrome is only named when it is the lesser part of the page: when the
   * template-only parts hold as many words as the rest, the page is more likely a copy of one of
   * the group's other pages with a line or two of its own (a date, a highlighted menu entry).
   *
   * @param template for each block whether it is template, as {@link #template} gives it
   * @return for each block whether it is chrome, or null if the page has none (or its blocks carry
   *     no place in the DOM)
   */
  public static boolean[] chrome(List<TextBlock> blocks, boolean[] template) {
    int[] split = null;
    int depth = 0;
    for (TextBlock b : blocks) {
      if (b.words() == 0) {
        continue;
      }
      int[] path = b.path();
      if (split == null) {
        split = path;
        depth = path.length;
      } else {
        int k = 0;
        while (k < depth && k < path.length && path[k] == split[k]) {
          k++;
        }
        depth = k;
      }
    }
    if (split == null || depth == 0) {
      return null;
    }
    // per part of the split (a child of its element): the words of the page's own and template text
    Map<Integer, int[]> parts = new HashMap<>();
    for (int i = 0; i < blocks.size(); i++) {
      int[] path = blocks.get(i).path();
      if (path.length > depth) {
        int[] words = parts.computeIfAbsent(path[depth], k -> new int[2]);
        words[template[i] ? 1 : 0] += blocks.get(i).words();
      }
    }
    boolean own = false;
    for (int[] words : parts.values()) {
      own |= words[0] > 0;
    }
    long chromeWords = 0;
    long rest = 0;
    for (int i = 0; i < blocks.size(); i++) {
      int[] path = blocks.get(i).path();
      if (path.length > depth && parts.get(path[depth])[0] == 0) {
        chromeWords += blocks.get(i).words();
      } else {
        rest += blocks.get(i).words();
      }
    }
    if (!own || chromeWords == 0 || chromeWords >= rest) {
      return null;
    }
    boolean[] chrome = new boolean[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      int[] path = blocks.get(i).path();
      chrome[i] = path.length > depth && parts.get(path[depth])[0] == 0;
    }
    return chrome;
  }

  /** The number of groups seen. */
  public int groups() {
    return groups.size();
  }

  /** The number of groups large enough to learn a template from. */
  public int learntGroups() {
    int n = 0;
    for (Group g : groups.values()) {
      if (g.pages >= minPages) {
        n++;
      }
    }
    return n;
  }
}
