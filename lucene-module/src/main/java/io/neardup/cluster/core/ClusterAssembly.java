package io.neardup.cluster.core;

import io.neardup.cluster.Cluster;
import io.neardup.cluster.ClusterOrder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Phase "clusters": the union-find sets of two or more documents become {@link Cluster}s in the
 * {@link ClusterOrder} (by their first member), each with its canonical: the lowest member in the
 * {@link Clusterer.CanonicalOrder}, ties to the lowest document number.
 */
final class ClusterAssembly {
  private final ClusterRun run;
  private final Clusterer.CanonicalOrder canonical;

  ClusterAssembly(ClusterRun run, Clusterer.CanonicalOrder canonical) {
    this.run = run;
    this.canonical = canonical;
  }

  List<Cluster> clusters() throws IOException {
    int n = run.n;
    UnionFind uf = run.uf;
    int[] clusterOfRoot = new int[n];
    Arrays.fill(clusterOfRoot, -1);
    int[] sizes = new int[16];
    int count = 0;
    int clustered = 0;
    for (int d = 0; d < n; d++) {
      int root = uf.find(d);
      if (uf.setSize(root) < 2) {
        continue;
      }
      if (clusterOfRoot[root] < 0) {
        clusterOfRoot[root] = count++;
        if (count > sizes.length) {
          sizes = Arrays.copyOf(sizes, count * 2);
        }
      }
      sizes[clusterOfRoot[root]]++;
      clustered++;
    }
    int[][] members = new int[count][];
    int[] all = new int[clustered];
    for (int c = 0; c < count; c++) {
      members[c] = new int[sizes[c]];
    }
    int[] filled = new int[count];
    clustered = 0;
    for (int d = 0; d < n; d++) {
      int root = uf.find(d);
      if (uf.setSize(root) >= 2) {
        int c = clusterOfRoot[root];
        members[c][filled[c]++] = d;
        all[clustered++] = d;
      }
    }
    canonical.prepare(all);
    List<Cluster> out = new ArrayList<>(count);
    for (int c = 0; c < count; c++) {
      int[] m = members[c];
      int best = ClusterOrder.canonical(m.length, (i, j) -> canonical.compare(m[i], m[j]));
      out.add(new Cluster(m[best], m));
      if ((c & 0xFFF) == 0) {
        run.progress.update("clusters", c, count);
      }
    }
    run.progress.update("clusters", count, count);
    return out;
  }
}
