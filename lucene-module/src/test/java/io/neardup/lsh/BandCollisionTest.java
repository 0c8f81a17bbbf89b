package io.neardup.lsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.SketchScheme;
import io.neardup.sketch.Sketcher;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Measured band collision rates against the LSH curve P(s) = 1 − (1 − s<sup>r</sup>)<sup>b</sup> of
 * {@link Banding#candidateProbability}: for pairs of random sets of exact Jaccard similarity s,
 * sketch both, hash the bands with {@link BandHasher}, and count the pairs that share at least one
 * band hash (a candidate pair). Also the rate of single agreeing bands against s<sup>r</sup>.
 *
 * <p>The formula assumes independent sketch values, which classic MinHash has. SuperMinHash (the
 * default) has negatively correlated values: each value still agrees with probability s, but a
 * whole band of r values agrees less often than s<sup>r</sup> when sets are small (measured with 20
 * 000 pairs: 0.90 to 0.97 s<sup>r</sup> for 10 x 12 at 60-200 shingles, 0.96 to 0.99 for 18 x 7,
 * within 1 % at 1 000 shingles), and the agreements of different bands are negatively correlated
 * too. The two effects make its candidate curve slightly steeper than P(s) (10 x 12: 0.120 instead
 * of 0.130 at s = 0.7, 0.975 instead of 0.964 at s = 0.9), differences that the margins below
 * absorb; the single-band check allows SuperMinHash the measured deficit. Set sizes vary from 60 to
 * 800 shingles, the range of most real documents, where SuperMinHash differs most from MinHash.
 */
class BandCollisionTest {
  private static final long SEED = 0x42414e44434f4c4cL;
  private static final double[] SIMILARITIES = {
    0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95
  };
  private static final int TRIALS = 500;

  /**
   * Normal quantile of the assertions: 4 standard errors of a binomial proportion (one-sided 3e-5),
   * reproducible because the seed is fixed.
   */
  private static final double Z = 4.0;

  /**
   * Absolute slack on a candidate rate, on top of the Z binomial standard errors: 0.01. It keeps
   * the check meaningful where P(s) is within a few 1e-3 of 0 or 1 (there the standard error
   * vanishes, while one unlucky pair moves the rate by 1/500), and absorbs part of the departure of
   * SuperMinHash from independence (at most ±0.012 measured, see the class comment; the rest is
   * within the binomial margin). It is far smaller than the effect of a wrong r: P moves by 0.1 to
   * 0.5 on the steep part of the curve.
   */
  private static final double SLACK = 0.01;

  private static final Banding[] BANDINGS = {
    new Banding(20, 5), new Banding(18, 7), new Banding(10, 12), new Banding(42, 3)
  };

  @Test
  void candidateRateMatchesCurveMinHash128() {
    check(SketchScheme.MINHASH, 128, BANDINGS);
  }

  @Test
  void candidateRateMatchesCurveSuperMinHash128() {
    check(SketchScheme.SUPERMINHASH, 128, BANDINGS);
  }

  @Test
  void candidateRateMatchesCurveOph128() {
    check(SketchScheme.OPH, 128, BANDINGS);
  }

  /** k = b·r for one-permutation hashing: bins are not shared between bands and leftovers. */
  @Test
  void candidateRateMatchesCurveOphExactK() {
    check(SketchScheme.OPH, 100, new Banding(20, 5));
    check(SketchScheme.OPH, 126, new Banding(18, 7), new Banding(42, 3));
    check(SketchScheme.OPH, 120, new Banding(10, 12));
  }

  /**
   * k = b·r: every value of the sketch is in a band (the 18 x 7 and 42 x 3 bands share k = 126).
   */
  @Test
  void candidateRateMatchesCurveSuperMinHashExactK() {
    check(SketchScheme.SUPERMINHASH, 100, new Banding(20, 5));
    check(SketchScheme.SUPERMINHASH, 126, new Banding(18, 7), new Banding(42, 3));
    check(SketchScheme.SUPERMINHASH, 120, new Banding(10, 12));
  }

  private static void check(SketchScheme scheme, int hashes, Banding... bandings) {
    SketchParameters parameters = SketchParameters.DEFAULT.withScheme(scheme).withHashes(hashes);
    Sketcher sketcher = new Sketcher(parameters);
    BandHasher[] hashers = new BandHasher[bandings.length];
    long[][] bandsA = new long[bandings.length][];
    long[][] bandsB = new long[bandings.length][];
    for (int q = 0; q < bandings.length; q++) {
      hashers[q] = new BandHasher(bandings[q].checkFits(hashes));
      bandsA[q] = new long[bandings[q].bands()];
      bandsB[q] = new long[bandings[q].bands()];
    }

    // Per banding, pooled over the grid: observed and expected candidate counts and band matches.
    double[] candidates = new double[bandings.length];
    double[] expectedCandidates = new double[bandings.length];
    double[] varianceCandidates = new double[bandings.length];
    double[] bandMatches = new double[bandings.length];
    double[] expectedBandMatches = new double[bandings.length];
    double[] varianceBandMatches = new double[bandings.length];

    System.out.printf(
        Locale.ROOT,
        "%nBand collisions, scheme=%s, k=%d, %d pairs per similarity: observed candidate rate /"
            + " P(s) = 1-(1-s^r)^b%n%5s",
        scheme.parameterValue(),
        hashes,
        TRIALS,
        "s");
    for (Banding banding : bandings) {
      System.out.printf(Locale.ROOT, " %17s", banding.bands() + "x" + banding.rows());
    }
    System.out.println();

    // The same pairs for every scheme and k: the seed depends on the similarity only.
    for (double s : SIMILARITIES) {
      SplittableRandom random = new SplittableRandom(SEED ^ Double.doubleToLongBits(s));
      int[] hits = new int[bandings.length];
      int[] agreeingBands = new int[bandings.length];
      for (int t = 0; t < TRIALS; t++) {
        // Union sizes that are multiples of 20 make every grid similarity exact.
        int union = 20 * (3 + random.nextInt(38));
        long[][] pair = randomPair(random, union, (int) Math.round(s * union));
        if (t == 0) {
          assertEquals(s, Jaccard.exactUnsorted(pair[0], pair[1]), 1e-12);
        }
        Sketch a = sketcher.sketch(pair[0]);
        Sketch b = sketcher.sketch(pair[1]);
        for (int q = 0; q < bandings.length; q++) {
          hashers[q].bandHashes(a, bandsA[q]);
          hashers[q].bandHashes(b, bandsB[q]);
          int agreeing = 0;
          for (int band = 0; band < bandings[q].bands(); band++) {
            if (bandsA[q][band] == bandsB[q][band]) {
              agreeing++;
            }
          }
          agreeingBands[q] += agreeing;
          if (agreeing > 0) {
            hits[q]++;
          }
        }
      }

      System.out.printf(Locale.ROOT, "%5.2f", s);
      for (int q = 0; q < bandings.length; q++) {
        Banding banding = bandings[q];
        double p = banding.candidateProbability(s);
        double observed = (double) hits[q] / TRIALS;
        System.out.printf(Locale.ROOT, "   %6.4f / %6.4f", observed, p);
        double margin = Z * Math.sqrt(p * (1 - p) / TRIALS) + SLACK;
        assertTrue(
            Math.abs(observed - p) <= margin,
            String.format(
                Locale.ROOT,
                "%s k=%d %s at s=%.2f: candidate rate %.4f, P(s) = %.4f, margin %.4f",
                scheme,
                hashes,
                banding,
                s,
                observed,
                p,
                margin));
        candidates[q] += hits[q];
        expectedCandidates[q] += TRIALS * p;
        varianceCandidates[q] += TRIALS * p * (1 - p);
        double perBand = Math.pow(s, banding.rows());
        double bandTrials = (double) TRIALS * banding.bands();
        bandMatches[q] += agreeingBands[q];
        expectedBandMatches[q] += bandTrials * perBand;
        varianceBandMatches[q] += bandTrials * perBand * (1 - perBand);
      }
      System.out.println();
    }

    for (int q = 0; q < bandings.length; q++) {
      Banding banding = bandings[q];
      // Pooled over the grid, the number of candidate pairs has standard deviation
      // sqrt(Σ N·P(1 - P)); a systematic shift of the curve adds up here even when each point is
      // within its own margin. Relative slack 1 % on top, for the same reasons as SLACK.
      double limit = Z * Math.sqrt(varianceCandidates[q]) + 0.01 * expectedCandidates[q];
      // Single bands agree with probability s^r (one band is r values that must all agree). The b
      // bands of a pair are independent for MinHash, so the count's variance is Σ N·b·s^r(1 -
      // s^r); for SuperMinHash it is smaller. Relative slack 1 %, as for the candidates; below
      // the expectation SuperMinHash is allowed its measured deficit for small sets (up to 10 %,
      // see the class comment), but never an excess.
      double bandLimit = Z * Math.sqrt(varianceBandMatches[q]) + 0.01 * expectedBandMatches[q];
      double bandDeficit = scheme == SketchScheme.SUPERMINHASH ? 0.10 : 0;
      double bandLower = expectedBandMatches[q] * (1 - bandDeficit) - bandLimit;
      double bandUpper = expectedBandMatches[q] + bandLimit;
      System.out.printf(
          Locale.ROOT,
          "%s: candidates %.0f vs expected %.1f (limit ±%.1f); agreeing bands %.0f = %.3f x"
              + " expected %.1f (allowed %.1f to %.1f)%n",
          banding,
          candidates[q],
          expectedCandidates[q],
          limit,
          bandMatches[q],
          bandMatches[q] / expectedBandMatches[q],
          expectedBandMatches[q],
          bandLower,
          bandUpper);
      assertTrue(
          Math.abs(candidates[q] - expectedCandidates[q]) <= limit,
          String.format(
              Locale.ROOT,
              "%s k=%d %s: %.0f candidate pairs over the grid, expected %.1f ± %.1f",
              scheme,
              hashes,
              banding,
              candidates[q],
              expectedCandidates[q],
              limit));
      assertTrue(
          bandLower <= bandMatches[q] && bandMatches[q] <= bandUpper,
          String.format(
              Locale.ROOT,
              "%s k=%d %s: %.0f agreeing bands over the grid, expected %.1f, allowed [%.1f, %.1f]",
              scheme,
              hashes,
              banding,
              bandMatches[q],
              expectedBandMatches[q],
              bandLower,
              bandUpper));
    }
  }

  /** Two random sets with the given union and intersection sizes. */
  private static long[][] randomPair(SplittableRandom random, int union, int common) {
    int onlyA = (union - common) / 2;
    int onlyB = union - common - onlyA;
    long[] a = new long[common + onlyA];
    long[] b = new long[common + onlyB];
    for (int i = 0; i < common; i++) {
      long v = random.nextLong();
      a[i] = v;
      b[onlyB + i] = v;
    }
    for (int i = 0; i < onlyA; i++) {
      a[common + i] = random.nextLong();
    }
    for (int i = 0; i < onlyB; i++) {
      b[i] = random.nextLong();
    }
    return new long[][] {a, b};
  }
}
