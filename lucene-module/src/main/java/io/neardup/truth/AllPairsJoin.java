package io.neardup.truth;

import io.neardup.cluster.PairSink;
import io.neardup.util.Futures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every pair of sets whose exact Jaccard similarity reaches a threshold t, without comparing every
 * pair: a set-similarity self-join with the filters of AllPairs (Bayardo, Ma and Srikant 2007) and
 * PPJoin (Xiao, Wang, Lin and Yu 2008).
 *
 * <ul>
 *   <li>Elements are ranked rarest first, and every set is sorted by rank, so the prefixes of sets
 *       hold their rarest elements.
 *   <li><b>Prefix filter</b>: two sets reaching t share an element among the first |x| − ⌈t·|x|⌉ +
 *       1 of the larger one, x, and among the first |y| − ⌈2t/(1+t)·|y|⌉ + 1 of the smaller one, y;
 *       only those of the smaller are indexed.
 *   <li><b>Length filter</b>: |y| ≥ t·|x|; sets are processed by size, so postings of sets too
 *       small are skipped by a binary search.
 *   <li><b>Positional filter</b>: a candidate whose common elements so far plus the most the rest
 *       could add stays below the overlap that t needs, ⌈t/(1+t)·(|x|+|y|)⌉, is dropped.
 *   <li>The survivors are verified by merging their full sets: the similarity is exact.
 * </ul>
 *
 * <p>Probes run on all threads over an index built first; the result is the same on any number of
 * threads. Memory: the sets as given (8 bytes per element) and 8 bytes per element while ranking
 * (plus 8 per distinct element); then 4 bytes per element of the sets, 8 per indexed prefix element
 * and 4 per distinct element. The cost grows with the number of pairs that share a rare element:
 * low thresholds (below 0.3) on corpora full of common boilerplate approach all pairs.
 *
 * <pre>{@code
 * AllPairsJoin.join(sets, 0.5, threads, (a, b, similarity) -> out.println(a + " " + b));
 * }</pre>
 */
public final class AllPairsJoin {
  private static final double EPSILON = 1e-9;

  private AllPairsJoin() {}

  /**
   * Finds every pair of sets with Jaccard similarity at least {@code threshold}.
   *
   * @param sets each set's distinct elements in ascending order; empty sets are in no pair. The
   *     arrays are released (set to null) as they are ranked, to keep memory down.
   * @param threshold the least similarity reported, in (0, 1]
   * @param threads threads for probing, at least 1
   * @param sink receives each pair once (lower index first) from the calling thread, in an order
   *     that depends only on the sets (by the size of the larger set of the pair)
   */
  public static void join(long[][] sets, double threshold, int threads, PairSink sink)
      throws IOException {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    int[][] ranks = rank(sets);
    new Join(ranks, threshold).run(threads, sink);
  }

