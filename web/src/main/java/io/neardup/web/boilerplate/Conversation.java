package io.neardup.web.boilerplate;

import java.util.Arrays;
import java.util.List;

/**
 * Posts in the content region: children of one element that each open with a byline (a line of
 * declared furniture: an author's name and date, in the post's header or around a machine-readable
 * date; or a short line, the author's name, over a dateline) and hold text the classifier kept.
 * {@link ContentRegion} asks two things of them, both from the same shape, for one reason:
 * paragraph scoring alone picks a single container, and a conversation is many containers side by
 * side.
 *
 * <p>When the best-scoring element is one post of a thread (a forum's, whose page declares no
 * article), the thread is the region: its replies are the page's text as much as its first, often
 * longest, post ({@link #thread}).
 *
 * <p>On a page that declares itself an article (OpenGraph), a list of replies that does not hold
 * the best element (children opening with declared bylines, as comments do) is taken out first: an
 * article's comments may outweigh it and lie in its own container ({@link #replies}). Some forums
 * declare their threads articles too; there the opening post is a post like its replies: it opens
 * as they do and is not many times longer than they are, and the replies stay.
 */
final class Conversation {
  /** Posts besides the region's own, each opening with a declared byline, that make a thread. */
  static final int MIN_POSTS = 2;

  /**
   * The times a list's median reply that the text outside the list outweighs when it is an article
   * rather than the opening post of a thread, when that opens as the replies do.
   */
  static final int ARTICLE_REPLIES = 5;

  private Conversation() {}

  /**
   * The thread that the element {@code best} is one post of, or {@code best}: when an ancestor of
   * it (or itself) opens with a line of declared furniture (its author's name and date, as a forum
   * or a comment list marks them) and at least {@value #MIN_POSTS} of that ancestor's siblings open
   * the same way and hold text the classifier kept, the posts are records of one list and their
   * parent is the region; else the first post, often the longest, would be the region and the
   * replies would be cut as lying outside it. An article's own body does not open with its byline
   * in a container of its own repeated beside it, so an article with comments keeps its region.
   */
  static int thread(
      List<TextBlock> blocks, boolean[] content, int best, int[] parent, int[] depth) {
    for (int a = best; a >= 0 && depth[a] > 0; a = parent[a]) {
      int p = parent[a];
      int at = depth[a];
      int posts = 0;
      boolean own = false;
      int current = -1;
      boolean opensWithByline = false;
      boolean kept = false;
      for (int i = 0; i <= blocks.size(); i++) {
        TextBlock b = i < blocks.size() ? blocks.get(i) : null;
        int child =
            b != null && ContentRegion.inside(b.path(), at - 1, p) && b.path().length > at
                ? b.path()[at]
                : -1;
        if (child != current) {
          if (current >= 0 && opensWithByline && kept) {
            if (current == a) {
              own = true;
            } else {
              posts++;
            }
          }
          current = child;
          opensWithByline = false;
          kept = false;
          if (child >= 0) {
            // the child's first two lines with words decide how it opens
            int j = next(blocks, i);
            int k = next(blocks, j + 1);
            opensWithByline =
                j < blocks.size()
                    && ContentRegion.inside(blocks.get(j).path(), at, child)
                    && opensWithByline(
                        blocks.get(j),
                        k < blocks.size() && ContentRegion.inside(blocks.get(k).path(), at, child)
                            ? blocks.get(k)
                            : null);
          }
        }
        if (child >= 0 && content[i] && ContentRegion.isText(b)) {
          kept = true;
        }
      }
      if (own && posts >= MIN_POSTS) {
        return p;
      }
    }
    return best;
  }

