package io.neardup.lsh;

import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;

/**
 * Locality-sensitive hashing by banding: the first b·r sketch values are cut into b bands of r
 * rows; two documents become a candidate pair when all r values of at least one band agree. For a
 * pair of Jaccard similarity s the probability of that is P(s) = 1 − (1 −
 * s<sup>r</sup>)<sup>b</sup>, an S-curve that is steepest near (1/b)<sup>1/r</sup> (Leskovec,
 * Rajaraman and Ullman, <i>Mining of Massive Datasets</i>, ch. 3.4).
 *
 * <p>The formula assumes the k values agree independently, which holds for classic MinHash.
 * SuperMinHash values are negatively correlated for sets of up to a few times k shingles, so whole
 * bands agree somewhat less often than s<sup>r</sup> there: the measured curve is slightly steeper
 * than P(s) (for 10 × 12 bands, 0.975 instead of 0.964 at s = 0.9 and 0.120 instead of 0.130 at s =
 * 0.7 on sets of 60–200 shingles), which helps both recall above the threshold and false candidates
 * below it. For larger sets the two agree within 1 %.
 *
 * <p>Worked example (20 bands of 5 rows, 100 values): a pair at s = 0.8 agrees on one band with
 * probability 0.8<sup>5</sup> = 0.328 and is missed with probability (1 − 0.328)<sup>20</sup> =
 * 0.00035; a pair at s = 0.4 agrees on a band with probability 0.01024 and becomes a candidate with
 * probability 1 − 0.81395 = 0.186.
 *
 * @param bands number of bands b, at least 1
 * @param rows rows (values) per band r, at least 1
 */
public record Banding(int bands, int rows) {
  /** Default threshold. */
  public static final double DEFAULT_THRESHOLD = 0.8;

  /**
   * The candidate probability that {@link #forThreshold} guarantees at the threshold itself: 95 %,
   * which puts pairs a few points above the threshold at 99.9 % and more.
   */
  public static final double DEFAULT_RECALL_AT_THRESHOLD = 0.95;

  public Banding {
    if (bands < 1) {
      throw new ParameterException(Parameter.BANDS, "at least 1", bands);
    }
    if (rows < 1) {
      throw new ParameterException(Parameter.ROWS, "at least 1", rows);
    }
  }

  /**
   * Checks that the bands fit in a sketch of {@code hashes} values.
   *
   * @throws ParameterException naming bands and rows if b·r &gt; k
   */
  public Banding checkFits(int hashes) {
    if ((long) bands * rows > hashes) {
      throw new ParameterException(
          Parameter.BANDS,
          "such that bands * rows <= hashes (" + hashes + ")",
          bands + " (rows=" + rows + ", bands * rows=" + ((long) bands * rows) + ")");
    }
    return this;
  }

  /** Number of sketch values the bands use (b·r). */
  public int valuesUsed() {
    return bands * rows;
  }

  /**
   * P(s) = 1 − (1 − s<sup>r</sup>)<sup>b</sup>: the probability that a pair of similarity s shares
   * a band.
   */
  public double candidateProbability(double similarity) {
    if (similarity <= 0) {
      return 0;
    }
    if (similarity >= 1) {
      return 1;
    }
    double perBand = Math.pow(similarity, rows);
    // 1 - (1 - x)^b computed without cancellation for small x
    return -Math.expm1(bands * Math.log1p(-perBand));
  }

  /** Probability that a pair of similarity s is missed: (1 − s<sup>r</sup>)<sup>b</sup>. */
  public double missProbability(double similarity) {
    return 1 - candidateProbability(similarity);
  }

  /** The similarity where P(s) rises most steeply, about (1/b)<sup>1/r</sup>. */
  public double inflection() {
    return Math.pow(1.0 / bands, 1.0 / rows);
  }

  /**
   * Expected false-negative rate above a threshold: the mean miss probability over similarities in
   * [t, 1], that is the share of near-duplicate pairs never proposed as candidates when their
   * similarities are spread evenly above t.
   */
  public double falseNegativeRate(double threshold) {
    checkThreshold(threshold);
    if (threshold >= 1) {
      return 0;
    }
    return integrate(this::missProbability, threshold, 1) / (1 - threshold);
  }

  /**
   * Expected false-positive rate below a threshold: the mean candidate probability over
   * similarities in [0, t), that is the share of dissimilar pairs that still have to be verified
   * when their similarities are spread evenly below t. Verification removes them from results; this
   * is a cost, not an error.
   */
  public double falsePositiveRate(double threshold) {
    checkThreshold(threshold);
    return integrate(this::candidateProbability, 0, threshold) / threshold;
  }

  /**
   * Chooses bands and rows for a threshold, favouring recall at and above it: among all r with b =
   * ⌊k/r⌋ (as many bands as fit, which maximises recall for that r), the largest r whose P(t) is at
   * least {@link #DEFAULT_RECALL_AT_THRESHOLD}; larger r means fewer false candidates.
   *
   * <p>For k = 128: t = 0.8 gives 18 bands × 7 rows (P(0.8) = 0.985, P(0.85) = 0.999); t = 0.9
   * gives 10 × 12; t = 0.5 gives 42 × 3.
   */
  public static Banding forThreshold(double threshold, int hashes) {
    return forThreshold(threshold, hashes, DEFAULT_RECALL_AT_THRESHOLD);
  }

  /**
   * As {@link #forThreshold(double, int)}, with the required candidate probability at the
   * threshold.
   */
  public static Banding forThreshold(double threshold, int hashes, double recallAtThreshold) {
    checkThreshold(threshold);
    if (hashes < 1) {
      throw new ParameterException(Parameter.HASHES, "at least 1", hashes);
    }
    Banding best = new Banding(hashes, 1);
    for (int r = 2; r <= hashes; r++) {
      Banding candidate = new Banding(hashes / r, r);
      if (candidate.candidateProbability(threshold) >= recallAtThreshold) {
        best = candidate;
      }
    }
    return best;
  }

  /** Checks a threshold is in (0, 1]. */
  public static double checkThreshold(double threshold) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new ParameterException(Parameter.THRESHOLD, "in (0, 1]", threshold);
    }
    return threshold;
  }

  private interface Curve {
    double at(double s);
  }

  /** Composite Simpson's rule; the curves are smooth, 2 000 panels are far more than enough. */
  private static double integrate(Curve f, double from, double to) {
    int n = 2000;
    double h = (to - from) / n;
    double sum = f.at(from) + f.at(to);
    for (int i = 1; i < n; i++) {
      sum += f.at(from + i * h) * ((i & 1) == 1 ? 4 : 2);
    }
    return sum * h / 3;
  }

  @Override
  public String toString() {
    return bands + " bands x " + rows + " rows";
  }
}
