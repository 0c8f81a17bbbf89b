package io.neardup.util;

import java.util.Arrays;

/**
 * A set of longs with open addressing, reused across documents: {@link #clear()} keeps the storage,
 * so a steady stream of documents allocates nothing. The members are also kept in insertion order
 * in a dense array ({@link #values()}), which is what sketching consumes.
 *
 * <p>Slots come from Fibonacci hashing of the key, so keys need not be well mixed.
 */
public final class LongHashSet {
  private static final int MIN_CAPACITY = 64;

  private long[] table;
  private long[] values;
  private int size;
  private boolean containsZero;
  private int mask;
  private int shift;
  private int resizeAt;

  public LongHashSet() {
    allocate(MIN_CAPACITY);
    values = new long[MIN_CAPACITY / 2];
  }

  /** Adds a value; returns true if it was not present. */
  public boolean add(long value) {
    if (value == 0) {
      if (containsZero) {
        return false;
      }
      containsZero = true;
      append(0);
      return true;
    }
    int slot = slot(value);
    long current;
    while ((current = table[slot]) != 0) {
      if (current == value) {
        return false;
      }
      slot = (slot + 1) & mask;
    }
    table[slot] = value;
    append(value);
    if (size >= resizeAt) {
      rehash(table.length << 1);
    }
    return true;
  }

  /** Whether the value is a member. */
  public boolean contains(long value) {
    if (value == 0) {
      return containsZero;
    }
    int slot = slot(value);
    long current;
    while ((current = table[slot]) != 0) {
      if (current == value) {
        return true;
      }
      slot = (slot + 1) & mask;
    }
    return false;
  }

  /** Number of members. */
  public int size() {
    return size;
  }

  /**
   * The members in insertion order, valid in {@code [0, size())}. The array is the set's own
   * storage: read it before the next change.
   */
  public long[] values() {
    return values;
  }

  /** Removes every member; keeps storage unless it is far larger than the last use needed. */
  public void clear() {
    if (table.length > MIN_CAPACITY && size * 8 < table.length) {
      allocate(Math.max(MIN_CAPACITY, Integer.highestOneBit(Math.max(1, size) * 4)));
    } else {
      Arrays.fill(table, 0L);
    }
    size = 0;
    containsZero = false;
  }

  /** Fibonacci hashing: one multiplication, the high bits spread well even for structured keys. */
  private int slot(long value) {
    return (int) ((value * 0x9E3779B97F4A7C15L) >>> shift);
  }

  private void append(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length << 1);
    }
    values[size++] = value;
  }

  private void allocate(int capacity) {
    table = new long[capacity];
    mask = capacity - 1;
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
    resizeAt = capacity / 2;
  }

  private void rehash(int capacity) {
    allocate(capacity);
    for (int i = 0; i < size; i++) {
      long value = values[i];
      if (value == 0) {
        continue;
      }
      int slot = slot(value);
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      table[slot] = value;
    }
  }
}
