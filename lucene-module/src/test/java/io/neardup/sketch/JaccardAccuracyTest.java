package io.neardup.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Accuracy of {@link Jaccard#estimate} against the exact Jaccard similarity, over many pairs of
 * random sets whose similarity is known by construction, for set sizes from 1 to 100 000 shingles.
 *
 * <p>The reference is the error of classic MinHash: with k independent values each agreeing with
 * probability J, the estimate is Binomial(k, J)/k with standard deviation σ = sqrt(J(1 − J)/k).
 * SuperMinHash must do at least as well (Ertl 2017 shows its variance never exceeds MinHash's).
 * With b &lt; 64 bits, unrelated values also agree by chance c = 2<sup>-b</sup>, so the agreement
 * rate is p = J + (1 − J)c and the corrected estimate (p̂ − c)/(1 − c) has standard deviation
 * σ<sub>b</sub> = sqrt(p(1 − p)/k)/(1 − c); that is the bound at 8 bits (1.02 σ at J = 0.1, 1.00 σ
 * from J = 0.5 on). At 32 bits c = 2.3e-10 and the two bounds are the same number.
 *
 * <p>The pairs of a cell (size, J) are drawn from a seed that depends only on the cell, so every
 * scheme and bit width sees the same pairs, and the b-bit estimates can be compared pair by pair
 * with the 64-bit ones: that paired difference isolates the b-bit correction from the estimation
 * error, which is far larger.
 */
class JaccardAccuracyTest {
  private static final int K = 128;
  private static final long SEED = 0x4a41434341524431L;
  private static final int[] SIZES = {1, 10, 100, 1_000, 10_000, 100_000};
  private static final double[] TARGETS = {0.1, 0.3, 0.5, 0.8, 0.9, 0.95};
  private static final int[] BITS = {64, 32, 8};

  /**
   * Normal quantile of every statistical assertion: 4 standard deviations (one-sided 3e-5). The
   * seeds are fixed, so a pass is reproducible; the margin is wide enough that another seed would
   * not fail a correct library, and narrow enough that a wrong k, a missing or doubled b-bit
   * correction, or an estimator with half the effective number of values fails the pooled checks by
   * many standard deviations.
   */
  private static final double Z = 4.0;

  /**
   * Pairs per (size, J) cell. MinHash costs O(n·k) per sketch (27 ms for 100 000 shingles),
   * SuperMinHash O(n + k log² k), so MinHash gets fewer pairs at the large sizes to keep the class
   * under ~20 s. The tolerance of a cell widens with fewer pairs (see {@link #chiSquareUpper}); the
   * checks pooled over J and over sizes carry the precision.
   */
  private static int pairsFor(SketchScheme scheme, int size) {
    return switch (size) {
      case 1 -> 50;
      case 10, 100 -> 400;
      case 1_000 -> 200;
      case 10_000 -> scheme == SketchScheme.MINHASH ? 30 : 100;
      default -> scheme == SketchScheme.MINHASH ? 5 : 40;
    };
  }

  /** A (size, J) cell: the union has {@code size} elements, {@code common} in both sets. */
  private record Cell(int size, int common) {
    double jaccard() {
      return (double) common / size;
    }
  }

  /**
   * The cells of one size: each target J whose intersection J·n is a whole number; for one-shingle
   * sets only J = 1 (the other possibility, J = 0, is in {@link #identicalAndDisjointSets}).
   */
  private static List<Cell> cells(int size) {
    List<Cell> cells = new ArrayList<>();
    if (size == 1) {
      cells.add(new Cell(1, 1));
      return cells;
    }
    for (double target : TARGETS) {
      double m = target * size;
      if (Math.abs(m - Math.rint(m)) < 1e-9 && m >= 1) {
        cells.add(new Cell(size, (int) Math.rint(m)));
      }
    }
    return cells;
  }

  /** Error statistics of one cell at one bit width. */
  private static final class Stats {
    int pairs;
    double sumErr;
    double sumSqErr;
    int covered;
    // Sum of (b-bit estimate - 64-bit estimate) over the pairs, and of its conditional variance.
    double sumDiff;
    double sumDiffVar;
  }

  /** Sums over cells of one bit width, for the checks pooled over J or over all cells. */
  private static final class Pool {
    double sumSq;
    double sumVar;
    double sumVarOfSq;
    int covered;
    int pairs;
    double expectedCovered;
    double sumDiff;
    double sumDiffVar;

    void add(Stats s, double sigma2, double gamma, double expectedCoverage) {
      sumSq += s.sumSqErr;
      sumVar += s.pairs * sigma2;
      sumVarOfSq += s.pairs * (2 + gamma) * sigma2 * sigma2;
      covered += s.covered;
      pairs += s.pairs;
      expectedCovered += s.pairs * expectedCoverage;
      sumDiff += s.sumDiff;
      sumDiffVar += s.sumDiffVar;
    }

    /**
     * Sum of squared errors over the sum of their bound variances. Its expectation is at most 1. A
     * squared error of variance σ² has variance (2 + γ)σ⁴, γ the excess kurtosis, so the ratio has
     * standard deviation sqrt(Σ(2 + γ)σ⁴)/Σσ², and the allowed value is 1 + Z such deviations.
     */
    void checkMse(String where) {
      double ratio = sumSq / sumVar;
      double limit = 1 + Z * Math.sqrt(sumVarOfSq) / sumVar;
      assertTrue(
          ratio <= limit,
          String.format(
              Locale.ROOT, "%s: pooled MSE/bound² %.4f exceeds %.4f", where, ratio, limit));
    }
  }

  @ParameterizedTest
  // SimHash estimates no Jaccard similarity: its fingerprints are compared by Hamming distance
  @EnumSource(value = SketchScheme.class, mode = EnumSource.Mode.EXCLUDE, names = "SIMHASH")
  void rmseWithinClassicBound(SketchScheme scheme) {
    Sketcher[] sketchers = new Sketcher[BITS.length];
    for (int i = 0; i < BITS.length; i++) {
      SketchParameters parameters =
          SketchParameters.DEFAULT.withScheme(scheme).withBits(BITS[i]).withHashes(K);
      sketchers[i] = new Sketcher(parameters);
    }
    Pool[] all = newPools();

    System.out.printf(
        Locale.ROOT,
        "%nJaccard estimate accuracy, scheme=%s, k=%d: RMSE and mean error (bias) over N pairs,"
            + " bound = sqrt(p(1-p)/k)/(1-c), tol = allowed rmse/bound,"
            + " cover = Wilson 95%% coverage, expCov = its exact value for MinHash%n",
        scheme.parameterValue(),
        K);
    System.out.printf(
        Locale.ROOT,
        "%8s %5s %4s %4s %8s %8s %6s %6s %9s %6s %6s%n",
        "size",
        "J",
        "bits",
        "N",
        "rmse",
        "bound",
        "ratio",
        "tol",
        "bias",
        "cover",
        "expCov");

    for (int size : SIZES) {
      int pairs = pairsFor(scheme, size);
      Pool[] ofSize = newPools();
      for (Cell cell : cells(size)) {
        Stats[] stats = measure(sketchers, cell, pairs);
        double j = cell.jaccard();
        for (int i = 0; i < BITS.length; i++) {
          Stats s = stats[i];
          int bits = BITS[i];
          double sigma2 = boundVariance(j, bits);
          double gamma = excessKurtosis(agreement(j, bits));
          double rmse = Math.sqrt(s.sumSqErr / s.pairs);
          double bias = s.sumErr / s.pairs;
          double expectedCoverage = expectedMinHashCoverage(j, bits);
          String where =
              String.format(Locale.ROOT, "%s size=%d J=%.2f bits=%d", scheme, size, j, bits);
          double tolerance = 0;
          if (sigma2 == 0) {
            // J = 1: identical sets have identical sketches, whatever the scheme and width.
            assertEquals(0, s.sumSqErr, 0, where + ": identical sets must estimate exactly 1");
          } else {
            // N·MSE/σ² is a sum of N squared errors; for normal errors it is χ²_N. The binomial's
            // excess kurtosis γ widens its spread, which a χ²_ν with ν = 2N/(2 + γ) matches. The
            // upper Z-quantile of χ²_ν/ν is the allowed MSE/σ², its root the RMSE tolerance: 1.14
            // for 400 pairs, 1.55 for 30, 2.4 for 5.
            double nu = 2.0 * s.pairs / (2 + gamma);
            tolerance = Math.sqrt(chiSquareUpper(nu, Z) / nu);
            assertTrue(
                rmse <= Math.sqrt(sigma2) * tolerance,
                String.format(
                    Locale.ROOT,
                    "%s: RMSE %.5f exceeds bound %.5f x tolerance %.3f",
                    where,
                    rmse,
                    Math.sqrt(sigma2),
                    tolerance));
            // The mean error of an unbiased estimator has a standard error of at most σ/sqrt(N).
            double biasLimit = Z * Math.sqrt(sigma2 / s.pairs);
            assertTrue(
                Math.abs(bias) <= biasLimit,
                String.format(Locale.ROOT, "%s: bias %.5f beyond %.5f", where, bias, biasLimit));
            ofSize[i].add(s, sigma2, gamma, expectedCoverage);
            all[i].add(s, sigma2, gamma, expectedCoverage);
          }
          System.out.printf(
              Locale.ROOT,
              "%8d %5.2f %4d %4d %8.5f %8.5f %6.3f %6.3f %+9.5f %6.3f %6.3f%n",
              size,
              j,
              bits,
              s.pairs,
              rmse,
              Math.sqrt(sigma2),
              sigma2 == 0 ? 0 : rmse / Math.sqrt(sigma2),
              tolerance,
              bias,
              (double) s.covered / s.pairs,
              expectedCoverage);
        }
      }
      for (int i = 0; i < BITS.length; i++) {
        if (ofSize[i].pairs > 0) {
          ofSize[i].checkMse(scheme + " size=" + size + " bits=" + BITS[i]);
        }
      }
    }

    System.out.printf(
        Locale.ROOT,
        "pooled over all sizes and J in (0, 1), scheme=%s:%n",
        scheme.parameterValue());
    for (int i = 0; i < BITS.length; i++) {
      int bits = BITS[i];
      Pool pool = all[i];
      double coverage = (double) pool.covered / pool.pairs;
      double expectedCoverage = pool.expectedCovered / pool.pairs;
      System.out.printf(
          Locale.ROOT,
          "  bits=%2d pairs=%5d RMSE/bound=%.3f (limit %.3f)"
              + " coverage=%.4f (MinHash binomial expectation %.4f)",
          bits,
          pool.pairs,
          Math.sqrt(pool.sumSq / pool.sumVar),
          Math.sqrt(1 + Z * Math.sqrt(pool.sumVarOfSq) / pool.sumVar),
          coverage,
          expectedCoverage);
      pool.checkMse(scheme + " bits=" + bits);

      // The 95 % Wilson interval must cover the true J in at least 93 % of the pairs. For MinHash
      // the agreements are independent trials, and the exact binomial coverage of the interval at
      // k = 128 is 94.6 % to 96.2 % for these J (column expCov), so 93 % leaves room for the
      // sampling error of the count (0.3 % with ~6 000 pairs). SuperMinHash has the smaller
      // variance, so its coverage can only be higher.
      assertTrue(
          coverage >= 0.93,
          String.format(
              Locale.ROOT, "%s bits=%d: Wilson coverage %.4f < 0.93", scheme, bits, coverage));
      if (scheme == SketchScheme.MINHASH) {
        // Sharper for MinHash: within Z standard errors of the exact binomial expectation.
        double se = Math.sqrt(expectedCoverage * (1 - expectedCoverage) / pool.pairs);
        assertTrue(
            coverage >= expectedCoverage - Z * se,
            String.format(
                Locale.ROOT,
                "MINHASH bits=%d: Wilson coverage %.4f below binomial expectation %.4f - %.0f se",
                bits,
                coverage,
                expectedCoverage,
                Z));
      }

      if (bits < 64) {
        // The b-bit correction must be unbiased. Paired with the 64-bit estimate of the same pair,
        // the b-bit values agree wherever the 64-bit ones do, and elsewhere by accident with
        // probability c; the correction (p - c)/(1 - c) makes the expected difference exactly 0
        // given the 64-bit matches. The limit is Z standard errors of the mean difference, from
        // that conditional variance (at 32 bits accidents are too rare to estimate it from the
        // sample). Without the correction the mean would be about (1 - J)c: 0.0016 averaged over
        // these J at 8 bits, some 30 standard errors.
        double meanDiff = pool.sumDiff / pool.pairs;
        double limitDiff = Z * Math.sqrt(pool.sumDiffVar) / pool.pairs;
        System.out.printf(
            Locale.ROOT, " mean(est%d - est64)=%+.2e (limit %.2e)", bits, meanDiff, limitDiff);
        assertTrue(
            Math.abs(meanDiff) <= limitDiff,
            String.format(
                Locale.ROOT,
                "%s bits=%d: corrected estimate is biased against 64 bits by %.6f (limit %.6f)",
                scheme,
                bits,
                meanDiff,
                limitDiff));
      }
      System.out.println();
    }
  }

  /** Identical sets estimate exactly 1, disjoint sets 0 (up to accidental agreement at 8 bits). */
  @Test
  void identicalAndDisjointSets() {
    SplittableRandom random = new SplittableRandom(SEED);
    for (SketchScheme scheme : SketchScheme.values()) {
      if (scheme.isSimHash()) {
        continue;
      }
      for (int bits : BITS) {
        Sketcher sketcher =
            new Sketcher(SketchParameters.DEFAULT.withScheme(scheme).withBits(bits).withHashes(K));
        String where = scheme + " bits=" + bits;
        double sumDisjoint = 0;
        int disjointPairs = 0;
        for (int size : new int[] {1, 2, 10, 1_000}) {
          for (int p = 0; p < 50; p++) {
            long[] a = randomLongs(random, size);
            long[] b = randomLongs(random, size);
            JaccardEstimate same = Jaccard.estimate(sketcher.sketch(a), sketcher.sketch(a.clone()));
            assertEquals(1.0, same.estimate(), 0.0, where + " identical, size " + size);
            assertEquals(1.0, same.upper(), 0.0, where + " identical, size " + size);
            JaccardEstimate disjoint = Jaccard.estimate(sketcher.sketch(a), sketcher.sketch(b));
            if (bits >= 32) {
              // Accidental agreement has probability 2^-32 per value: not expected once here.
              assertEquals(0.0, disjoint.estimate(), 0.0, where + " disjoint, size " + size);
              // The Wilson lower bound of 0 matches is exactly 0.
              assertEquals(0.0, disjoint.lower(), 0.0, where + " disjoint, size " + size);
            }
            sumDisjoint += disjoint.estimate();
            disjointPairs++;
          }
        }
        if (bits == 8) {
          // Unrelated 8-bit values agree with probability c = 1/256; after the correction, clipped
          // at 0, a disjoint pair estimates 0.0024 on average (exact binomial), with a standard
          // deviation sqrt(c(1 - c)/k)/(1 - c) = 0.0055 per pair. That standard deviation is the
          // limit for the mean of these 200 pairs (whose own standard error is 0.0003): it catches
          // a gross error such as an uncorrected 8-bit estimate read as 64 bits; the sharp check of
          // the correction is the paired one in rmseWithinClassicBound.
          double mean = sumDisjoint / disjointPairs;
          assertTrue(mean <= 0.0055, where + ": mean estimate of disjoint sets " + mean);
        }
      }
    }
  }

  /** Sketches {@code pairs} random pairs of a cell at every bit width. */
  private static Stats[] measure(Sketcher[] sketchers, Cell cell, int pairs) {
    double j = cell.jaccard();
    Stats[] stats = new Stats[BITS.length];
    for (int i = 0; i < BITS.length; i++) {
      stats[i] = new Stats();
    }
    SplittableRandom random =
        new SplittableRandom(SEED ^ (cell.size() * 0x9E3779B97F4A7C15L) ^ cell.common());
    for (int p = 0; p < pairs; p++) {
      long[][] pair = randomPair(random, cell);
      if (p == 0) {
        // The construction gives the similarity; check it once per cell, and Jaccard.exact too.
        assertEquals(j, Jaccard.exactUnsorted(pair[0], pair[1]), 1e-12, "exact J of " + cell);
      }
      double estimate64 = Double.NaN;
      for (int i = 0; i < BITS.length; i++) {
        JaccardEstimate e =
            Jaccard.estimate(sketchers[i].sketch(pair[0]), sketchers[i].sketch(pair[1]));
        double err = e.estimate() - j;
        Stats s = stats[i];
        s.pairs++;
        s.sumErr += err;
        s.sumSqErr += err * err;
        if (e.lower() <= j && j <= e.upper()) {
          s.covered++;
        }
        if (BITS[i] == 64) {
          estimate64 = e.estimate();
        } else {
          s.sumDiff += e.estimate() - estimate64;
          s.sumDiffVar += pairedDifferenceVariance(estimate64, BITS[i]);
        }
      }
    }
    return stats;
  }

  private static Pool[] newPools() {
    Pool[] pools = new Pool[BITS.length];
    for (int i = 0; i < BITS.length; i++) {
      pools[i] = new Pool();
    }
    return pools;
  }

  /**
   * A pair of random sets with union {@code cell.size()} and intersection {@code cell.common()};
   * the elements of only one set are split between the two as evenly as possible. The shared
   * elements come first in one set and last in the other, so an order-dependent sketch would show
   * up as error.
   */
  private static long[][] randomPair(SplittableRandom random, Cell cell) {
    int common = cell.common();
    int onlyA = (cell.size() - common) / 2;
    int onlyB = cell.size() - common - onlyA;
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

  private static long[] randomLongs(SplittableRandom random, int n) {
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextLong();
    }
    return values;
  }

  /** Chance that two unrelated values of {@code bits} bits agree. */
  private static double chance(int bits) {
    return bits >= 64 ? 0 : Math.scalb(1.0, -bits);
  }

  /** Per-value agreement probability p = J + (1 − J)c. */
  private static double agreement(double j, int bits) {
    double c = chance(bits);
    return j + (1 - j) * c;
  }

  /** Variance of the corrected MinHash estimate, p(1 − p)/k/(1 − c)²: J(1 − J)/k when c = 0. */
  private static double boundVariance(double j, int bits) {
    double p = agreement(j, bits);
    double c = chance(bits);
    return p * (1 - p) / K / ((1 - c) * (1 - c));
  }

  /**
   * Variance of (b-bit estimate − 64-bit estimate) given the 64-bit estimate of the same pair: each
   * of the k − m values that differ at 64 bits agrees at b bits with probability c, and the
   * correction divides by 1 − c.
   */
  private static double pairedDifferenceVariance(double estimate64, int bits) {
    double c = chance(bits);
    double differing = (1 - estimate64) * K;
    return differing * c * (1 - c) / ((double) K * K) / ((1 - c) * (1 - c));
  }

  /** Excess kurtosis of Binomial(k, p). */
  private static double excessKurtosis(double p) {
    double pq = p * (1 - p);
    return pq == 0 ? 0 : (1 - 6 * pq) / (K * pq);
  }

  /** Upper z-quantile of χ²_ν (Wilson–Hilferty approximation, within a few % for ν ≥ 3). */
  static double chiSquareUpper(double nu, double z) {
    double a = 2 / (9 * nu);
    double t = 1 - a + z * Math.sqrt(a);
    return nu * t * t * t;
  }

  /**
   * Exact coverage of the Wilson interval for classic MinHash: the probability, over matches ~
   * Binomial(k, p), that the interval of {@link Jaccard#fromMatches} contains J.
   */
  private static double expectedMinHashCoverage(double j, int bits) {
    double p = agreement(j, bits);
    double coverage = 0;
    for (int m = 0; m <= K; m++) {
      JaccardEstimate e = Jaccard.fromMatches(m, K, bits, Jaccard.DEFAULT_CONFIDENCE);
      if (e.lower() <= j && j <= e.upper()) {
        coverage += binomialPmf(K, m, p);
      }
    }
    return coverage;
  }

  private static double binomialPmf(int n, int m, double p) {
    if (p == 0) {
      return m == 0 ? 1 : 0;
    }
    if (p == 1) {
      return m == n ? 1 : 0;
    }
    double logChoose = 0;
    for (int i = 1; i <= m; i++) {
      logChoose += Math.log((double) (n - m + i) / i);
    }
    return Math.exp(logChoose + m * Math.log(p) + (n - m) * Math.log1p(-p));
  }
}
