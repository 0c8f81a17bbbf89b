package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Pages whose text a script renders, with the same text in {@code <noscript>} for clients without.
 */
class NoscriptPagesTest {
  private static final String POSTS =
      "<div class=post><p>I updated the resolver yesterday and since then every container on my"
          + " machine fails to reach the registry, although the host itself resolves it fine.</p></div>"
          + "<div class=post><p>Check which DNS server the daemon hands to the containers: a"
          + " resolver on the loopback address of the host cannot be reached from inside them, so"
          + " point the daemon at the address of the bridge instead.</p></div>";

  private static String text(String html) {
    return new MainTextExtractor(Boilerplate.LOCAL).extract(html, "").text();
  }

  @Test
  void aPageThatShowsNothingWithoutScriptsIsReadAsAClientWithoutScriptsRendersIt() {
    String text =
        text(
            "<html><head><title>Resolver - Forums</title></head><body><div id=app></div>"
                + "<noscript data-path=/t/1>"
                + POSTS
                + "</noscript><script>render()</script></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
    assertTrue(text.contains("point the daemon at the address of the bridge"), text);
  }

  @Test
  void noscriptIsLeftOutWhereThePageShowsItsTextAnyway() {
    String text =
        text(
            "<html><body><main>"
                + POSTS
                + "</main><noscript><p>This site works best with JavaScript enabled in your"
                + " browser settings.</p></noscript></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
    assertFalse(text.contains("JavaScript"), text);
  }

  @Test
  void streamedServerRenderingWaitingInHiddenElementsIsReadWhenNothingElseShows() {
    String text =
        text(
            "<html><body><div id=root><template id=B:0></template><p>Loading</p></div>"
                + "<div hidden id=S:0>"
                + POSTS
                + "</div><script>$RC('B:0','S:0')</script></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
  }

  @Test
  void aPageShowingOnlyItsFurnitureIsReadWithWhatItsScriptsWouldReveal() {
    String text =
        text(
            "<html><body><header><nav><a href=/>Home</a> <a href=/deals>Deals</a> <a href=/help>Help"
                + " and contact</a> <a href=/sell>Sell</a> <a href=/watch>Watchlist</a> <a"
                + " href=/account>My account</a> <a href=/history>Purchase history</a> <a"
                + " href=/saved>Saved searches</a> <a href=/messages>Messages</a> <a"
                + " href=/prefs>Preferences</a> <a href=/garage>My garage</a></nav></header>"
                + "<div hidden id=S:0>"
                + POSTS
                + "</div><script>$RC('B:0','S:0')</script></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
  }

  @Test
  void hiddenElementsStayOutWhereThePageShowsItsTextAnyway() {
    String text =
        text(
            "<html><body><article>"
                + POSTS
                + "</article><div hidden><p>Sign in to your account to keep reading the threads you"
                + " follow and to get notified of every answer.</p></div></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
    assertFalse(text.contains("Sign in"), text);
  }

  @Test
  void aPageWithoutTextAnywhereStaysEmpty() {
    assertEquals("", text("<html><body><div id=app></div><noscript></noscript></body></html>"));
  }

  @Test
  void aPageIsReadAgainOnlyWhereItsLastReadingLeftSomethingOut() {
    BlockSegmenter segmenter = new BlockSegmenter();
    segmenter.segment(Jsoup.parse("<p>Nothing left out.</p>").body());
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.WITHOUT_SCRIPTS));
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));

    Element noscript = Jsoup.parse("<p>Shown.</p><noscript><p>Posts.</p></noscript>").body();
    segmenter.segment(noscript);
    assertTrue(segmenter.showsMore(BlockSegmenter.Shown.WITHOUT_SCRIPTS));
    assertTrue(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));
    assertEquals(2, segmenter.segment(noscript, BlockSegmenter.Shown.WITHOUT_SCRIPTS).size());
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.BROWSER));

    segmenter.segment(Jsoup.parse("<p>Shown.</p><div style='display: none'>Later.</div>").body());
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.WITHOUT_SCRIPTS));
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.STREAMED));
    assertTrue(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));

    segmenter.segment(Jsoup.parse("<p>Shown.</p><div hidden>Streamed.</div>").body());
    assertTrue(segmenter.showsMore(BlockSegmenter.Shown.STREAMED));
    assertTrue(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));
    segmenter.segment(
        Jsoup.parse("<p>Shown.</p><div hidden>Streamed.</div>").body(),
        BlockSegmenter.Shown.STREAMED);
    assertFalse(segmenter.showsMore(BlockSegmenter.Shown.ALL_TEXT));
  }

  @Test
  void aShopThatShowsItsProductsOnlyOnceAScriptHasRunIsReadWithWhatItsStylesHide() {
    String text =
        text(
            "<html><body><nav><a href=/>Home</a> <a href=/shop>Shop</a></nav><div"
                + " style='display: none' class=products>"
                + POSTS
                + "</div><script>show()</script></body></html>");
    assertTrue(text.contains("every container on my machine fails"), text);
  }

  @Test
  void aShortTextOfItsOwnIsKeptRatherThanAPanelAStyleHidesBesideIt() {
    // a reference entry of one sentence beside a search panel that a script opens on demand:
    // the panel's help, however long, is not the entry's text
    String help =
        "<div style='display: none;' id=search-results><p>Search bar offers the following"
            + " options.</p><p>Term presence. The below example searches for documents that must"
            + " contain foo, might contain bar and must not contain baz: +foo bar -baz.</p><p>"
            + "Wildcards. The below example searches for documents with words beginning with foo:"
            + " foo*.</p><p>Fuzzy matches. The following search matches all documents that have a"
            + " word within one edit distance of foo: foo~1.</p></div>";
    String text =
        text(
            "<html><body><nav><a href=/>API</a> <a href=/mod>Modules</a></nav>"
                + help
                + "<h1>DNSFormatError</h1><p>class DNSFormatError(DomainError):</p><p>Indicates a"
                + " query failed with a result of EFORMAT.</p></body></html>");
    assertTrue(text.contains("Indicates a query failed"), text);
    assertFalse(text.contains("Search bar"), text);
  }
}
