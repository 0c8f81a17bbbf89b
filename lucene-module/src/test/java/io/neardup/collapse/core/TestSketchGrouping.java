package io.neardup.collapse.core;

import io.neardup.shingle.ShingleUnit;
import io.neardup.signature.SimHash;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.SketchScheme;
import io.neardup.sketch.Sketcher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * {@link SketchGrouping} against the pairwise rule on real sketches of overlapping sets, with items
 * of two different settings mixed in one list, items without sketches and empty sketches.
 */
public class TestSketchGrouping extends LuceneTestCase {

  /** Random members of {@code base} and {@code extra} new ones. */
  static long[] randomSet(Random r, long[] base, double keep, int extra) {
    List<Long> out = new ArrayList<>();
    for (long v : base) {
      if (r.nextDouble() < keep) {
        out.add(v);
      }
    }
    for (int i = 0; i < extra; i++) {
      out.add(r.nextLong());
    }
    return out.stream().mapToLong(Long::longValue).distinct().toArray();
  }

  public void testSameAsPairwiseRule() {
    Random r = random();
    SketchParameters a = SketchParameters.DEFAULT;
    SketchParameters b = SketchParameters.DEFAULT.withBits(16).withSeed(42);
    // simhash sketches are grouped by Hamming distance, never with the others
    SketchParameters sim =
        new SketchParameters(ShingleUnit.WORD, 5, 1, 64, SketchScheme.SIMHASH, 42);
    for (int iter = 0; iter < atLeast(30); iter++) {
      int n = r.nextInt(40);
      long[][] prototypes = new long[1 + r.nextInt(4)][];
      for (int p = 0; p < prototypes.length; p++) {
        prototypes[p] = randomSet(r, new long[0], 0, 20 + r.nextInt(200));
      }
      byte[][] sketches = new byte[n][];
      Sketch[] decoded = new Sketch[n];
      for (int i = 0; i < n; i++) {
        int kind = r.nextInt(10);
        if (kind == 0) {
          continue; // no sketch
        }
        SketchParameters params = kind < 4 ? b : kind < 7 ? a : sim;
        long[] set =
            kind == 1
                ? new long[0]
                : randomSet(
                    r,
                    prototypes[r.nextInt(prototypes.length)],
                    0.7 + 0.3 * r.nextDouble(),
                    r.nextInt(10));
        decoded[i] = new Sketcher(params).sketch(set);
        sketches[i] = SketchFormat.encode(decoded[i]);
      }
      List<Integer> shuffled = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        shuffled.add(i);
      }
      Collections.shuffle(shuffled, r);
      int[] order = shuffled.stream().mapToInt(Integer::intValue).toArray();
      double minSimilarity = 0.5 + 0.5 * r.nextDouble();

      SketchGrouping.Groups groups = SketchGrouping.group(sketches, order, minSimilarity);

      // the rule, pair by pair
      List<Integer> canonicals = new ArrayList<>();
      for (int item : order) {
        int expected = item;
        if (decoded[item] != null && !decoded[item].isEmpty()) {
          for (int c : canonicals) {
            if (decoded[c].parameters().equals(decoded[item].parameters())) {
              SketchParameters p = decoded[c].parameters();
              int m = Jaccard.minMatches(minSimilarity, p.hashes(), p.bits());
              boolean near =
                  p.scheme() == SketchScheme.SIMHASH
                      ? SimHash.similarity(
                              SimHash.distance(decoded[c].value(0), decoded[item].value(0)))
                          >= minSimilarity
                      : countMatches(decoded[c], decoded[item]) >= Math.max(1, m);
              if (near) {
                expected = c;
                break;
              }
            }
          }
        }
        assertEquals("item " + item, expected, groups.canonicalOf(item));
        if (expected == item) {
          assertEquals(1.0, groups.similarity(item), 0);
          if (decoded[item] != null && !decoded[item].isEmpty()) {
            canonicals.add(item);
          }
        } else {
          assertTrue(groups.similarity(item) >= minSimilarity - 0.05);
          assertFalse(groups.isCanonical(item));
        }
      }
    }
  }

  static int countMatches(Sketch x, Sketch y) {
    long[] a = x.values();
    long[] b = y.values();
    int m = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] == b[i]) {
        m++;
      }
    }
    return m;
  }

  public void testIdenticalTextsGroup() {
    Sketch s = new Sketcher(SketchParameters.DEFAULT).sketch(1, 2, 3, 4, 5);
    byte[] bytes = SketchFormat.encode(s);
    byte[][] sketches = {bytes, null, bytes.clone(), bytes.clone()};
    SketchGrouping.Groups groups = SketchGrouping.group(sketches, new int[] {2, 0, 1, 3}, 0.8);
    assertTrue(groups.isCanonical(2));
    assertEquals(2, groups.canonicalOf(0));
    assertEquals(2, groups.canonicalOf(3));
    assertTrue(groups.isCanonical(1));
    assertEquals(4, groups.size());
    assertEquals(1.0, groups.similarity(0), 1e-9);
  }

  public void testCorruptedSketchIsRejected() {
    byte[] bytes = SketchFormat.encode(new Sketcher(SketchParameters.DEFAULT).sketch(1, 2, 3));
    bytes[30] ^= 1;
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> SketchGrouping.group(new byte[][] {bytes}, new int[] {0}, 0.8));
    assertTrue(e.getMessage(), e.getMessage().startsWith("Corrupted sketch: checksum"));
  }

  public void testBadArguments() {
    byte[][] none = new byte[2][];
    assertEquals(
        "order must list each of the 2 items once, got item [0]",
        expectThrows(
                IllegalArgumentException.class,
                () -> SketchGrouping.group(none, new int[] {0, 0}, 0.8))
            .getMessage());
    assertEquals(
        "min_similarity must be in (0, 1], got [0.0]",
        expectThrows(
                IllegalArgumentException.class,
                () -> SketchGrouping.group(none, new int[] {0, 1}, 0))
            .getMessage());
  }
}
