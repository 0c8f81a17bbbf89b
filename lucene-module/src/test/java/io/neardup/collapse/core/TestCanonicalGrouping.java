package io.neardup.collapse.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * The pigeonhole filter of {@link CanonicalGrouping} against the pairwise rule it replaces, on
 * random values drawn from small alphabets (many accidental agreements and shared blocks) and as
 * noisy copies of a few prototypes (true near-duplicates at every distance).
 */
public class TestCanonicalGrouping extends LuceneTestCase {

  public void testSameAsPairwise() {
    Random r = random();
    // one grouping reset for each case, as a search thread keeps it: nothing of a case may leak
    CanonicalGrouping reused = null;
    for (int iter = 0; iter < atLeast(300); iter++) {
      int k = 1 + r.nextInt(r.nextBoolean() ? 8 : 64);
      int n = r.nextInt(60);
      int alphabet = 1 + r.nextInt(r.nextBoolean() ? 3 : 1000);
      int width = 1 << r.nextInt(4);
      long[] values = new long[n * k];
      long[][] prototypes = new long[1 + r.nextInt(4)][k];
      for (long[] p : prototypes) {
        for (int i = 0; i < k; i++) {
          p[i] = randomValue(r, alphabet);
        }
      }
      for (int item = 0; item < n; item++) {
        long[] p = prototypes[r.nextInt(prototypes.length)];
        double noise = r.nextDouble();
        for (int i = 0; i < k; i++) {
          values[item * k + i] = r.nextDouble() < noise ? randomValue(r, alphabet) : p[i];
        }
      }
      boolean[] hasSketch = new boolean[n];
      int[] order = new int[n];
      List<Integer> shuffled = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        hasSketch[i] = r.nextInt(10) != 0;
        shuffled.add(i);
      }
      Collections.shuffle(shuffled, r);
      for (int i = 0; i < n; i++) {
        order[i] = shuffled.get(i);
      }
      int minMatches = 1 + r.nextInt(k);

      int[] canonicalOf = new int[n];
      int[] matches = new int[n];
      byte[] bytes = new byte[n * k * width];
      for (int i = 0; i < values.length; i++) {
        values[i] &= width == 8 ? -1L : (1L << (8 * width)) - 1; // what fits in a value
        for (int j = 0; j < width; j++) {
          bytes[i * width + j] = (byte) (values[i] >>> (8 * j));
        }
      }
      CanonicalGrouping grouping =
          reused == null || r.nextInt(8) == 0
              ? new CanonicalGrouping(bytes, width, k, n, minMatches)
              : reused.reset(bytes, width, k, n, minMatches);
      grouping.group(order, hasSketch, canonicalOf, matches);
      reused = grouping;

      List<Integer> canonicals = new ArrayList<>();
      for (int item : order) {
        int expected = item;
        int expectedMatches = k;
        for (int c : canonicals) {
          if (!hasSketch[item] || !hasSketch[c]) {
            continue;
          }
          int m = 0;
          for (int i = 0; i < k; i++) {
            if (values[item * k + i] == values[c * k + i]) {
              m++;
            }
          }
          if (m >= minMatches) {
            expected = c;
            expectedMatches = m;
            break;
          }
        }
        if (expected == item) {
          canonicals.add(item);
        }
        assertEquals("k=" + k + " minMatches=" + minMatches, expected, canonicalOf[item]);
        assertEquals(expectedMatches, matches[item]);
      }
    }
  }

  /**
   * A value from a small alphabet, spread over the bytes so that values of any width differ in a
   * random byte: equal in 7 of 8 bytes must still count as different.
   */
  private static long randomValue(Random r, int alphabet) {
    long v = r.nextInt(alphabet);
    return v << (8 * r.nextInt(8)) | (v == 0 ? 0 : 0x0101010101010101L);
  }

  public void testBadMinMatches() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class, () -> new CanonicalGrouping(new byte[8], 1, 8, 1, 0));
    assertEquals("minMatches must be in [1, 8], got 0", e.getMessage());
    expectThrows(
        IllegalArgumentException.class, () -> new CanonicalGrouping(new byte[8], 1, 8, 1, 9));
  }
}
