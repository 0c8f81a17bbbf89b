package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.shingle.ShingleUnit;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SketchFormatTest {
  private static final HexFormat HEX = HexFormat.of();

  /**
   * The sketch of "jack london traveled to oakland" with word 2-shingles, 8 values of the given
   * width.
   */
  private static Sketch jackLondon(int bits) {
    return jackLondon(SketchScheme.OPH, bits);
  }

  private static Sketch jackLondon(SketchScheme scheme, int bits) {
    SketchParameters p =
        SketchParameters.DEFAULT.withScheme(scheme).withShingleSize(2).withHashes(8).withBits(bits);
    long[] shingles = new long[4];
    int[] n = {0};
    io.neardup.shingle.ShingleHasher hasher =
        new io.neardup.shingle.ShingleHasher(
            ShingleUnit.WORD, 2, p.seed(), v -> shingles[n[0]++] = v);
    for (String t : "jack london traveled to oakland".split(" ")) {
      hasher.addToken(t.toCharArray(), 0, t.length());
    }
    hasher.finish();
    return new Sketcher(p).sketch(shingles);
  }

  private static Sketch random(SketchParameters p, Random random) {
    long[] shingles = new long[1 + random.nextInt(500)];
    for (int i = 0; i < shingles.length; i++) {
      shingles[i] = random.nextLong();
    }
    return new Sketcher(p).sketch(shingles);
  }

  @Test
  void goldenBytesArePinned() {
    // Changing these bytes breaks every index that stores sketches: bump SketchFormat.VERSION
    // instead.
    assertEquals(
        "4e44010408002000c4bc72fc999da6e804000000a4e4c1afcda701f976fa3fb492f2ef99d2aa7d5922f35799cdf75312df2ab6a9c6915a09",
        HEX.formatHex(SketchFormat.encode(jackLondon(32))));
    assertEquals(GOLDEN_64, HEX.formatHex(SketchFormat.encode(jackLondon(64))));
    assertEquals(
        GOLDEN_EMPTY,
        HEX.formatHex(SketchFormat.encode(Sketch.empty(SketchParameters.DEFAULT.withHashes(4)))));
  }

  @Test
  void valuesAreCopiedWithoutTheHeader() {
    Sketch s = jackLondon(16);
    byte[] bytes = SketchFormat.encode(s);
    byte[] padded = new byte[bytes.length + 5];
    System.arraycopy(bytes, 0, padded, 5, bytes.length);
    assertEquals(8 * 2, SketchFormat.valueBytes(padded, 5));
    byte[] values = new byte[1 + 16];
    SketchFormat.copyValues(padded, 5, values, 1);
    for (int i = 0; i < 8; i++) {
      long v = (values[1 + 2 * i] & 0xFF) | (values[2 + 2 * i] & 0xFF) << 8;
      assertEquals(s.value(i), v);
    }
  }

  @Test
  void goldenBytesOfEverySchemeArePinned() {
    // each scheme's values differ, and so does the scheme id in the header (byte 3)
    assertEquals(
        GOLDEN_SUPERMINHASH,
        HEX.formatHex(SketchFormat.encode(jackLondon(SketchScheme.SUPERMINHASH, 32))));
    assertEquals(
        GOLDEN_MINHASH, HEX.formatHex(SketchFormat.encode(jackLondon(SketchScheme.MINHASH, 32))));
  }

  private static final String GOLDEN_SUPERMINHASH =
      "4e44010108002000bfbb21faee72ce2204000000434aff6503b3ef883d7f15d30177a7d56a8533d6a8429f277b7fa841ab39f4e07d90c120";
  private static final String GOLDEN_MINHASH =
      "4e44010208002000cdc1ac163094083804000000a144fcae7d90c12045c0a4cd7b7fa8414a51b396a8429f27058bdf276a8533d6c1aabe60";

  private static final String GOLDEN_64 =
      "4e44010408004000be46a24b22a883f004000000cf7843bccda701f9eb33b2a376fa3fb426cf851292f2ef99c054c8a9d2aa7d593d35ba8522f35799440c7cfecdf75312146eb9c2df2ab6a9ea270c09c6915a09a0914426";
  private static final String GOLDEN_EMPTY =
      "4e44010404002001685d5c3a81fa8a880000000011a410c300000000000000000000000000000000";

  @Test
  void roundTripsEverySchemeAndWidth() {
    Random random = new Random(7);
    for (SketchScheme scheme : SketchScheme.values()) {
      for (int bits : new int[] {8, 16, 32, 64}) {
        for (int k : new int[] {1, 7, 128, 1024}) {
          if (scheme == SketchScheme.SIMHASH && (bits != 64 || k != 1)) {
            continue; // one fingerprint of 64 bits
          }
          SketchParameters p =
              SketchParameters.DEFAULT.withBits(bits).withHashes(k).withScheme(scheme);
          Sketch s = random(p, random);
          byte[] bytes = SketchFormat.encode(s);
          assertEquals(SketchFormat.serializedSize(p), bytes.length);
          assertEquals(s, SketchFormat.decode(bytes, p));
          // at an offset inside a larger array
          byte[] padded = new byte[bytes.length + 10];
          System.arraycopy(bytes, 0, padded, 3, bytes.length);
          assertEquals(s, SketchFormat.decode(padded, 3, bytes.length, p));
          Sketch empty = Sketch.empty(p);
          assertEquals(empty, SketchFormat.decode(SketchFormat.encode(empty), p));
        }
      }
    }
  }

  @Test
  void countMatchesOnBytesEqualsEstimate() {
    Random random = new Random(3);
    for (int bits : new int[] {8, 16, 32, 64}) {
      SketchParameters p = SketchParameters.DEFAULT.withBits(bits);
      long[] base = new long[300];
      for (int i = 0; i < base.length; i++) {
        base[i] = random.nextLong();
      }
      long[] other = base.clone();
      for (int i = 0; i < 60; i++) {
        other[i] = random.nextLong();
      }
      Sketch a = new Sketcher(p).sketch(base);
      Sketch b = new Sketcher(p).sketch(other);
      int matches =
          SketchFormat.countMatches(SketchFormat.encode(a), 0, SketchFormat.encode(b), 0, p);
      assertEquals(Jaccard.estimate(a, b).matches(), matches);
      assertTrue(matches > 0 && matches < p.hashes());
      assertEquals(
          -1,
          SketchFormat.countMatches(
              SketchFormat.encode(a), 0, SketchFormat.encode(Sketch.empty(p)), 0, p));
    }
  }

  @Test
  void everySingleByteCorruptionIsRejected() {
    Sketch s = jackLondon(32);
    byte[] good = SketchFormat.encode(s);
    for (int i = 0; i < good.length; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] bad = good.clone();
        bad[i] ^= (byte) (1 << bit);
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class, () -> SketchFormat.decode(bad, s.parameters()));
        assertTrue(
            e.getMessage().startsWith("Corrupted sketch")
                || e.getMessage().startsWith("Unsupported sketch format")
                || e.getMessage().startsWith("Incompatible sketch"),
            "byte " + i + ": " + e.getMessage());
      }
    }
  }

  @Test
  void clearMessagesForBadInput() {
    SketchParameters p = jackLondon(32).parameters();
    byte[] good = SketchFormat.encode(jackLondon(32));
    assertEquals(
        "Corrupted sketch: 3 bytes is shorter than the 24-byte header",
        assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(new byte[3], p))
            .getMessage());
    byte[] notASketch =
        "this is a string, not a sketch!".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals(
        "Corrupted sketch: bad magic 0x6874 (expected 0x444E): not a neardup sketch",
        assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(notASketch, p))
            .getMessage());
    byte[] future = good.clone();
    future[2] = 9;
    assertEquals(
        "Unsupported sketch format version 9: this neardup reads version 1",
        assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(future, p))
            .getMessage());
    byte[] truncated = java.util.Arrays.copyOf(good, good.length - 1);
    assertEquals(
        "Corrupted sketch: 55 bytes, but the header announces 8 values of 32 bits (56 bytes)",
        assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(truncated, p))
            .getMessage());
    // an intact sketch of a development snapshot, whose one-permutation scheme had id 3
    byte[] retired =
        HEX.parseHex(
            "4e44010308002000dade7011f96945ad0400000042e870a0baa4e3993368d8b57759d8a902a8d107"
                + "3c278c78463c33cc02db96075d21adfb");
    assertEquals(
        "Unsupported sketch format: scheme id 3 is the one-permutation hashing of neardup"
            + " development snapshots before 0.1.0, whose values this version computes"
            + " differently; index the documents again",
        assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(retired, p))
            .getMessage());
  }

  @Test
  void sketchesOfOtherSettingsAreIncompatible() {
    Sketch s = jackLondon(32);
    byte[] bytes = SketchFormat.encode(s);
    SketchParameters p = s.parameters();
    assertEquals(
        "Incompatible sketch: made with hashes=8, expected hashes=128",
        assertThrows(
                IllegalArgumentException.class, () -> SketchFormat.decode(bytes, p.withHashes(128)))
            .getMessage());
    assertEquals(
        "Incompatible sketch: made with bits=32, expected bits=64",
        assertThrows(
                IllegalArgumentException.class, () -> SketchFormat.decode(bytes, p.withBits(64)))
            .getMessage());
    assertEquals(
        "Incompatible sketch: made with scheme=oph, expected scheme=minhash",
        assertThrows(
                IllegalArgumentException.class,
                () -> SketchFormat.decode(bytes, p.withScheme(SketchScheme.MINHASH)))
            .getMessage());
    for (SketchParameters other :
        new SketchParameters[] {
          p.withSeed(1), p.withShingleSize(3), p.withShingleUnit(ShingleUnit.CHAR)
        }) {
      String message =
          assertThrows(IllegalArgumentException.class, () -> SketchFormat.decode(bytes, other))
              .getMessage();
      assertTrue(
          message.startsWith("Incompatible sketch: made with a different seed or shingle settings"),
          message);
    }
  }

  @Test
  void sketchValidatesItsValues() {
    SketchParameters p = SketchParameters.DEFAULT.withHashes(2).withBits(8);
    assertEquals(
        "a sketch needs 2 values (hashes), got 3",
        assertThrows(IllegalArgumentException.class, () -> new Sketch(p, new long[3], 1))
            .getMessage());
    assertEquals(
        "sketch value 256 does not fit in 8 bits",
        assertThrows(IllegalArgumentException.class, () -> new Sketch(p, new long[] {1, 256}, 1))
            .getMessage());
    long[] values = {1, 2};
    Sketch s = new Sketch(p, values, 5);
    values[0] = 99;
    assertArrayEquals(new long[] {1, 2}, s.values(), "the sketch copies its values");
  }
}
