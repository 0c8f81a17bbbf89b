package io.neardup.cli.report;

import io.neardup.cli.output.RunSummary;
import io.neardup.web.boilerplate.BlockReason;
import java.util.Locale;
import java.util.Map;

/**
 * The block views of a report's web pages: each page's blocks in order, kept or dropped and why,
 * and for a member how its kept blocks stand in the canonical. Plain HTML in {@code <details>}:
 * closed until opened, no script. One view writes the views of one report and keeps them within
 * {@value #MAX_BYTES} bytes together (each page's view is bounded by {@link PageBlocks}); the pages
 * beyond say so and name {@code --keep-text}, which writes every page's blocks.
 */
final class BlockView {
  /** Bytes of block views in one report. */
  static final long MAX_BYTES = 4L << 20;

  private long used;

  /**
   * Writes the block view of a page the others are compared with.
   *
   * @param role what the page is, e.g. {@code canonical}, or null
   */
  void reference(StringBuilder sb, String id, String role, PageBlocks page) {
    page(sb, id, role == null ? "" : " (" + role + ")", page, null, null);
  }

  /**
   * Writes the block view of a page compared with another.
   *
   * @param against how its blocks stand against the other's
   * @param other the other page in HTML, e.g. {@code the canonical}
   */
  void compared(
      StringBuilder sb, String id, PageBlocks page, PageBlocks.Against against, String other) {
    page(sb, id, "", page, against, other);
  }

  private void page(
      StringBuilder sb,
      String id,
      String role,
      PageBlocks page,
      PageBlocks.Against against,
      String other) {
    StringBuilder view = new StringBuilder(4096);
    int kept = page.keptBlocks();
    int keptWords = page.keptWords();
    view.append("<details class=\"blocks\">\n<summary>Blocks of <code>")
        .append(HtmlReport.escape(id))
        .append("</code>")
        .append(HtmlReport.escape(role))
        .append(": ")
        .append(count(kept, keptWords))
        .append(" kept, ")
        .append(count(page.blocks() - kept, page.totalWords() - keptWords))
        .append(" dropped</summary>\n<p class=\"muted\">");
    String template = template(page);
    if (!template.isEmpty()) {
      view.append(HtmlReport.escape(template)).append(' ');
    }
    view.append("Dropped: ");
    boolean first = true;
    for (Map.Entry<BlockReason, int[]> e : page.byReason().entrySet()) {
      if (e.getKey().kept()) {
        continue;
      }
      view.append(first ? "" : "; ")
          .append(HtmlReport.escape(e.getKey().description()))
          .append(" — ")
          .append(count(e.getValue()[0], e.getValue()[1]));
      first = false;
    }
    view.append(first ? "nothing." : ".").append("</p>\n");
    view.append("<table class=\"blocks\">\n<tr><th class=\"num\">#</th><th>verdict</th>")
        .append("<th>why</th><th class=\"num\">words</th><th class=\"num\">in links</th>")
        .append("<th>landmark</th>")
        .append(against == null ? "" : "<th>in " + other + "</th>")
        .append("<th>text</th></tr>\n");
    int columns = against == null ? 7 : 8;
    for (PageBlocks.Row row : page.rows()) {
      switch (row) {
        case PageBlocks.Block b -> block(view, b, against);
        case PageBlocks.Fold f -> fold(view, f, columns);
      }
    }
    view.append("</table>\n</details>\n");
    if (used + view.length() > MAX_BYTES) {
      sb.append("<p class=\"muted blocks-left-out\">The blocks of <code>")
          .append(HtmlReport.escape(id))
          .append(
              String.format(
                  Locale.ROOT,
                  "</code> are not shown: this report's block views reached %d MiB. --keep-text"
                      + " DIR writes every page's blocks (FILE.blocks.tsv).</p>%n",
                  MAX_BYTES >> 20));
      return;
    }
    used += view.length();
    sb.append(view);
  }

