package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class SiteTemplatesTest {
  private static TextBlock block(String text) {
    return new TextBlock(text, text.split(" ").length, 0, 1, 0, false, false, Landmark.NONE);
  }

  private static List<TextBlock> page(int i) {
    return List.of(
        block("Home Products About"),
        block("Article number " + i + " says something of its own"),
        block("Copyright Example Inc"));
  }

  @Test
  void groupsAreHostAndPathUpToTheLastSegment() {
    assertEquals(
        "example.org/docs/usage/",
        SiteTemplates.group("https://Example.org/docs/usage/a.html?x=1"));
    assertEquals("example.org/", SiteTemplates.group("http://example.org"));
    assertEquals("example.org/docs/", SiteTemplates.group("http://example.org/docs/"));
    assertEquals("click/", SiteTemplates.group("click/prompts.html"));
    assertEquals("", SiteTemplates.group("doc-17"));
  }

  @Test
  void blocksOnHalfTheDistinctPagesAreTemplate() {
    SiteTemplates t = new SiteTemplates();
    for (int i = 0; i < 6; i++) {
      t.learn("g/", page(i));
    }
    // copies of one page count once: its article does not become template
    for (int i = 0; i < 10; i++) {
      t.learn("g/", page(0));
    }
    assertArrayEquals(new boolean[] {true, false, true}, t.template("g/", page(0)));
    assertArrayEquals(new boolean[] {true, false, true}, t.template("g/", page(99)));
    assertEquals(1, t.groups());
    assertEquals(1, t.learntGroups());
  }

  @Test
  void smallGroupsAreNotLearntFrom() {
    SiteTemplates t = new SiteTemplates();
    for (int i = 0; i < SiteTemplates.DEFAULT_MIN_PAGES - 1; i++) {
      t.learn("g/", page(i));
    }
    assertNull(t.template("g/", page(0)));
    assertNull(t.template("other/", page(0)));
    assertEquals(0, t.learntGroups());
  }

  @Test
  void checksumsFoldCaseAndSpacing() {
    assertEquals(
        SiteTemplates.checksum(block("Home  products About")),
        SiteTemplates.checksum(block("home products about")));
    assertFalse(
        SiteTemplates.checksum(block("home products")) == SiteTemplates.checksum(block("home")));
  }

  @Test
  void badParameters() {
    assertEquals(
        "minShare must be in (0, 1], got 0.0",
        assertThrows(IllegalArgumentException.class, () -> new SiteTemplates(0, 5)).getMessage());
    assertEquals(
        "minPages must be at least 2, got 1",
        assertThrows(IllegalArgumentException.class, () -> new SiteTemplates(0.5, 1)).getMessage());
  }

  @Test
  void realPagesWithoutLandmarksLoseTheirSharedSidebar() throws IOException {
    // the four pages of one directory of the Requests documentation; landmarks ignored, so only
    // the text features and the site template decide
    String[] paths = {
      "requests/community/support.html",
      "requests/community/out-there.html",
      "requests/community/release-process.html",
      "requests/community/vulnerabilities.html"
    };
    BlockClassifier featuresOnly = new BlockClassifier(false);
    MainTextExtractor local = new MainTextExtractor(Boilerplate.LOCAL, featuresOnly);
    MainTextExtractor site = new MainTextExtractor(Boilerplate.SITE, featuresOnly);
    SiteTemplates templates = new SiteTemplates(0.5, 3);
    List<List<TextBlock>> pages = new ArrayList<>();
    for (String path : paths) {
      Document d = RealPagesTest.page(path);
      pages.add(site.blocks(d));
      templates.learn(SiteTemplates.group(path), pages.getLast());
    }
    String blurb = "Requests is an elegant and simple HTTP library";
    int keptLocally = 0;
    for (int i = 0; i < paths.length; i++) {
      List<TextBlock> blocks = pages.get(i);
      String before = local.extract(blocks, null).text();
      MainText after =
          site.extract(blocks, templates.template(SiteTemplates.group(paths[i]), blocks));
      keptLocally += before.contains(blurb) ? 1 : 0;
      assertFalse(after.text().contains(blurb), paths[i] + ": " + after.text());
      assertFalse(after.text().contains("Kenneth Reitz Project"), paths[i]);
      String truth = RealPagesTest.page(paths[i]).selectFirst("[role=main]").text();
      assertEquals(
          1.0, RealPagesTest.score(after.text(), truth)[0], 1e-9, paths[i] + ": " + after.text());
    }
    // text features alone kept the sidebar's blurb on 2 of these pages; the content region (the
    // container of the page's paragraphs) now drops it locally too
    assertEquals(0, keptLocally, "kept locally on " + keptLocally);
  }

  @Test
  void aPageLeftWithAFewWordsByItsTemplateIsComparedByItsLocalText() {
    // an index page of a reference site: all but its letter recurs on the directory's pages
    List<TextBlock> blocks =
        List.of(
            block("Project Name"),
            block("Here is a list of all documented functions with links to their documentation"),
            block("- d -"),
            block("Generated by the generator version 1.8"));
    boolean[] template = {true, true, false, true};
    String local = new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null).text();
    String site = new MainTextExtractor(Boilerplate.SITE).extract(blocks, template).text();
    assertEquals(local, site);
    assertTrue(site.contains("Here is a list"), site);
  }

  @Test
  void aPageThatItsTemplateLeavesWithoutAnArticleIsComparedByItsLocalText() {
    // a class's page of a reference site: its package line and the paragraph every class of the
    // package shares recur on the directory's pages; what is left is short lines and lists of
    // members linked to their definitions, too few words kept for an article, which would then
    // keep all of its main region, links included, where local removal keeps the paragraph and
    // the short lines, as the same page under another site's template does
    String shared =
        "Every evaluator of this package matches elements of a parsed document against one part"
            + " of a selector, and is built by the query parser from the selector's text.";
    StringBuilder members = new StringBuilder();
    for (int list = 0; list < 3; list++) {
      members.append("<p>");
      for (int k = 0; k < 10; k++) {
        members.append("<a href=m").append(list).append(k).append(".html>member").append(k);
        members.append(" of list ").append(list).append("</a>, ");
      }
      members.append("</p>");
    }
    String html =
        "<header><a href=/>Home</a></header><main><div>Package org.example.select</div>"
            + "<h1>Class IsRoot</h1><p>"
            + shared
            + "</p><p>css pseudo class :root</p>"
            + members
            + "</main><footer>Copyright Example Inc</footer>";
    List<TextBlock> blocks = new BlockSegmenter().segment(org.jsoup.Jsoup.parse(html).body());
    Set<String> recurring =
        Set.of("Home", "Package org.example.select", shared, "Copyright Example Inc");
    boolean[] template = new boolean[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      template[i] = recurring.contains(blocks.get(i).text());
    }
    String local = new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null).text();
    assertTrue(local.contains("css pseudo class"), local);
    assertFalse(local.contains("member3 of list 1"), local);
    ExplainedText site = new MainTextExtractor(Boilerplate.SITE).explain(blocks, template);
    assertEquals(local, site.main().text());
    assertEquals(ExplainedText.Template.IGNORED, site.template());
  }

  @Test
  void aRecurringLineThePageKeepsAsContentIsNotTemplate() {
    // a reference directory's entries all open with the same sentence; the entry keeps it, as the
    // same entry under another site's template (where it does not recur) does
    String shared =
        "Every entry of this reference directory describes one parameter of the stylesheets.";
    List<TextBlock> blocks =
        List.of(
            block("Home Products About"),
            block(shared),
            block(
                "The value of this parameter sets the separator between labels and titles, a"
                    + " string, in every table of contents the stylesheets write for a book."),
            block("Copyright Example Inc"));
    boolean[] template = {true, true, false, true};
    MainText local = new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null);
    MainText site = new MainTextExtractor(Boilerplate.SITE).extract(blocks, template);
    assertTrue(local.text().contains(shared), local.text());
    assertEquals(local.text(), site.text());
    assertFalse(site.text().contains("Home Products"), site.text());
  }

  @Test
  void theTemplatesHeaderAndFooterAreDroppedEvenOnAPageWithoutAnArticle() {
    // the index pages of a reference site: a page header (the package's name and a menu), the
    // page's content (the index's letters, which only the index pages share, and its entries) and
    // a footer; local removal finds no article on such short pages and keeps all of their text
    BlockSegmenter segmenter = new BlockSegmenter();
    SiteTemplates templates = new SiteTemplates();
    List<List<TextBlock>> pages = new ArrayList<>();
    StringBuilder letters = new StringBuilder("<div><ul>");
    for (char c = 'A'; c <= 'Z'; c++) {
      letters.append("<li><a href=index-").append(c).append(".html>").append(c).append("</a></li>");
    }
    letters.append("</ul></div>");
    for (int i = 0; i < 8; i++) {
      String body =
          "<div><span>parser-combinators 1.2: Utilities for parsing command lines</span><ul>"
              + "<li><a href=index.html>Contents</a></li><li><a href=i.html>Index</a></li></ul></div>"
              + "<div>"
              + (i < 5 ? letters : "<h1>Module " + i + "</h1>")
              + "<div><p>Index - "
              + (char) ('a' + i)
              + "</p><table><tr><td>entry"
              + i
              + "</td><td>Module.Name"
              + i
              + "</td></tr></table></div></div>"
              + "<div><p>Produced by <a href=https://example.org>the generator</a> version 2.1</p>"
              + "</div>";
      pages.add(segmenter.segment(org.jsoup.Jsoup.parse(body).body()));
      templates.learn("site/", pages.getLast());
    }
    List<TextBlock> blocks = pages.get(0);
    boolean[] template = templates.template("site/", blocks);
    String local = new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null).text();
    assertTrue(local.contains("Produced by"), local);
    String site = new MainTextExtractor(Boilerplate.SITE).extract(blocks, template).text();
    assertTrue(site.startsWith("A\nB\nC"), site);
    assertTrue(site.endsWith("Index - a\nentry0\nModule.Name0"), site);
    assertFalse(site.contains("parser-combinators"), site);
    assertFalse(site.contains("Contents"), site);
    ExplainedText why = new MainTextExtractor(Boilerplate.SITE).explain(blocks, template);
    assertEquals(site, why.main().text());
    assertEquals(BlockReason.TEMPLATE, why.reasons().getLast());

    // a page whose own lines are fewer than its template-only parts' is more likely a copy: no
    // part of it is taken for chrome
    List<TextBlock> copy =
        List.of(
            new TextBlock(
                "Home",
                1,
                1,
                1,
                0,
                false,
                false,
                Landmark.NONE,
                new int[] {0, 1},
                -1,
                -1,
                PageType.OTHER,
                0,
                -1,
                false,
                false),
            new TextBlock(
                "The article every page of the directory repeats, word for word",
                11,
                0,
                1,
                0,
                false,
                false,
                Landmark.NONE,
                new int[] {0, 2},
                -1,
                -1,
                PageType.OTHER,
                0,
                -1,
                false,
                false),
            new TextBlock(
                "Today",
                1,
                0,
                1,
                0,
                false,
                false,
                Landmark.NONE,
                new int[] {0, 3},
                -1,
                -1,
                PageType.OTHER,
                0,
                -1,
                false,
                false));
    assertNull(SiteTemplates.chrome(copy, new boolean[] {true, true, false}));
  }

  @Test
  void aLineOfThePagesOwnThatLocalRemovalKeepsStays() {
    // with the template's lines out, the first line of the page's own has no neighbour before it
    // and the text features would drop it; local removal, which sees it after the site's tagline,
    // keeps it, and so does site removal
    List<TextBlock> blocks =
        List.of(
            block("Example docs for the parser library version two"),
            block("Returns the parsed value."),
            block("Raises an error otherwise."),
            block(
                "The parser reads the whole input before it returns, so a caller that wants to"
                    + " stop early passes a limit in characters, and the parser then returns what it"
                    + " has read so far with a flag saying that it stopped there."),
            block("Copyright Example Inc"));
    boolean[] template = {true, false, false, false, true};
    String local = new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null).text();
    assertTrue(local.contains("Returns the parsed value."), local);
    MainText site = new MainTextExtractor(Boilerplate.SITE).extract(blocks, template);
    assertTrue(site.text().startsWith("Returns the parsed value.\nRaises"), site.text());
    ExplainedText why = new MainTextExtractor(Boilerplate.SITE).explain(blocks, template);
    assertEquals(site.text(), why.main().text());
    assertTrue(why.reasons().get(1).kept(), why.reasons().toString());
  }
}