  /** Each set as the ascending ranks of its elements, rarest element first (rank 0). */
  static int[][] rank(long[][] sets) {
    int n = sets.length;
    long total = 0;
    for (long[] set : sets) {
      total += set.length;
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          "the sets hold " + total + " elements, more than one join can rank (2^31)");
    }
    long[] values = new long[(int) total];
    int at = 0;
    for (long[] set : sets) {
      System.arraycopy(set, 0, values, at, set.length);
      at += set.length;
    }
    Arrays.parallelSort(values);
    // distinct values to the front, each with its count (at most the number of sets)
    int[] counts = new int[16];
    int distinct = 0;
    int maxCount = 0;
    for (int i = 0; i < values.length; ) {
      int j = i + 1;
      while (j < values.length && values[j] == values[i]) {
        j++;
      }
      if (distinct == counts.length) {
        counts = Arrays.copyOf(counts, (int) Math.min(values.length, distinct * 2L));
      }
      counts[distinct] = j - i;
      maxCount = Math.max(maxCount, j - i);
      values[distinct++] = values[i];
      i = j;
    }
    // rarest first, ties by value (a pure function of the sets): a counting sort by count, which
    // the values' order makes stable
    int[] firstRank = new int[maxCount + 2];
    for (int d = 0; d < distinct; d++) {
      firstRank[counts[d] + 1]++;
    }
    for (int c = 1; c < firstRank.length; c++) {
      firstRank[c] += firstRank[c - 1];
    }
    int[] rankOf = counts; // each count is read once, then replaced by the value's rank
    for (int d = 0; d < distinct; d++) {
      rankOf[d] = firstRank[counts[d]]++;
    }
    Dictionary dictionary = new Dictionary(values, distinct);
    counts = null;
    int[][] ranks = new int[n][];
    java.util.stream.IntStream.range(0, n)
        .parallel()
        .forEach(i -> {
          long[] set = sets[i];
          int[] r = new int[set.length];
          for (int j = 0; j < set.length; j++) {
            r[j] = rankOf[dictionary.indexOf(set[j])];
          }
          Arrays.sort(r);
          ranks[i] = r;
          sets[i] = null;
        });
    return ranks;
  }

  /**
   * Finds values in the ascending distinct values through a table of where each slice of their
   * range starts, so that a lookup searches a slice of a few values: a binary search of the whole
   * array misses the cache at nearly every step once it outgrows the cache. Shingle fingerprints
   * are hashes, spread evenly, so a slice holds one or two; skewed values only make slices longer.
   */
  private static final class Dictionary {
    private final long[] values;
    private final long min;
    private final int shift;
    // slice s holds values[starts[s], starts[s + 1])
    private final int[] starts;

    Dictionary(long[] values, int size) {
      this.values = values;
      this.min = size == 0 ? 0 : values[0];
      // unsigned: the values ascend as signed longs, so value - min is in [0, range]
      long range = size == 0 ? 0 : values[size - 1] - min;
      int sliceBits = Math.max(1, 31 - Integer.numberOfLeadingZeros(Math.max(1, size)));
      this.shift = Math.max(0, 64 - Long.numberOfLeadingZeros(range) - sliceBits);
      int slices = (int) (range >>> shift) + 1;
      starts = new int[slices + 1];
      for (int d = 0; d < size; d++) {
        starts[slice(values[d]) + 1]++;
      }
      for (int s = 0; s < slices; s++) {
        starts[s + 1] += starts[s];
      }
    }

    private int slice(long value) {
      return (int) ((value - min) >>> shift);
    }

    /** The index of a value that is in the array. */
    int indexOf(long value) {
      int s = slice(value);
      return Arrays.binarySearch(values, starts[s], starts[s + 1], value);
    }
  }

  /** Elements of a set of {@code size} that a pair with a larger-or-equal set must share one of. */
  static int probePrefix(int size, double t) {
    return size == 0 ? 0 : size - (int) Math.ceil(t * size - EPSILON) + 1;
  }

  /** Elements of the smaller set of a pair that must hold a shared one. */
  static int indexPrefix(int size, double t) {
    return size == 0 ? 0 : size - (int) Math.ceil(2 * t / (1 + t) * size - EPSILON) + 1;
  }

  /** The least overlap of sets of sizes a and b with Jaccard at least t. */
  static int requiredOverlap(int a, int b, double t) {
    return (int) Math.ceil(t / (1 + t) * (a + b) - EPSILON);
  }

  /** One join: the index over the sets' index prefixes, probed in parallel. */
  private static final class Join {
    private final int[][] ranks;
    private final double t;
    private final int n;
    // the sets by size, then index
    private final int[] order;
    // the position of each set in that order
    private final int[] position;
    // per element e, entries [start[e], start[e + 1]): the positions (in order) of the sets whose
    // index prefix holds it, ascending, and where in the set the element is; one array for all
    private final int[] start;
    private final int[] postings;
    private final int[] offsets;
    private final int elements;

    Join(int[][] ranks, double t) {
      this.ranks = ranks;
      this.t = t;
      this.n = ranks.length;
      long[] bySize = new long[n];
      int elements = 0;
      for (int i = 0; i < n; i++) {
        bySize[i] = (long) ranks[i].length << 32 | i;
        for (int r : ranks[i]) {
          elements = Math.max(elements, r + 1);
        }
      }
      this.elements = elements;
      Arrays.sort(bySize);
      order = new int[n];
      position = new int[n];
      for (int p = 0; p < n; p++) {
        order[p] = (int) bySize[p];
        position[order[p]] = p;
      }
      start = new int[elements + 1];
      long entries = 0;
      for (int i = 0; i < n; i++) {
        int q = indexPrefix(ranks[i].length, t);
        entries += q;
        for (int j = 0; j < q; j++) {
          start[ranks[i][j] + 1]++;
        }
      }
      if (entries > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException("the index prefixes hold more than 2^31 elements");
      }
      for (int e = 0; e < elements; e++) {
        start[e + 1] += start[e];
      }
      postings = new int[(int) entries];
      offsets = new int[(int) entries];
      int[] filled = Arrays.copyOf(start, elements);
      for (int p = 0; p < n; p++) {
        int[] set = ranks[order[p]];
        int q = indexPrefix(set.length, t);
        for (int j = 0; j < q; j++) {
          int at = filled[set[j]]++;
          postings[at] = p;
          offsets[at] = j;
        }
      }
    }

    void run(int threads, PairSink sink) throws IOException {
      // sets in chunks of positions; each chunk's pairs are kept, then handed over in set order
      // a fixed chunk size keeps the order of the pairs independent of the threads
      int chunk = 256;
      int chunks = (n + chunk - 1) / chunk;
      long[][] found = new long[chunks][];
      double[][] similarities = new double[chunks][];
      AtomicInteger next = new AtomicInteger();
      ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
      try {
        List<Future<?>> tasks = new ArrayList<>();
        Runnable worker =
            () -> {
              Probe probe = new Probe();
              for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                probe.reset();
                for (int p = c * chunk; p < Math.min(n, (c + 1) * chunk); p++) {
                  probe.probe(p);
                }
                found[c] = Arrays.copyOf(probe.pairs, probe.size);
                similarities[c] = Arrays.copyOf(probe.similarities, probe.size);
              }
            };
        if (pool == null) {
          worker.run();
        } else {
          for (int i = 0; i < threads; i++) {
            tasks.add(pool.submit(worker));
          }
          for (Future<?> task : tasks) {
            Futures.get(task, "joining sets");
          }
        }
      } finally {
        if (pool != null) {
          pool.shutdownNow();
        }
      }
      for (int c = 0; c < chunks; c++) {
        for (int i = 0; i < found[c].length; i++) {
          sink.accept((int) (found[c][i] >>> 32), (int) found[c][i], similarities[c][i]);
        }
        found[c] = null;
        similarities[c] = null;
      }
    }

    /** The state of one probing thread. */
    private final class Probe {
      private final int[] overlap = new int[n];
      private final boolean[] pruned = new boolean[n];
      private int[] candidates = new int[64];
      private long[] pairs = new long[64];
      private double[] similarities = new double[64];
      private int size;

      void reset() {
        size = 0;
      }

      /** Finds the pairs of the set at position p with the sets before it. */
      void probe(int p) {
        int x = order[p];
        int[] rx = ranks[x];
        int sx = rx.length;
        int prefix = probePrefix(sx, t);
        int minSize = (int) Math.ceil(t * sx - EPSILON);
        int count = 0;
        for (int i = 0; i < prefix; i++) {
          int e = rx[i];
          int end = start[e + 1];
          // postings are ascending positions, so sizes ascend too: skip the too small
          int from = firstOfSize(start[e], end, minSize);
          for (int k = from; k < end; k++) {
            int q = postings[k];
            if (q >= p) {
              break;
            }
            int y = order[q];
            if (pruned[y]) {
              continue;
            }
            int sy = ranks[y].length;
            int bound = 1 + Math.min(sx - i - 1, sy - offsets[k] - 1);
            if (overlap[y] + bound >= requiredOverlap(sx, sy, t)) {
              if (overlap[y] == 0) {
                if (count == candidates.length) {
                  candidates = Arrays.copyOf(candidates, count * 2);
                }
                candidates[count++] = y;
              }
              overlap[y]++;
            } else {
              pruned[y] = true;
              if (overlap[y] == 0) {
                if (count == candidates.length) {
                  candidates = Arrays.copyOf(candidates, count * 2);
                }
                candidates[count++] = y;
              }
            }
          }
        }
        for (int c = 0; c < count; c++) {
          int y = candidates[c];
          if (!pruned[y] && overlap[y] > 0) {
            int[] ry = ranks[y];
            int common = intersection(rx, ry);
            double j = (double) common / (sx + ry.length - common);
            if (j >= t - EPSILON) {
              add(Math.min(x, y), Math.max(x, y), j);
            }
          }
          overlap[y] = 0;
          pruned[y] = false;
        }
      }

      private int firstOfSize(int from, int to, int minSize) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          if (ranks[order[postings[mid]]].length < minSize) {
            lo = mid + 1;
          } else {
            hi = mid;
          }
        }
        return lo;
      }

      private void add(int a, int b, double similarity) {
        if (size == pairs.length) {
          pairs = Arrays.copyOf(pairs, size * 2);
          similarities = Arrays.copyOf(similarities, size * 2);
        }
        pairs[size] = (long) a << 32 | b;
        similarities[size++] = similarity;
      }
    }
  }

  /** Size of the intersection of two ascending arrays of distinct values. */
  static int intersection(int[] a, int[] b) {
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) {
        i++;
      } else if (a[i] > b[j]) {
        j++;
      } else {
        common++;
        i++;
        j++;
      }
    }
    return common;
  }
}
