package io.neardup.cluster.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.cluster.Verification;
import io.neardup.signature.MinM;
import io.neardup.signature.ModN;
import io.neardup.signature.Signatures;
import io.neardup.signature.SimHash;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The methods other than MinHash through the one clustering core, each against a brute-force
 * all-pairs reference of its own measure.
 */
class PairMeasureClusteringTest {
  /** Random fingerprint sets: bases with edited copies. */
  private static List<int[]> shingleSets(long seed, int bases) {
    Random random = new Random(seed);
    List<int[]> docs = new ArrayList<>();
    for (int b = 0; b < bases; b++) {
      int[] base = random.ints(100 + random.nextInt(500)).distinct().sorted().toArray();
      docs.add(base);
      for (int c = random.nextInt(4); c > 0; c--) {
        int[] copy = base.clone();
        for (int e = random.nextInt(base.length / 4); e > 0; e--) {
          copy[random.nextInt(copy.length)] = random.nextInt();
        }
        docs.add(Arrays.stream(copy).distinct().sorted().toArray());
      }
    }
    docs.add(new int[0]);
    return docs;
  }

  private static Map<String, Double> run(
      PairMeasure measure, double threshold, List<int[]> sets, List<long[]> keys)
      throws IOException {
    Map<String, Double> pairs = new HashMap<>();
    try (Clusterer c = new Clusterer(null, measure, threshold, 1).allPairs(true).threads(2)) {
      for (int d = 0; d < sets.size(); d++) {
        c.add(d, keys.get(d), keys.get(d).length, sets.get(d), sets.get(d).length);
      }
      c.finish(sets.size(), Clusterer.CanonicalOrder.FIRST, (a, b, s) -> pairs.put(a + " " + b, s));
    }
    return pairs;
  }

  private static Map<String, Double> bruteForce(
      PairMeasure measure, double threshold, List<int[]> sets) {
    Map<String, Double> pairs = new HashMap<>();
    for (int a = 0; a < sets.size(); a++) {
      for (int b = a + 1; b < sets.size(); b++) {
        int[] x = sets.get(a);
        int[] y = sets.get(b);
        if (x.length == 0 || y.length == 0) {
          continue;
        }
        double s = measure.similarity(x, x.length, y, y.length);
        if (s >= threshold) {
          pairs.put(a + " " + b, s);
        }
      }
    }
    return pairs;
  }

  @Test
  void minMFindsEveryPairItsEstimatorAdmits() throws IOException {
    int m = 64;
    List<int[]> sketches = new ArrayList<>();
    List<long[]> keys = new ArrayList<>();
    for (int[] s : shingleSets(7, 150)) {
      int[] sketch = MinM.sketch(s, s.length, m, 11);
      sketches.add(sketch);
      keys.add(Signatures.keys(sketch, sketch.length));
    }
    PairMeasure measure = PairMeasures.minM(m);
    for (double t : new double[] {0.3, 0.7, 0.9}) {
      Map<String, Double> expected = bruteForce(measure, t, sketches);
      assertTrue(expected.size() > 20, "pairs at " + t + ": " + expected.size());
      assertEquals(expected, run(measure, t, sketches, keys), "threshold " + t);
    }
  }

  /**
   * Broder's count of common values never rules out a pair the estimator admits, and rules out
   * others.
   */
  @Test
  void minMSharedValueCountIsASafeFilter() {
    int m = 32;
    Random random = new Random(5);
    PairMeasure measure = PairMeasures.minM(m);
    int ruledOut = 0;
    for (int i = 0; i < 3000; i++) {
      // two sets drawn from a small universe overlap by chance, often
      int[] a = random.ints(5 + random.nextInt(80), 0, 200).distinct().sorted().toArray();
      int[] b = random.ints(5 + random.nextInt(80), 0, 200).distinct().sorted().toArray();
      int[] sa = MinM.sketch(a, a.length, m, 3);
      int[] sb = MinM.sketch(b, b.length, m, 3);
      int shared = (int) Arrays.stream(sa).filter(v -> Arrays.binarySearch(sb, v) >= 0).count();
      for (double t : new double[] {0.2, 0.5, 0.8}) {
        boolean admitted = measure.similarity(sa, sa.length, sb, sb.length) >= t;
        boolean canReach = measure.canReach(sa.length, sb.length, shared, t);
        assertTrue(!admitted || canReach, "pair " + i + " at " + t + " ruled out wrongly");
        ruledOut += canReach ? 0 : 1;
      }
    }
    assertTrue(ruledOut > 1000, "the count rules out pairs: " + ruledOut);
  }

  @Test
  void modNFindsEveryPairWhoseSamplesReachTheThreshold() throws IOException {
    List<int[]> samples = new ArrayList<>();
    List<long[]> keys = new ArrayList<>();
    for (int[] s : shingleSets(8, 150)) {
      int[] sample = ModN.sample(s, s.length, 4, 12);
      samples.add(sample);
      keys.add(Signatures.keys(sample, sample.length));
    }
    PairMeasure measure = PairMeasures.exactJaccard();
    Map<String, Double> expected = bruteForce(measure, 0.6, samples);
    assertTrue(expected.size() > 20, "pairs: " + expected.size());
    assertEquals(expected, run(measure, 0.6, samples, keys));
  }

