package io.neardup.cli.report;

import io.neardup.cli.report.SCurveChart.Anchor;
import io.neardup.cli.run.PairSimilarities;
import java.util.Locale;

/**
 * The similarities of a run's verified candidate pairs, in bins from a floor below the threshold up
 * to 1: the pairs that reached the threshold and the near misses below it, so a reader sees how
 * many pairs sit close to the decision. Drawn as an SVG bar chart with the threshold marked.
 */
public final class SimilarityHistogram implements PairSimilarities {
  /** How far on each side of the threshold a pair is "worth a look". */
  static final double MARGIN = 0.05;

  /** How far below the threshold near misses are kept. */
  static final double DEPTH = 0.15;

  private static final int WIDTH = 640;
  private static final int HEIGHT = 360;
  private static final int LEFT = 64;
  private static final int RIGHT = 24;
  private static final int TOP = 48;
  private static final int BOTTOM = 56;
  private static final String ABOVE = "#1f77b4";
  private static final String BELOW = "#9ecae1";
  private static final String THRESHOLD = "#d62728";
  private static final String MARGIN_FILL = "#fff1e0";
  private static final String AXIS = "#333333";
  private static final String GRID = "#e0e0e0";

  private final double threshold;
  private final double floor;
  private final double width;
  private final long[] bins;
  private long above;
  private long below;
  private long near;
  private final NearMisses misses = new NearMisses(NearMisses.DEFAULT_KEEP);

  /**
   * @param threshold the run's threshold
   * @param nearMisses whether pairs below the threshold are seen too (then the bins start {@link
   *     #DEPTH} below it)
   */
  public SimilarityHistogram(double threshold, boolean nearMisses) {
    this.threshold = threshold;
    this.floor = nearMisses ? Math.max(0, threshold - DEPTH) : threshold;
    double span = 1 - floor;
    this.width = span >= 0.2 ? 0.01 : span >= 0.05 ? 0.005 : 0.0025;
    this.bins = new long[Math.max(1, (int) Math.ceil(span / width - 1e-9))];
  }

  /** The lowest similarity counted. */
  @Override
  public double floor() {
    return floor;
  }

  /** Counts one verified pair. */
  @Override
  public void add(double similarity) {
    if (similarity < floor) {
      return;
    }
    int bin = (int) ((similarity - floor) / width);
    bins[Math.min(bins.length - 1, Math.max(0, bin))]++;
    if (similarity >= threshold) {
      above++;
    } else {
      below++;
    }
    if (Math.abs(similarity - threshold) <= MARGIN + 1e-12) {
      near++;
    }
  }

  /**
   * Counts a candidate pair below the threshold (as the clusterer hands them over, from one
   * thread), and keeps it among the closest if it is.
   */
  @Override
  public void nearMiss(int a, int b, double similarity) {
    add(similarity);
    if (similarity >= floor && similarity < threshold) {
      misses.add(a, b, similarity);
    }
  }

  /** The near misses closest to the threshold. */
  public NearMisses misses() {
    return misses;
  }

  /** Pairs at or above the threshold. */
  long above() {
    return above;
  }

  /** Near misses counted (below the threshold, at or above the floor). */
  long below() {
    return below;
  }

  /** Pairs within {@link #MARGIN} of the threshold, on either side. */
  long near() {
    return near;
  }

  private double x(double s) {
    return LEFT + (s - floor) / (1 - floor) * (WIDTH - LEFT - RIGHT);
  }

  /** The chart as an inline SVG element. */
  String svg() {
    long max = 1;
    for (long b : bins) {
      max = Math.max(max, b);
    }
    double top = niceCeiling(max);
    SCurveChart.SvgCanvas c = new SCurveChart.SvgCanvas(WIDTH, HEIGHT, "histogram");
    c.background("#ffffff");
    double plotHeight = HEIGHT - TOP - BOTTOM;
    for (int i = 0; i <= 5; i++) {
      double y = HEIGHT - BOTTOM - i / 5.0 * plotHeight;
      c.line(LEFT, y, WIDTH - RIGHT, y, GRID, 1, false);
      c.text(
          LEFT - 8, y + 4, String.format(Locale.ROOT, "%,.0f", top * i / 5), 12, Anchor.END, AXIS);
    }
    double lo = Math.max(floor, threshold - MARGIN);
    double hi = Math.min(1, threshold + MARGIN);
    c.rect(x(lo), TOP, x(hi) - x(lo), plotHeight, MARGIN_FILL, "margin");
    for (int i = 0; i < bins.length; i++) {
      if (bins[i] == 0) {
        continue;
      }
      double from = floor + i * width;
      double h = bins[i] / top * plotHeight;
      c.rect(
          x(from) + 0.5,
          HEIGHT - BOTTOM - h,
          Math.max(1, x(Math.min(1, from + width)) - x(from) - 1),
          h,
          from + width / 2 >= threshold ? ABOVE : BELOW,
          "bar");
    }
    c.line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, AXIS, 1.5, false);
    double step = 1 - floor > 0.3 ? 0.1 : 1 - floor > 0.1 ? 0.05 : 0.01;
    for (long i = (long) Math.ceil(floor / step - 1e-9); i * step <= 1 + 1e-9; i++) {
      double s = i * step;
      c.line(x(s), HEIGHT - BOTTOM, x(s), HEIGHT - BOTTOM + 4, AXIS, 1, false);
      c.text(
          x(s),
          HEIGHT - BOTTOM + 18,
          String.format(Locale.ROOT, "%.2f", s),
          12,
          Anchor.MIDDLE,
          AXIS);
    }
    c.line(x(threshold), TOP, x(threshold), HEIGHT - BOTTOM, THRESHOLD, 1.5, true);
    c.text(
        x(threshold) + 4,
        TOP + 14,
        String.format(Locale.ROOT, "t = %s", SCurveChart.shortNumber(threshold)),
        12,
        Anchor.START,
        THRESHOLD);
    c.text(
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 14,
        "similarity of the pair",
        13,
        Anchor.MIDDLE,
        AXIS);
    c.text(
        (LEFT + WIDTH - RIGHT) / 2.0,
        24,
        String.format(
            Locale.ROOT,
            "%,d pairs at or above t, %,d below (from %.2f); %,d within ±%.2f of t",
            above,
            below,
            floor,
            near,
            MARGIN),
        13,
        Anchor.MIDDLE,
        AXIS);
    return c.fragment();
  }

  /** 1, 2 or 5 times a power of ten, at least {@code v}. */
  private static double niceCeiling(long v) {
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }
}
