package io.neardup.collapse.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The grouping rule of {@link SketchGrouping} over sketch values in memory, free of Lucene: items
 * are visited from the most to the least canonical, and each becomes a copy of the first canonical
 * so far with which it agrees on at least {@code minMatches} of its k values, or else a canonical.
 *
 * <p>Comparing each item with every canonical costs O(n²) pairs. Instead, a pigeonhole filter finds
 * the only canonicals that can qualify: two sketches that differ in at most d = k − minMatches
 * positions agree on every value of at least one of d + 1 disjoint blocks of positions. The block
 * contents of each canonical are hashed into a table; an item is compared in full only with the
 * canonicals that share a block with it. The filter never loses a pair, so the result is exactly
 * that of the pairwise rule, at a cost of about n·k for a window of n unrelated hits instead of
 * n²·d/2. Memory is about 32 bytes per item and block, kept from one grouping to the next ({@link
 * #reset}).
 *
 * <p>Values are kept as the bytes of the serialized sketch, {@code width} bytes each: two values
 * are equal exactly when their bytes are, so nothing needs decoding.
 */
final class CanonicalGrouping {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int EMPTY = 0;

  /**
   * Largest number of block entries whose tables a grouping keeps for its next use: a window of
   * {@link WindowCollapse#MAX_WINDOW} hits at a low threshold; larger ones are let go.
   */
  static final int MAX_RETAINED_ENTRIES = 1 << 16;

  private byte[] values;
  private int width;
  private int k;
  private int minMatches;
  private int blocks;
  private int[] blockStart = new int[0]; // in bytes from the start of an item's values

  // open addressing, one int per slot: 1 + the first entry of a block key's chain (so 0 is a free
  // slot); entries chain the canonicals that have a block with that key, and keep the key
  private int[] table = new int[0];
  private int mask;
  private int[] entryCanonical = new int[0];
  private int[] entryKey = new int[0];
  private int[] entryNext = new int[0];
  private int entryCount;
  private int[] usedSlots = new int[0]; // the slots taken, freed again by the next reset

  private int[] canonicals = new int[0]; // item of each canonical, in the order they were found
  private int canonicalCount;
  private int[] candidateStamp = new int[0]; // per canonical: 1 + the item that last listed it
  private int[] candidates = new int[0];
  private int[] keys = new int[0]; // the current item's block keys
  private int[] slots = new int[0]; // and the slots where they were looked up
  private Judge judge;

  /**
   * Decides a candidate pair the filter's count alone does not: items that agree on at least the
   * filter's {@code minMatches} values are near-duplicates only if it says so.
   */
  @FunctionalInterface
  interface Judge {
    boolean nearDuplicates(int item, int canonical, int matches);
  }

  /**
   * @param values {@code k·width} bytes per item, item i from byte {@code i·k·width}
   * @param width bytes per value
   * @param k values per sketch
   * @param items number of items
   * @param minMatches agreeing values that make two items near-duplicates, in [1, k]
   */
  CanonicalGrouping(byte[] values, int width, int k, int items, int minMatches) {
    reset(values, width, k, items, minMatches);
  }

  /**
   * Prepares this grouping for other items, keeping its tables where they are large enough: a
   * window is grouped on every search, and fresh tables cost more than the grouping itself (memory
   * to zero, then filled from cold caches). Same parameters as the constructor; no judge.
   */
  CanonicalGrouping reset(byte[] values, int width, int k, int items, int minMatches) {
    if (minMatches < 1 || minMatches > k) {
      throw new IllegalArgumentException("minMatches must be in [1, " + k + "], got " + minMatches);
    }
    for (int u = 0; u < usedSlots.length && u < entryCount; u++) {
      table[usedSlots[u]] = EMPTY;
    }
    this.values = values;
    this.width = width;
    this.k = k;
    this.minMatches = minMatches;
    this.blocks = k - minMatches + 1;
    if (blockStart.length < blocks + 1) {
      blockStart = new int[blocks + 1];
      keys = new int[blocks];
      slots = new int[blocks];
    }
    for (int b = 0; b <= blocks; b++) {
      blockStart[b] = (int) ((long) b * k / blocks) * width;
    }
    int maxEntries = items * blocks;
    // between a quarter and half full, so that probes stay short
    int capacity = Integer.highestOneBit(Math.max(8, 2 * maxEntries) - 1) << 1;
    if (table.length != capacity) {
      table = new int[capacity];
    }
    mask = capacity - 1;
    if (entryCanonical.length < maxEntries) {
      entryCanonical = new int[maxEntries];
      entryKey = new int[maxEntries];
      entryNext = new int[maxEntries];
      usedSlots = new int[maxEntries];
    }
    entryCount = 0;
    if (canonicals.length < items) {
      canonicals = new int[items];
      candidateStamp = new int[items];
      candidates = new int[items];
    } else {
      Arrays.fill(candidateStamp, 0, items, 0);
    }
    canonicalCount = 0;
    judge = null;
    return this;
  }

  /** Whether the tables are small enough to keep for the next grouping. */
  boolean worthKeeping() {
    return entryCanonical.length <= MAX_RETAINED_ENTRIES;
  }

  /** Has {@code judge} decide each pair that agrees on at least {@code minMatches} values. */
  CanonicalGrouping judge(Judge judge) {
    this.judge = judge;
    return this;
  }

  /**
   * Groups the items.
   *
   * @param order the items from the most to the least canonical
   * @param hasSketch whether each item has a non-empty sketch; items without are never grouped
   * @param canonicalOf receives each item's canonical (itself for a canonical)
   * @param matches receives, for each copy, the number of values agreeing with its canonical
   */
  void group(int[] order, boolean[] hasSketch, int[] canonicalOf, int[] matches) {
    for (int item : order) {
      canonicalOf[item] = item;
      matches[item] = k;
      if (!hasSketch[item]) {
        continue;
      }
      int n = listCandidates(item);
      for (int c = 0; c < n; c++) {
        int m = matches(item, canonicals[candidates[c]]);
        if (m >= 0 && (judge == null || judge.nearDuplicates(item, canonicals[candidates[c]], m))) {
          canonicalOf[item] = canonicals[candidates[c]];
          matches[item] = m;
          break;
        }
      }
      if (canonicalOf[item] == item) {
        addCanonical(item);
      }
    }
  }

  /**
   * Hashes the item's blocks and lists the canonicals sharing a block with it, in the order they
   * were found, so that the first that verifies is the most canonical one.
   */
  private int listCandidates(int item) {
    int base = item * k * width;
    int n = 0;
    for (int b = 0; b < blocks; b++) {
      int key = key(b, base + blockStart[b], base + blockStart[b + 1]);
      int slot = find(key);
      keys[b] = key;
      slots[b] = slot;
      for (int e = table[slot] - 1; e >= 0; e = entryNext[e]) {
        int c = entryCanonical[e];
        if (candidateStamp[c] != item + 1) {
          candidateStamp[c] = item + 1;
          candidates[n++] = c;
        }
      }
    }
    if (n > 1) {
      Arrays.sort(candidates, 0, n);
    }
    return n;
  }

  /**
   * Key of block b of an item: a hash of the block's first 8 bytes (or fewer, if the block is
   * shorter) and of b. Two items that agree on the whole block agree on its first bytes, so the
   * filter stays exact; and since sketch values are uniform hashes, 8 bytes are as selective as the
   * whole block for all but the 8-bit sketches.
   */
  private int key(int b, int from, int to) {
    long v;
    if (to - from >= Long.BYTES) {
      v = (long) LONGS.get(values, from);
    } else {
      v = 0;
      for (int p = from; p < to; p++) {
        v = (v << 8) | (values[p] & 0xFF);
      }
    }
    long h = (v + b) * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private void addCanonical(int item) {
    int c = canonicalCount++;
    canonicals[c] = item;
    for (int b = 0; b < blocks; b++) {
      int key = keys[b];
      int slot = slots[b];
      if (table[slot] != EMPTY && entryKey[table[slot] - 1] != key) {
        slot = find(key); // a free slot found earlier was taken by another block of this item
      }
      int head = table[slot] - 1;
      if (head >= 0 && entryCanonical[head] == c) {
        continue; // two blocks of this item with one key: one entry is enough
      }
      usedSlots[entryCount] = slot;
      entryCanonical[entryCount] = c;
      entryKey[entryCount] = key;
      entryNext[entryCount] = head;
      table[slot] = ++entryCount;
    }
  }

  /** The slot holding the key, or the free slot where it would go. */
  private int find(int key) {
    int slot = key & mask;
    int s;
    while ((s = table[slot]) != EMPTY && entryKey[s - 1] != key) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  /**
   * Number of agreeing values of items a and b, or -1 as soon as too many differ to reach {@code
   * minMatches}. Candidates are mostly true near-duplicates, whose bytes agree over long runs that
   * {@link Arrays#mismatch(byte[], int, int, byte[], int, int)} skips quickly.
   */
  int matches(int a, int b) {
    int maxMismatches = k - minMatches;
    int length = k * width;
    int pa = a * length;
    int pb = b * length;
    int mismatches = 0;
    int p = 0;
    while (p < length) {
      int m = Arrays.mismatch(values, pa + p, pa + length, values, pb + p, pb + length);
      if (m < 0) {
        break;
      }
      if (++mismatches > maxMismatches) {
        return -1;
      }
      p += m - (p + m) % width + width; // on to the value after the one that differs
    }
    return k - mismatches;
  }
}
