package io.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterOrderTest {
  @Test
  void clustersAreListedByTheirFirstMemberWhateverTheirSize() {
    List<int[]> clusters = new ArrayList<>();
    clusters.add(new int[] {7, 8});
    clusters.add(new int[] {3, 9, 10, 11});
    clusters.add(new int[] {1, 12});
    clusters.add(new int[] {5, 6, 13});
    ClusterOrder.sort(clusters);
    assertEquals(List.of(1, 3, 5, 7), clusters.stream().map(c -> c[0]).toList());
  }

  @Test
  void theCanonicalIsTheFirstStrictlyPreferredMemberAndTiesKeepTheFirst() {
    long[] keys = {5, 3, 3, 4};
    assertEquals(1, ClusterOrder.canonical(4, (i, j) -> Long.compare(keys[i], keys[j])));
    long[] equal = {2, 2, 2};
    assertEquals(0, ClusterOrder.canonical(3, (i, j) -> Long.compare(equal[i], equal[j])));
    assertEquals(0, ClusterOrder.canonical(3, null), "a policy by score keeps the first member");
  }

  @Test
  void similaritiesAreListedToFourDecimals() {
    assertEquals(0.8235, ClusterOrder.similarity(0.82349));
    assertEquals(0.8236, ClusterOrder.similarity(0.82355));
    assertEquals(1.0, ClusterOrder.similarity(0.99999));
  }
}
