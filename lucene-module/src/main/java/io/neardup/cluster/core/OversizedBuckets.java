package io.neardup.cluster.core;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Phase "oversized": a bucket larger than the maximum bucket size (thousands of variants of one
 * boilerplate text) is never verified pair by pair: {@link Representatives}, the rule the
 * distributed run applies too.
 */
final class OversizedBuckets {
  private final ClusterRun run;

  OversizedBuckets(ClusterRun run) {
    this.run = run;
  }

  void verify() throws IOException {
    List<int[]> deferred = run.deferred;
    Representatives reps = new Representatives(run.config.representatives());
    SetComparison.Buffers buffers = new SetComparison.Buffers();
    Representatives.Pairs pairs =
        new Representatives.Pairs() {
          @Override
          public boolean connected(int a, int b) {
            return run.uf.connected(a, b);
          }

          @Override
          public double similarity(int a, int b) throws IOException {
            return run.comparison.similarity(a, b, buffers);
          }

          @Override
          public void join(int a, int b, double similarity) throws IOException {
            run.join(a, b, similarity);
          }
        };
    long[] joined = new long[deferred.size()];
    for (int k = 0; k < deferred.size(); k++) {
      reps.reset();
      for (int m : deferred.get(k)) {
        joined[k] += reps.offer(m, pairs);
      }
      run.progress.update("oversized", k + 1, deferred.size());
    }
    run.candidates += reps.compared();
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
