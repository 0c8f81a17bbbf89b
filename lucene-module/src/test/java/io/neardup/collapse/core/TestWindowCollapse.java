package io.neardup.collapse.core;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.Sketcher;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * {@link WindowCollapse} against the documented rule written out by brute force, on random windows
 * of real sketches with every mode and policy, many ties of the policy's values, hits without a
 * value or a sketch, and values of two kinds (a field mapped differently in two indexes).
 */
public class TestWindowCollapse extends LuceneTestCase {

  /** A value of a window whose field holds numbers (kind 0), bytes (1) or both (2). */
  private static Object randomValue(Random r, int kind) {
    if (r.nextInt(5) == 0) {
      return null;
    }
    if (kind == 0 || (kind == 2 && r.nextBoolean())) {
      return (long) (r.nextInt(5) - 2); // few values, negatives too: many ties
    }
    // 0xC3 0xA9 sorts after ASCII only as unsigned bytes
    String[] terms = {"a", "b", "\u00e9"};
    return terms[r.nextInt(terms.length)].getBytes(StandardCharsets.UTF_8);
  }

  private static CanonicalPolicy randomPolicy(Random r) {
    return switch (r.nextInt(3)) {
      case 0 -> CanonicalPolicy.BEST_SCORE;
      case 1 -> CanonicalPolicy.lowest("f");
      default -> CanonicalPolicy.highest("f");
    };
  }

  /** The policy's order written independently: values first, numbers before bytes, then rank. */
  private static Comparator<Integer> reference(CanonicalPolicy policy, Object[] values) {
    Comparator<Integer> byValue =
        (i, j) -> {
          Object a = values[i];
          Object b = values[j];
          if (policy.byScore() || (a == null && b == null)) {
            return 0;
          }
          if (a == null || b == null) {
            return a == null ? 1 : -1;
          }
          if (a instanceof Long != b instanceof Long) {
            return a instanceof Long ? -1 : 1;
          }
          int c =
              a instanceof Long x
                  ? Long.compare(x, (Long) b)
                  : Arrays.compareUnsigned((byte[]) a, (byte[]) b);
          return policy.keys().get(0).ascending() ? c : -c;
        };
    return byValue.thenComparing(Comparator.naturalOrder());
  }

  public void testSameAsTheRuleForEveryModeAndPolicy() {
    Random r = random();
    SketchParameters params = SketchParameters.DEFAULT.withBits(r.nextBoolean() ? 16 : 64);
    for (int iter = 0; iter < atLeast(50); iter++) {
      int n = r.nextInt(60);
      long[][] prototypes = new long[1 + r.nextInt(4)][];
      for (int p = 0; p < prototypes.length; p++) {
        prototypes[p] = TestSketchGrouping.randomSet(r, new long[0], 0, 20 + r.nextInt(200));
      }
      int valueKind = r.nextInt(3);
      byte[][] sketches = new byte[n][];
      Sketch[] decoded = new Sketch[n];
      Object[] values = new Object[n];
      for (int i = 0; i < n; i++) {
        values[i] = randomValue(r, valueKind);
        int kind = r.nextInt(10);
        if (kind == 0) {
          continue; // no sketch
        }
        long[] set =
            kind == 1
                ? new long[0]
                : TestSketchGrouping.randomSet(
                    r,
                    prototypes[r.nextInt(prototypes.length)],
                    0.7 + 0.3 * r.nextDouble(),
                    r.nextInt(10));
        decoded[i] = new Sketcher(params).sketch(set);
        sketches[i] = SketchFormat.encode(decoded[i]);
      }
      CanonicalPolicy policy = randomPolicy(r);
      CollapseMode mode = CollapseMode.values()[r.nextInt(3)];
      double minSimilarity = r.nextInt(10) == 0 ? 1 : 0.3 + 0.7 * r.nextDouble();

      WindowCollapse actual =
          WindowCollapse.collapse(sketches, values, policy, minSimilarity, mode);

      // the rule, by brute force
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        order.add(i);
      }
      order.sort(reference(policy, values));
      int m = Math.max(1, Jaccard.minMatches(minSimilarity, params.hashes(), params.bits()));
      int[] canonicalOf = new int[n];
      List<Integer> canonicals = new ArrayList<>();
      for (int i : order) {
        canonicalOf[i] = i;
        for (int c : canonicals) {
          if (decoded[i] != null
              && !decoded[i].isEmpty()
              && TestSketchGrouping.countMatches(decoded[c], decoded[i]) >= m) {
            canonicalOf[i] = c;
            break;
          }
        }
        if (canonicalOf[i] == i && decoded[i] != null && !decoded[i].isEmpty()) {
          canonicals.add(i);
        }
      }
      List<Integer> listed = new ArrayList<>();
      List<Integer> copies = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        (canonicalOf[i] == i ? listed : copies).add(i);
      }
      int canonicalCount = listed.size();
      if (mode == CollapseMode.DEMOTE) {
        listed.addAll(copies);
      }

