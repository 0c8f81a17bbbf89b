package io.neardup.sketch;

/**
 * Which sketch comparisons are too close to a threshold to decide a pair by: those whose number of
 * agreeing values is in {@code [rejectBelow, acceptFrom)}. A pair whose sketches agree on fewer
 * values is below the threshold, one that agrees on more is above it, each with error probability
 * at most {@link #ERROR} (the binomial tail of the agreement count of a pair exactly at the
 * threshold); in between, only the exact similarity of the two shingle sets decides.
 *
 * <p>The agreement count of a pair of similarity J is binomial with k trials and probability J + (1
 * − J)·2<sup>-b</sup> for classic MinHash; the other MinHash schemes vary less, so the margin is
 * conservative for them. With 128 values of 32 bits at threshold 0.8 it spans agreement counts 77
 * to 123 (estimates 0.60 to 0.96): every candidate of a similarity near the threshold is checked
 * exactly, while the copies that are (nearly) the same text, and the chance collisions of a band,
 * are not.
 *
 * @param rejectBelow agreement counts below this are decided "below the threshold"
 * @param acceptFrom agreement counts from this on are decided "at or above the threshold"
 */
public record ExactMargin(int rejectBelow, int acceptFrom) {
  /** The largest probability that a pair decided by its sketch alone is decided wrongly. */
  public static final double ERROR = 1e-7;

  /**
   * The margin around {@code threshold} for sketches of {@code hashes} values of {@code bits} bits.
   */
  public static ExactMargin of(double threshold, int hashes, int bits) {
    Last last = lastAsked;
    if (last.threshold == threshold && last.hashes == hashes && last.bits == bits) {
      return last.margin;
    }
    ExactMargin margin = compute(threshold, hashes, bits);
    lastAsked = new Last(threshold, hashes, bits, margin);
    return margin;
  }

  // the margin asked last: a batch of lookups or a run asks for the same one many times
  private record Last(double threshold, int hashes, int bits, ExactMargin margin) {}

  private static volatile Last lastAsked = new Last(Double.NaN, 0, 0, null);

  private static ExactMargin compute(double threshold, int hashes, int bits) {
    double chance = bits >= 64 ? 0 : Math.scalb(1.0, -bits);
    double p = threshold + (1 - threshold) * chance;
    double[] pmf = binomial(hashes, p);
    // the fewest agreements that a pair at the threshold reaches with probability above ERROR
    int rejectBelow = 0;
    double below = 0;
    while (rejectBelow < hashes && below + pmf[rejectBelow] <= ERROR) {
      below += pmf[rejectBelow++];
    }
    // the fewest agreements that a pair just below the threshold exceeds with probability <= ERROR
    int acceptFrom = hashes + 1;
    double above = 0;
    while (acceptFrom > 0 && above + pmf[acceptFrom - 1] <= ERROR) {
      above += pmf[--acceptFrom];
    }
    return new ExactMargin(rejectBelow, Math.max(rejectBelow, acceptFrom));
  }

  /** Whether a pair whose sketches agree on {@code matches} values needs the exact similarity. */
  public boolean needsExact(int matches) {
    return matches >= rejectBelow && matches < acceptFrom;
  }

  private static double[] binomial(int n, double p) {
    double[] pmf = new double[n + 1];
    if (p >= 1) {
      pmf[n] = 1;
      return pmf;
    }
    double logP = Math.log(p);
    double logQ = Math.log1p(-p);
    double logChoose = 0;
    for (int m = 0; m <= n; m++) {
      if (m > 0) {
        logChoose += Math.log(n - m + 1) - Math.log(m);
      }
      pmf[m] = Math.exp(logChoose + m * logP + (n - m) * logQ);
    }
    return pmf;
  }
}
