package io.neardup.collapse.core;

import io.neardup.canonical.CanonicalPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collapse of one window of hits, free of any engine: which hits are copies of which canonical,
 * the list the {@link CollapseMode} makes of them, and the page cut from that list. The Lucene
 * collapser and every engine adapter collapse through this class, so that they agree hit for hit.
 *
 * <p>The hits are visited from the most to the least canonical ({@link CanonicalPolicy#order});
 * each becomes a copy of the first canonical so far whose sketch estimates a Jaccard similarity of
 * at least {@code minSimilarity} with its own, or else a canonical. Hits without a sketch, or with
 * an empty one, are never grouped; sketches of different settings are never compared. A pigeonhole
 * filter on blocks of sketch values finds the few canonicals a hit can be a copy of, so the cost is
 * about n·k for n hits of k values instead of n² comparisons.
 *
 * <pre>{@code
 * WindowCollapse collapse =
 *     WindowCollapse.collapse(sketches, values, CanonicalPolicy.BEST_SCORE, 0.8, CollapseMode.DEMOTE);
 * Page page = collapse.page(0, 10);
 * for (int p = page.start(); p < page.end(); p++) {
 *   int hit = collapse.listed(p); // a position in the window
 * }
 * }</pre>
 */
public final class WindowCollapse {
  /** Default number of top hits collapsed. */
  public static final int DEFAULT_WINDOW = 100;

  /**
   * Largest window of the library, and the default limit of the engines' window setting: collapse
   * reads every hit of the window on every search, and a window of more hits than a user pages
   * through only adds cost.
   */
  public static final int MAX_WINDOW = 1000;

  /**
   * Highest value an engine's window limit setting accepts: the coordinating node holds the
   * window's hits and sketches in memory.
   */
  public static final int MAX_WINDOW_LIMIT = 100_000;

  /**
   * Default mode: copies stay in the results but rank below every canonical, so nothing is lost
   * while the first page shows distinct results.
   */
  public static final CollapseMode DEFAULT_MODE = CollapseMode.DEMOTE;

  /** Default canonical policy: the best-ranked hit of a group. */
  public static final CanonicalPolicy DEFAULT_CANONICAL = CanonicalPolicy.BEST_SCORE;

  private static final int[] NONE = new int[0];

  private final SketchGrouping.Groups groups;
  private final CollapseMode mode;
  private final int[] listed;
  private final int[][] copies;
  private final int canonicalCount;

  private WindowCollapse(SketchGrouping.Groups groups, CollapseMode mode) {
    this.groups = groups;
    this.mode = mode;
    int n = groups.size();
    int[] copyCounts = new int[n];
    int canonicals = 0;
    for (int i = 0; i < n; i++) {
      if (groups.isCanonical(i)) {
        canonicals++;
      } else {
        copyCounts[groups.canonicalOf(i)]++;
      }
    }
    this.canonicalCount = canonicals;
    this.copies = new int[n][];
    for (int i = 0; i < n; i++) {
      copies[i] = copyCounts[i] == 0 ? NONE : new int[copyCounts[i]];
      copyCounts[i] = 0;
    }
    this.listed = new int[mode == CollapseMode.DEMOTE ? n : canonicals];
    int p = 0;
    for (int i = 0; i < n; i++) {
      if (groups.isCanonical(i)) {
        listed[p++] = i;
      } else {
        int c = groups.canonicalOf(i);
        copies[c][copyCounts[c]++] = i;
      }
    }
    if (mode == CollapseMode.DEMOTE) {
      for (int i = 0; i < n; i++) {
        if (!groups.isCanonical(i)) {
          listed[p++] = i;
        }
      }
    }
  }

  /**
   * Collapses a window.
   *
   * @param sketches each hit's serialized sketch, or null; hits in the search's order (rank)
   * @param values each hit's value of the policy's field ({@link CanonicalPolicy#compare}), or null
   * @param canonical which hit of a group is the canonical
   * @param minSimilarity estimated Jaccard similarity that makes two hits copies, in (0, 1]
   * @param mode what the list does with copies
   * @throws IllegalArgumentException if a sketch is corrupted, the arrays differ in length or
   *     {@code minSimilarity} is out of range
   */
  public static WindowCollapse collapse(
      byte[][] sketches,
      Object[] values,
      CanonicalPolicy canonical,
      double minSimilarity,
      CollapseMode mode) {
    return collapse(sketches, null, values, canonical, minSimilarity, mode);
  }

  /**
   * Collapses a window, deciding the pairs whose sketches' estimate is near {@code minSimilarity}
   * by the hits' shingle sets (a {@code verify: exact} field's), where both have one.
   *
   * @param sets each hit's serialized shingle set, or null (or empty) for a hit without one; null
   *     for none at all
   */
  public static WindowCollapse collapse(
      byte[][] sketches,
      byte[][] sets,
      Object[] values,
      CanonicalPolicy canonical,
      double minSimilarity,
      CollapseMode mode) {
    if (values.length != sketches.length || (sets != null && sets.length != sketches.length)) {
      throw new IllegalArgumentException(
          "values must have one entry per hit ("
              + sketches.length
              + "), got "
              + values.length
              + " entries");
    }
    if (mode == null) {
      throw new IllegalArgumentException("mode must be one of [remove, demote, group], got null");
    }
    return new WindowCollapse(
        SketchGrouping.group(sketches, sets, canonical.order(values), minSimilarity), mode);
  }

  /** The mode that arranged the list. */
  public CollapseMode mode() {
    return mode;
  }

  /** Number of hits in the window. */
  public int size() {
    return groups.size();
  }

  /** Whether window hit i is a canonical (the most canonical of its group, or not grouped). */
  public boolean isCanonical(int i) {
    return groups.isCanonical(i);
  }

  /** The window position of hit i's canonical: i itself for a canonical. */
  public int canonicalOf(int i) {
    return groups.canonicalOf(i);
  }

  /**
   * Jaccard similarity of hit i with its canonical: exact where the two hits' shingle sets decided
   * the pair, else estimated; 1 for a canonical.
   */
  public double similarity(int i) {
    return groups.similarity(i);
  }

  /**
   * The copies of canonical hit i in rank order, whatever the mode (a mode that lists no copies
   * still counts them); empty for a copy.
   */
  public int[] copies(int i) {
    return copies[i].clone();
  }

  /** Number of canonical hits in the window. */
  public int canonicalCount() {
    return canonicalCount;
  }

  /** Number of hits of the window that are copies. */
  public int copyCount() {
    return size() - canonicalCount;
  }

  /**
   * Length of the collapsed list: the canonicals in rank order, then in {@link CollapseMode#DEMOTE}
   * mode the copies in rank order.
   */
  public int listedCount() {
    return listed.length;
  }

  /** The window position of the hit at position p of the collapsed list. */
  public int listed(int p) {
    return listed[p];
  }

  /**
   * The page {@code [from, from + size)} of the collapsed list; shorter or empty past its end.
   *
   * @throws IllegalArgumentException if {@code from} or {@code size} is negative
   */
  public Page page(int from, int size) {
    return Page.cut(from, size, listed.length);
  }

  /**
   * A page of a list: positions {@code [start, end)}.
   *
   * @param start first position of the page
   * @param end position after the last of the page
   */
  public record Page(int start, int end) {
    /**
     * The page {@code [from, from + size)} of a list of {@code length} entries, clipped to it.
     *
     * @throws IllegalArgumentException if {@code from} or {@code size} is negative
     */
    public static Page cut(int from, int size, int length) {
      if (from < 0) {
        throw new IllegalArgumentException("from must be >= 0, got [" + from + "]");
      }
      if (size < 0) {
        throw new IllegalArgumentException("size must be >= 0, got [" + size + "]");
      }
      return new Page(Math.min(from, length), (int) Math.min((long) from + size, length));
    }
  }

  /**
   * How engines name the hits of a window in responses.
   *
   * @param index each hit's index name
   * @param id each hit's document id
   * @param score each hit's score (NaN when the search did not score)
   */
  public record HitNames(String[] index, String[] id, float[] score) {}

  /**
   * What the collapse found about window hit i, as engines report it with the hit (the {@code
   * _neardup} field): for a canonical, {@code canonical: true}, its {@code copy_count} and in
   * {@link CollapseMode#GROUP} mode its {@code copies} (each with {@code _index}, {@code _id},
   * {@code _score}, {@code similarity}); for a copy, {@code canonical: false}, {@code copy_of}
   * ({@code _index}, {@code _id}) and {@code similarity}. Similarities are rounded to 4 decimals.
   */
  public Map<String, Object> note(int i, HitNames names) {
    Map<String, Object> note = new LinkedHashMap<>();
    if (isCanonical(i)) {
      int[] mine = copies[i];
      note.put("canonical", true);
      note.put("copy_count", mine.length);
      if (mode == CollapseMode.GROUP) {
        List<Object> list = new ArrayList<>(mine.length);
        for (int c : mine) {
          Map<String, Object> copy = reference(c, names);
          float score = names.score()[c];
          copy.put("_score", Float.isNaN(score) ? null : (double) score);
          copy.put("similarity", round(similarity(c)));
          list.add(copy);
        }
        note.put("copies", list);
      }
    } else {
      note.put("canonical", false);
      note.put("copy_of", reference(canonicalOf(i), names));
      note.put("similarity", round(similarity(i)));
    }
    return note;
  }

  private static Map<String, Object> reference(int i, HitNames names) {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("_index", names.index()[i]);
    ref.put("_id", names.id()[i]);
    return ref;
  }

  private static double round(double similarity) {
    return Math.round(similarity * 1e4) / 1e4;
  }
}
