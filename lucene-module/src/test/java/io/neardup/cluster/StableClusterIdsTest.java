package io.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
}