  @Test
  void simHashBlocksFindEveryPairWithinH() throws IOException {
    Random random = new Random(9);
    for (int h : new int[] {0, 3, 6, 12}) {
      List<int[]> sets = new ArrayList<>();
      List<long[]> keys = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        long fp = random.nextLong();
        for (int copy = random.nextInt(3); copy >= 0; copy--) {
          long v = fp;
          for (int flips = random.nextInt(2 * h + 2); flips > 0; flips--) {
            v ^= 1L << random.nextInt(64);
          }
          sets.add(Signatures.asSet(new long[] {v}));
          keys.add(SimHash.blockKeys(v, h));
        }
      }
      PairMeasure measure = PairMeasures.hamming();
      double t = PairMeasures.hammingThreshold(h);
      Map<String, Double> expected = new HashMap<>();
      for (int a = 0; a < sets.size(); a++) {
        for (int b = a + 1; b < sets.size(); b++) {
          long x = PairMeasures.join(sets.get(a)[0], sets.get(a)[1]);
          long y = PairMeasures.join(sets.get(b)[0], sets.get(b)[1]);
          int d = SimHash.distance(x, y);
          if (d <= h) {
            expected.put(a + " " + b, 1 - d / 64.0);
          }
        }
      }
      assertTrue(expected.size() > 50, "pairs within " + h + ": " + expected.size());
      assertEquals(expected, run(measure, t, sets, keys), "h=" + h);
    }
  }

  @Test
  void sharedSignatureJoinsDocumentsWithAnyEqualSignature() throws IOException {
    List<long[]> signatures =
        List.of(
            new long[] {5, -3},
            new long[] {7},
            new long[] {-3},
            new long[] {},
            new long[] {7},
            new long[] {100, 5});
    List<int[]> sets = new ArrayList<>();
    List<long[]> keys = new ArrayList<>();
    for (long[] s : signatures) {
      sets.add(Signatures.asSet(s));
      keys.add(Signatures.keys(s));
    }
    Map<String, Double> pairs = run(PairMeasures.sharedSignature(), 1, sets, keys);
    assertEquals(Map.of("0 2", 1.0, "1 4", 1.0, "0 5", 1.0), pairs);
    assertEquals(pairs, bruteForce(PairMeasures.sharedSignature(), 1, sets));
  }

  /** The built-in measures give exactly what the verification modes gave. */
  @Test
  void builtInMeasuresEqualTheVerificationModes() throws IOException {
    io.neardup.sketch.SketchParameters parameters = io.neardup.sketch.SketchParameters.DEFAULT;
    io.neardup.lsh.Banding banding = io.neardup.lsh.Banding.forThreshold(0.8, parameters.hashes());
    io.neardup.sketch.Sketcher sketcher = new io.neardup.sketch.Sketcher(parameters);
    io.neardup.lsh.BandHasher hasher = new io.neardup.lsh.BandHasher(banding);
    List<io.neardup.sketch.Sketch> sketches = new ArrayList<>();
    List<int[]> sets = new ArrayList<>();
    for (int[] s : shingleSets(10, 120)) {
      // a copy's shingles keep their fingerprints
      long[] fingerprints =
          Arrays.stream(s).mapToLong(v -> io.neardup.util.Mix.fmix64(v)).sorted().toArray();
      sketches.add(sketcher.sketch(fingerprints, fingerprints.length, fingerprints.length));
      int[] compact = new int[fingerprints.length];
      sets.add(
          Arrays.copyOf(
              compact,
              io.neardup.shingle.CompactShingleSet.compact(
                  fingerprints, fingerprints.length, compact)));
    }
    for (Verification v : Verification.values()) {
      Map<String, Double> expected = new HashMap<>();
      Map<String, Double> actual = new HashMap<>();
      try (Clusterer old =
              new Clusterer(null, v, 0.8, banding.bands())
                  .sketches(parameters.hashes(), parameters.bits());
          Clusterer measured =
              new Clusterer(
                  null,
                  v == Verification.EXACT
                      ? PairMeasures.exactJaccard()
                      : PairMeasures.sketchEstimate(parameters.hashes(), parameters.bits()),
                  0.8,
                  banding.bands())) {
        for (int d = 0; d < sets.size(); d++) {
          if (v == Verification.EXACT) {
            old.add(d, sketches.get(d), hasher, sets.get(d), sets.get(d).length);
            measured.add(d, sketches.get(d), hasher, sets.get(d), sets.get(d).length);
          } else {
            old.add(d, sketches.get(d), hasher);
            measured.add(d, sketches.get(d), hasher);
          }
        }
        old.finish(
            sets.size(), Clusterer.CanonicalOrder.FIRST, (a, b, s) -> expected.put(a + " " + b, s));
        measured.finish(
            sets.size(), Clusterer.CanonicalOrder.FIRST, (a, b, s) -> actual.put(a + " " + b, s));
      }
      assertTrue(expected.size() > 20, v + ": " + expected.size());
      assertEquals(expected, actual, v.toString());
    }
  }
}
