package io.neardup.cluster.core;

import java.util.Arrays;

/**
 * Disjoint sets over the integers {@code [0, n)}: union by size with path halving, so any sequence
 * of m operations costs O(m α(n)) (Tarjan and van Leeuwen, <i>Worst-case analysis of set union
 * algorithms</i>, JACM 1984). Memory is two {@code int}s per element, whatever the number of
 * unions. Not thread-safe.
 *
 * <pre>{@code
 * UnionFind sets = new UnionFind(5);
 * sets.union(0, 3);
 * sets.union(3, 4);
 * sets.connected(0, 4); // true
 * sets.count();         // 3 sets: {0, 3, 4}, {1}, {2}
 * }</pre>
 */
public final class UnionFind {
  private final int[] parent;
  private final int[] size;
  private int count;

  /**
   * Creates n singleton sets.
   *
   * @param n number of elements, at least 0
   */
  public UnionFind(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
    this.parent = new int[n];
    this.size = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i;
    }
    Arrays.fill(size, 1);
    this.count = n;
  }

  private UnionFind(UnionFind other) {
    this.parent = other.parent.clone();
    this.size = other.size.clone();
    this.count = other.count;
  }

  /** An independent copy of these sets. */
  public UnionFind copy() {
    return new UnionFind(this);
  }

  /** Number of elements n. */
  public int elements() {
    return parent.length;
  }

  /** Number of disjoint sets. */
  public int count() {
    return count;
  }

  /** The representative of x's set; the same for all members until the next union. */
  public int find(int x) {
    check(x);
    int p;
    while ((p = parent[x]) != x) {
      // path halving: point x to its grandparent, then continue from there
      int gp = parent[p];
      parent[x] = gp;
      x = gp;
    }
    return x;
  }

  /**
   * Joins the sets of x and y.
   *
   * @return true if they were different sets, false if already joined
   */
  public boolean union(int x, int y) {
    int rx = find(x);
    int ry = find(y);
    if (rx == ry) {
      return false;
    }
    if (size[rx] < size[ry] || (size[rx] == size[ry] && ry < rx)) {
      // the smaller set hangs below the larger one; equal sizes keep the lower id as root so that
      // the shape does not depend on argument order
      int t = rx;
      rx = ry;
      ry = t;
    }
    parent[ry] = rx;
    size[rx] += size[ry];
    count--;
    return true;
  }

  /** Whether x and y are in the same set. */
  public boolean connected(int x, int y) {
    return find(x) == find(y);
  }

  /** Number of elements in x's set. */
  public int setSize(int x) {
    return size[find(x)];
  }

  private void check(int x) {
    if (x < 0 || x >= parent.length) {
      throw new IllegalArgumentException("element must be in [0, " + parent.length + "), got " + x);
    }
  }
}
