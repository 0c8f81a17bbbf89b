package io.neardup.cli.output;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress display on standard error, redrawn in place with a carriage return: phase,
 * percentage, count, rate and time left. Draws at most five times a second; when disabled it only
 * passes messages through. Thread-safe. The commands feed it from the library's {@link
 * io.neardup.cluster.core.PhaseProgress} callbacks, among others.
 */
public final class ProgressLine {
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final boolean enabled;
  private String phase;
  private long phaseStart;
  private long lastDraw;
  private int width;

  public ProgressLine(PrintWriter err, boolean enabled) {
    this.err = err;
    this.enabled = enabled;
  }

  /**
   * Reports progress of a phase.
   *
   * @param done work done, in units of {@code total}
   * @param total the total work, or 0 if unknown
   * @param items things done so far (documents, pairs), shown with their rate
   * @param unit what the items are, e.g. {@code "docs"}
   */
  public synchronized void update(String phase, long done, long total, long items, String unit) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (!phase.equals(this.phase)) {
      this.phase = phase;
      this.phaseStart = now;
      this.lastDraw = 0;
    } else if (now - lastDraw < REDRAW_NANOS) {
      return;
    }
    lastDraw = now;
    double seconds = (now - phaseStart) / 1e9;
    StringBuilder line = new StringBuilder(phase);
    if (total > 0) {
      double fraction = Math.min(1, (double) done / total);
      line.append(String.format(Locale.ROOT, " %3d%%", (int) (fraction * 100)));
      line.append(String.format(Locale.ROOT, "  %,d %s", items, unit));
      if (seconds > 0.5) {
        line.append(String.format(Locale.ROOT, "  %,.0f %s/s", items / seconds, unit));
      }
      if (fraction > 0.01 && fraction < 1 && seconds > 1) {
        line.append("  ETA ").append(duration(seconds * (1 - fraction) / fraction));
      }
    } else {
      line.append(String.format(Locale.ROOT, "  %,d %s", items, unit));
      if (seconds > 0.5) {
        line.append(String.format(Locale.ROOT, "  %,.0f %s/s", items / seconds, unit));
      }
    }
    draw(line.toString());
  }

  /** Prints a message on its own line, keeping the progress line below it. */
  public synchronized void println(String message) {
    clear();
    err.println(message);
    err.flush();
    lastDraw = 0;
  }

  /** Removes the progress line. */
  public synchronized void done() {
    clear();
    phase = null;
  }

  private void draw(String line) {
    StringBuilder sb = new StringBuilder("\r").append(line);
    for (int i = line.length(); i < width; i++) {
      sb.append(' ');
    }
    width = line.length();
    err.print(sb);
    err.flush();
  }

  private void clear() {
    if (enabled && width > 0) {
      err.print("\r" + " ".repeat(width) + "\r");
      err.flush();
      width = 0;
    }
  }

  /** A duration as {@code m:ss} or {@code h:mm:ss}. */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
    return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }

  /** Elapsed time since {@code startNanos} for summaries, e.g. {@code 1.3 s}. */
  public static String elapsed(long startNanos) {
    return String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - startNanos) / 1e9);
  }
}
