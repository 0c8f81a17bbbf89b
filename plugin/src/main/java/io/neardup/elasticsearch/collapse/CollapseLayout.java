package io.neardup.elasticsearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.collapse.CollapseMode;
import io.neardup.collapse.SketchGrouping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collapse of one window of hits, shared by both ways {@code neardup_collapse} runs: the groups
 * (in the order of the canonical policy), the collapsed list arranged by the mode, and the {@code
 * _neardup} note of each hit.
 */
final class CollapseLayout {
  /** How the notes name hits: by their position in the window. */
  interface Hits {
    String index(int i);

    String id(int i);

    float score(int i);
  }

  private final SketchGrouping.Groups groups;
  private final List<Integer> arranged;
  private final Map<Integer, List<Integer>> copiesOf = new HashMap<>();
  private final int canonicalHits;
  private final CollapseMode mode;

  /**
   * @param sketches each window hit's serialized sketch, or null; hits in the search's order
   * @param keys each hit's canonical value ({@link CanonicalValues}), or null
   */
  CollapseLayout(
      byte[][] sketches,
      Object[] keys,
      CanonicalPolicy canonical,
      double minSimilarity,
      CollapseMode mode) {
    this.mode = mode;
    int n = sketches.length;
    this.groups = SketchGrouping.group(sketches, policyOrder(canonical, keys), minSimilarity);
    this.arranged = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (groups.isCanonical(i)) {
        arranged.add(i);
      } else {
        copiesOf.computeIfAbsent(groups.canonicalOf(i), c -> new ArrayList<>()).add(i);
      }
    }
    this.canonicalHits = arranged.size();
    if (mode == CollapseMode.DEMOTE) {
      for (int i = 0; i < n; i++) {
        if (!groups.isCanonical(i)) {
          arranged.add(i);
        }
      }
    }
  }

  /** Hit indexes from the most to the least canonical: by the policy's value, then by rank. */
  private static int[] policyOrder(CanonicalPolicy canonical, Object[] keys) {
    Integer[] order = new Integer[keys.length];
    for (int i = 0; i < keys.length; i++) {
      order[i] = i;
    }
    if (!canonical.byScore()) {
      Arrays.sort(
          order, (a, b) -> CanonicalValues.compare(keys[a], keys[b], canonical.ascending()));
    }
    return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }

  /** The collapsed list: window positions in the order the response lists them. */
  List<Integer> arranged() {
    return arranged;
  }

  /** Number of hits in the window. */
  int windowHits() {
    return groups.size();
  }

  /** Number of canonical hits in the window. */
  int canonicalHits() {
    return canonicalHits;
  }

  /** The {@code _neardup} note of window hit i. */
  Map<String, Object> note(int i, Hits hits) {
    Map<String, Object> note = new LinkedHashMap<>();
    if (groups.isCanonical(i)) {
      List<Integer> copies = copiesOf.getOrDefault(i, List.of());
      note.put("canonical", true);
      note.put("copy_count", copies.size());
      if (mode == CollapseMode.GROUP) {
        List<Object> list = new ArrayList<>(copies.size());
        for (int c : copies) {
          Map<String, Object> copy = reference(c, hits);
          copy.put("_score", Float.isNaN(hits.score(c)) ? null : (double) hits.score(c));
          copy.put("similarity", round(groups.similarity(c)));
          list.add(copy);
        }
        note.put("copies", list);
      }
    } else {
      note.put("canonical", false);
      note.put("copy_of", reference(groups.canonicalOf(i), hits));
      note.put("similarity", round(groups.similarity(i)));
    }
    return note;
  }

  private static Map<String, Object> reference(int i, Hits hits) {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("_index", hits.index(i));
    ref.put("_id", hits.id(i));
    return ref;
  }

  private static double round(double similarity) {
    return Math.round(similarity * 1e4) / 1e4;
  }
}
