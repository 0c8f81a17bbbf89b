package io.neardup.engine.ingest;

import io.neardup.lsh.BandHasher;
import io.neardup.lsh.Banding;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sketches a node's {@code neardup} ingest processors handled recently, per index and field,
 * each with a handle on its cluster id ({@code C}: the engine's listener, completed once the
 * document's search has answered). A processor consults them before searching, so copies that
 * arrive in one bulk request, or before the index refreshes, join one cluster. Candidates are found
 * through the sketches' band hashes and verified by their similarity ({@link Sketch#similarity}),
 * as in the index; for texts with shingle sets ({@code verify: exact}), a pair whose estimate is
 * within the {@link ExactMargin} of the threshold is decided by the exact similarity of the sets.
 *
 * <p>Bounded: at most {@code perKey} sketches per index and field (the oldest are forgotten first),
 * at most {@link #DEFAULT_SET_BYTES_PER_KEY} bytes of shingle sets per index and field (the oldest
 * sketches lose theirs first, and then join only what their estimate alone decides: the rest is
 * left to the exact search of the index) and at most {@code maxKeys} index-and-field pairs (the
 * least recently used is dropped whole). Thread-safe.
 *
 * <pre>{@code
 * RecentSketches<Listener> recent = new RecentSketches<>(DEFAULT_PER_KEY, DEFAULT_MAX_KEYS);
 * Listener joined = recent.joinOrAdd(indexUuid + "/" + field, sketch, banding, threshold, fresh);
 * if (joined == null) { search the index, then complete fresh } else { wait for joined }
 * }</pre>
 *
 * @param <C> the handle on a cluster id
 */
public final class RecentSketches<C> {
  /** Default number of sketches kept per index and field. */
  public static final int DEFAULT_PER_KEY = 10_000;

  /** Default number of index-and-field pairs kept. */
  public static final int DEFAULT_MAX_KEYS = 64;

  /** Bytes of shingle sets kept per index and field. */
  public static final int DEFAULT_SET_BYTES_PER_KEY = 16 << 20;

  private final int perKey;
  private final int maxKeys;
  private final LinkedHashMap<String, Bucket<C>> buckets = new LinkedHashMap<>(16, 0.75f, true);

  /**
   * @param perKey sketches kept per index and field
   * @param maxKeys index-and-field pairs kept
   */
  public RecentSketches(int perKey, int maxKeys) {
    if (perKey < 1 || maxKeys < 1) {
      throw new IllegalArgumentException(
          "perKey and maxKeys must be positive, got [" + perKey + "] and [" + maxKeys + "]");
    }
    this.perKey = perKey;
    this.maxKeys = maxKeys;
  }

  /**
   * Records a sketch under {@code key}. If a recorded sketch is at least {@code minSimilarity}
   * similar to it, the new sketch shares the handle of the most similar one, which is returned;
   * else the sketch gets {@code fresh} and null is returned: the caller must then complete {@code
   * fresh}.
   */
  public C joinOrAdd(String key, Sketch sketch, Banding banding, double minSimilarity, C fresh) {
    return joinOrAdd(key, SketchedText.of(sketch), banding, minSimilarity, fresh);
  }

  /**
   * As {@link #joinOrAdd(String, Sketch, Banding, double, Object)}, for a text that may carry its
   * shingle set.
   */
  public C joinOrAdd(
      String key, SketchedText text, Banding banding, double minSimilarity, C fresh) {
    Bucket<C> bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
      if (bucket == null) {
        if (buckets.size() >= maxKeys) {
          String eldest = buckets.keySet().iterator().next();
          buckets.remove(eldest);
        }
        bucket = new Bucket<>(new BandHasher(banding));
        buckets.put(key, bucket);
      }
    }
    return bucket.joinOrAdd(text, minSimilarity, fresh, perKey);
  }

  /** Forgets the sketches that hold {@code cluster} (its search failed). */
  public void forget(String key, C cluster) {
    Bucket<C> bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    if (bucket != null) {
      bucket.forget(cluster);
    }
  }

  /** Number of sketches recorded under a key. */
  public int size(String key) {
    Bucket<C> bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    return bucket == null ? 0 : bucket.size();
  }

  private static final class Entry<C> {
    final Sketch sketch;
    final long[] bands;
    final C cluster;
    byte[] shingles;

    Entry(Sketch sketch, byte[] shingles, long[] bands, C cluster) {
      this.sketch = sketch;
      this.shingles = shingles;
      this.bands = bands;
      this.cluster = cluster;
    }
  }

  private static final class Bucket<C> {
    private final BandHasher hasher;
    private final ArrayDeque<Entry<C>> order = new ArrayDeque<>();
    // the entries that still hold their shingle set, oldest first
    private final ArrayDeque<Entry<C>> withSets = new ArrayDeque<>();
    private long setBytes;
    // a candidate's set, read into one buffer under the bucket's lock
    private final ShingleSet candidateSet = new ShingleSet();
    // one map per band, so equal hashes of different bands never collide
    private final List<Map<Long, List<Entry<C>>>> byBand = new ArrayList<>();

    Bucket(BandHasher hasher) {
      this.hasher = hasher;
      for (int b = 0; b < hasher.banding().bands(); b++) {
        byBand.add(new HashMap<>());
      }
    }

    synchronized C joinOrAdd(SketchedText text, double minSimilarity, C fresh, int capacity) {
      Sketch sketch = text.sketch();
      long[] bands = new long[hasher.banding().bands()];
      hasher.bandHashes(sketch, bands);
      Entry<C> best = null;
      double bestSimilarity = -1;
      ShingleSet set = null;
      for (int b = 0; b < bands.length; b++) {
        List<Entry<C>> candidates = byBand.get(b).get(bands[b]);
        if (candidates == null) {
          continue;
        }
        for (Entry<C> candidate : candidates) {
          if (candidate == best) {
            continue;
          }
          double similarity;
          if (text.shingles() == null || sketch.parameters().scheme().isSimHash()) {
            similarity = sketch.similarity(candidate.sketch);
          } else {
            int matches = Jaccard.estimate(sketch, candidate.sketch).matches();
            ExactMargin margin =
                ExactMargin.of(minSimilarity, sketch.size(), sketch.parameters().bits());
            if (!margin.needsExact(matches)) {
              similarity = sketch.similarity(candidate.sketch);
            } else if (candidate.shingles == null) {
              continue; // near the threshold and its set is gone: the index's search decides
            } else {
              set = set != null ? set : text.shingleSet();
              similarity =
                  set.jaccard(candidateSet.read(candidate.shingles, 0, candidate.shingles.length));
            }
          }
          if (similarity >= minSimilarity && similarity > bestSimilarity) {
            best = candidate;
            bestSimilarity = similarity;
          }
        }
      }
      C cluster = best == null ? fresh : best.cluster;
      Entry<C> added = new Entry<>(sketch, text.shingles(), bands, cluster);
      order.addLast(added);
      if (added.shingles != null) {
        withSets.addLast(added);
        setBytes += added.shingles.length;
        while (setBytes > DEFAULT_SET_BYTES_PER_KEY && !withSets.isEmpty()) {
          dropSet(withSets.removeFirst());
        }
      }
      for (int b = 0; b < bands.length; b++) {
        byBand.get(b).computeIfAbsent(bands[b], h -> new ArrayList<>(1)).add(added);
      }
      while (order.size() > capacity) {
        remove(order.removeFirst());
      }
      return best == null ? null : cluster;
    }

    private void dropSet(Entry<C> e) {
      if (e.shingles != null) {
        setBytes -= e.shingles.length;
        e.shingles = null;
      }
    }

    synchronized void forget(C cluster) {
      order.removeIf(e -> {
        if (e.cluster == cluster) {
          remove(e);
          return true;
        }
        return false;
      });
    }

    synchronized int size() {
      return order.size();
    }

    private void remove(Entry<C> e) {
      if (e.shingles != null) {
        withSets.remove(e);
        dropSet(e);
      }
      for (int b = 0; b < e.bands.length; b++) {
        Map<Long, List<Entry<C>>> band = byBand.get(b);
        List<Entry<C>> list = band.get(e.bands[b]);
        if (list != null) {
          list.remove(e);
          if (list.isEmpty()) {
            band.remove(e.bands[b]);
          }
        }
      }
    }
  }
}
