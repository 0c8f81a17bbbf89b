package io.neardup.shingle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.neardup.sketch.Jaccard;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompactShingleSetTest {
  @Test
  void compactKeepsDistinctUpperHalvesInOrder() {
    long[] sorted = {Long.MIN_VALUE, -5, -3, 0, 7, 1L << 32, Long.MAX_VALUE};
    int[] out = new int[sorted.length];
    int n = CompactShingleSet.compact(sorted, sorted.length, out);
    assertArrayEquals(
        new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}, Arrays.copyOf(out, n));
  }

  @Test
  void jaccardOfCompactSetsMatchesTheFingerprintsOnRandomSets() {
    Random random = new Random(5);
    for (int round = 0; round < 200; round++) {
      long[] a = new long[1 + random.nextInt(2000)];
      for (int i = 0; i < a.length; i++) {
        a[i] = random.nextLong();
      }
      long[] b = a.clone();
      int edits = random.nextInt(a.length + 1);
      for (int e = 0; e < edits; e++) {
        b[random.nextInt(b.length)] = random.nextLong();
      }
      long[] sa = Arrays.stream(a).distinct().sorted().toArray();
      long[] sb = Arrays.stream(b).distinct().sorted().toArray();
      int[] ca = new int[sa.length];
      int[] cb = new int[sb.length];
      int na = CompactShingleSet.compact(sa, sa.length, ca);
      int nb = CompactShingleSet.compact(sb, sb.length, cb);
      // two of a few thousand random values share their upper halves about once in a thousand
      // sets, moving the similarity by one shingle at most
      assertEquals(
          Jaccard.exact(sa, sb),
          CompactShingleSet.jaccard(ca, na, cb, nb),
          2.0 / Math.max(sa.length, sb.length));
      assertEquals(
          CompactShingleSet.hash(ca, na) == CompactShingleSet.hash(cb, nb),
          edits == 0 || Arrays.equals(sa, sb));
    }
    assertEquals(0, CompactShingleSet.jaccard(new int[0], 0, new int[] {1}, 1));
    assertNotEquals(
        CompactShingleSet.hash(new int[] {1, 2}, 2), CompactShingleSet.hash(new int[] {1, 2}, 1));
  }
}
