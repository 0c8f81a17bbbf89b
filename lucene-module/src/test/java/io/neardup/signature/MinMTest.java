package io.neardup.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.shingle.CompactShingleSet;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class MinMTest {
  /** Two random sets of distinct fingerprints sharing {@code common} of them. */
  static int[][] pair(Random random, int sizeA, int sizeB, int common) {
    TreeSet<Integer> all = new TreeSet<>();
    while (all.size() < sizeA + sizeB - common) {
      all.add(random.nextInt());
    }
    Integer[] values = all.toArray(new Integer[0]);
    java.util.Collections.shuffle(Arrays.asList(values), random);
    int[] a = new int[sizeA];
    int[] b = new int[sizeB];
    for (int i = 0; i < common; i++) {
      a[i] = values[i];
      b[i] = values[i];
    }
    for (int i = common; i < sizeA; i++) {
      a[i] = values[i];
    }
    for (int i = common; i < sizeB; i++) {
      b[i] = values[sizeA - common + i];
    }
    Arrays.sort(a);
    Arrays.sort(b);
    return new int[][] {a, b};
  }

  /** Broder's estimator straight from its definition, on the whole permuted sets. */
  static double bruteForce(int[] a, int[] b, int m, long seed) {
    TreeSet<Integer> pa = new TreeSet<>();
    TreeSet<Integer> pb = new TreeSet<>();
    for (int v : a) {
      pa.add(MinM.permute(v, seed));
    }
    for (int v : b) {
      pb.add(MinM.permute(v, seed));
    }
    TreeSet<Integer> union = new TreeSet<>(pa);
    union.addAll(pb);
    int taken = 0;
    int both = 0;
    for (int v : union) {
      if (taken == m) {
        break;
      }
      taken++;
      if (pa.contains(v) && pb.contains(v)) {
        both++;
      }
    }
    return taken == 0 ? 0 : (double) both / taken;
  }

  @Test
  void estimateFromSketchesEqualsTheDefinitionOnTheWholeSets() {
    Random random = new Random(1);
    for (int trial = 0; trial < 200; trial++) {
      int sizeA = 1 + random.nextInt(600);
      int sizeB = 1 + random.nextInt(600);
      int common = random.nextInt(Math.min(sizeA, sizeB) + 1);
      int[][] p = pair(random, sizeA, sizeB, common);
      int m = 1 + random.nextInt(300);
      long seed = random.nextLong();
      int[] sa = MinM.sketch(p[0], sizeA, m, seed);
      int[] sb = MinM.sketch(p[1], sizeB, m, seed);
      assertEquals(Math.min(m, sizeA), sa.length);
      assertEquals(
          bruteForce(p[0], p[1], m, seed),
          MinM.estimate(sa, sa.length, sb, sb.length, m),
          0,
          "trial " + trial);
    }
  }

  @Test
  void estimateIsUnbiasedAndWithinItsStandardError() {
    Random random = new Random(2);
    int m = MinM.DEFAULT_M;
    double sumError = 0;
    int trials = 300;
    for (int trial = 0; trial < trials; trial++) {
      int size = 1000 + random.nextInt(1000);
      int common = random.nextInt(size + 1);
      int[][] p = pair(random, size, size, common);
      double exact = CompactShingleSet.jaccard(p[0], size, p[1], size);
      long seed = random.nextLong();
      int[] sa = MinM.sketch(p[0], size, m, seed);
      int[] sb = MinM.sketch(p[1], size, m, seed);
      double estimate = MinM.estimate(sa, sa.length, sb, sb.length, m);
      double sigma = Math.sqrt(Math.max(exact * (1 - exact), 0.01) / m);
      assertTrue(
          Math.abs(estimate - exact) <= 5 * sigma,
          "estimate " + estimate + " of " + exact + " beyond 5 sigma " + sigma);
      sumError += estimate - exact;
    }
    // a biased estimator would drift by far more than sigma / sqrt(trials) ~ 0.002
    assertEquals(0, sumError / trials, 0.01);
  }

  @Test
  void identicalAndDisjointSets() {
    int[] a = {1, 5, 9, 12};
    int[] s = MinM.sketch(a, a.length, 3, 7);
    assertEquals(1.0, MinM.estimate(s, s.length, s, s.length, 3));
    int[] t = MinM.sketch(new int[] {2, 3}, 2, 3, 7);
    assertEquals(0.0, MinM.estimate(s, s.length, t, t.length, 3));
    assertEquals(0.0, MinM.estimate(new int[0], 0, new int[0], 0, 3));
  }

  @Test
  void badParametersNameTheParameter() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MinM.checkM(0));
    assertEquals("min-m must be >= 1, got 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ModN.checkN(0));
    assertEquals("mod-n must be >= 1, got 0", e.getMessage());
  }

  @Test
  void modNSampleIsTheDefinitionAndEstimatesJaccard() {
    Random random = new Random(3);
    int n = 8;
    for (int trial = 0; trial < 200; trial++) {
      int size = 2000 + random.nextInt(2000);
      int common = random.nextInt(size + 1);
      int[][] p = pair(random, size, size, common);
      long seed = random.nextLong();
      int[] va = ModN.sample(p[0], size, n, seed);
      int[] vb = ModN.sample(p[1], size, n, seed);
      int[] expected =
          Arrays.stream(p[0])
              .map(v -> MinM.permute(v, seed))
              .filter(v -> Integer.remainderUnsigned(v, n) == 0)
              .sorted()
              .toArray();
      assertArrayEquals(expected, va);
      double exact = CompactShingleSet.jaccard(p[0], size, p[1], size);
      double estimate = CompactShingleSet.jaccard(va, va.length, vb, vb.length);
      // the union sample has about 2 * size / n * (1 - J / 2) values
      double sampled = (va.length + vb.length) / (1 + exact);
      double sigma = Math.sqrt(Math.max(exact * (1 - exact), 0.01) / sampled);
      assertTrue(
          Math.abs(estimate - exact) <= 5 * sigma,
          "estimate " + estimate + " of " + exact + " beyond 5 sigma " + sigma);
    }
  }
}
