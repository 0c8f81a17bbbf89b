package io.neardup.cluster.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.core.UnionFind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SparseUnionFindTest {
  /** Random unions over a large sparse id space give the dense union-find's sets, in order. */
  @Test
  void setsEqualTheDenseUnionFindsInTheClusterOrder() {
    Random r = new Random(3);
    int n = 5_000;
    UnionFind dense = new UnionFind(n);
    SparseUnionFind sparse = new SparseUnionFind();
    for (int i = 0; i < 1_500; i++) {
      int a = r.nextInt(n);
      int b = r.nextInt(n);
      dense.union(a, b);
      sparse.union(a, b);
      assertEquals(a != b, sparse.connected(a, b), a + " " + b);
    }
    List<int[]> expected = new ArrayList<>();
    boolean[] seen = new boolean[n];
    for (int x = 0; x < n; x++) {
      if (!seen[x] && dense.setSize(x) > 1) {
        List<Integer> members = new ArrayList<>();
        for (int y = x; y < n; y++) {
          if (dense.connected(x, y)) {
            members.add(y);
            seen[y] = true;
          }
        }
        expected.add(members.stream().mapToInt(Integer::intValue).toArray());
      }
    }
    List<int[]> actual = sparse.sets();
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(Arrays.toString(expected.get(i)), Arrays.toString(actual.get(i)), "set " + i);
    }
    assertTrue(sparse.ramBytes() > 0);
  }

  @Test
  void anElementNeverJoinedIsInNoSet() {
    SparseUnionFind sets = new SparseUnionFind();
    sets.union(4, 4);
    assertEquals(0, sets.sets().size());
    assertFalse(sets.connected(4, 9));
    sets.union(1_000_000, 4);
    assertEquals("[4, 1000000]", Arrays.toString(sets.sets().get(0)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> sets.union(-1, 2));
    assertEquals("elements must be >= 0, got -1 and 2", e.getMessage());
  }
}
