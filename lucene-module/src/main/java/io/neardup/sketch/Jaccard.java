package io.neardup.sketch;

import java.util.Arrays;

/**
 * Jaccard similarity: estimated from two sketches, or computed exactly from two sets of
 * fingerprints.
 *
 * <p>The estimate is the fraction of agreeing values, corrected for the values that agree by
 * accident when fewer than 64 bits are kept: with b bits, unrelated values agree with probability
 * 2<sup>-b</sup>, so the agreement rate is p = J + (1 − J)·2<sup>-b</sup> and J = (p −
 * 2<sup>-b</sup>) / (1 − 2<sup>-b</sup>). The bounds are the Wilson score interval of p, mapped the
 * same way. For classic MinHash the k agreements are independent trials, so the interval is exact
 * up to the normal approximation; SuperMinHash has a smaller variance and its true error is inside
 * the bounds more often than the confidence level says.
 */
public final class Jaccard {
  /** Default confidence level of the bounds. */
  public static final double DEFAULT_CONFIDENCE = 0.95;

  private Jaccard() {}

  /** Estimates the similarity of two sketches with 95 % bounds. */
  public static JaccardEstimate estimate(Sketch a, Sketch b) {
    return estimate(a, b, DEFAULT_CONFIDENCE);
  }

  /**
   * Estimates the similarity of two sketches.
   *
   * @throws IllegalArgumentException if the sketches were made with different parameters
   */
  public static JaccardEstimate estimate(Sketch a, Sketch b, double confidence) {
    if (!a.parameters().equals(b.parameters())) {
      throw new IllegalArgumentException(
          "Incompatible sketches: [" + a.parameters() + "] vs [" + b.parameters() + "]");
    }
    int k = a.size();
    if (a.isEmpty() || b.isEmpty()) {
      return new JaccardEstimate(0, 0, 0, 0, k, confidence);
    }
    long[] x = a.valuesNoCopy();
    long[] y = b.valuesNoCopy();
    int matches = 0;
    for (int i = 0; i < k; i++) {
      if (x[i] == y[i]) {
        matches++;
      }
    }
    return fromMatches(matches, k, a.parameters().bits(), confidence);
  }

  /**
   * The estimate for {@code matches} agreeing values out of {@code hashes}, with values of {@code
   * bits} bits.
   *
   * @param confidence in (0, 1)
   */
  public static JaccardEstimate fromMatches(int matches, int hashes, int bits, double confidence) {
    if (hashes < 1 || matches < 0 || matches > hashes) {
      throw new IllegalArgumentException("matches must be in [0, " + hashes + "], got " + matches);
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
    }
    double p = (double) matches / hashes;
    double z = normalQuantile(0.5 + confidence / 2);
    double z2 = z * z;
    double centre = (p + z2 / (2 * hashes)) / (1 + z2 / hashes);
    double half =
        z / (1 + z2 / hashes) * Math.sqrt(p * (1 - p) / hashes + z2 / (4.0 * hashes * hashes));
    // at the ends the interval touches 0 or 1 exactly; computing centre -/+ half would leave
    // rounding dust
    double lower = matches == 0 ? 0 : Math.max(0, centre - half);
    double upper = matches == hashes ? 1 : Math.min(1, centre + half);
    return new JaccardEstimate(
        correct(p, bits), correct(lower, bits), correct(upper, bits), matches, hashes, confidence);
  }

  /** The smallest number of agreeing values whose estimate reaches {@code threshold}. */
  public static int minMatches(double threshold, int hashes, int bits) {
    double chance = chance(bits);
    double p = threshold * (1 - chance) + chance;
    int m = (int) Math.ceil(p * hashes - 1e-9);
    return Math.max(0, Math.min(hashes, m));
  }

  private static double chance(int bits) {
    return bits >= 64 ? 0 : Math.scalb(1.0, -bits);
  }

  private static double correct(double p, int bits) {
    double chance = chance(bits);
    if (chance == 0) {
      return p;
    }
    return Math.max(0, Math.min(1, (p - chance) / (1 - chance)));
  }

  /**
   * Exact Jaccard similarity of two sets of fingerprints given as sorted arrays of distinct values.
   * Two empty sets have similarity 0 here, consistently with {@link #estimate}.
   */
  public static double exact(long[] sortedA, long[] sortedB) {
    if (sortedA.length == 0 || sortedB.length == 0) {
      return 0;
    }
    int i = 0;
    int j = 0;
    long common = 0;
    while (i < sortedA.length && j < sortedB.length) {
      int c = Long.compare(sortedA[i], sortedB[j]);
      if (c == 0) {
        common++;
        i++;
        j++;
      } else if (c < 0) {
        i++;
      } else {
        j++;
      }
    }
    return (double) common / (sortedA.length + sortedB.length - common);
  }

  /** Exact Jaccard similarity of two sets given as arrays of distinct values in any order. */
  public static double exactUnsorted(long[] a, long[] b) {
    long[] x = a.clone();
    long[] y = b.clone();
    Arrays.sort(x);
    Arrays.sort(y);
    return exact(x, y);
  }

  /**
   * Quantile of the standard normal distribution (Acklam's rational approximation, relative error <
   * 1.2e-9).
   */
  static double normalQuantile(double p) {
    if (p <= 0 || p >= 1) {
      throw new IllegalArgumentException("p must be in (0, 1), got " + p);
    }
    final double[] a = {
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00
    };
    final double[] b = {
      -5.447609879822406e+01,
      1.615858368580409e+02,
      -1.556989798598866e+02,
      6.680131188771972e+01,
      -1.328068155288572e+01
    };
    final double[] c = {
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00
    };
    final double[] d = {
      7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00
    };
    double plow = 0.02425;
    if (p < plow) {
      double q = Math.sqrt(-2 * Math.log(p));
      return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - plow) {
      return -normalQuantile(1 - p);
    }
    double q = p - 0.5;
    double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
        * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
}
