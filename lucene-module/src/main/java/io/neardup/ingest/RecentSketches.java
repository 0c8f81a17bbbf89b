package io.neardup.elasticsearch.ingest;

import io.neardup.lsh.BandHasher;
import io.neardup.lsh.Banding;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.elasticsearch.action.support.SubscribableListener;

/**
 * The sketches this node's {@code neardup} processors handled recently, per index and field, with
 * the cluster id each one got (or will get: the id is a listener while the document's search is
 * running). A processor consults them before searching, so copies that arrive in one bulk request,
 * or before the index refreshes, join one cluster. Candidates are found through the sketches' band
 * hashes and verified by estimated Jaccard similarity, as in the index.
 *
 * <p>Bounded: at most {@code perKey} sketches per index and field (the oldest are forgotten first)
 * and at most {@code maxKeys} index-and-field pairs (the least recently used is dropped whole).
 */
final class RecentSketches {
  /** Default number of sketches kept per index and field. */
  static final int DEFAULT_PER_KEY = 10_000;

  /** Default number of index-and-field pairs kept. */
  static final int DEFAULT_MAX_KEYS = 64;

  private final int perKey;
  private final int maxKeys;
  private final LinkedHashMap<String, Bucket> buckets = new LinkedHashMap<>(16, 0.75f, true);

  RecentSketches(int perKey, int maxKeys) {
    if (perKey < 1 || maxKeys < 1) {
      throw new IllegalArgumentException(
          "perKey and maxKeys must be positive, got [" + perKey + "] and [" + maxKeys + "]");
    }
    this.perKey = perKey;
    this.maxKeys = maxKeys;
  }

  /**
   * Records a sketch under {@code key}. If a recorded sketch is at least {@code minSimilarity}
   * similar to it, the new sketch shares that sketch's cluster listener, which is returned; else
   * the sketch gets {@code fresh} and null is returned: the caller must then complete {@code
   * fresh}.
   */
  SubscribableListener<String> joinOrAdd(
      String key,
      Sketch sketch,
      Banding banding,
      double minSimilarity,
      SubscribableListener<String> fresh) {
    Bucket bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
      if (bucket == null) {
        if (buckets.size() >= maxKeys) {
          String eldest = buckets.keySet().iterator().next();
          buckets.remove(eldest);
        }
        bucket = new Bucket(new BandHasher(banding));
        buckets.put(key, bucket);
      }
    }
    return bucket.joinOrAdd(sketch, minSimilarity, fresh, perKey);
  }

  /** Forgets a sketch's cluster listener (its search failed). */
  void forget(String key, SubscribableListener<String> cluster) {
    Bucket bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    if (bucket != null) {
      bucket.forget(cluster);
    }
  }

  /** Number of sketches recorded under a key. */
  int size(String key) {
    Bucket bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    return bucket == null ? 0 : bucket.size();
  }

  private record Entry(Sketch sketch, long[] bands, SubscribableListener<String> cluster) {}

  private static final class Bucket {
    private final BandHasher hasher;
    private final ArrayDeque<Entry> order = new ArrayDeque<>();
    // one map per band, so equal hashes of different bands never collide
    private final List<Map<Long, List<Entry>>> byBand = new ArrayList<>();

    Bucket(BandHasher hasher) {
      this.hasher = hasher;
      for (int b = 0; b < hasher.banding().bands(); b++) {
        byBand.add(new HashMap<>());
      }
    }

    synchronized SubscribableListener<String> joinOrAdd(
        Sketch sketch, double minSimilarity, SubscribableListener<String> fresh, int capacity) {
      long[] bands = new long[hasher.banding().bands()];
      hasher.bandHashes(sketch, bands);
      Entry best = null;
      double bestSimilarity = -1;
      for (int b = 0; b < bands.length; b++) {
        List<Entry> candidates = byBand.get(b).get(bands[b]);
        if (candidates == null) {
          continue;
        }
        for (Entry candidate : candidates) {
          if (candidate == best) {
            continue;
          }
          double similarity = Jaccard.estimate(sketch, candidate.sketch()).estimate();
          if (similarity >= minSimilarity && similarity > bestSimilarity) {
            best = candidate;
            bestSimilarity = similarity;
          }
        }
      }
      SubscribableListener<String> cluster = best == null ? fresh : best.cluster();
      Entry added = new Entry(sketch, bands, cluster);
      order.addLast(added);
      for (int b = 0; b < bands.length; b++) {
        byBand.get(b).computeIfAbsent(bands[b], h -> new ArrayList<>(1)).add(added);
      }
      while (order.size() > capacity) {
        remove(order.removeFirst());
      }
      return best == null ? null : cluster;
    }

    synchronized void forget(SubscribableListener<String> cluster) {
      order.removeIf(e -> {
        if (e.cluster() == cluster) {
          remove(e);
          return true;
        }
        return false;
      });
    }

    synchronized int size() {
      return order.size();
    }

    private void remove(Entry e) {
      for (int b = 0; b < e.bands().length; b++) {
        Map<Long, List<Entry>> band = byBand.get(b);
        List<Entry> list = band.get(e.bands()[b]);
        if (list != null) {
          list.remove(e);
          if (list.isEmpty()) {
            band.remove(e.bands()[b]);
          }
        }
      }
    }
  }
}
