package io.neardup.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SimHashTest {
  @Test
  void everyPairWithinHSharesABlockKey() {
    Random random = new Random(4);
    for (int h = 0; h <= SimHash.MAX_HAMMING; h++) {
      for (int trial = 0; trial < 300; trial++) {
        long a = random.nextLong();
        long b = a;
        int flips = random.nextInt(h + 1);
        while (SimHash.distance(a, b) < flips) {
          b ^= 1L << random.nextInt(64);
        }
        Set<Long> keys = new HashSet<>();
        for (long k : SimHash.blockKeys(a, h)) {
          keys.add(k);
        }
        boolean shared = false;
        for (long k : SimHash.blockKeys(b, h)) {
          shared |= keys.contains(k);
        }
        assertTrue(shared, "h=" + h + " distance " + flips);
      }
    }
  }

  @Test
  void blocksOfDifferentPositionsNeverShareKeys() {
    // a fingerprint whose blocks all hold the same bits must still give h + 1 distinct keys
    long[] keys = SimHash.blockKeys(0L, 3);
    assertEquals(4, new HashSet<>(List.of(keys[0], keys[1], keys[2], keys[3])).size());
  }

  @Test
  void similarFeatureSetsGiveCloseFingerprints() {
    Random random = new Random(5);
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      words.add("w" + random.nextInt(5000));
    }
    List<String> edited = new ArrayList<>(words);
    edited.set(1000, "changed");
    List<String> other = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      other.add("w" + random.nextInt(5000));
    }
    long a = SimHash.ofTerms(words, 3, 1)[0];
    long b = SimHash.ofTerms(edited, 3, 1)[0];
    long c = SimHash.ofTerms(other, 3, 1)[0];
    assertTrue(SimHash.distance(a, b) <= 3, "one edit in 2000 words: " + SimHash.distance(a, b));
    assertTrue(SimHash.distance(a, c) >= 16, "unrelated texts: " + SimHash.distance(a, c));
    assertEquals(0, SimHash.ofTerms(List.of(), 3, 1).length);
  }

  @Test
  void fingerprintFollowsTheWeightedMajorityOfEachBit() {
    long[] hashes = {0b1100L, 0b1010L, 0b0001L};
    double[] weights = {1, 1, 3};
    // bit 0: -1 -1 +3 > 0; bit 1: -1 +1 -3 < 0; bit 2: +1 -1 -3 < 0; bit 3: +1 +1 -3 < 0
    assertEquals(0b0001L, SimHash.fingerprint(hashes, weights, 3));
  }

  @Test
  void shinglesWeighedByCountAreTheWeightedFingerprintOfTheirHashes() {
    Random random = new Random(7);
    for (int trial = 0; trial < 300; trial++) {
      List<String> terms = new ArrayList<>();
      // few distinct words, so shingles repeat and weigh more than 1
      int words = 1 + random.nextInt(trial % 3 == 0 ? 3 : 50);
      for (int i = random.nextInt(300); i >= 0; i--) {
        terms.add("w" + random.nextInt(words));
      }
      int size = 1 + random.nextInt(4);
      long seed = random.nextLong();
      // the shingle hashes as ofTerms makes them, counted
      java.util.TreeMap<Long, Integer> counts = new java.util.TreeMap<>();
      for (int i = 0; i < Math.max(1, terms.size() - size + 1); i++) {
        long h = seed ^ 0x73696d68617368L;
        for (int j = i; j < Math.min(terms.size(), i + size); j++) {
          h = io.neardup.util.Mix.fmix64(h * 0x9E3779B97F4A7C15L + Hash64.of(terms.get(j), seed));
        }
        counts.merge(h, 1, Integer::sum);
      }
      long[] hashes = counts.keySet().stream().mapToLong(Long::longValue).toArray();
      double[] weights = counts.values().stream().mapToDouble(Integer::doubleValue).toArray();
      assertEquals(
          SimHash.fingerprint(hashes, weights, hashes.length),
          SimHash.ofTerms(terms, size, seed)[0],
          terms.toString());
    }
  }

  @Test
  void maxHammingAbove32IsRejectedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SimHash.checkMaxHamming(33));
    assertEquals("max-hamming must be in [0, 32], got 33", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SimHash.blockKeys(1, -1));
  }
}
