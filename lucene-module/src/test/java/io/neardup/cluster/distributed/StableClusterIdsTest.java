package io.neardup.cluster.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StableClusterIdsTest {
  private static final String[] OWN = {"a", "b", "c", "d", "e", "f", "g"};

  private static StableClusterIds.Assignment assign(
      List<int[]> clusters, String[] current, boolean[] flagged, boolean keep) {
    return StableClusterIds.assign(
        clusters, current.length, d -> current[d], d -> flagged[d], d -> OWN[d], keep);
  }

  private static String[] ids(StableClusterIds.Assignment a, int n) {
    String[] out = new String[n];
    for (int d = 0; d < n; d++) {
      out[d] = a.clusterId(d);
    }
    return out;
  }

  @Test
  void nothingChangesWhenNothingNeedsRepair() {
    String[] current = {"a", "a", "a", "d", "e"};
    boolean[] flagged = {true, false, false, true, true};
    StableClusterIds.Assignment a =
        assign(List.<int[]>of(new int[] {0, 1, 2}), current, flagged, false);
    assertArrayEquals(current, ids(a, 5));
    for (int d = 0; d < 5; d++) {
      assertEquals(flagged[d], a.canonical(d), "doc " + d);
    }
  }

  @Test
  void aMergeKeepsTheLargerPartsIdAndTheCanonicalMoves() {
    // two write-time clusters a (3 members) and d (2) are one; the policy prefers d
    String[] current = {"a", "a", "a", "d", "d"};
    boolean[] flagged = {true, false, false, true, false};
    StableClusterIds.Assignment a =
        assign(List.<int[]>of(new int[] {3, 0, 1, 2, 4}), current, flagged, false);
    assertArrayEquals(new String[] {"a", "a", "a", "a", "a"}, ids(a, 5));
    assertTrue(a.canonical(3));
    assertFalse(a.canonical(0));
  }

  @Test
  void keepCanonicalLeavesTheFlaggedMemberCarryingTheId() {
    String[] current = {"a", "a", "a", "d", "d"};
    boolean[] flagged = {true, false, false, true, false};
    StableClusterIds.Assignment a =
        assign(List.<int[]>of(new int[] {3, 0, 1, 2, 4}), current, flagged, true);
    assertTrue(a.canonical(0));
    assertFalse(a.canonical(3));
  }

  @Test
  void aSplitLeavesTheIdWithMostCarriersAndNamesTheRestAfterItsCanonical() {
    // all carry a; now {0,1,2} and {3,4}: the larger part keeps a, the other is named d
    String[] current = {"a", "a", "a", "a", "a"};
    boolean[] flagged = new boolean[5];
    StableClusterIds.Assignment a =
        assign(List.of(new int[] {0, 1, 2}, new int[] {3, 4}), current, flagged, false);
    assertArrayEquals(new String[] {"a", "a", "a", "d", "d"}, ids(a, 5));
  }

  @Test
  void newNamesNeverCollide() {
    // the canonical of the new cluster is b, but b is kept by the singleton carrying it
    String[] current = {null, null, "b"};
    boolean[] flagged = new boolean[3];
    StableClusterIds.Assignment a =
        assign(List.<int[]>of(new int[] {1, 0}), current, flagged, false);
    assertArrayEquals(new String[] {"b-2", "b-2", "b"}, ids(a, 3));
    assertTrue(a.canonical(1));
    assertTrue(a.canonical(2));
  }

  @Test
  void documentsWithoutIdsStartTheirOwn() {
    String[] current = {null, null};
    StableClusterIds.Assignment a = assign(List.of(), current, new boolean[2], false);
    assertArrayEquals(new String[] {"a", "b"}, ids(a, 2));
    assertTrue(a.canonical(0) && a.canonical(1));
  }

  @Test
  void aDocumentInTwoClustersIsRejected() {
    String[] current = {null, null, null};
    assertThrows(
        IllegalArgumentException.class,
        () -> assign(List.of(new int[] {0, 1}, new int[] {1, 2}), current, new boolean[3], false));
  }

  private static void assertArrayEquals(String[] expected, String[] actual) {
    assertEquals(List.of(expected), List.of(actual));
  }

  /**
   * The rule as the class states it, listing every document alone as a cluster of its own: the
   * reference the streaming implementation must equal.
   */
  private static String[][] reference(
      List<int[]> clusters,
      String[] current,
      boolean[] flagged,
      String[] own,
      boolean keepCanonical) {
    int documents = current.length;
    boolean[] inCluster = new boolean[documents];
    List<int[]> all = new ArrayList<>(clusters);
    clusters.forEach(c -> Arrays.stream(c).forEach(d -> inCluster[d] = true));
    for (int doc = 0; doc < documents; doc++) {
      if (!inCluster[doc]) {
        all.add(new int[] {doc});
      }
    }
    record Candidate(int cluster, String id, int carriers) {}
    List<Candidate> candidates = new ArrayList<>();
    for (int c = 0; c < all.size(); c++) {
      Map<String, Integer> carriers = new HashMap<>();
      for (int doc : all.get(c)) {
        if (current[doc] != null) {
          carriers.merge(current[doc], 1, Integer::sum);
        }
      }
      for (Map.Entry<String, Integer> e : carriers.entrySet()) {
        candidates.add(new Candidate(c, e.getKey(), e.getValue()));
      }
    }
    candidates.sort(
        Comparator.comparingInt((Candidate x) -> -x.carriers())
            .thenComparingInt(Candidate::cluster)
            .thenComparing(Candidate::id));
    String[] names = new String[all.size()];
    Set<String> taken = new HashSet<>();
    for (Candidate x : candidates) {
      if (names[x.cluster()] == null && taken.add(x.id())) {
        names[x.cluster()] = x.id();
      }
    }
    for (int c = 0; c < all.size(); c++) {
      if (names[c] == null) {
        String name = own[all.get(c)[0]];
        for (int n = 2; !taken.add(name); n++) {
          name = own[all.get(c)[0]] + "-" + n;
        }
        names[c] = name;
      }
    }
    String[] ids = new String[documents];
    String[] canonical = new String[documents];
    for (int c = 0; c < all.size(); c++) {
      int head = all.get(c)[0];
      if (keepCanonical) {
        for (int doc : all.get(c)) {
          if (flagged[doc] && names[c].equals(current[doc])) {
            head = doc;
            break;
          }
        }
      }
      for (int doc : all.get(c)) {
        ids[doc] = names[c];
        canonical[doc] = String.valueOf(doc == head);
      }
    }
    return new String[][] {ids, canonical};
  }

  @Test
  void documentsAloneAreNamedAsIfEachWereListed() {
    Random random = new Random(7);
    String[] alphabet = {"a", "b", "a-2", "a-3", "b-2", "c", "d", "e"};
    for (int round = 0; round < 2000; round++) {
      int n = 1 + random.nextInt(12);
      String[] current = new String[n];
      String[] own = new String[n];
      boolean[] flagged = new boolean[n];
      for (int d = 0; d < n; d++) {
        current[d] = random.nextInt(4) == 0 ? null : alphabet[random.nextInt(alphabet.length)];
        own[d] = alphabet[random.nextInt(alphabet.length)];
        flagged[d] = random.nextBoolean();
      }
      List<Integer> docs = new ArrayList<>();
      for (int d = 0; d < n; d++) {
        docs.add(d);
      }
      Collections.shuffle(docs, random);
      List<int[]> clusters = new ArrayList<>();
      int at = 0;
      while (at + 1 < n && random.nextInt(3) > 0) {
        int size = Math.min(n - at, 2 + random.nextInt(3));
        clusters.add(docs.subList(at, at + size).stream().mapToInt(Integer::intValue).toArray());
        at += size;
      }
      boolean keep = random.nextBoolean();
      String[][] expected = reference(clusters, current, flagged, own, keep);
      StableClusterIds.Assignment a =
          StableClusterIds.assign(clusters, n, d -> current[d], d -> flagged[d], d -> own[d], keep);
      for (int d = 0; d < n; d++) {
        String what = "round " + round + ", doc " + d;
        assertEquals(expected[0][d], a.clusterId(d), what);
        assertEquals(expected[1][d], String.valueOf(a.canonical(d)), what);
      }
    }
  }
}
