package io.neardup.cluster;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Phase "oversized": a bucket larger than the maximum bucket size (thousands of variants of one
 * boilerplate text) is never verified pair by pair. Each member is compared with a few
 * representatives only (the first member, and each member that matched none of the earlier
 * representatives, up to the configured number) and joined to those it reaches, so the cost stays
 * linear in the bucket's size.
 */
final class OversizedBuckets {
  private final ClusterRun run;

  OversizedBuckets(ClusterRun run) {
    this.run = run;
  }

  void verify() throws IOException {
    List<int[]> deferred = run.deferred;
    int[] reps = new int[run.config.representatives()];
    SetComparison.Buffers buffers = new SetComparison.Buffers();
    long[] joined = new long[deferred.size()];
    for (int k = 0; k < deferred.size(); k++) {
      int count = 0;
      for (int m : deferred.get(k)) {
        boolean matched = false;
        for (int r = 0; r < count; r++) {
          int rep = reps[r];
          if (run.uf.connected(rep, m)) {
            matched = true;
            continue;
          }
          run.candidates++;
          double s = run.comparison.similarity(rep, m, buffers);
          if (s >= 0) {
            run.join(Math.min(rep, m), Math.max(rep, m), s);
            joined[k]++;
            matched = true;
          }
        }
        if (!matched && count < reps.length) {
          reps[count++] = m;
        }
      }
      run.progress.update("oversized", k + 1, deferred.size());
    }
    // pairs of one cluster inside a deferred bucket that no comparison covered
    Map<Integer, Integer> perRoot = new HashMap<>();
    for (int k = 0; k < deferred.size(); k++) {
      perRoot.clear();
      for (int m : deferred.get(k)) {
        perRoot.merge(run.uf.find(m), 1, Integer::sum);
      }
      long together = 0;
      for (int c : perRoot.values()) {
        together += (long) c * (c - 1) / 2;
      }
      run.uncompared += Math.max(0, together - joined[k]);
    }
  }
}
