package io.neardup.shingle;

import java.util.Arrays;

/**
 * A document's shingle set as exact verification compares it: the {@linkplain CompactShingleSet
 * compact set}, each value cut to its {@linkplain #width() width} upper bits. A set stored in
 * {@link ShingleSetFormat#VERSION_DELTA} keeps {@link #widthFor(int) widthFor(n)} bits per value,
 * which is what lets it fit in less than two bytes per shingle; sets of the older versions keep all
 * 32. Two sets are compared at the smaller of their widths, so a set made from a query text with
 * {@link #setCompact} compares with a stored one exactly as the stored copy of that text would.
 *
 * <p>Reusable: {@link #read} and {@link #setCompact} overwrite the set, growing its buffers as
 * needed. Not thread-safe.
 *
 * <pre>{@code
 * ShingleSet a = new ShingleSet(), b = new ShingleSet();
 * a.read(storedA.bytes, storedA.offset, storedA.length);
 * b.read(storedB.bytes, storedB.offset, storedB.length);
 * double j = a.jaccard(b);
 * }</pre>
 */
public final class ShingleSet {
  /**
   * Bits kept per value beyond what tells a set's n values apart: with {@code ceil(log2 n) + 13}
   * bits, two similar sets of n shingles share by accident about n / 2<sup>13</sup> values, a
   * Jaccard error near 10<sup>-4</sup> whatever n is.
   */
  public static final int PRECISION_BITS = 13;

  /** The width of the values of the oldest formats, which keep whole compact values. */
  public static final int FULL_WIDTH = 32;

  private int[] values = new int[64];
  private int size;
  private int width = FULL_WIDTH;

  /**
   * The bits a set of {@code count} distinct compact values keeps per value: {@code ceil(log2
   * count)} + {@link #PRECISION_BITS}, at most {@link #FULL_WIDTH}.
   */
  public static int widthFor(int count) {
    int log = count <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(count - 1);
    return Math.min(FULL_WIDTH, log + PRECISION_BITS);
  }

  /**
   * Sets this set to a compact set (ascending, distinct), cut to the width a stored copy keeps.
   *
   * @param compact the values in {@code [0, count)}; not modified
   */
  public ShingleSet setCompact(int[] compact, int count) {
    int w = widthFor(count);
    values = ensure(values, count);
    size = truncate(compact, count, FULL_WIDTH - w, values);
    width = w;
    return this;
  }

  /**
   * Reads a serialized set of any {@link ShingleSetFormat} version.
   *
   * @throws IllegalArgumentException "Corrupted shingle set: ..." for bytes of no version
   */
  public ShingleSet read(byte[] bytes, int offset, int length) {
    ShingleSetFormat.decode(bytes, offset, length, this);
    return this;
  }

  /** Called by the format: takes {@code size} values of {@code width} bits. */
  int[] prepare(int count, int valueWidth) {
    values = ensure(values, count);
    size = count;
    width = valueWidth;
    return values;
  }

  /** Called by the format for a version whose values must still be made compact. */
  void setValues(int[] compact, int count) {
    values = compact;
    size = count;
    width = FULL_WIDTH;
  }

  /** The number of distinct values. */
  public int size() {
    return size;
  }

  /** The bits of each value: the values are signed ints in [-2^(width-1), 2^(width-1)). */
  public int width() {
    return width;
  }

  /** The values, ascending; a copy. */
  public int[] values() {
    return Arrays.copyOf(values, size);
  }

  /**
   * The Jaccard similarity of the two sets, compared at the smaller of their widths; 0 when either
   * is empty, as {@link CompactShingleSet#jaccard}.
   */
  public double jaccard(ShingleSet other) {
    return jaccard(values, 0, size, width, other.values, 0, other.size, other.width);
  }

  /**
   * The Jaccard similarity of two sets held in slices of int arrays (values ascending and distinct
   * at their widths), compared at the smaller width: each value of the wider set is cut to it, and
   * values that become equal count once. 0 when either is empty.
   */
  public static double jaccard(
      int[] a, int fromA, int toA, int widthA, int[] b, int fromB, int toB, int widthB) {
    if (fromA >= toA || fromB >= toB) {
      return 0;
    }
    if (widthA == widthB) {
      // the values are distinct at their common width: a plain merge, as the CLI's sets take
      int common = CompactShingleSet.intersection(a, fromA, toA, b, fromB, toB);
      return (double) common / ((toA - fromA) + (toB - fromB) - common);
    }
    int width = Math.min(widthA, widthB);
    int shiftA = widthA - width;
    int shiftB = widthB - width;
    int i = fromA;
    int j = fromB;
    long sizeA = 0;
    long sizeB = 0;
    long common = 0;
    while (i < toA && j < toB) {
      int x = a[i] >> shiftA;
      int y = b[j] >> shiftB;
      if (x == y) {
        common++;
      }
      if (x <= y) {
        sizeA++;
        i = next(a, i, toA, shiftA, x);
      }
      if (y <= x) {
        sizeB++;
        j = next(b, j, toB, shiftB, y);
      }
    }
    while (i < toA) {
      sizeA++;
      i = next(a, i, toA, shiftA, a[i] >> shiftA);
    }
    while (j < toB) {
      sizeB++;
      j = next(b, j, toB, shiftB, b[j] >> shiftB);
    }
    return (double) common / (sizeA + sizeB - common);
  }

  /** The position after {@code i} of the first value that does not cut to {@code cut}. */
  private static int next(int[] v, int i, int to, int shift, int cut) {
    int k = i + 1;
    while (k < to && v[k] >> shift == cut) {
      k++;
    }
    return k;
  }

  /** Whether the two sets hold the same values at the same width. */
  public boolean sameAs(ShingleSet other) {
    return width == other.width && Arrays.equals(values, 0, size, other.values, 0, other.size);
  }

  /**
   * Keeps the upper bits of ascending signed ints; the result stays ascending and is made distinct.
   */
  private static int truncate(int[] in, int count, int shift, int[] out) {
    int n = 0;
    for (int i = 0; i < count; i++) {
      int v = in[i] >> shift;
      if (n == 0 || out[n - 1] != v) {
        out[n++] = v;
      }
    }
    return n;
  }

  private static int[] ensure(int[] a, int length) {
    return a.length >= length ? a : new int[Math.max(length, a.length * 2)];
  }
}