  /**
   * Writes how a page's kept blocks stand in another's (the canonical's): what they share is what
   * makes a pair; what one keeps and the other drops or lacks is what keeps them apart.
   *
   * @param other the other page in HTML, e.g. {@code the canonical}
   */
  static void against(StringBuilder sb, PageBlocks.Against a, String other) {
    int[] keptHere = {
      a.shared()[0] + a.droppedThere()[0] + a.absent()[0],
      a.shared()[1] + a.droppedThere()[1] + a.absent()[1]
    };
    sb.append("<p class=\"against\">Kept on this page: ")
        .append(count(keptHere[0], keptHere[1]))
        .append("; <span class=\"there kept\">")
        .append(count(a.shared()[0], a.shared()[1]))
        .append(" kept in ")
        .append(other)
        .append(" too</span>");
    if (a.droppedThere()[0] > 0) {
      sb.append(", <span class=\"there dropped\">")
          .append(count(a.droppedThere()[0], a.droppedThere()[1]))
          .append(" dropped there</span> (");
      boolean first = true;
      for (Map.Entry<BlockReason, int[]> e : a.droppedThereWhy().entrySet()) {
        sb.append(first ? "" : "; ")
            .append(HtmlReport.escape(e.getKey().toString()))
            .append(": ")
            .append(e.getValue()[0]);
        first = false;
      }
      sb.append(')');
    }
    if (a.absent()[0] > 0) {
      sb.append(", <span class=\"there absent\">")
          .append(count(a.absent()[0], a.absent()[1]))
          .append(" not in ")
          .append(other)
          .append("</span>");
    }
    sb.append('.');
    if (a.onlyThere()[0] > 0) {
      sb.append(' ')
          .append(Character.toUpperCase(other.charAt(0)))
          .append(other, 1, other.length())
          .append(" keeps ")
          .append(count(a.onlyThere()[0], a.onlyThere()[1]))
          .append(" this page does not keep");
      if (a.droppedHere()[0] > 0) {
        sb.append(" (")
            .append(a.droppedHere()[0])
            .append(a.droppedHere()[0] == 1 ? " is" : " are")
            .append(" here but dropped)");
      }
      sb.append('.');
    }
    sb.append("</p>\n");
  }

  private static void block(StringBuilder sb, PageBlocks.Block b, PageBlocks.Against against) {
    boolean kept = b.kept();
    sb.append("<tr class=\"")
        .append(kept ? "kept" : "dropped")
        .append(b.reason() == BlockReason.TEMPLATE ? " template" : "")
        .append("\"><td class=\"num\">")
        .append(b.number())
        .append("</td><td class=\"verdict\">")
        .append(kept ? "kept" : "dropped")
        .append("</td><td class=\"why\" title=\"")
        .append(HtmlReport.escape(b.reason().toString()))
        .append("\">")
        .append(HtmlReport.escape(b.reason().description()))
        .append("</td><td class=\"num\">")
        .append(b.words())
        .append("</td><td class=\"num\">")
        .append(String.format(Locale.ROOT, "%.0f %%", 100 * b.linkDensity()))
        .append("</td><td>")
        .append(b.landmark().equals("none") ? "" : HtmlReport.escape(b.landmark()))
        .append("</td>");
    if (against != null) {
      BlockReason there = against.there(b);
      if (there == null) {
        sb.append("<td class=\"there absent\">not there</td>");
      } else if (there.kept()) {
        sb.append("<td class=\"there kept\">kept there too</td>");
      } else {
        sb.append("<td class=\"there dropped\">dropped there: ")
            .append(HtmlReport.escape(there.toString()))
            .append("</td>");
      }
    }
    sb.append("<td class=\"text\">")
        .append(HtmlReport.escape(b.text()))
        .append(b.cut() ? " …" : "")
        .append("</td></tr>\n");
  }

  private static void fold(StringBuilder sb, PageBlocks.Fold f, int columns) {
    sb.append("<tr class=\"fold\"><td colspan=\"").append(columns).append("\">");
    if (f.reason() != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "… %s more, dropped for the same reason (blocks %,d to %,d)",
              count(f.blocks(), f.words()),
              f.first(),
              f.first() + f.blocks() - 1));
    } else {
      sb.append(
          String.format(
              Locale.ROOT,
              "… %s more not shown (blocks %,d to %,d), %s of them kept",
              count(f.blocks(), f.words()),
              f.first(),
              f.first() + f.blocks() - 1,
              count(f.keptBlocks(), f.keptWords())));
    }
    sb.append("</td></tr>\n");
  }

  /** What became of the page's site template, in words; empty when none was asked for. */
  private static String template(PageBlocks page) {
    return switch (page.template()) {
      case NOT_USED -> "";
      case NONE_LEARNT ->
          "Its site group had too few pages to learn a template from: local removal only.";
      case REMOVED -> {
        int[] t = page.byReason().getOrDefault(BlockReason.TEMPLATE, new int[2]);
        yield "Its site group's template, " + count(t[0], t[1]) + ", was removed first.";
      }
      case IGNORED ->
          "Its site group's template left under 20 words, or no article where the page has one:"
              + " local removal alone decided.";
    };
  }

  /** "3 blocks (41 words)". */
  static String count(int blocks, int words) {
    return RunSummary.count(blocks, "block") + " (" + RunSummary.count(words, "word") + ")";
  }
}
