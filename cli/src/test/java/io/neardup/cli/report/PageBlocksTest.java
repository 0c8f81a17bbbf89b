package io.neardup.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.boilerplate.BlockReason;
import io.neardup.web.boilerplate.Boilerplate;
import io.neardup.web.boilerplate.ExplainedText;
import io.neardup.web.boilerplate.MainTextExtractor;
import io.neardup.web.boilerplate.TextBlock;
import io.neardup.web.html.HtmlDecoder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The block view of a web page in a report: folds, bounds, the comparison, the HTML. */
class PageBlocksTest {
  private static String sentence(int i) {
    return "Paragraph "
        + i
        + " tells of the river that ran past the old mill, where the miller kept his accounts"
        + " in a book bound with string, and of the spring the water rose.";
  }

  private static String links(int from, int to) {
    StringBuilder sb = new StringBuilder("<ul>");
    for (int i = from; i < to; i++) {
      sb.append("<li><a href=/p").append(i).append(">Chapter ").append(i).append("</a></li>");
    }
    return sb.append("</ul>").toString();
  }

  private static ExplainedText explain(String body, boolean[] template) {
    MainTextExtractor x =
        new MainTextExtractor(template == null ? Boilerplate.LOCAL : Boilerplate.SITE);
    List<TextBlock> blocks = x.blocks(HtmlDecoder.parse("<body>" + body + "</body>", ""));
    return x.explain(blocks, template);
  }

  /** A page of {@code n} paragraphs, each a sentence said {@code times} times. */
  private static PageBlocks article(int n, int times) {
    StringBuilder body = new StringBuilder("<div>");
    for (int i = 0; i < n; i++) {
      body.append("<p>").append(sentence(i).repeat(times)).append("</p>");
    }
    return PageBlocks.of(explain(body.append("</div>").toString(), null));
  }

  /** Each row's blocks: 1 for a block, its count for a fold. */
  private static int counted(PageBlocks page) {
    int n = 0;
    for (PageBlocks.Row row : page.rows()) {
      n +=
          switch (row) {
            case PageBlocks.Block b -> 1;
            case PageBlocks.Fold f -> f.blocks();
          };
    }
    return n;
  }

  @Test
  void aLongRunOfDroppedBlocksIsFoldedAndEveryBlockCounted() {
    PageBlocks page =
        PageBlocks.of(
            explain(
                links(0, 40) + "<div><p>" + sentence(1) + "</p><p>" + sentence(2) + "</p></div>",
                null));
    assertEquals(42, page.blocks());
    assertEquals(42, counted(page));
    List<PageBlocks.Row> rows = page.rows();
    // the menu: its first two blocks, a line for the 37 between, its last block
    PageBlocks.Block first = (PageBlocks.Block) rows.get(0);
    assertEquals("Chapter 0", first.text());
    assertFalse(first.kept());
    assertEquals(BlockReason.LINK_DENSE, first.reason());
    PageBlocks.Fold fold = (PageBlocks.Fold) rows.get(2);
    assertEquals(3, fold.first());
    assertEquals(37, fold.blocks());
    assertEquals(74, fold.words());
    assertEquals(BlockReason.LINK_DENSE, fold.reason());
    assertEquals("Chapter 39", ((PageBlocks.Block) rows.get(3)).text());
    assertEquals(40, ((PageBlocks.Block) rows.get(3)).number());
    assertEquals(6, rows.size());
    assertEquals(2, page.keptBlocks());
    assertEquals(80, page.totalWords() - page.keptWords());
  }

  @Test
  void aHugePageShowsABoundedNumberOfRowsAndCharacters() {
    PageBlocks page = article(2_000, 4);
    assertEquals(2_000, page.blocks());
    assertEquals(2_000, counted(page));
    assertEquals(PageBlocks.MAX_ROWS + 1, page.rows().size());
    PageBlocks.Fold rest = (PageBlocks.Fold) page.rows().get(PageBlocks.MAX_ROWS);
    assertNull(rest.reason());
    assertEquals(2_000 - PageBlocks.MAX_ROWS, rest.blocks());
    assertEquals(rest.blocks(), rest.keptBlocks());
    for (PageBlocks.Row row : page.rows().subList(0, PageBlocks.MAX_ROWS)) {
      PageBlocks.Block b = (PageBlocks.Block) row;
      assertTrue(b.cut());
      assertTrue(b.text().length() <= PageBlocks.MAX_CHARS, b.text());
    }
    StringBuilder html = new StringBuilder();
    new BlockView().reference(html, "huge", null, page);
    assertTrue(html.length() < 100_000, "one page's view: " + html.length() + " characters");
    assertTrue(html.toString().contains("1,880 blocks"), html.substring(html.length() - 400));
  }

