package io.neardup.shingle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShingleSetTest {
  private static int[] randomCompact(Random random, int n) {
    return random.ints(n).distinct().sorted().toArray();
  }

  /**
   * The upper {@code width} bits of each value, ascending and distinct: the truth to compare to.
   */
  private static int[] cut(int[] compact, int width) {
    return Arrays.stream(compact).map(v -> v >> (32 - width)).distinct().toArray();
  }

  @Test
  void widthGrowsWithTheCountAndStopsAtThirtyTwoBits() {
    assertEquals(13, ShingleSet.widthFor(0));
    assertEquals(13, ShingleSet.widthFor(1));
    assertEquals(14, ShingleSet.widthFor(2));
    assertEquals(23, ShingleSet.widthFor(1000));
    assertEquals(23, ShingleSet.widthFor(1024));
    assertEquals(24, ShingleSet.widthFor(1025));
    assertEquals(32, ShingleSet.widthFor(1 << 19));
    assertEquals(32, ShingleSet.widthFor(Integer.MAX_VALUE));
  }

  @Test
  void deltaFormatReadsBackTheCutValuesAtUnderTwoBytesPerShingle() {
    Random random = new Random(11);
    for (int round = 0; round < 300; round++) {
      int n = round < 5 ? round : 1 + random.nextInt(round < 250 ? 3000 : 300_000);
      int[] compact = randomCompact(random, n);
      byte[] bytes = ShingleSetFormat.encodeDelta(compact, compact.length);
      assertEquals(ShingleSetFormat.VERSION_DELTA, bytes[0]);
      ShingleSet read = new ShingleSet().read(bytes, 0, bytes.length);
      int width = ShingleSet.widthFor(compact.length);
      assertEquals(width, read.width());
      assertArrayEquals(cut(compact, width), read.values(), "n " + n);
      assertTrue(read.sameAs(new ShingleSet().setCompact(compact, compact.length)));
      if (n >= 64) {
        assertTrue(bytes.length < 2.0 * n, bytes.length + " bytes for " + n + " values");
      }
    }
  }

  @Test
  void extremeValuesAndLongGapsRoundTrip() {
    int[][] sets = {
      {Integer.MIN_VALUE},
      {Integer.MAX_VALUE},
      {Integer.MIN_VALUE, Integer.MAX_VALUE},
      {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE},
      {-7, -6, -5, -4, -3}
    };
    for (int[] set : sets) {
      byte[] bytes = ShingleSetFormat.encodeDelta(set, set.length);
      ShingleSet read = new ShingleSet().read(bytes, 0, bytes.length);
      assertArrayEquals(cut(set, read.width()), read.values(), Arrays.toString(set));
    }
    byte[] empty = ShingleSetFormat.encodeDelta(new int[0], 0);
    assertEquals(0, new ShingleSet().read(empty, 0, empty.length).size());
  }

  @Test
  void setsOfDifferentWidthsCompareAtTheSmallerWidth() {
    Random random = new Random(3);
    for (int round = 0; round < 200; round++) {
      int[] a = randomCompact(random, 1 + random.nextInt(5000));
      int[] b = a.clone();
      for (int e = random.nextInt(a.length + 1); e > 0; e--) {
        b[random.nextInt(b.length)] = random.nextInt();
      }
      b = Arrays.stream(b).distinct().sorted().limit(1 + random.nextInt(b.length)).toArray();
      ShingleSet x = read(a);
      ShingleSet y = read(b);
      int width = Math.min(x.width(), y.width());
      int[] ca = cut(a, width);
      int[] cb = cut(b, width);
      double expected =
          (double) CompactShingleSet.intersection(ca, ca.length, cb, cb.length)
              / (ca.length
                  + cb.length
                  - CompactShingleSet.intersection(ca, ca.length, cb, cb.length));
      assertEquals(expected, x.jaccard(y), 0);
      assertEquals(expected, y.jaccard(x), 0);
      // within a few shingles of the 32-bit compact sets' similarity
      assertEquals(
          CompactShingleSet.jaccard(a, a.length, b, b.length), x.jaccard(y), 5.0 / a.length);
    }
  }

  @Test
  void olderVersionsReadAsFullWidthSets() {
    long[] fingerprints = new Random(1).longs(500).distinct().sorted().toArray();
    int[] compact = new int[fingerprints.length];
    int n = CompactShingleSet.compact(fingerprints, fingerprints.length, compact);
    for (byte[] bytes :
        new byte[][] {
          ShingleSetFormat.encode(fingerprints, fingerprints.length),
          ShingleSetFormat.encodeVersion1(fingerprints, fingerprints.length)
        }) {
      ShingleSet read = new ShingleSet().read(bytes, 0, bytes.length);
      assertEquals(ShingleSet.FULL_WIDTH, read.width());
      assertArrayEquals(Arrays.copyOf(compact, n), read.values());
    }
    byte[] delta = ShingleSetFormat.encodeDelta(compact, n);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ShingleSetFormat.decodeCompact(delta, 0, delta.length));
    assertTrue(e.getMessage().contains("read it with ShingleSet"), e.getMessage());
  }

  @Test
  void corruptedDeltaSetsAreRefusedWithTheReason() {
    int[] compact = randomCompact(new Random(2), 300);
    byte[] bytes = ShingleSetFormat.encodeDelta(compact, compact.length);
    ShingleSet set = new ShingleSet();
    IllegalArgumentException cut =
        assertThrows(IllegalArgumentException.class, () -> set.read(bytes, 0, bytes.length / 2));
    assertTrue(cut.getMessage().startsWith("Corrupted shingle set: "), cut.getMessage());
    byte[] wide = bytes.clone();
    wide[3] = 40; // width
    IllegalArgumentException width =
        assertThrows(IllegalArgumentException.class, () -> set.read(wide, 0, wide.length));
    assertTrue(width.getMessage().contains("width 40"), width.getMessage());
    assertThrows(IllegalArgumentException.class, () -> set.read(bytes, 0, 1));
    assertThrows(
        IllegalArgumentException.class, () -> ShingleSetFormat.encodeDelta(new int[] {3, 2}, 2));
  }

  private static ShingleSet read(int[] compact) {
    byte[] bytes = ShingleSetFormat.encodeDelta(compact, compact.length);
    return new ShingleSet().read(bytes, 0, bytes.length);
  }
}
