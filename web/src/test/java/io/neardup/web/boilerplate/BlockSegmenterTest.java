package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BlockSegmenterTest {
  private static List<TextBlock> blocks(String html) {
    return new BlockSegmenter().segment(HtmlDecoder.parse(html, "").body());
  }

  private static boolean namesFurniture(String name) {
    return (BlockSegmenter.nameKinds(name, 3) & BlockSegmenter.FURNITURE_NAME) != 0;
  }

  @Test
  void charactersAreClassedAsJavaClassesThem() {
    // the look-ups that stand in for Character's own, on every character of the basic plane
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      char ch = (char) c;
      assertEquals(
          c == 0xa0 || Character.isWhitespace(c), BlockSegmenter.isSpace(ch), "space " + c);
      assertEquals(Character.isLetterOrDigit(ch), BlockSegmenter.isLetterOrDigit(ch), "" + c);
      assertEquals(
          Character.isLetterOrDigit(ch) ? Character.toLowerCase(ch) : 0,
          BlockSegmenter.folded(ch),
          "folded " + c);
    }
  }

  @Test
  void whitespaceCollapsesAcrossTextNodesAndWordsCountOnce() {
    List<TextBlock> b =
        blocks(
            "<p>\t one\u00a0 two<b>three</b>\n<i> four</i>\u2003five, ,<br>six</p>"
                + "<p>   </p><div>\u00e9t\u00e9\u2019s <a href=/x>caf\u00e9</a></div>");
    assertEquals(2, b.size());
    assertEquals("one twothree four five, , six", b.get(0).text());
    assertEquals(5, b.get(0).words()); // "," is no word
    assertEquals("\u00e9t\u00e9\u2019s caf\u00e9", b.get(1).text());
    assertEquals(2, b.get(1).words());
    assertEquals(1, b.get(1).linkedWords());
  }

  @Test
  void aWordBreakOpportunityJoinsAWordALineBreakSplits() {
    // <wbr> lets a browser wrap a long name there and shows nothing: the name is one word
    List<TextBlock> b = blocks("<p><a href=#e>eof<wbr>Received</a> and line<br>break</p>");
    assertEquals("eofReceived and line break", b.get(0).text());
    assertEquals(4, b.get(0).words());
    assertEquals(1, b.get(0).linkedWords());
  }

  @Test
  void aTagIsReadAlikeWhateverElseThePageHolds() {
    // the kinds of a tag are remembered by name: the same tag, and a tag sharing its slot, read
    // as they are alone
    assertEquals(BlockSegmenter.kindsOf("li"), BlockSegmenter.kindsOf("li"));
    List<TextBlock> b =
        blocks(
            "<nav><p>menu</p></nav><main><h2>Title</h2><p>one</p><footer><p>credit</p></footer>"
                + "<x-li>inline</x-li><li>item</li><script>no</script><noscript>nor</noscript>"
                + "</main>");
    assertEquals(
        List.of("menu", "Title", "one", "credit", "inline", "item"),
        b.stream().map(TextBlock::text).toList());
    assertEquals(Landmark.BOILERPLATE, b.get(0).landmark());
    assertEquals(Landmark.MAIN, b.get(1).landmark());
    assertTrue(b.get(1).heading());
    assertEquals(Landmark.BOILERPLATE, b.get(3).landmark());
    assertFalse(b.get(4).listItem());
    assertTrue(b.get(5).listItem());
  }

  @Test
  void namesOfAnArticlesBodyPairWhatItIsAboutWithItsBody() {
    for (String name :
        List.of(
            "entry-content",
            "post__body",
            "articleBody",
            "storytext",
            "PostContent",
            "td-post-content",
            "wrap c-article-body")) {
      assertEquals(BlockSegmenter.BODY_NAME, BlockSegmenter.nameKinds(name, 3), name);
    }
    // the body alone, the subject alone or with another part, a plural, the body of furniture, a
    // name of four words, a word that only begins like a part
    for (String name :
        List.of(
            "content",
            "post",
            "entry-title",
            "posts-content",
            "comment-body",
            "related-post-content",
            "single-post-content-wrapper",
            "textarea entry",
            "")) {
      assertEquals(0, BlockSegmenter.nameKinds(name, 3) & BlockSegmenter.BODY_NAME, name);
    }
    List<TextBlock> b =
        blocks(
            "<h1>Title</h1><div class=entry-content><p>Text</p><div><p>More</p></div></div>"
                + "<p id=post-text>Again</p><span class=entry-content>Inline</span>");
    assertEquals(
        List.of(false, true, true, true, false),
        b.stream().map(TextBlock::articleBody).toList(),
        b::toString);
  }

  @Test
  void namesOfFurnitureAreShortNamesHoldingAWordOfIt() {
    for (String name :
        List.of(
            "comments",
            "related-posts",
            "relatedPosts",
            "c-share__links",
            "sd-sharing-enabled",
            "x newsletter")) {
      assertTrue(namesFurniture(name), name);
    }
    // a heading's anchor of four words, words that hold one ("shared", "socialist"), a wrapper
    // named after what it sits beside, a comment in code (readers' are "comments")
    for (String name :
        List.of(
            "what-is-social-shopping",
            "shared-code",
            "socialist",
            "has-sidebar",
            "deprecation-comment",
            "")) {
      assertFalse(namesFurniture(name), name);
    }
    List<TextBlock> b =
        blocks(
            "<div class=post><p>Text</p><div class=related><p>Other</p></div>"
                + "<section id=comments><h2>Comments in code</h2><p>Why</p></section></div>");
    assertEquals(-1, b.get(0).named());
    assertEquals(b.get(1).path()[b.get(1).path().length - 2], b.get(1).named());
    assertEquals(-1, b.get(2).named());
    assertEquals(-1, b.get(3).named());
  }

  @Test
  void blockElementsCutInlineElementsDoNot() {
    List<TextBlock> b =
        blocks(
            "<div>Intro <em>text</em><p>A <a href='/x'>linked phrase</a> in a"
                + " paragraph.</p>tail<ul><li>one</li><li>two <b>three</b></li></ul></div>");
    assertEquals(
        List.of("Intro text", "A linked phrase in a paragraph.", "tail", "one", "two three"),
        b.stream().map(TextBlock::text).toList());
    TextBlock p = b.get(1);
    assertEquals(6, p.words());
    assertEquals(2, p.linkedWords());
    assertEquals(2.0 / 6, p.linkDensity(), 1e-12);
    assertFalse(p.listItem());
    assertTrue(b.get(3).listItem());
  }

  @Test
  void theChoicesOfAScriptedControlAreInterfaceAsANativeOnesAre() {
    // a review list's sort order as a scripted dropdown: the ARIA roles of <select> and <option>
    List<TextBlock> b =
        blocks(
            "<p>Reviews</p><div role=combobox aria-expanded=false>Sort by</div>"
                + "<div role=listbox><div role=option>Most recent</div>"
                + "<div role=option>Oldest first</div></div>"
                + "<div role=slider aria-valuenow=3>3 of 5</div><p>Great shirt, fits well.</p>");
    assertEquals(
        List.of("Reviews", "Great shirt, fits well."),
        b.stream().map(TextBlock::text).filter(t -> !t.isEmpty()).toList());
  }

  @Test
  void invisibleTextIsLeftOut() {
    List<TextBlock> b =
        blocks(
            "<p>seen</p><script>var x = 1;</script><style>p {}</style><noscript>js</noscript>"
                + "<p hidden>h</p><p style='display: none'>d</p><p aria-hidden=true>a</p>"
                + "<select><option>opt</option></select><p>also seen</p>");
    assertEquals(List.of("seen", "also seen"), b.stream().map(TextBlock::text).toList());
  }

  @Test
  void dialogsAndMessagesAreFurnitureAndAClosedDialogIsNotShown() {
    List<TextBlock> b =
        blocks(
            "<p>text</p><dialog><p>closed dialog</p></dialog><dialog open><p>We use"
                + " cookies</p></dialog><div role=dialog><p>Subscribe</p></div><div"
                + " role=alertdialog><p>Accept</p></div><div role=status>Added to your cart</div>"
                + "<div role=alert>Session expired</div><div role=tooltip>Copy link</div>");
    assertEquals(
        List.of(
            "text",
            "We use cookies",
            "Subscribe",
            "Accept",
            "Added to your cart",
            "Session expired",
            "Copy link"),
        b.stream().map(TextBlock::text).toList());
    assertEquals(Landmark.NONE, b.get(0).landmark());
    for (TextBlock dialog : b.subList(1, b.size())) {
      assertEquals(Landmark.BOILERPLATE, dialog.landmark(), dialog.text());
    }
  }

  @Test
  void aMainRegionInsideFurnitureLeftUnclosedIsTheMainRegion() {
    // the banner's end tag is missing: it holds the rest of the page, its main region too
    List<TextBlock> b =
        blocks(
            "<aside><p>Announcement: we moved</p><main><p>The article itself.</p></main>"
                + "<p>Links after the main region</p>");
    assertEquals(
        List.of(Landmark.BOILERPLATE, Landmark.MAIN, Landmark.BOILERPLATE),
        b.stream().map(TextBlock::landmark).toList());
  }

  @Test
  void aFiguresCaptionIsFurnitureAndItsArticleIsText() {
    String paragraph =
        "<p>The council met on Monday to discuss the new bridge, which has been delayed for two"
            + " years, and agreed to fund the last section of the work.</p>";
    String page =
        "<article>"
            + paragraph
            + "<figure><img src=bridge.jpg><figcaption>The bridge at dusk. Photo: Jane Doe"
            + "</figcaption></figure>"
            + paragraph
            + "</article>";
    List<TextBlock> b = blocks(page);
    assertEquals(Landmark.BOILERPLATE, b.get(1).landmark(), b.get(1).text());
    assertEquals(Landmark.NONE, b.get(0).landmark());
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertFalse(text.contains("Photo"), text);
    assertTrue(text.contains("the last section of the work."), text);
  }

  @Test
  void theAuthorAndDatesAPageDeclaresAreNotItsText() {
    List<TextBlock> b =
        blocks(
            "<article itemscope itemtype='https://schema.org/Article'><h1 itemprop=headline>Title"
                + "</h1><div itemprop='author creator'><p>Jane Doe</p><p>Jane writes about"
                + " travel.</p></div><p><time itemprop=datePublished>May 1, 2025</time></p><div"
                + " itemprop=dateModified>Updated May 2, 2025</div><div itemprop=articleBody><p>text"
                + "</p></div></article>");
    assertEquals(
        List.of(
            Landmark.NONE,
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.NONE),
        b.stream().map(TextBlock::landmark).toList());
  }

  @Test
  void aShortLineAroundADateIsADateline() {
    List<TextBlock> b =
        blocks(
            "<main><p>Published <time datetime=2025-05-01>May 1, 2025</time></p><p>jane |"
                + " <time>2 days ago</time> | #3</p><p>The meeting of <time>May 1</time> agreed on a"
                + " budget for the next year.</p></main>");
    assertEquals(
        List.of(Landmark.BOILERPLATE, Landmark.BOILERPLATE, Landmark.MAIN),
        b.stream().map(TextBlock::landmark).toList());
  }

  @Test
  void wordsAreRunsWithALetterOrDigit() {
    TextBlock b = blocks("<p>  a -- b\u00a0\u00a0c 42 ¶ </p>").get(0);
    assertEquals("a -- b c 42 ¶", b.text());
    assertEquals(4, b.words());
  }

  @Test
  void textDensityIsWordsPerWrappedLineButTheLast() {
    String word = "abcdefghi"; // 9 letters: 8 words and 7 spaces fill 79 columns
    String text = (word + " ").repeat(20).trim();
    assertArrayEquals(new int[] {3, 16}, BlockSegmenter.wrap(text));
    TextBlock b = blocks("<p>" + text + "</p>").get(0);
    assertEquals(3, b.wrappedLines());
    assertEquals(8.0, b.textDensity(), 1e-12);
    TextBlock one = blocks("<p>a b c</p>").get(0);
    assertEquals(3.0, one.textDensity(), 1e-12);
  }

  @Test
  void headingsAndLandmarks() {
    List<TextBlock> b =
        blocks(
            "<header>Site name</header><nav><a href=/>Home</a></nav><main><article><header>"
                + "<h1>Title</h1></header><p>Body</p><footer>Article footer</footer></article>"
                + "</main><aside>Side</aside><div role=contentinfo>Page footer</div><p>free</p>");
    assertEquals(
        List.of(
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.MAIN,
            Landmark.MAIN,
            // an article's own footer (its tags, sharing links, author) is furniture too; its
            // header (the title) is not
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.BOILERPLATE,
            Landmark.NONE),
        b.stream().map(TextBlock::landmark).toList());
    assertTrue(b.get(2).heading());
    assertFalse(b.get(3).heading());
  }

  @Test
  void emptyPages() {
    assertEquals(List.of(), blocks(""));
    assertEquals(List.of(), blocks("<div> <p>\n</p> </div>"));
  }

  @Test
  void blocksKnowTheOutermostFormTheyLieIn() {
    List<TextBlock> b =
        blocks("<p>before</p><form><div><form><p>label</p></form>tail</div></form><p>after</p>");
    assertEquals(
        List.of("before", "label", "tail", "after"), b.stream().map(TextBlock::text).toList());
    assertEquals(-1, b.get(0).form());
    int form = b.get(1).path()[1];
    assertEquals(form, b.get(1).form());
    assertEquals(form, b.get(2).form());
    assertEquals(-1, b.get(3).form());
  }

  @Test
  void blocksKnowTheInnermostTableTheyLieIn() {
    List<TextBlock> b =
        blocks(
            "<p>before</p><table><tr><td>outer</td><td><table><tr><td>inner</td></tr></table>"
                + "</td></tr></table><p>after</p>");
    assertEquals(
        List.of("before", "outer", "inner", "after"), b.stream().map(TextBlock::text).toList());
    assertEquals(-1, b.get(0).table());
    int outer = b.get(1).table();
    int inner = b.get(2).table();
    assertTrue(outer >= 0 && inner > outer, b.toString());
    assertTrue(IntStream.of(b.get(2).path()).anyMatch(e -> e == outer), b.toString());
    assertTrue(IntStream.of(b.get(2).path()).anyMatch(e -> e == inner), b.toString());
    assertFalse(IntStream.of(b.get(1).path()).anyMatch(e -> e == inner), b.toString());
    assertEquals(-1, b.get(3).table());
  }

  @Test
  void preformattedTextIsMarkedAsSuchToTheEndOfItsElement() {
    List<TextBlock> b =
        blocks(
            "<p>Then run it:</p><pre>$ tool run <b>--step</b> 9\n<span>done</span></pre>"
                + "<div><pre><code>x = 1</code></pre><p>After the listing</p></div><p>The end</p>");
    assertEquals(
        List.of(
            "Then run it:", "$ tool run --step 9 done", "x = 1", "After the listing", "The end"),
        b.stream().map(TextBlock::text).toList());
    assertArrayEquals(
        new boolean[] {false, true, true, false, false},
        new boolean[] {
          b.get(0).preformatted(),
          b.get(1).preformatted(),
          b.get(2).preformatted(),
          b.get(3).preformatted(),
          b.get(4).preformatted()
        });
  }
}