      String context = policy + " " + mode + " " + minSimilarity + " " + Arrays.toString(values);
      assertEquals(context, n, actual.size());
      assertEquals(context, canonicalCount, actual.canonicalCount());
      assertEquals(context, n - canonicalCount, actual.copyCount());
      assertEquals(context, mode, actual.mode());
      List<Integer> actualListed = new ArrayList<>();
      for (int p = 0; p < actual.listedCount(); p++) {
        actualListed.add(actual.listed(p));
      }
      assertEquals(context, listed, actualListed);
      for (int i = 0; i < n; i++) {
        assertEquals(context + " hit " + i, canonicalOf[i], actual.canonicalOf(i));
        assertEquals(canonicalOf[i] == i, actual.isCanonical(i));
        List<Integer> mine = new ArrayList<>();
        for (int j = 0; j < n && canonicalOf[i] == i; j++) {
          if (j != i && canonicalOf[j] == i) {
            mine.add(j);
          }
        }
        assertEquals(mine, Arrays.stream(actual.copies(i)).boxed().toList());
        if (canonicalOf[i] == i) {
          assertEquals(1.0, actual.similarity(i), 0);
        } else {
          double expected =
              Jaccard.fromMatches(
                      TestSketchGrouping.countMatches(decoded[canonicalOf[i]], decoded[i]),
                      params.hashes(),
                      params.bits(),
                      Jaccard.DEFAULT_CONFIDENCE)
                  .estimate();
          assertEquals(expected, actual.similarity(i), 0);
        }
      }

      // any page is a slice of the list
      int from = r.nextInt(n + 3);
      int size = r.nextInt(n + 3);
      WindowCollapse.Page page = actual.page(from, size);
      List<Integer> slice =
          listed.subList(Math.min(from, listed.size()), Math.min(from + size, listed.size()));
      assertEquals(slice, actualListed.subList(page.start(), page.end()));
    }
  }

  public void testNotesNameCanonicalsAndCopies() {
    Sketch s = new Sketcher(SketchParameters.DEFAULT).sketch(1, 2, 3, 4, 5);
    byte[] bytes = SketchFormat.encode(s);
    byte[][] sketches = {bytes, null, bytes};
    Object[] values = {3L, null, 1L};
    WindowCollapse.HitNames names =
        new WindowCollapse.HitNames(
            new String[] {"i", "i", "j"},
            new String[] {"a", "b", "c"},
            new float[] {2, 1, Float.NaN});
    WindowCollapse group =
        WindowCollapse.collapse(
            sketches, values, CanonicalPolicy.lowest("f"), 0.8, CollapseMode.GROUP);
    // the lowest value wins: hit 2 is the canonical, hit 0 its copy
    assertEquals(2, group.canonicalOf(0));
    assertEquals(2, group.listedCount());
    assertEquals(1, group.listed(0));
    assertEquals(2, group.listed(1));
    assertEquals(
        Map.of(
            "canonical",
            true,
            "copy_count",
            1,
            "copies",
            List.of(Map.of("_index", "i", "_id", "a", "_score", 2.0, "similarity", 1.0))),
        group.note(2, names));
    assertEquals(
        Map.of("canonical", true, "copy_count", 0, "copies", List.of()), group.note(1, names));
    assertEquals(
        Map.of("canonical", false, "copy_of", Map.of("_index", "j", "_id", "c"), "similarity", 1.0),
        group.note(0, names));

    WindowCollapse remove =
        WindowCollapse.collapse(
            sketches, values, CanonicalPolicy.BEST_SCORE, 0.8, CollapseMode.REMOVE);
    // by score the best-ranked wins; copies are counted, never listed
    assertEquals(Map.of("canonical", true, "copy_count", 1), remove.note(0, names));
    assertEquals(2, remove.listedCount());
    assertArrayEquals(new int[] {2}, remove.copies(0));
  }

  public void testPageCut() {
    assertEquals(new WindowCollapse.Page(2, 5), WindowCollapse.Page.cut(2, 3, 10));
    assertEquals(new WindowCollapse.Page(8, 10), WindowCollapse.Page.cut(8, 3, 10));
    assertEquals(new WindowCollapse.Page(10, 10), WindowCollapse.Page.cut(12, 3, 10));
    assertEquals(new WindowCollapse.Page(1, 10), WindowCollapse.Page.cut(1, Integer.MAX_VALUE, 10));
    assertEquals(
        "from must be >= 0, got [-1]",
        expectThrows(IllegalArgumentException.class, () -> WindowCollapse.Page.cut(-1, 1, 10))
            .getMessage());
    assertEquals(
        "size must be >= 0, got [-1]",
        expectThrows(IllegalArgumentException.class, () -> WindowCollapse.Page.cut(0, -1, 10))
            .getMessage());
  }

  public void testRejectsMismatchedInput() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () ->
                WindowCollapse.collapse(
                    new byte[2][],
                    new Object[1],
                    CanonicalPolicy.BEST_SCORE,
                    0.8,
                    CollapseMode.GROUP));
    assertEquals("values must have one entry per hit (2), got 1 entries", e.getMessage());
  }
}