  /**
   * The blocks of the lists of replies to the article on a page that declares itself one, whose
   * content is cleared (null if there is none): an element of which more than {@value #MIN_POSTS}
   * children open with a line of declared furniture (a comment's author and date, in its header or
   * around a machine-readable date) and hold kept text, that does not hold the best-scoring element
   * (the article's own paragraphs), while the page keeps at least {@value ArticleTail#BIO_WORDS}
   * words outside it. A forum's thread, which holds its best post and whose page declares no
   * article, stays (see {@link #thread}).
   */
  static boolean[] replies(List<TextBlock> blocks, boolean[] content, int best, int[] parent) {
    int elements = parent.length;
    // an element's first two lines with words decide how it opens
    int[] seen = new int[elements];
    TextBlock[] first = new TextBlock[elements];
    boolean[] opensWithByline = new boolean[elements];
    int[] keptUnder = new int[elements];
    long kept = 0;
    for (int i = 0; i < blocks.size(); i++) {
      TextBlock b = blocks.get(i);
      if (b.words() == 0) {
        continue;
      }
      boolean text = content[i] && ContentRegion.isText(b);
      kept += text ? b.words() : 0;
      for (int e : b.path()) {
        if (seen[e] == 0) {
          first[e] = b;
          opensWithByline[e] = opensWithByline(b, null);
        } else if (seen[e] == 1) {
          opensWithByline[e] = opensWithByline(first[e], b);
        }
        seen[e]++;
        keptUnder[e] += text ? b.words() : 0;
      }
    }
    int[] posts = new int[elements];
    for (int e = 0; e < elements; e++) {
      if (opensWithByline[e] && keptUnder[e] > 0 && parent[e] >= 0) {
        posts[parent[e]]++;
      }
    }
    boolean[] list = new boolean[elements];
    boolean any = false;
    for (int e = 0; e < elements; e++) {
      list[e] = posts[e] > MIN_POSTS && kept - keptUnder[e] >= ArticleTail.BIO_WORDS;
      any |= list[e];
    }
    boolean[] above = new boolean[elements];
    for (int a = best; a >= 0 && any; a = parent[a]) {
      list[a] = false;
      above[a] = true;
    }
    for (int e = 0; e < elements && any; e++) {
      if (list[e] && isThread(e, best, kept, opensWithByline, keptUnder, parent, above)) {
        list[e] = false;
      }
    }
    any = false;
    for (int e = 0; e < elements; e++) {
      any |= list[e];
    }
    if (!any) {
      return null;
    }
    boolean[] replies = new boolean[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      for (int e : blocks.get(i).path()) {
        if (list[e]) {
          replies[i] = true;
          content[i] = false;
          break;
        }
      }
    }
    return replies;
  }

  /**
   * Whether the list of posts {@code list} is the thread that the best element's post opens rather
   * than an article's replies: the post that holds the best element (below the element it shares
   * with the list) opens as the replies do, and the text kept outside the list is less than {@value
   * #ARTICLE_REPLIES} times its median reply's.
   */
  private static boolean isThread(
      int list,
      int best,
      long kept,
      boolean[] opensWithByline,
      int[] keptUnder,
      int[] parent,
      boolean[] above) {
    if (!openingPostOpens(list, best, opensWithByline, parent, above)) {
      return false;
    }
    int posts = 0;
    int[] words = new int[parent.length];
    for (int e = 0; e < parent.length; e++) {
      if (parent[e] == list && opensWithByline[e] && keptUnder[e] > 0) {
        words[posts++] = keptUnder[e];
      }
    }
    Arrays.sort(words, 0, posts);
    return kept - keptUnder[list] < (long) ARTICLE_REPLIES * words[posts / 2];
  }

  /**
   * Whether the best element or one of its ancestors below the one it shares with a list opens as a
   * post.
   */
  private static boolean openingPostOpens(
      int list, int best, boolean[] opensWithByline, int[] parent, boolean[] above) {
    int shared = list;
    while (shared >= 0 && !above[shared]) {
      shared = parent[shared];
    }
    for (int a = best; a >= 0 && a != shared; a = parent[a]) {
      if (opensWithByline[a]) {
        return true;
      }
    }
    return false;
  }

  /** The first block from {@code i} with words, or the number of blocks. */
  private static int next(List<TextBlock> blocks, int i) {
    int j = i;
    while (j < blocks.size() && blocks.get(j).words() == 0) {
      j++;
    }
    return j;
  }

  /**
   * Whether an element whose first lines with words are {@code first} and {@code second} (null if
   * it has one) opens as a post: with its byline, or with its author's name (a short line that is
   * not a heading) over a dateline.
   */
  private static boolean opensWithByline(TextBlock first, TextBlock second) {
    return isByline(first)
        || (second != null
            && !first.heading()
            && first.words() <= BlockClassifier.MAX_TITLE_WORDS
            && isByline(second)
            && second.text().chars().anyMatch(Character::isDigit));
  }

  /**
   * Whether a block is a post's byline: a line of declared furniture that is not a heading (its
   * author's name and date, in the post's header or around a machine-readable date).
   */
  private static boolean isByline(TextBlock b) {
    return b.landmark() == Landmark.BOILERPLATE && !b.heading();
  }
}
