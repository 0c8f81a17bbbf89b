package io.neardup.cluster.core;

import io.neardup.cluster.PairSink;
import io.neardup.util.Futures;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Phase "verify": the distinct candidate pairs, sorted, are compared in chunks on all threads; the
 * pairs reaching the threshold are joined in the chunks' order, so the result does not depend on
 * the number of threads.
 */
final class CandidateVerification {
  /** Candidate pairs per task. */
  private static final int CHUNK = 1 << 14;

  private final ClusterRun run;
  private final int threads;

  CandidateVerification(ClusterRun run) {
    this.run = run;
    this.threads = run.config.threads();
  }

  /**
   * The pairs of a chunk that reach the threshold, in the chunk's order, and those below it that
   * reach the near-miss floor (when asked for).
   */
  private record Verified(long[] pairs, double[] similarities, int size, NearMisses nearMisses) {}

  /** Candidate pairs below the threshold and their similarities. */
  private static final class NearMisses {
    long[] pairs = new long[16];
    double[] similarities = new double[16];
    int size;

    void add(long pair, double similarity) {
      if (size == pairs.length) {
        pairs = Arrays.copyOf(pairs, size * 2);
        similarities = Arrays.copyOf(similarities, size * 2);
      }
      pairs[size] = pair;
      similarities[size++] = similarity;
    }
  }

  void verify(LongSorter pairs) throws IOException {
    long total = pairs.size();
    ExecutorService pool =
        threads > 1
            ? Executors.newFixedThreadPool(
                threads,
                r -> {
                  Thread t = new Thread(r, "neardup-verify");
                  t.setDaemon(true);
                  return t;
                })
            : null;
    ArrayDeque<Future<Verified>> inFlight = new ArrayDeque<>();
    long done = 0;
    try (LongSorter.Cursor cursor = pairs.sorted()) {
      long[] chunk = new long[CHUNK];
      int[] shared = new int[CHUNK];
      int size = 0;
      // a pair comes once per bucket it shares: the run of equal entries counts its shared keys
      long previous = -1;
      int count = 0;
      while (true) {
        boolean more = cursor.next();
        long v = more ? cursor.value() : -1;
        if (more) {
          done++;
          if (v == previous) {
            count++;
            continue;
          }
        }
        if (previous != -1) {
          chunk[size] = previous;
          shared[size++] = count;
          run.candidates++;
        }
        previous = v;
        count = 1;
        if (size == chunk.length || (!more && size > 0)) {
          long[] task = chunk;
          int[] taskShared = shared;
          int taskSize = size;
          if (pool == null) {
            apply(verifyChunk(task, taskShared, taskSize));
          } else {
            inFlight.add(pool.submit(() -> verifyChunk(task, taskShared, taskSize)));
            if (inFlight.size() >= 2 * threads) {
              apply(Futures.get(inFlight.poll(), "verifying"));
            }
          }
          chunk = new long[CHUNK];
          shared = new int[CHUNK];
          size = 0;
          run.progress.update("verify", done, total);
        }
        if (!more) {
          break;
        }
      }
      while (!inFlight.isEmpty()) {
        apply(Futures.get(inFlight.poll(), "verifying"));
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    run.progress.update("verify", total, total);
  }

  private Verified verifyChunk(long[] chunk, int[] shared, int size) throws IOException {
    long[] found = new long[Math.min(size, 256)];
    double[] similarities = new double[found.length];
    int count = 0;
    SetComparison.Buffers buffers = new SetComparison.Buffers();
    PairSink nearMissSink = run.config.nearMisses();
    NearMisses nearMisses = nearMissSink == null ? null : new NearMisses();
    for (int i = 0; i < size; i++) {
      int x = (int) (chunk[i] >>> 32);
      int y = (int) chunk[i];
      double s = run.comparison.similarity(x, y, shared[i], buffers);
      if (s < 0) {
        if (nearMisses != null) {
          double below = run.comparison.anySimilarity(x, y, buffers);
          if (below >= run.config.nearMissFloor()) {
            nearMisses.add(chunk[i], below);
          }
        }
        continue;
      }
      if (count == found.length) {
        found = Arrays.copyOf(found, count * 2);
        similarities = Arrays.copyOf(similarities, count * 2);
      }
      found[count] = chunk[i];
      similarities[count++] = s;
    }
    return new Verified(found, similarities, count, nearMisses);
  }

  private void apply(Verified v) throws IOException {
    for (int i = 0; i < v.size(); i++) {
      run.join((int) (v.pairs()[i] >>> 32), (int) v.pairs()[i], v.similarities()[i]);
    }
    NearMisses near = v.nearMisses();
    if (near != null) {
      for (int i = 0; i < near.size; i++) {
        run.config
            .nearMisses()
            .accept((int) (near.pairs[i] >>> 32), (int) near.pairs[i], near.similarities[i]);
      }
    }
  }
}
