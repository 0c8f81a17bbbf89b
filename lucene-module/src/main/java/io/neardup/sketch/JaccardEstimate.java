package io.neardup.sketch;

/**
 * An estimate of the Jaccard similarity of two shingle sets from their sketches, with a confidence
 * interval.
 *
 * @param estimate the point estimate in [0, 1]
 * @param lower lower bound of the confidence interval
 * @param upper upper bound of the confidence interval
 * @param matches number of sketch values that agree
 * @param hashes number of sketch values compared (k)
 * @param confidence the confidence level of the bounds, e.g. 0.95
 */
public record JaccardEstimate(
    double estimate, double lower, double upper, int matches, int hashes, double confidence) {

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "%.4f [%.4f, %.4f] (%d of %d values agree, %.0f%% confidence)",
        estimate,
        lower,
        upper,
        matches,
        hashes,
        confidence * 100);
  }
}
