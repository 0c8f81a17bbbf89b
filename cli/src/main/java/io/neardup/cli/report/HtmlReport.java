package io.neardup.cli.report;

import io.neardup.cli.eval.MethodScores;
import io.neardup.cli.output.ResultFiles;
import io.neardup.cli.output.RunSummary;
import io.neardup.lsh.Banding;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * A run as one self-contained HTML page: inline CSS and SVG, no script and nothing fetched, so it
 * opens offline in any browser. Sections: the summary, the similarity histogram and the S-curve,
 * the comparison of methods (when {@code compare} made it), and the cluster browser.
 */
public final class HtmlReport {
  /**
   * What a report shows.
   *
   * @param title what was deduplicated, e.g. the input's file name
   * @param summary label and value of each line of the summary table
   * @param threshold the run's threshold
   * @param banding the run's bands and rows, or null for a method without bands
   * @param histogram the verified pairs' similarities, or null
   * @param measure what the similarities are, e.g. "exact Jaccard"
   * @param clusters the clusters shown
   * @param methods the rows of a comparison, or empty
   * @param methodsTitle the comparison's title, or null
   */
  public record Report(
      String title,
      List<String[]> summary,
      double threshold,
      Banding banding,
      SimilarityHistogram histogram,
      String measure,
      ShownClusters.Selection clusters,
      List<MethodScores> methods,
      String methodsTitle) {}

  private static final String CSS =
      """
      :root { --fg: #1d2329; --muted: #5f6b76; --line: #d8dee4; --accent: #1f77b4; }
      * { box-sizing: border-box; }
      body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        color: var(--fg); margin: 0 auto; max-width: 1280px; padding: 24px; }
      h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 32px 0 8px;
        border-bottom: 1px solid var(--line); padding-bottom: 4px; }
      .muted { color: var(--muted); }
      table { border-collapse: collapse; } td, th { padding: 4px 10px; text-align: left;
        border-bottom: 1px solid var(--line); vertical-align: top; }
      th { font-weight: 600; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
      .look { background: #fff4e5; border: 1px solid #fdd0a2; padding: 8px 12px; margin: 12px 0;
        display: inline-block; }
      .charts { display: flex; flex-wrap: wrap; gap: 16px; }
      .charts figure { margin: 0; flex: 1 1 520px; max-width: 760px; }
      .charts svg { width: 100%; height: auto; border: 1px solid var(--line); }
      figcaption { color: var(--muted); font-size: 13px; max-width: 640px; }
      details.cluster { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0;
        padding: 6px 12px; }
      details.cluster > summary { cursor: pointer; font-weight: 600; }
      details.member { margin: 6px 0 6px 12px; } details.member > summary { cursor: pointer; }
      .tag { font-size: 12px; border-radius: 4px; padding: 1px 6px; background: #eef2f6;
        font-weight: normal; } .tag.sample { background: #e8f3e8; }
      .opening { color: var(--muted); font-size: 13px; max-width: 60ch; }
      .diff { border: 1px solid var(--line); margin: 6px 0; font-size: 14px; }
      .diff .head, .diff .row { display: grid; grid-template-columns: 1fr 1fr; }
      .diff .head div { background: #f3f5f7; font-weight: 600; padding: 4px 8px; }
      .diff .cell { padding: 4px 8px; border-top: 1px solid var(--line); overflow-wrap: anywhere; }
      .diff .cell + .cell { border-left: 1px solid var(--line); }
      .diff .gap { text-align: center; color: var(--muted); font-style: italic; font-size: 12px;
        background: #fafbfc; border-top: 1px solid var(--line); padding: 2px; }
      del { background: #ffd7d5; text-decoration: line-through; }
      ins { background: #ccf0d0; text-decoration: none; }
      details.blocks { margin: 6px 0 6px 12px; } details.blocks > summary { cursor: pointer; }
      table.blocks { font-size: 13px; margin: 4px 0; }
      table.blocks td { padding: 2px 8px; } table.blocks td.text { max-width: 70ch;
        overflow-wrap: anywhere; }
      table.blocks tr.kept td { background: #eaf7ec; }
      table.blocks tr.kept td:first-child { border-left: 4px solid #2e9e44; }
      table.blocks tr.dropped td { color: var(--muted); background: #f6f7f8; }
      table.blocks tr.dropped td:first-child { border-left: 4px solid #c3c9cf; }
      table.blocks tr.dropped td.text { text-decoration: line-through;
        text-decoration-color: #b5bcc3; }
      table.blocks tr.template td.why { color: #8a4b00; }
      table.blocks td.verdict { font-weight: 600; }
      table.blocks tr.fold td { color: var(--muted); font-style: italic; text-align: center; }
      .there.kept { color: #1c6e2f; } .there.dropped { color: #8a4b00; }
      .there.absent { color: var(--muted); }
      p.against { margin: 6px 0 6px 12px; }
      """;