  @Test
  void blockViewsStopAtTheReportsBudgetAndSaySo() {
    PageBlocks page = article(200, 2);
    BlockView view = new BlockView();
    StringBuilder html = new StringBuilder();
    int shown = 0;
    for (int i = 0; i < 500; i++) {
      int before = html.length();
      view.reference(html, "page-" + i, null, page);
      shown += html.substring(before).startsWith("<details") ? 1 : 0;
    }
    assertTrue(shown > 10 && shown < 500, "pages shown: " + shown);
    assertTrue(html.length() < BlockView.MAX_BYTES + 500 * 300, "" + html.length());
    assertTrue(
        html.toString().contains("The blocks of <code>page-499</code> are not shown"),
        html.substring(html.length() - 300));
  }

  @Test
  void againstCountsTheKeptBlocksSharedDroppedAndAbsentInTheCanonical() {
    // the canonical: three paragraphs, its footer (links, which local removal drops too) removed
    // as site template
    String footer =
        "<p><a href=/m>Printed by the mill society</a> <a href=/p>on recycled paper</a>"
            + " <a href=/t>for the members' meeting.</a></p>";
    ExplainedText canonical =
        explain(
            "<div><p>"
                + sentence(1)
                + "</p><p>"
                + sentence(2)
                + "</p><p>"
                + sentence(3)
                + "</p>"
                + "</div>"
                + footer,
            new boolean[] {false, false, false, true});
    assertEquals(BlockReason.TEMPLATE, canonical.reasons().get(3));
    // the member: two of them, one of its own, and the footer's words kept as a paragraph
    String footerText =
        "<p>Printed by the mill society on recycled paper for the members' meeting.</p>";
    ExplainedText member =
        explain(
            "<div><p>"
                + sentence(1)
                + "</p><p>"
                + sentence(2)
                + "</p><p>"
                + sentence(4)
                + "</p>"
                + footerText
                + "</div>",
            null);
    assertTrue(member.reasons().get(3).kept(), member.reasons()::toString);
    PageBlocks c = PageBlocks.of(canonical);
    PageBlocks m = PageBlocks.of(member);
    PageBlocks.Against a = m.against(c, c.index());
    assertEquals(2, a.shared()[0]);
    assertEquals(1, a.droppedThere()[0]);
    assertEquals(1, a.droppedThereWhy().get(BlockReason.TEMPLATE)[0]);
    assertEquals(1, a.absent()[0]);
    assertEquals(1, a.onlyThere()[0]);
    assertEquals(0, a.droppedHere()[0]);
    assertEquals(
        BlockReason.TEMPLATE, a.there((PageBlocks.Block) m.rows().get(3)), m.rows()::toString);
    assertNull(a.there((PageBlocks.Block) m.rows().get(2)));
    // case and spacing do not make a block another one, as site templates count them
    PageBlocks upper =
        PageBlocks.of(explain("<div><p>" + sentence(1).toUpperCase() + "</p></div>", null));
    assertTrue(a.canonical().get(((PageBlocks.Block) upper.rows().get(0)).checksum()).kept());

    StringBuilder html = new StringBuilder();
    BlockView.against(html, a, "the canonical");
    assertEquals(
        "<p class=\"against\">Kept on this page: 4 blocks (105 words); <span class=\"there"
            + " kept\">2 blocks (62 words) kept in the canonical too</span>, <span class=\"there"
            + " dropped\">1 block (12 words) dropped there</span> (template: 1), <span"
            + " class=\"there absent\">1 block (31 words) not in the canonical</span>. The"
            + " canonical keeps 1 block (31 words) this page does not keep.</p>\n",
        html.toString());
  }

  @Test
  void theBlockViewEscapesTextAndMarksEachVerdictAndReason() {
    PageBlocks page =
        PageBlocks.of(
            explain(
                links(0, 3)
                    + "<div><p>"
                    + sentence(1)
                    + " Write &lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; co.</p></div>",
                null));
    StringBuilder sb = new StringBuilder();
    new BlockView().reference(sb, "a<b>", null, page);
    String html = sb.toString();
    assertTrue(html.startsWith("<details class=\"blocks\">\n<summary>Blocks of <code>a&lt;b&gt;"));
    assertTrue(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co."), html);
    assertFalse(html.contains("<script"), html);
    assertTrue(
        html.contains(
            "<tr class=\"dropped\"><td class=\"num\">1</td><td class=\"verdict\">dropped</td>"
                + "<td class=\"why\" title=\"link-dense\">"
                + BlockReason.LINK_DENSE.description()
                + "</td>"),
        html);
    assertTrue(html.contains("<tr class=\"kept\"><td class=\"num\">4</td>"), html);
    assertTrue(
        html.contains(
            "Dropped: " + BlockReason.LINK_DENSE.description() + " — 3 blocks (6 words)."),
        html);
  }
}
