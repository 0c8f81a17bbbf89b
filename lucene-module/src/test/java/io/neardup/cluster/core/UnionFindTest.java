package io.neardup.cluster.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UnionFindTest {

  @Test
  void startsWithSingletons() {
    UnionFind sets = new UnionFind(4);
    assertEquals(4, sets.elements());
    assertEquals(4, sets.count());
    for (int i = 0; i < 4; i++) {
      assertEquals(i, sets.find(i));
      assertEquals(1, sets.setSize(i));
    }
    assertFalse(sets.connected(0, 1));
  }

  @Test
  void unionJoinsOnceAndCountsSizes() {
    UnionFind sets = new UnionFind(5);
    assertTrue(sets.union(0, 3));
    assertTrue(sets.union(3, 4));
    assertFalse(sets.union(4, 0));
    assertFalse(sets.union(2, 2));
    assertTrue(sets.connected(0, 4));
    assertFalse(sets.connected(0, 1));
    assertEquals(3, sets.count());
    assertEquals(3, sets.setSize(4));
    assertEquals(1, sets.setSize(1));
  }

  @Test
  void emptyIsAllowed() {
    UnionFind sets = new UnionFind(0);
    assertEquals(0, sets.count());
  }

  @Test
  void rejectsBadInput() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new UnionFind(-1));
    assertEquals("n must be >= 0, got -1", e.getMessage());
    UnionFind sets = new UnionFind(3);
    e = assertThrows(IllegalArgumentException.class, () -> sets.find(3));
    assertEquals("element must be in [0, 3), got 3", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> sets.union(-1, 0));
  }

  @Test
  void copyIsIndependent() {
    UnionFind sets = new UnionFind(4);
    sets.union(0, 1);
    UnionFind copy = sets.copy();
    copy.union(2, 3);
    assertTrue(copy.connected(0, 1));
    assertTrue(copy.connected(2, 3));
    assertFalse(sets.connected(2, 3));
    assertEquals(3, sets.count());
    assertEquals(2, copy.count());
  }

  @Test
  void agreesWithGraphSearchOnRandomUnions() {
    SplittableRandom random = new SplittableRandom(0x756e696f6eL);
    for (int round = 0; round < 50; round++) {
      int n = 1 + random.nextInt(300);
      UnionFind sets = new UnionFind(n);
      List<List<Integer>> graph = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        graph.add(new ArrayList<>());
      }
      int edges = random.nextInt(n + 1);
      for (int e = 0; e < edges; e++) {
        int a = random.nextInt(n);
        int b = random.nextInt(n);
        sets.union(a, b);
        graph.get(a).add(b);
        graph.get(b).add(a);
      }
      int[] component = components(graph);
      int distinct = 0;
      int[] sizes = new int[n];
      for (int i = 0; i < n; i++) {
        sizes[component[i]]++;
        if (component[i] == i) {
          distinct++;
        }
      }
      assertEquals(distinct, sets.count());
      for (int i = 0; i < n; i++) {
        assertEquals(sizes[component[i]], sets.setSize(i));
        int j = random.nextInt(n);
        assertEquals(component[i] == component[j], sets.connected(i, j));
      }
    }
  }

  @Test
  void longChainStaysShallow() {
    // union by size keeps trees logarithmic: a chain joined in the worst order still finds fast
    int n = 1 << 20;
    UnionFind sets = new UnionFind(n);
    for (int i = 1; i < n; i++) {
      sets.union(i - 1, i);
    }
    assertEquals(1, sets.count());
    assertEquals(n, sets.setSize(12345));
    assertTrue(sets.connected(0, n - 1));
  }

  /** Component of each vertex, named by its lowest member, by breadth-first search. */
  private static int[] components(List<List<Integer>> graph) {
    int n = graph.size();
    int[] component = new int[n];
    java.util.Arrays.fill(component, -1);
    for (int start = 0; start < n; start++) {
      if (component[start] >= 0) {
        continue;
      }
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      queue.add(start);
      component[start] = start;
      while (!queue.isEmpty()) {
        int v = queue.poll();
        for (int w : graph.get(v)) {
          if (component[w] < 0) {
            component[w] = start;
            queue.add(w);
          }
        }
      }
    }
    return component;
  }
}
