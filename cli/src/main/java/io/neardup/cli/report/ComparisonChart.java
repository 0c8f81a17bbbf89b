package io.neardup.cli.report;

import io.neardup.cli.eval.MethodScores;
import io.neardup.cli.report.SCurveChart.Anchor;
import java.util.List;
import java.util.Locale;

/** Precision, recall and F1 of each method of a comparison, as grouped bars (SVG). */
public final class ComparisonChart {
  private static final int WIDTH = 760;
  private static final int HEIGHT = 420;
  private static final int LEFT = 56;
  private static final int RIGHT = 16;
  private static final int TOP = 64;
  private static final int BOTTOM = 56;
  private static final String[] COLORS = {"#1f77b4", "#ff7f0e", "#2ca02c"};
  private static final String[] SERIES = {"precision", "recall", "F1"};
  private static final String AXIS = "#333333";
  private static final String GRID = "#e0e0e0";

  private final String title;
  private final List<MethodScores> rows;

  public ComparisonChart(String title, List<MethodScores> rows) {
    this.title = title;
    this.rows = rows;
  }

  private static double y(double v) {
    return HEIGHT - BOTTOM - v * (HEIGHT - TOP - BOTTOM);
  }

  /** The chart as an SVG document. */
  public String svg() {
    SCurveChart.SvgCanvas c = new SCurveChart.SvgCanvas(WIDTH, HEIGHT);
    draw(c);
    return c.finish();
  }

  /** The chart as an SVG element to put inside an HTML page. */
  String svgElement(String id) {
    SCurveChart.SvgCanvas c = new SCurveChart.SvgCanvas(WIDTH, HEIGHT, id);
    draw(c);
    return c.fragment();
  }

  private void draw(SCurveChart.SvgCanvas c) {
    c.background("#ffffff");
    for (int i = 0; i <= 10; i++) {
      double v = i / 10.0;
      c.line(LEFT, y(v), WIDTH - RIGHT, y(v), GRID, 1, false);
      c.text(LEFT - 8, y(v) + 4, String.format(Locale.ROOT, "%.1f", v), 12, Anchor.END, AXIS);
    }
    c.line(LEFT, y(0), WIDTH - RIGHT, y(0), AXIS, 1.5, false);
    c.text(WIDTH / 2.0, 22, title, 14, Anchor.MIDDLE, AXIS);
    for (int s = 0; s < SERIES.length; s++) {
      double x = LEFT + 12 + s * 110;
      c.line(x, 42, x + 18, 42, COLORS[s], 10, false);
      c.text(x + 24, 46, SERIES[s], 12, Anchor.START, AXIS);
    }
    double slot = (WIDTH - LEFT - RIGHT) / (double) Math.max(1, rows.size());
    double bar = Math.min(18, slot / 4);
    for (int m = 0; m < rows.size(); m++) {
      MethodScores r = rows.get(m);
      double[] values = {r.pairs().precision(), r.pairs().recall(), r.pairs().f1()};
      double center = LEFT + slot * (m + 0.5);
      for (int s = 0; s < values.length; s++) {
        double x = center + (s - 1) * bar * 1.1;
        double v = Double.isNaN(values[s]) ? 0 : values[s];
        c.rect(x - bar / 2, y(v), bar, y(0) - y(v), COLORS[s], "bar");
      }
      c.text(center, HEIGHT - BOTTOM + 18, r.method().toString(), 12, Anchor.MIDDLE, AXIS);
    }
  }
}