  private HtmlReport() {}

  /** Writes the report to {@code file}, creating its directory if needed. */
  public static void write(Path file, Report report) {
    ResultFiles.writeFile(file, w -> w.write(html(report)));
  }

  static String html(Report r) {
    StringBuilder sb = new StringBuilder(1 << 16);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>neardup report: ")
        .append(escape(r.title()))
        .append("</title>\n<style>\n")
        .append(CSS)
        .append("</style>\n</head>\n<body>\n");
    sb.append("<h1>neardup report: ").append(escape(r.title())).append("</h1>\n");
    sb.append("<p class=\"muted\">written ")
        .append(
            escape(ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"))))
        .append("</p>\n");
    summary(sb, r);
    charts(sb, r);
    if (!r.methods().isEmpty()) {
      methods(sb, r);
    }
    BlockView blocks = new BlockView();
    clusters(sb, r.clusters(), blocks);
    misses(sb, r, blocks);
    sb.append("</body>\n</html>\n");
    return sb.toString();
  }

  private static void summary(StringBuilder sb, Report r) {
    sb.append("<h2 id=\"summary\">Summary</h2>\n<table id=\"summary-table\">\n");
    for (String[] row : r.summary()) {
      sb.append("<tr><th>")
          .append(escape(row[0]))
          .append("</th><td>")
          .append(escape(row[1]))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
    SimilarityHistogram h = r.histogram();
    if (h != null) {
      sb.append("<p class=\"look\" id=\"near-threshold\"><b>")
          .append(String.format(Locale.ROOT, "%,d", h.near()))
          .append(" pairs</b> lie within ±")
          .append(SCurveChart.shortNumber(SimilarityHistogram.MARGIN))
          .append(" of the threshold ")
          .append(SCurveChart.shortNumber(r.threshold()))
          .append(": the ones worth a look.</p>\n");
    }
  }

  private static void charts(StringBuilder sb, Report r) {
    if (r.histogram() == null && r.banding() == null) {
      return;
    }
    sb.append(
        "<h2 id=\"similarities\">Similarities and the banding</h2>\n<div class=\"charts\">\n");
    if (r.histogram() != null) {
      sb.append("<figure>\n")
          .append(r.histogram().svg())
          .append("<figcaption>The candidate pairs verified by ")
          .append(escape(r.measure()))
          .append(", by similarity: dark bars reached the threshold (dashed line) and are")
          .append(" reported; light bars are candidates that missed it. The shaded band is ±")
          .append(SCurveChart.shortNumber(SimilarityHistogram.MARGIN))
          .append(" around the threshold.</figcaption>\n</figure>\n");
    }
    Banding b = r.banding();
    if (b != null) {
      double t = r.threshold();
      sb.append("<figure>\n")
          .append(new SCurveChart(b, t).svgElement("s-curve"))
          .append("<figcaption>")
          .append(
              String.format(
                  Locale.ROOT,
                  "The probability that a pair of similarity s shares a band (%d bands × %d"
                      + " rows): P(t) = %.3f at the threshold, so a pair at exactly t is missed"
                      + " with probability %.3f; pairs above t are missed less often (%.4f on"
                      + " average over (t, 1]).",
                  b.bands(),
                  b.rows(),
                  b.candidateProbability(t),
                  1 - b.candidateProbability(t),
                  meanMissAbove(b, t)))
          .append("</figcaption>\n</figure>\n");
    }
    sb.append("</div>\n");
  }

  /** The mean probability that a pair above the threshold is not a candidate, over (t, 1]. */
  static double meanMissAbove(Banding b, double t) {
    if (t >= 1) {
      return 1 - b.candidateProbability(1);
    }
    int steps = 1000;
    double sum = 0;
    for (int i = 0; i < steps; i++) {
      double s = t + (1 - t) * (i + 0.5) / steps;
      sum += 1 - b.candidateProbability(s);
    }
    return sum / steps;
  }

  private static void methods(StringBuilder sb, Report r) {
    sb.append("<h2 id=\"methods\">Methods compared</h2>\n<div class=\"charts\"><figure>\n")
        .append(new ComparisonChart(r.methodsTitle(), r.methods()).svgElement("methods-chart"))
        .append("</figure></div>\n<table id=\"methods-table\">\n<tr><th>method</th>")
        .append("<th class=\"num\">candidate pairs</th><th class=\"num\">reported pairs</th>")
        .append("<th class=\"num\">precision</th><th class=\"num\">recall</th>")
        .append("<th class=\"num\">F1</th><th class=\"num\">B³ F1</th>")
        .append("<th class=\"num\">time (s)</th><th class=\"num\">bytes/doc</th></tr>\n");
    for (MethodScores row : r.methods()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<tr><td>%s</td><td class=\"num\">%,d</td><td class=\"num\">%,d</td>"
                  + "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
                  + "<td class=\"num\">%s</td><td class=\"num\">%.1f</td>"
                  + "<td class=\"num\">%,.0f</td></tr>%n",
              escape(row.method().toString()),
              row.candidatePairs(),
              row.reportedPairs(),
              MethodScores.score(row.pairs().precision()),
              MethodScores.score(row.pairs().recall()),
              MethodScores.score(row.pairs().f1()),
              MethodScores.score(row.clusters().f1()),
              row.seconds(),
              row.bytesPerDocument()));
    }
    sb.append("</table>\n");
  }

  private static void clusters(StringBuilder sb, ShownClusters.Selection s, BlockView blocks) {
    sb.append("<h2 id=\"clusters\">Clusters</h2>\n<p>");
    if (s.total() == 0) {
      sb.append("No near-duplicates were found.</p>\n");
      return;
    }
    long largest = s.views().stream().filter(v -> !v.sampled()).count();
    long sampled = s.views().size() - largest;
    sb.append(
        String.format(
            Locale.ROOT,
            "%s %s %s. Shown: the %,d largest",
            RunSummary.count(s.total(), "cluster"),
            s.total() == 1 ? "holds" : "hold",
            RunSummary.count(s.documents(), "document"),
            largest));
    if (sampled > 0) {
      sb.append(String.format(Locale.ROOT, " and %,d drawn at random from the others", sampled));
    }
    sb.append('.');
    if (s.hiddenClusters() > 0) {
      sb.append(
          String.format(
              Locale.ROOT,
              " Not shown: %,d clusters with %,d documents (all are in the clusters file).",
              s.hiddenClusters(),
              s.hiddenDocuments()));
    }
    boolean web =
        s.views().stream()
            .flatMap(v -> v.members().stream())
            .anyMatch(m -> m.doc() != null && m.doc().blocks() != null);
    sb.append(
            " Open a cluster to see its members, and a member to see the words that differ from"
                + " the canonical.")
        .append(
            web
                ? " For web pages, open a page's blocks to see, in page order, what the extraction"
                    + " kept and dropped and why, and which kept blocks the canonical keeps too."
                : "")
        .append("</p>\n")
        .append("<div id=\"cluster-list\">\n");
    for (ShownClusters.View v : s.views()) {
      cluster(sb, v, blocks);
    }
    sb.append("</div>\n");
  }

  private static void cluster(StringBuilder sb, ShownClusters.View v, BlockView blocks) {
    ShownClusters.Member canonical = v.members().get(0);
    sb.append("<details class=\"cluster\"")
        .append(v.rank() == 1 ? " open" : "")
        .append(">\n<summary>#")
        .append(v.rank())
        .append(": ")
        .append(String.format(Locale.ROOT, "%,d documents", v.size()))
        .append(", canonical <code>")
        .append(escape(canonical.id()))
        .append("</code>")
        .append(v.sampled() ? " <span class=\"tag sample\">random sample</span>" : "")
        .append("</summary>\n<p>Canonical because: ")
        .append(escape(v.why()))
        .append(".</p>\n");
    boolean web =
        v.members().stream().anyMatch(m -> m.doc() != null && m.doc().boilerplate() != null);
    sb.append("<table class=\"members\">\n<tr><th>document</th><th class=\"num\">words</th>")
        .append("<th class=\"num\">similarity to the canonical</th>")
        .append(web ? "<th class=\"num\">boilerplate removed</th>" : "")
        .append("<th>opening</th></tr>\n");
    for (ShownClusters.Member m : v.members()) {
      sb.append("<tr><td>")
          .append(link(m))
          .append(m == canonical ? " <span class=\"tag\">canonical</span>" : "");
      sb.append("</td><td class=\"num\">")
          .append(m.doc() == null ? "" : String.format(Locale.ROOT, "%,d", m.words()))
          .append("</td><td class=\"num\">")
          .append(
              Double.isNaN(m.similarity())
                  ? ""
                  : String.format(Locale.ROOT, "%.3f", m.similarity()))
          .append("</td>");
      if (web) {
        sb.append("<td class=\"num\">")
            .append(
                m.doc() == null || m.doc().boilerplate() == null
                    ? ""
                    : String.format(Locale.ROOT, "%.0f %%", 100 * m.doc().boilerplate()))
            .append("</td>");
      }
      sb.append("<td class=\"opening\">")
          .append(m.doc() == null ? "<i>text not available</i>" : escape(opening(m.doc().text())))
          .append("</td></tr>\n");
    }
    sb.append("</table>\n");
    int hidden = v.size() - v.members().size();
    if (hidden > 0) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<p class=\"muted\">and %,d more members (in the clusters file)</p>%n",
              hidden));
    }
    if (canonical.doc() != null && canonical.doc().blocks() != null) {
      blocks.reference(sb, canonical.id(), "canonical", canonical.doc().blocks());
    }
    for (ShownClusters.Member m : v.members()) {
      if (m.diff() == null) {
        continue;
      }
      WordDiff.Result d = m.diff();
      sb.append("<details class=\"member\">\n<summary><code>")
          .append(escape(m.id()))
          .append("</code> against the canonical: ")
          .append(String.format(Locale.ROOT, "similarity %.3f, ", m.similarity()))
          .append(changes(d))
          .append("</summary>\n");
      diff(sb, escape(canonical.id()) + " (canonical)", escape(m.id()), d);
      if (m.against() != null) {
        BlockView.against(sb, m.against(), "the canonical");
        blocks.compared(sb, m.id(), m.doc().blocks(), m.against(), "the canonical");
      }
      sb.append("</details>\n");
    }
    sb.append("</details>\n");
  }

  /** "3 words removed and 5 added". */
  private static String changes(WordDiff.Result d) {
    return d.removed() + d.added() == 0
        ? "the same words"
        : String.format(
            Locale.ROOT,
            "%,d word%s removed and %,d added",
            d.removed(),
            d.removed() == 1 ? "" : "s",
            d.added());
  }

  /** The side-by-side word diff of two texts, headed by their names (HTML). */
  private static void diff(StringBuilder sb, String left, String right, WordDiff.Result d) {
    sb.append("<div class=\"diff\">\n<div class=\"head\"><div>")
        .append(left)
        .append("</div><div>")
        .append(right)
        .append("</div></div>\n")
        .append(d.html())
        .append("</div>\n");
    if (d.truncated()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<p class=\"muted\">Only the first %,d words of each text were compared.</p>%n",
              ShownClusters.MAX_DIFF_WORDS));
    }
  }

  /**
   * The candidate pairs closest below the threshold: compared and not paired. Each opens to the
   * words that differ and, for web pages, both pages' blocks, the second against the first.
   */
  private static void misses(StringBuilder sb, Report r, BlockView blocks) {
    List<ShownClusters.Miss> misses = r.clusters().misses();
    if (misses.isEmpty()) {
      return;
    }
    sb.append("<h2 id=\"near-misses\">Near misses</h2>\n<p>")
        .append(
            String.format(
                Locale.ROOT,
                "The %s closest below the threshold %s: compared, and not paired. Open one to see"
                    + " the words that differ%s.",
                RunSummary.count(misses.size(), "candidate pair"),
                SCurveChart.shortNumber(r.threshold()),
                misses.stream().anyMatch(m -> m.against() != null)
                    ? " and, for web pages, the blocks each page kept and dropped"
                    : ""))
        .append("</p>\n<div id=\"miss-list\">\n");
    for (ShownClusters.Miss m : misses) {
      String a = "<code>" + escape(m.pair().a()) + "</code>";
      String b = "<code>" + escape(m.pair().b()) + "</code>";
      sb.append("<details class=\"member miss\">\n<summary>")
          .append(a)
          .append(" and ")
          .append(b)
          .append(
              String.format(
                  Locale.ROOT,
                  ": similarity %.3f, %.3f below the threshold; ",
                  m.pair().similarity(),
                  r.threshold() - m.pair().similarity()))
          .append(m.diff() == null ? "texts not available" : changes(m.diff()))
          .append("</summary>\n");
      if (m.diff() != null) {
        diff(sb, escape(m.pair().a()), escape(m.pair().b()), m.diff());
      }
      if (m.against() != null) {
        BlockView.against(sb, m.against(), a);
        blocks.reference(sb, m.pair().a(), null, m.a().blocks());
        blocks.compared(sb, m.pair().b(), m.b().blocks(), m.against(), a);
      }
      sb.append("</details>\n");
    }
    sb.append("</div>\n");
  }

  private static String link(ShownClusters.Member m) {
    String id = "<code>" + escape(m.id()) + "</code>";
    String url = m.doc() == null ? null : m.doc().url();
    if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
      return id;
    }
    return "<a href=\"" + escape(url) + "\">" + id + "</a>";
  }

  private static String opening(String text) {
    // only the start of a text is looked at: texts may be hundreds of megabytes
    String head =
        text.length() > 4 * ShownClusters.OPENING
            ? text.substring(0, 4 * ShownClusters.OPENING)
            : text;
    String t = head.strip().replaceAll("\\s+", " ");
    return t.length() <= ShownClusters.OPENING && head.length() == text.length()
        ? t
        : t.substring(0, Math.min(t.length(), ShownClusters.OPENING)).strip() + " …";
  }

  /** Escapes text for HTML content and attribute values. */
  static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
