package io.neardup.cluster.distributed;

import io.neardup.cluster.ClusterOrder;
import io.neardup.util.Mix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Disjoint sets over the elements that take part in a union only, numbered as they come, for a run
 * where most of a large id space never joins anything (the engines' distributed clustering: only
 * documents of a candidate pair): an open-addressing map from ids to slots, and the slots' parents
 * and sizes, about 24 bytes per element that was joined. {@link io.neardup.cluster.core.UnionFind}
 * is the dense variant over {@code [0, n)}. Union by size with path halving; not thread-safe.
 *
 * <pre>{@code
 * SparseUnionFind sets = new SparseUnionFind();
 * sets.union(7, 1_000_000);
 * sets.connected(7, 1_000_000); // true
 * sets.sets();                  // [[7, 1000000]]
 * }</pre>
 */
public final class SparseUnionFind {

  private int[] keys = new int[16];
  private int[] slots = new int[16];
  private int[] parent = new int[16];
  private int[] size = new int[16];
  private int[] elementOfSlot = new int[16];
  private int count;

  /** No element yet. */
  public SparseUnionFind() {
    Arrays.fill(keys, -1);
  }

  /** Bytes held, for a circuit breaker. */
  public long ramBytes() {
    return 4L * (keys.length + slots.length + parent.length + size.length + elementOfSlot.length);
  }

  private int find(int x, boolean create) {
    int mask = keys.length - 1;
    int i = (int) (Mix.fmix64(x) & mask);
    while (keys[i] != -1) {
      if (keys[i] == x) {
        return slots[i];
      }
      i = (i + 1) & mask;
    }
    if (!create) {
      return -1;
    }
    if (count == parent.length) {
      int n = count * 2;
      parent = Arrays.copyOf(parent, n);
      size = Arrays.copyOf(size, n);
      elementOfSlot = Arrays.copyOf(elementOfSlot, n);
    }
    keys[i] = x;
    slots[i] = count;
    parent[count] = count;
    size[count] = 1;
    elementOfSlot[count] = x;
    count++;
    if (count * 2 > keys.length) {
      rehash();
    }
    return count - 1;
  }

  private void rehash() {
    int[] oldKeys = keys;
    int[] oldSlots = slots;
    keys = new int[oldKeys.length * 2];
    slots = new int[oldKeys.length * 2];
    Arrays.fill(keys, -1);
    int mask = keys.length - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] != -1) {
        int i = (int) (Mix.fmix64(oldKeys[j]) & mask);
        while (keys[i] != -1) {
          i = (i + 1) & mask;
        }
        keys[i] = oldKeys[j];
        slots[i] = oldSlots[j];
      }
    }
  }

  private int root(int slot) {
    while (parent[slot] != slot) {
      parent[slot] = parent[parent[slot]];
      slot = parent[slot];
    }
    return slot;
  }

  /** Whether a and b are in the same set (an element never joined is alone). */
  public boolean connected(int a, int b) {
    int sa = find(a, false);
    int sb = find(b, false);
    return sa >= 0 && sb >= 0 && root(sa) == root(sb);
  }

  /**
   * Joins the sets of a and b, adding either if it is new; nothing for a == b.
   *
   * @throws IllegalArgumentException if either is negative
   */
  public void union(int a, int b) {
    if (a < 0 || b < 0) {
      throw new IllegalArgumentException("elements must be >= 0, got " + a + " and " + b);
    }
    if (a == b) {
      return; // an element alone is no set
    }
    int ra = root(find(a, true));
    int rb = root(find(b, true));
    if (ra == rb) {
      return;
    }
    if (size[ra] < size[rb]) {
      int t = ra;
      ra = rb;
      rb = t;
    }
    parent[rb] = ra;
    size[ra] += size[rb];
  }

  /**
   * The sets, each of two or more elements (an element exists only once a union joined it), members
   * ascending, in the {@link ClusterOrder}.
   */
  public List<int[]> sets() {
    int[] rootOf = new int[count];
    int[] memberCount = new int[count];
    for (int s = 0; s < count; s++) {
      rootOf[s] = root(s);
      memberCount[rootOf[s]]++;
    }
    int[][] groups = new int[count][];
    int[] fill = new int[count];
    for (int s = 0; s < count; s++) {
      int r = rootOf[s];
      if (groups[r] == null) {
        groups[r] = new int[memberCount[r]];
      }
      groups[r][fill[r]++] = elementOfSlot[s];
    }
    List<int[]> list = new ArrayList<>();
    for (int[] g : groups) {
      if (g != null) {
        Arrays.sort(g);
        list.add(g);
      }
    }
    ClusterOrder.sort(list);
    return list;
  }
}
