package io.neardup.cli.report;

import io.neardup.cli.output.ResultFiles;
import io.neardup.lsh.Banding;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The S-curve P(s) = 1 − (1 − s<sup>r</sup>)<sup>b</sup> of a banding as a chart, with the
 * threshold marked: SVG written by hand, or PNG drawn with Java2D. Both go through one drawing
 * routine over a small {@link Canvas}, so they show the same thing.
 */
public final class SCurveChart {
  static final int WIDTH = 640;
  static final int HEIGHT = 420;
  private static final int LEFT = 64;
  private static final int RIGHT = 24;
  private static final int TOP = 48;
  private static final int BOTTOM = 56;
  private static final int SAMPLES = 200;

  private static final String CURVE = "#1f77b4";
  private static final String THRESHOLD = "#d62728";
  private static final String GRID = "#e0e0e0";
  private static final String AXIS = "#333333";

  private final Banding banding;
  private final double threshold;

  public SCurveChart(Banding banding, double threshold) {
    this.banding = banding;
    this.threshold = threshold;
  }

  /** Writes the chart as PNG if the file name ends with {@code .png}, else as SVG. */
  public void write(Path file) {
    if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
      ResultFiles.writeBytes(file, this::writePng);
    } else {
      ResultFiles.writeFile(file, w -> w.write(svg()));
    }
  }

  /** The chart as an SVG document. */
  String svg() {
    SvgCanvas canvas = new SvgCanvas();
    draw(canvas);
    return canvas.finish();
  }

  /** The chart as an SVG element to put inside an HTML page. */
  String svgElement(String id) {
    SvgCanvas canvas = new SvgCanvas(WIDTH, HEIGHT, id);
    draw(canvas);
    return canvas.fragment();
  }

  /** Writes the chart as PNG. */
  void writePng(OutputStream out) throws IOException {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
      draw(new Java2dCanvas(g));
    } finally {
      g.dispose();
    }
    if (!ImageIO.write(image, "png", out)) {
      throw new IOException("no PNG writer available");
    }
  }

  private double x(double s) {
    return LEFT + s * (WIDTH - LEFT - RIGHT);
  }

  private double y(double p) {
    return HEIGHT - BOTTOM - p * (HEIGHT - TOP - BOTTOM);
  }

  private void draw(Canvas c) {
    c.background("#ffffff");
    for (int i = 0; i <= 10; i++) {
      double v = i / 10.0;
      c.line(x(v), y(0), x(v), y(1), GRID, 1, false);
      c.line(x(0), y(v), x(1), y(v), GRID, 1, false);
      String label = String.format(Locale.ROOT, "%.1f", v);
      c.text(x(v), y(0) + 18, label, 12, Anchor.MIDDLE, AXIS);
      c.text(x(0) - 8, y(v) + 4, label, 12, Anchor.END, AXIS);
    }
    c.line(x(0), y(0), x(1), y(0), AXIS, 1.5, false);
    c.line(x(0), y(0), x(0), y(1), AXIS, 1.5, false);
    c.text((x(0) + x(1)) / 2, HEIGHT - 14, "Jaccard similarity s", 13, Anchor.MIDDLE, AXIS);
    c.text(LEFT - 48, TOP - 14, "P(candidate)", 13, Anchor.START, AXIS);
    c.text(
        (x(0) + x(1)) / 2,
        24,
        String.format(
            Locale.ROOT,
            "P(s) = 1 - (1 - s^%d)^%d   (%d bands x %d rows)",
            banding.rows(),
            banding.bands(),
            banding.bands(),
            banding.rows()),
        15,
        Anchor.MIDDLE,
        AXIS);

    double pt = banding.candidateProbability(threshold);
    c.line(x(threshold), y(0), x(threshold), y(1), THRESHOLD, 1.5, true);
    c.line(x(0), y(pt), x(threshold), y(pt), THRESHOLD, 1, true);
    c.text(
        x(threshold) + (threshold > 0.8 ? -6 : 6),
        y(0.06),
        String.format(Locale.ROOT, "t = %s, P(t) = %.3f", shortNumber(threshold), pt),
        12,
        threshold > 0.8 ? Anchor.END : Anchor.START,
        THRESHOLD);

    double[] xs = new double[SAMPLES + 1];
    double[] ys = new double[SAMPLES + 1];
    for (int i = 0; i <= SAMPLES; i++) {
      double s = (double) i / SAMPLES;
      xs[i] = x(s);
      ys[i] = y(banding.candidateProbability(s));
    }
    c.polyline(xs, ys, CURVE, 2.5);
  }

  static String shortNumber(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  enum Anchor {
    START,
    MIDDLE,
    END
  }

  /** The few drawing operations the chart needs. */
  interface Canvas {
    void background(String color);

    void line(double x1, double y1, double x2, double y2, String color, double width, boolean dash);

    void polyline(double[] xs, double[] ys, String color, double width);

    void text(double x, double y, String text, int size, Anchor anchor, String color);
  }

  /** Writes SVG elements. */
  static final class SvgCanvas implements Canvas {
    private static final String PROLOG = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    private final StringBuilder sb = new StringBuilder();

    SvgCanvas() {
      this(WIDTH, HEIGHT);
    }

    SvgCanvas(int width, int height) {
      this(width, height, null);
    }

    /**
     * @param id the element's id, or null
     */
    SvgCanvas(int width, int height, String id) {
      sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\"");
      if (id != null) {
        sb.append(" id=\"").append(HtmlReport.escape(id)).append('"');
      }
      sb.append(" width=\"")
          .append(width)
          .append("\" height=\"")
          .append(height)
          .append("\" viewBox=\"0 0 ")
          .append(width)
          .append(' ')
          .append(height)
          .append("\" font-family=\"sans-serif\">\n");
    }

    @Override
    public void background(String color) {
      sb.append(
          String.format(
              Locale.ROOT, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", color));
    }

    @Override
    public void line(
        double x1, double y1, double x2, double y2, String color, double width, boolean dash) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                  + " stroke-width=\"%s\"%s/>\n",
              x1,
              y1,
              x2,
              y2,
              color,
              width,
              dash ? " stroke-dasharray=\"6 4\"" : ""));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width) {
      sb.append("<polyline fill=\"none\" stroke=\"")
          .append(color)
          .append("\" stroke-width=\"")
          .append(width)
          .append("\" points=\"");
      for (int i = 0; i < xs.length; i++) {
        sb.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
      }
      sb.append("\"/>\n");
    }

    @Override
    public void text(double x, double y, String text, int size, Anchor anchor, String color) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\" fill=\"%s\">%s</text>\n",
              x,
              y,
              size,
              anchor.name().toLowerCase(Locale.ROOT),
              color,
              HtmlReport.escape(text)));
    }

    /** A rectangle, e.g. a bar; {@code cssClass} may be null. */
    void rect(double x, double y, double width, double height, String color, String cssClass) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect%s x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
              cssClass == null ? "" : " class=\"" + cssClass + "\"",
              x,
              y,
              width,
              height,
              color));
    }

    /** The SVG document, with its XML prolog. */
    String finish() {
      return PROLOG + fragment();
    }

    /** The SVG element alone, as HTML embeds it. */
    String fragment() {
      return sb + "</svg>\n";
    }
  }

  /** Draws with Java2D. */
  static final class Java2dCanvas implements Canvas {
    private final Graphics2D g;

    Java2dCanvas(Graphics2D g) {
      this.g = g;
    }

    @Override
    public void background(String color) {
      g.setColor(Color.decode(color));
      g.fillRect(0, 0, WIDTH, HEIGHT);
    }

    @Override
    public void line(
        double x1, double y1, double x2, double y2, String color, double width, boolean dash) {
      g.setColor(Color.decode(color));
      g.setStroke(
          dash
              ? new BasicStroke(
                  (float) width,
                  BasicStroke.CAP_BUTT,
                  BasicStroke.JOIN_MITER,
                  10f,
                  new float[] {6f, 4f},
                  0f)
              : new BasicStroke((float) width));
      g.draw(new java.awt.geom.Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width) {
      Path2D.Double path = new Path2D.Double();
      path.moveTo(xs[0], ys[0]);
      for (int i = 1; i < xs.length; i++) {
        path.lineTo(xs[i], ys[i]);
      }
      g.setColor(Color.decode(color));
      g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
      g.draw(path);
    }

    @Override
    public void text(double x, double y, String text, int size, Anchor anchor, String color) {
      g.setColor(Color.decode(color));
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
      int w = g.getFontMetrics().stringWidth(text);
      double left =
          switch (anchor) {
            case START -> x;
            case MIDDLE -> x - w / 2.0;
            case END -> x - w;
          };
      g.drawString(text, (float) left, (float) y);
    }
  }
}
