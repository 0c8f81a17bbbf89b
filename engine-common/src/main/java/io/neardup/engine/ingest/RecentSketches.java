package io.neardup.engine.ingest;

import io.neardup.lsh.BandHasher;
import io.neardup.lsh.Banding;
import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The sketches a node's {@code neardup} ingest processors handled recently, per index and field,
 * each with a handle on its cluster id ({@code C}: the engine's listener, completed once the
 * document's search has answered). A processor consults them before searching, so copies that
 * arrive in one bulk request, or before the index refreshes, join one cluster. Candidates are found
 * through the sketches' band hashes and verified by their similarity ({@link Sketch#similarity}),
 * as in the index; for texts with shingle sets ({@code verify: exact}), a pair whose estimate is
 * within the {@link ExactMargin} of the threshold is decided by the exact similarity of the sets.
 *
 * <p>Bounded for the whole node, whatever the number of indexes: at most {@code perKey} sketches
 * per index and field (the oldest are forgotten first), at most {@code maxSketches} sketches in all
 * and at most {@code maxKeys} index-and-field pairs (the sketches of the least recently used pairs
 * go first: an index that was deleted or is no longer written to gives way to the ones being
 * written), and at most {@code maxSetBytes} bytes of shingle sets in all (the oldest sketches lose
 * theirs first, and then join only what their estimate alone decides: the rest is left to the exact
 * search of the index). Thread-safe.
 *
 * <pre>{@code
 * RecentSketches<Listener> recent = new RecentSketches<>(
 *     DEFAULT_PER_KEY, DEFAULT_MAX_KEYS, DEFAULT_MAX_SKETCHES, DEFAULT_SET_BYTES);
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

  /**
   * Default number of sketches kept in all: two indexes written at full speed each keep their
   * {@link #DEFAULT_PER_KEY}, in about 40 MB of heap.
   */
  public static final int DEFAULT_MAX_SKETCHES = 2 * DEFAULT_PER_KEY;

  /** Default bytes of shingle sets kept in all. */
  public static final long DEFAULT_SET_BYTES = 16L << 20;

  private final int perKey;
  private final int maxKeys;
  private final int maxSketches;
  private final long maxSetBytes;
  // least recently used first; every bucket is locked only after this map, never before
  private final LinkedHashMap<String, Bucket<C>> buckets = new LinkedHashMap<>(16, 0.75f, true);
  private int sketches;
  private long setBytes;

  /**
   * @param perKey sketches kept per index and field
   * @param maxKeys index-and-field pairs kept
   * @param maxSketches sketches kept in all
   * @param maxSetBytes bytes of shingle sets kept in all
   */
  public RecentSketches(int perKey, int maxKeys, int maxSketches, long maxSetBytes) {
    if (perKey < 1 || maxKeys < 1 || maxSketches < 1 || maxSetBytes < 0) {
      throw new IllegalArgumentException(
          "perKey, maxKeys and maxSketches must be positive and maxSetBytes not negative, got ["
              + perKey
              + "], ["
              + maxKeys
              + "], ["
              + maxSketches
              + "] and ["
              + maxSetBytes
              + "]");
    }
    this.perKey = perKey;
    this.maxKeys = maxKeys;
    this.maxSketches = maxSketches;
    this.maxSetBytes = maxSetBytes;
  }

  /** With the default bounds. */
  public RecentSketches() {
    this(DEFAULT_PER_KEY, DEFAULT_MAX_KEYS, DEFAULT_MAX_SKETCHES, DEFAULT_SET_BYTES);
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
          Bucket<C> eldest = buckets.values().iterator().next();
          buckets.values().remove(eldest);
          release(eldest.clear());
        }
        bucket = new Bucket<>(new BandHasher(banding));
        buckets.put(key, bucket);
      }
    }
    Bucket.Change change = new Bucket.Change();
    C joined = bucket.joinOrAdd(text, minSimilarity, fresh, perKey, change);
    synchronized (buckets) {
      sketches += change.sketches;
      setBytes += change.setBytes;
      if (sketches > maxSketches || setBytes > maxSetBytes) {
        shrink(bucket);
      }
    }
    return joined;
  }

  /**
   * Brings the node back under its bounds: the sketches of the least recently used pairs go first
   * (the one written to now, last), then their sets. Called under the lock of {@link #buckets}.
   */
  private void shrink(Bucket<C> current) {
    Iterator<Bucket<C>> others = buckets.values().iterator();
    while ((sketches > maxSketches || setBytes > maxSetBytes) && others.hasNext()) {
      Bucket<C> b = others.next();
      if (b != current && b.size() <= sketches - maxSketches) {
        release(b.clear());
        others.remove();
      } else if (b != current) {
        release(b.dropOldest(Math.max(0, sketches - maxSketches)));
        release(b.dropSets(setBytes - maxSetBytes));
        if (b.size() == 0) {
          others.remove();
        }
      }
    }
    release(current.dropOldest(Math.max(0, sketches - maxSketches)));
    release(current.dropSets(setBytes - maxSetBytes));
  }

  private void release(Bucket.Change change) {
    sketches += change.sketches;
    setBytes += change.setBytes;
  }

  /** Forgets the sketches that hold {@code cluster} (its search failed). */
  public void forget(String key, C cluster) {
    Bucket<C> bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    if (bucket != null) {
      Bucket.Change change = bucket.forget(cluster);
      synchronized (buckets) {
        release(change);
      }
    }
  }

  /**
   * Forgets the sketches of every key that starts with {@code prefix} at once: those of an index
   * that no longer exists, whose keys begin with its UUID.
   */
  public void forgetAll(String prefix) {
    List<Bucket<C>> gone = new ArrayList<>();
    synchronized (buckets) {
      buckets.entrySet().removeIf(e -> e.getKey().startsWith(prefix) && gone.add(e.getValue()));
    }
    for (Bucket<C> b : gone) {
      Bucket.Change change = b.clear();
      synchronized (buckets) {
        release(change);
      }
    }
  }

  /** Number of sketches recorded under all keys. */
  public int size() {
    synchronized (buckets) {
      return sketches;
    }
  }

  /** Bytes of shingle sets held under all keys. */
  public long setBytes() {
    synchronized (buckets) {
      return setBytes;
    }
  }

  /**
   * The handles of the recorded sketches that share a band with {@code sketch}, in the order a join
   * considers them (band by band, oldest first), with repeats: for tests.
   */
  List<C> candidates(String key, Sketch sketch) {
    Bucket<C> bucket;
    synchronized (buckets) {
      bucket = buckets.get(key);
    }
    return bucket == null ? List.of() : bucket.candidates(sketch);
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
    boolean removed;

    Entry(Sketch sketch, byte[] shingles, long[] bands, C cluster) {
      this.sketch = sketch;
      this.shingles = shingles;
      this.bands = bands;
      this.cluster = cluster;
    }
  }

  private static final class Bucket<C> {
    /** What a call changed in a bucket's counts: sketches and bytes of sets, added or dropped. */
    static final class Change {
      int sketches;
      long setBytes;
    }

    private final BandHasher hasher;
    private final ArrayDeque<Entry<C>> order = new ArrayDeque<>();
    // the entries that still hold their shingle set, oldest first
    private final ArrayDeque<Entry<C>> withSets = new ArrayDeque<>();
    // a candidate's set, read into one buffer under the bucket's lock
    private final ShingleSet candidateSet = new ShingleSet();
    private final BandTable<C> byBand;

    Bucket(BandHasher hasher) {
      this.hasher = hasher;
      this.byBand = new BandTable<>(hasher.banding().bands());
    }

    synchronized C joinOrAdd(
        SketchedText text, double minSimilarity, C fresh, int capacity, Change change) {
      Sketch sketch = text.sketch();
      long[] bands = new long[hasher.banding().bands()];
      hasher.bandHashes(sketch, bands);
      Entry<C> best = null;
      double bestSimilarity = -1;
      ShingleSet set = null;
      for (int b = 0; b < bands.length; b++) {
        for (int node = byBand.first(b, bands[b]); node >= 0; node = byBand.next(node)) {
          Entry<C> candidate = byBand.entry(node);
          if (candidate.removed || candidate == best) {
            continue;
          }
          double similarity;
          if (text.shingles() == null || !sketch.parameters().scheme().comparison().setsDecide()) {
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
      change.sketches++;
      if (added.shingles != null) {
        withSets.addLast(added);
        change.setBytes += added.shingles.length;
      }
      byBand.add(added);
      while (order.size() > capacity) {
        remove(order.removeFirst(), change);
      }
      return best == null ? null : cluster;
    }

    synchronized List<C> candidates(Sketch sketch) {
      long[] bands = new long[hasher.banding().bands()];
      hasher.bandHashes(sketch, bands);
      List<C> out = new ArrayList<>();
      for (int b = 0; b < bands.length; b++) {
        for (int node = byBand.first(b, bands[b]); node >= 0; node = byBand.next(node)) {
          if (!byBand.entry(node).removed) {
            out.add(byBand.entry(node).cluster);
          }
        }
      }
      return out;
    }

    private static <C> void dropSet(Entry<C> e, Change change) {
      if (e.shingles != null) {
        change.setBytes -= e.shingles.length;
        e.shingles = null;
      }
    }

    synchronized Change forget(C cluster) {
      Change change = new Change();
      order.removeIf(e -> {
        if (e.cluster == cluster) {
          remove(e, change);
          return true;
        }
        return false;
      });
      return change;
    }

    /** Forgets up to {@code n} of the oldest sketches. */
    synchronized Change dropOldest(int n) {
      Change change = new Change();
      for (int i = 0; i < n && !order.isEmpty(); i++) {
        remove(order.removeFirst(), change);
      }
      return change;
    }

    /** Drops the sets of the oldest sketches that hold one, {@code bytes} of them or all. */
    synchronized Change dropSets(long bytes) {
      Change change = new Change();
      while (-change.setBytes < bytes && !withSets.isEmpty()) {
        dropSet(withSets.removeFirst(), change);
      }
      return change;
    }

    /** Forgets everything at once (not entry by entry, which rebuilds the table as it empties). */
    synchronized Change clear() {
      Change change = new Change();
      for (Entry<C> e : order) {
        e.removed = true;
        change.sketches--;
        dropSet(e, change);
      }
      order.clear();
      withSets.clear();
      byBand.clear();
      return change;
    }

    synchronized int size() {
      return order.size();
    }

    private void remove(Entry<C> e, Change change) {
      change.sketches--;
      if (e.shingles != null) {
        withSets.remove(e);
        dropSet(e, change);
      }
      e.removed = true;
      if (byBand.removed(e.bands.length)) {
        byBand.rebuild(order);
      }
    }
  }

  /**
   * For each band and band hash, the entries that have that hash in that band, oldest first, in
   * primitive arrays (no boxed key and no list per band and entry: a bucket holds thousands of
   * entries and each is looked up and replaced once per document). A removed entry is only marked;
   * its nodes are skipped, and the table is rebuilt from the live entries once most of its nodes
   * are stale.
   */
  private static final class BandTable<C> {
    private static final int MIN_REBUILD = 4096;

    private final int bands;
    // open addressing on (band, hash); keyBand -1 marks a free slot
    private long[] keyHash;
    private int[] keyBand;
    private int[] firstNode;
    private int[] lastNode;
    private int keys;
    private int mask;
    // the nodes of a key, chained oldest first
    private Object[] nodeEntry;
    private int[] nodeNext;
    private int nodes;
    private int liveNodes;

    BandTable(int bands) {
      this.bands = bands;
      clear();
    }

    void clear() {
      allocateKeys(1024);
      keys = 0;
      nodeEntry = new Object[1024];
      nodeNext = new int[1024];
      nodes = 0;
      liveNodes = 0;
    }

    private void allocateKeys(int capacity) {
      keyHash = new long[capacity];
      keyBand = new int[capacity];
      Arrays.fill(keyBand, -1);
      firstNode = new int[capacity];
      lastNode = new int[capacity];
      mask = capacity - 1;
    }

    /** The oldest node of the entries with {@code hash} in band b, or -1. */
    int first(int b, long hash) {
      int slot = slot(b, hash);
      return keyBand[slot] < 0 ? -1 : firstNode[slot];
    }

    int next(int node) {
      return nodeNext[node];
    }

    @SuppressWarnings("unchecked")
    Entry<C> entry(int node) {
      return (Entry<C>) nodeEntry[node];
    }

    void add(Entry<C> e) {
      if (nodes + bands > nodeEntry.length) {
        int capacity = Math.max(2 * nodeEntry.length, nodes + bands);
        nodeEntry = Arrays.copyOf(nodeEntry, capacity);
        nodeNext = Arrays.copyOf(nodeNext, capacity);
      }
      for (int b = 0; b < bands; b++) {
        if (2 * (keys + 1) > keyBand.length) {
          grow();
        }
        int slot = slot(b, e.bands[b]);
        int node = nodes++;
        nodeEntry[node] = e;
        nodeNext[node] = -1;
        if (keyBand[slot] < 0) {
          keyBand[slot] = b;
          keyHash[slot] = e.bands[b];
          firstNode[slot] = node;
          keys++;
        } else {
          nodeNext[lastNode[slot]] = node;
        }
        lastNode[slot] = node;
      }
      liveNodes += bands;
    }

    /** Counts an entry's nodes as stale; true when the table should be rebuilt. */
    boolean removed(int entryBands) {
      liveNodes -= entryBands;
      return nodes > MIN_REBUILD && nodes > 2 * liveNodes;
    }

    /** Rebuilds the table from the live entries, oldest first. */
    void rebuild(Iterable<Entry<C>> live) {
      clear();
      for (Entry<C> e : live) {
        if (!e.removed) {
          add(e);
        }
      }
    }

    private void grow() {
      long[] oldHash = keyHash;
      int[] oldBand = keyBand;
      int[] oldFirst = firstNode;
      int[] oldLast = lastNode;
      allocateKeys(2 * oldBand.length);
      for (int s = 0; s < oldBand.length; s++) {
        if (oldBand[s] >= 0) {
          int slot = slot(oldBand[s], oldHash[s]);
          keyBand[slot] = oldBand[s];
          keyHash[slot] = oldHash[s];
          firstNode[slot] = oldFirst[s];
          lastNode[slot] = oldLast[s];
        }
      }
    }

    /** The slot holding (b, hash), or the free slot where it would go. */
    private int slot(int b, long hash) {
      long h = (hash + b) * 0x9E3779B97F4A7C15L;
      int slot = (int) (h ^ (h >>> 32)) & mask;
      while (keyBand[slot] >= 0 && (keyBand[slot] != b || keyHash[slot] != hash)) {
        slot = (slot + 1) & mask;
      }
      return slot;
    }
  }
}
