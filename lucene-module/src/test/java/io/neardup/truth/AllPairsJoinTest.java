package io.neardup.truth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class AllPairsJoinTest {
  /** Families of sets made by replacing, adding and dropping elements of a base, with noise. */
  private static long[][] corpus(long seed, int families) {
    Random random = new Random(seed);
    List<long[]> sets = new ArrayList<>();
    for (int f = 0; f < families; f++) {
      int size = 1 + random.nextInt(random.nextInt(10) == 0 ? 2000 : 120);
      long[] base = random.longs(size, 0, 5000).distinct().toArray();
      int copies = random.nextInt(5);
      sets.add(base);
      for (int c = 0; c < copies; c++) {
        long[] copy = base.clone();
        int edits = random.nextInt(Math.max(1, copy.length / 3) + 1);
        for (int e = 0; e < edits; e++) {
          copy[random.nextInt(copy.length)] = random.nextLong(0, 5000);
        }
        sets.add(
            LongStream.concat(Arrays.stream(copy), random.longs(random.nextInt(5), 0, 5000))
                .distinct()
                .toArray());
      }
    }
    sets.add(new long[0]);
    sets.add(new long[0]);
    long[][] out = sets.toArray(new long[0][]);
    for (long[] s : out) {
      Arrays.sort(s);
    }
    return out;
  }

  private static Map<Long, Double> bruteForce(long[][] sets, double t) {
    Map<Long, Double> pairs = new TreeMap<>();
    for (int a = 0; a < sets.length; a++) {
      for (int b = a + 1; b < sets.length; b++) {
        if (sets[a].length == 0 || sets[b].length == 0) {
          continue;
        }
        long[] other = sets[b];
        long common =
            Arrays.stream(sets[a]).filter(v -> Arrays.binarySearch(other, v) >= 0).count();
        double j = (double) common / (sets[a].length + sets[b].length - common);
        if (j >= t - 1e-9) {
          pairs.put((long) a << 32 | b, j);
        }
      }
    }
    return pairs;
  }

  private static Map<Long, Double> join(long[][] sets, double t, int threads) throws IOException {
    long[][] copy = new long[sets.length][];
    for (int i = 0; i < sets.length; i++) {
      copy[i] = sets[i].clone();
    }
    Map<Long, Double> pairs = new TreeMap<>();
    AllPairsJoin.join(
        copy,
        t,
        threads,
        (a, b, s) -> {
          assertTrue(a < b, a + " < " + b);
          assertEquals(null, pairs.put((long) a << 32 | b, s), "pair listed twice");
        });
    return pairs;
  }

  @Test
  void findsExactlyThePairsOfABruteForceJoin() throws IOException {
    for (long seed = 1; seed <= 4; seed++) {
      long[][] sets = corpus(seed, 150);
      Map<Long, Double> lowest = bruteForce(sets, 0.1);
      for (double t : new double[] {0.1, 0.3, 0.5, 0.8, 0.9, 1.0}) {
        Map<Long, Double> expected = new TreeMap<>(lowest);
        expected.values().removeIf(j -> j < t - 1e-9);
        Map<Long, Double> actual = join(sets, t, 1 + (int) (seed % 3));
        assertEquals(expected.keySet(), actual.keySet(), "seed " + seed + " t " + t);
        for (Map.Entry<Long, Double> e : expected.entrySet()) {
          assertEquals(e.getValue(), actual.get(e.getKey()), 1e-12);
        }
        if (t <= 0.5) {
          assertFalse(expected.isEmpty(), "the corpus has pairs to find");
        }
      }
    }
  }

  @Test
  void threadsChangeNeitherThePairsNorTheirOrder() throws IOException {
    long[][] sets = corpus(9, 400);
    List<Long> one = new ArrayList<>();
    List<Long> three = new ArrayList<>();
    AllPairsJoin.join(copy(sets), 0.5, 1, (a, b, s) -> one.add((long) a << 32 | b));
    AllPairsJoin.join(copy(sets), 0.5, 3, (a, b, s) -> three.add((long) a << 32 | b));
    assertEquals(one, three);
    assertFalse(one.isEmpty());
  }

  private static long[][] copy(long[][] sets) {
    return Arrays.stream(sets).map(long[]::clone).toArray(long[][]::new);
  }

  @Test
  void ranksOrderElementsRarestFirstThenByValue() {
    long[][] sets = corpus(5, 300);
    // the reference: every distinct value ranked by (count, value), each set's ranks sorted
    Map<Long, Integer> counts = new TreeMap<>();
    for (long[] set : sets) {
      for (long v : set) {
        counts.merge(v, 1, Integer::sum);
      }
    }
    List<Long> byRank = new ArrayList<>(counts.keySet());
    byRank.sort((a, b) ->
        counts.get(a) != counts.get(b).intValue()
            ? Integer.compare(counts.get(a), counts.get(b))
            : Long.compare(a, b));
    Map<Long, Integer> rankOf = new TreeMap<>();
    for (int r = 0; r < byRank.size(); r++) {
      rankOf.put(byRank.get(r), r);
    }
    int[][] expected = new int[sets.length][];
    for (int i = 0; i < sets.length; i++) {
      expected[i] = Arrays.stream(sets[i]).mapToInt(v -> rankOf.get(v)).sorted().toArray();
    }
    int[][] actual = AllPairsJoin.rank(copy(sets));
    for (int i = 0; i < sets.length; i++) {
      assertArrayEquals(expected[i], actual[i], "set " + i);
    }
  }

  @Test
  void prefixesAreAsShortAsTheThresholdAllows() {
    // a set of 10 at t = 0.8 must share one of its first 3 elements with any set of 10 or more
    assertEquals(3, AllPairsJoin.probePrefix(10, 0.8));
    // and one of its first 2 with any larger set: ceil(2 * 0.8 / 1.8 * 10) = 9
    assertEquals(2, AllPairsJoin.indexPrefix(10, 0.8));
    assertEquals(9, AllPairsJoin.requiredOverlap(10, 10, 0.8));
    assertEquals(0, AllPairsJoin.probePrefix(0, 0.5));
  }

  @Test
  void rejectsBadArguments() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AllPairsJoin.join(new long[0][], 0, 1, (a, b, s) -> {}));
    assertEquals("threshold must be in (0, 1], got 0.0", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AllPairsJoin.join(new long[0][], 0.5, 0, (a, b, s) -> {}));
    assertEquals("threads must be >= 1, got 0", e.getMessage());
  }
}
