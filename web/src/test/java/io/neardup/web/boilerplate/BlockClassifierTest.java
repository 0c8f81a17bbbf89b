package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.util.List;
import java.util.function.BinaryOperator;
import org.junit.jupiter.api.Test;

class BlockClassifierTest {
  /** The hand-set rules alone, without the learned model that re-decides their verdicts. */
  private static final BlockClassifier RULES = new BlockClassifier(true, null);

  /** The navigation bar above and below each entry of a reference site. */
  private static final String NAV =
      "<div><table><tr><td><a href=a.html>Prev</a></td><th>Generation</th>"
          + "<td><a href=u.html>Up</a></td><td><a href=b.html>Next</a></td></tr></table></div>";

  private static TextBlock block(int words, int linked) {
    return new TextBlock("w", words, linked, 1, words, false, false, Landmark.NONE);
  }

  private static TextBlock block(int words, int linked, Landmark landmark) {
    return new TextBlock("w", words, linked, 1, words, false, false, landmark);
  }

  @Test
  void decisionTree() {
    TextBlock longText = block(50, 0);
    TextBlock shortText = block(10, 0);
    // link-dense blocks are boilerplate whatever their length
    assertFalse(BlockClassifier.byTextFeatures(longText, block(100, 40), longText));
    // long running text is content
    assertTrue(BlockClassifier.byTextFeatures(null, block(17, 0), null));
    // a short block is content before a long one (a heading) ...
    assertTrue(BlockClassifier.byTextFeatures(null, block(3, 0), block(16, 0)));
    // ... or after a block of more than 4 words, and not among short blocks
    assertTrue(BlockClassifier.byTextFeatures(block(5, 0), shortText, block(15, 0)));
    assertFalse(BlockClassifier.byTextFeatures(block(4, 0), shortText, block(15, 0)));
    // after a link-dense block, up to 40 words need a following block of more than 17
    TextBlock links = block(10, 9);
    assertFalse(BlockClassifier.byTextFeatures(links, block(40, 0), block(17, 0)));
    assertTrue(BlockClassifier.byTextFeatures(links, block(40, 0), block(18, 0)));
    assertTrue(BlockClassifier.byTextFeatures(links, block(41, 0), null));
  }

  @Test
  void aLeadBeforeContentIsKept() {
    TextBlock heading = new TextBlock("Title", 1, 0, 1, 1, true, false, Landmark.NONE);
    List<TextBlock> page =
        List.of(block(3, 3), block(2, 2), heading, block(12, 0), block(3, 0), block(30, 0));
    boolean[] content = new BlockClassifier(false).classify(page);
    assertArrayEquals(new boolean[] {false, false, true, true, true, true}, content);
  }

  @Test
  void landmarksDecideWhereThePageDeclaresThem() {
    List<TextBlock> page =
        List.of(
            block(30, 0, Landmark.BOILERPLATE), // a long blurb in a sidebar
            block(2, 0, Landmark.MAIN),
            block(40, 0, Landmark.MAIN),
            block(6, 6, Landmark.MAIN), // "next / previous" links inside main
            block(45, 0, Landmark.NONE)); // text outside main
    assertArrayEquals(
        new boolean[] {false, true, true, false, false}, new BlockClassifier().classify(page));
    assertArrayEquals(
        new boolean[] {true, true, true, false, true}, new BlockClassifier(false).classify(page));
  }

  @Test
  void aPageWithoutMainContentKeepsWhatTheFeaturesKeep() {
    List<TextBlock> page = List.of(block(5, 5, Landmark.MAIN), block(45, 0, Landmark.NONE));
    assertArrayEquals(new boolean[] {false, true}, new BlockClassifier().classify(page));
    assertEquals(0, new BlockClassifier().classify(List.of()).length);
  }

  @Test
  void aShortPageKeepsItsTextAndLinksButNotItsFurniture() {
    // an index page: a line or two and its links, which are what tells it from the site's others
    List<TextBlock> page =
        List.of(block(3, 3), block(3, 0, Landmark.BOILERPLATE), block(3, 0), block(2, 0));
    assertArrayEquals(
        new boolean[] {true, false, true, true}, new BlockClassifier().classify(page));
  }

  @Test
  void aMainRegionOfLinkedCardsIsThePagesText() {
    // a news front page: each card (headline and teaser) is a link, so each is link-dense; what
    // the features keep (a paragraph of 45 words) is less than a tenth of the region: the list of
    // cards is the page's text
    List<TextBlock> page = new java.util.ArrayList<>();
    page.add(block(12, 12, Landmark.BOILERPLATE));
    page.add(block(45, 0, Landmark.MAIN));
    for (int card = 0; card < 40; card++) {
      page.add(block(15, 15, Landmark.MAIN));
    }
    page.add(block(9, 9, Landmark.BOILERPLATE));
    boolean[] content = new BlockClassifier().classify(page);
    for (int i = 0; i < page.size(); i++) {
      assertEquals(page.get(i).landmark() == Landmark.MAIN, content[i], "block " + i);
    }
    // an article in the region with a few linked cards beside it keeps the article only
    List<TextBlock> article =
        List.of(
            block(40, 0, Landmark.MAIN),
            block(60, 0, Landmark.MAIN),
            block(15, 15, Landmark.MAIN),
            block(18, 18, Landmark.MAIN));
    assertArrayEquals(
        new boolean[] {true, true, false, false}, new BlockClassifier().classify(article));
  }

  @Test
  void aShortPageThatDeclaresItsMainRegionKeepsThatRegion() {
    // a search page: the site's menu (links outside any landmark) and footer are not its text
    List<TextBlock> page =
        List.of(
            block(6, 6),
            block(1, 0, Landmark.MAIN),
            block(11, 0, Landmark.MAIN),
            block(3, 0),
            block(4, 0, Landmark.BOILERPLATE));
    assertArrayEquals(
        new boolean[] {false, true, true, false, false}, new BlockClassifier().classify(page));
    // without the landmarks, the text features alone: the whole page
    assertArrayEquals(
        new boolean[] {true, true, true, true, true}, new BlockClassifier(false).classify(page));
  }

  @Test
  void aFormsLabelsAreInterfaceUnlessTheFormWrapsThePage() {
    String article =
        "<h1>A short post</h1><p>"
            + "Running text of the post, with a clause, another clause, and a full stop. ".repeat(3)
            + "</p>";
    String form =
        "<form><h3>Leave a reply</h3><p>Your email address will not be published, and the"
            + " required fields are marked with a star, as everywhere.</p><p>You may use these"
            + " tags and attributes in your comment, within reason, as you like.</p>"
            + "<textarea></textarea></form>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(article + form, "").text();
    assertTrue(text.startsWith("A short post\nRunning text"), text);
    assertFalse(text.contains("reply"), text);
    String wrapped =
        new MainTextExtractor(Boilerplate.LOCAL).extract("<form>" + article + "</form>", "").text();
    assertTrue(wrapped.contains("Running text of the post"), wrapped);
  }

  @Test
  void aHeadingOfDroppedBlocksIsTheirTitle() {
    String paragraph =
        "<p>Running text of the post, with a clause, another clause, and a full stop. ".repeat(3)
            + "</p>";
    String page =
        "<main><article><h1>A post</h1>"
            + paragraph
            + "<h2>A section</h2>"
            + paragraph
            + "<h3>Related posts</h3><ul><li><a href=a.html>The first other post of the blog</a>"
            + "<li><a href=b.html>The second other post of the blog</a></ul>"
            + "<p>Share this:</p><p><a href=t>Share on one site</a> <a href=f>or another</a></p>"
            + "</article></main>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    // the headings of the article's sections stay; those of the lists of links after it go
    assertTrue(text.startsWith("A post\nRunning text"), text);
    assertTrue(text.contains("A section\nRunning text"), text);
    assertFalse(text.contains("Related posts"), text);
    assertFalse(text.contains("Share this"), text);
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    ExplainedText explained =
        extractor.explain(new BlockSegmenter().segment(org.jsoup.Jsoup.parse(page).body()), null);
    int related = -1;
    for (int i = 0; i < explained.main().blocks().size(); i++) {
      if (explained.main().blocks().get(i).text().equals("Related posts")) {
        related = i;
      }
    }
    assertEquals(BlockReason.HEADING_OF_DROPPED, explained.reasons().get(related));
  }

  /**
   * The main text of a reference site's entry: its name and a line on it, its synopsis and its
   * description (HTML), each in a section of its own, between navigation bars.
   */
  private static String referenceEntry(
      String name, String line, String synopsis, String description) {
    String entry =
        "<div><div><h2>"
            + name
            + "</h2><p>"
            + line
            + "</p></div><div><h2>Synopsis</h2><pre>"
            + synopsis
            + "</pre></div><div><h2>Description</h2>"
            + description
            + "</div></div>";
    return betweenNavigation(entry);
  }

  /** The main text of a page that is {@code entry} between navigation bars. */
  private static String betweenNavigation(String entry) {
    return new MainTextExtractor(Boilerplate.LOCAL).extract(NAV + entry + NAV, "").text();
  }

  @Test
  void aReferencePageOfShortLinesKeepsItsRegionsText() {
    String text =
        referenceEntry(
            "label.separator",
            "label.separator: the separator between labels and titles",
            "param label.separator",
            "<p>String used to separate labels and titles in a table of contents.</p>");
    assertTrue(text.contains("String used to separate labels and titles"), text);
    assertTrue(text.contains("param label.separator"), text);
    assertFalse(text.contains("Prev"), text);
  }

  @Test
  void aShortEntryKeepsTheLinesThatNameIt() {
    // the description's sentences are shared by every entry of its kind; the entry's name and
    // synopsis, in sections of their own beside it, are what tell the entries apart
    String text =
        referenceEntry(
            "profile.arch",
            "profile.arch, target profile for arch attribute",
            "param name=profile.arch",
            "<p>The value of this parameter specifies profiles which should be included in the"
                + " output, separated by semicolons, as the separator parameter says.</p><p>It has"
                + " effect only when you are using the profiling stylesheets, profile-docbook or"
                + " profile-chunk, instead of the normal ones.</p>");
    assertTrue(text.contains("The value of this parameter specifies profiles"), text);
    assertTrue(text.contains("profile.arch, target profile for arch attribute"), text);
    assertTrue(text.contains("param name=profile.arch"), text);
    assertFalse(text.contains("Prev"), text);
  }

  @Test
  void aShortEntryWithoutADeclaredMainRegionKeepsParametersThatOutweighItsDescription() {
    // a function's description and, in a section of its own beside it, a list of parameters
    // with more words than the description: on a page that declares no main region the region
    // is the one judge of where the entry ends, and the parameters are the entry's (a form's
    // labels are not)
    StringBuilder parameters = new StringBuilder("<div><h2>Parameters</h2><dl>");
    for (String p : List.of("node", "name", "value", "spec", "flags", "error", "data", "size")) {
      parameters.append("<dt>").append(p).append("</dt><dd>the ").append(p).append(" to set");
      parameters.append(" or null</dd>");
    }
    parameters.append("</dl></div>");
    String entry =
        "<div><div><h2>json_set_property</h2></div><div><h2>Description</h2><p>Sets the value"
            + " of a property of the node, as the property's specification says, converting it"
            + " when needed.</p><p>This function fails when the property is read only, or when"
            + " its value cannot be converted.</p></div>"
            + parameters
            + "<form><p>Was this page helpful</p></form></div>";
    String text = betweenNavigation(entry);
    assertTrue(text.contains("Sets the value of a property"), text);
    assertFalse(text.contains("helpful"), text);
    assertTrue(text.contains("the flags to set or null"), text);
    assertFalse(text.contains("Prev"), text);
  }

  @Test
  void aShortEntryWidenedToItsPageKeepsItsOwnShortLines() {
    // the best-scoring element is the last method's list of parameters, a short entry that is
    // widened to the page; its own lines are short (a parameter's line, the exception it throws)
    // and the classifier drops them, but they are the entry's text as much as the lines around it,
    // and the same page under a template that declares its main region keeps them
    String entry =
        "<div><div><h1>Interface DoubleSink</h1><div>A functional interface like a consumer of"
            + " doubles that declares an exception it may throw.</div><section><h2>Method"
            + " Details</h2><ul><li><section><h3>accept</h3><div>void <a href=#a>accept</a>(double"
            + " value) throws E</div><div>Accepts the value.</div><dl><dt>Parameters:</dt><dd>value"
            + " - the value to accept</dd></dl></section></li><li><section><h3>andThen</h3><div><a"
            + " href=#d>default</a> <a href=#s>DoubleSink</a> andThen(<a href=#s>DoubleSink</a>"
            + " after)</div><div>Returns a composed sink like <a"
            + " href=#c>DoubleConsumer.andThen</a>.</div><dl><dt>Parameters:</dt><dd>after - the"
            + " operation to perform after this one.</dd><dt>Returns:</dt><dd>a composed sink that"
            + " runs this one, then after.</dd><dt>Throws:</dt><dd>NullPointerException - when after"
            + " is null.</dd></dl></section></li></ul></section></div></div>";
    String text = betweenNavigation(entry);
    assertFalse(text.contains("Prev"), text);
    for (String line :
        List.of(
            "A functional interface like a consumer",
            "value - the value to accept",
            "Throws:\nNullPointerException - when after is null.")) {
      assertTrue(text.contains(line), text);
    }
  }

  @Test
  void aShortEntrysLinesOfLinksAreKeptWithOrWithoutADeclaredMainRegion() {
    // an interface's entry of a few lines: its title, its declaration, the classes that implement
    // it (each linked), a link to its place in the hierarchy, its description and its one method;
    // the same entry under a template that declares <main> keeps its lines of links, and so does
    // the page without one, so that the two read alike
    String entry =
        "<div><div><h1><a href=#>twisted.internet.interfaces.ILoggingContext</a></h1><p>interface"
            + " documentation</p></div><div><p>class ILoggingContext(Interface): <a"
            + " href=#s>(source)</a></p><p>Known subclasses: twisted.internet.interfaces.<a"
            + " href=#i>IFileDescriptor</a></p><p>Known implementations: <a"
            + " href=#d>protocol.DatagramProtocol</a>, <a href=#p>protocol.Protocol</a>, <a"
            + " href=#f>protocol.Factory</a></p><p><a href=#h>View In Hierarchy</a></p></div><div><p>"
            + "Give context information that will be used to log events generated by this item.</p>"
            + "</div><table><tr><td>Method</td><td><a href=#l>logPrefix</a></td><td>Prefix used"
            + " during log formatting to indicate context.</td></tr></table></div>";
    String undeclared = betweenNavigation(entry);
    String declared =
        new MainTextExtractor(Boilerplate.LOCAL)
            .extract(NAV + "<main>" + entry + "</main>" + NAV, "")
            .text();
    assertTrue(undeclared.contains("Known implementations: protocol.DatagramProtocol"), undeclared);
    assertTrue(undeclared.contains("View In Hierarchy\nGive context"), undeclared);
    assertEquals(declared, undeclared);
  }

  @Test
  void aPageThatKeepsLessThanASentenceOrTwoKeepsItsText() {
    // the tree keeps the 12-word block between two longer ones and drops the short lines around
    // them; 12 words are no article, and the page's text, links included, is what it says
    List<TextBlock> page =
        List.of(block(3, 0), block(2, 0), block(12, 0), block(2, 0), block(6, 6), block(3, 0));
    assertArrayEquals(
        new boolean[] {true, true, true, true, true, true},
        new BlockClassifier(false).classify(page));
  }

  private static TextBlock line(String text, int linked, int... path) {
    int words = text.split(" ").length;
    return new TextBlock(
        text,
        words,
        linked,
        1,
        words,
        false,
        false,
        Landmark.NONE,
        path,
        -1,
        -1,
        PageType.OTHER,
        0,
        -1,
        false,
        false);
  }

  @Test
  void aPageOfShortLinesWithoutAParagraphContainerKeepsTheTextOfItsTextContainer() {
    // a class's reference page: a breadcrumb, then (element 2) short lines of members with their
    // one-line descriptions and one code listing, then a footer; the classifier kept a few of the
    // lines and the footer, and the one paragraph's container holds too little of that to decide
    List<TextBlock> page = new java.util.ArrayList<>();
    page.add(line("Index » Parser » Statement", 3, 0, 1));
    page.add(line("Class: Parser::Statement", 0, 0, 2, 3));
    for (int k = 0; k < 6; k++) {
      page.add(line("#attribute" + k + " ⇒ Object", 0, 0, 2, 4 + 2 * k));
      page.add(line("Returns the attribute " + k + ".", 0, 0, 2, 4 + 2 * k, 5 + 2 * k));
    }
    page.add(
        line(
            "# File 'statement.rb', line 16 def initialize(source, file = nil, line = nil) @source ="
                + " source end",
            0,
            0,
            2,
            20,
            21));
    page.add(line("Generated by the documentation tool 1.0 today.", 0, 0, 30));
    boolean[] content = new boolean[page.size()];
    int[] kept = {1, 2, 6, 10, 13, 14, 15};
    for (int i : kept) {
      content[i] = true;
    }
    ContentRegion.restrict(page, content);
    // as a declared main region would be: every text line of element 2, nothing outside it
    for (int i = 0; i < page.size(); i++) {
      int[] path = page.get(i).path();
      assertEquals(path.length > 1 && path[1] == 2, content[i], page.get(i).text());
    }
  }

  @Test
  void aListOfLinksUnderAnIntroductionIsThePagesText() {
    // an index of a library's fields: a sentence of introduction and letter headings, then one
    // line per field, its name and a link to its structure; the classifier keeps the sentence
    // (an article of 20 words) and drops every line of the list as link-dense
    StringBuilder list = new StringBuilder();
    for (char letter = 'a'; letter <= 'e'; letter++) {
      list.append("<h3>- ").append(letter).append(" -</h3><ul>");
      for (int k = 0; k < 40; k++) {
        list.append("<li>")
            .append(letter)
            .append("_field")
            .append(k)
            .append(" : <a href=s.html>struct_")
            .append(letter)
            .append(k)
            .append("</a></li>");
      }
      list.append("</ul>");
    }
    String page =
        "<div><div><a href=i.html>Main page</a> <a href=f.html>Files</a></div></div>"
            + "<div class=contents><p>Here is a list of all documented struct and union fields"
            + " with links to the struct or union documentation for each field:</p>"
            + list
            + "</div><hr><address>Generated by 1.8.16</address>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.startsWith("Here is a list of all documented struct"), text);
    assertTrue(text.contains("c_field37 : struct_c37"), text);
    assertTrue(text.contains("- e -"), text);
    assertFalse(text.contains("Main page"), text);
    assertFalse(text.contains("Generated by"), text);
  }

  @Test
  void anOptionsShortDescriptionWithALinkIsTextBetweenTheParagraphs() {
    // a command's manual page under a template that declares no main region: its options, each a
    // term and a one-line description that links a word to its definition, between paragraphs;
    // under a template that declares its main region the same lines are kept
    String paragraph =
        "<p>The command adds dependencies to the manifest, and it can modify dependencies that are"
            + " already listed, keeping their features, their source and their version.</p>";
    String page =
        "<div><a href=/>Home</a> <a href=/docs>Docs</a></div><div><div><h2>Description</h2>"
            + paragraph.repeat(2)
            + "<h2>Options</h2><dl><dt>--path path</dt><dd>Filesystem path to a local <a"
            + " href=c.html>crate</a> to add.</dd><dt>--branch name</dt><dd>Branch to use when"
            + " adding from git.</dd><dt>--offline</dt><dd>Runs without accessing the <a"
            + " href=n.html>network</a> at all.</dd><dt>--quiet</dt><dd>Prints nothing.</dd></dl>"
            + paragraph
            + "</div></div><div>Generated by a generator 1.0</div>";
    // the rules alone: the learned model happens to keep one of the two lines on its own
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    assertTrue(text.contains("Filesystem path to a local crate to add."), text);
    assertTrue(text.contains("Runs without accessing the network at all."), text);
    assertFalse(text.contains("Generated by"), text);
  }

  @Test
  void aShortListIsItsIntroductionsText() {
    // one letter of an index of few entries: every letter's page shares the introduction, so that
    // its entries alone, fewer words than the introduction, tell it from the others
    String page =
        "<div><div><a href=i.html>Main page</a> <a href=f.html>Files</a></div></div>"
            + "<div class=contents><div>Here is a list of all functions, variables, defines, enums,"
            + " and typedefs with links to the files they belong to:</div><h3>- b -</h3><ul>"
            + "<li>BYTES_PER_PIXEL : <a href=p.html>pixels.h</a></li></ul>"
            + "</div><hr><address>Generated by 1.9.4</address>";
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    assertEquals(
        "Here is a list of all functions, variables, defines, enums, and typedefs with links to"
            + " the files they belong to:\n- b -\nBYTES_PER_PIXEL : pixels.h",
        extractor.extract(page, "").text());

    // without the colon, the list must outweigh the paragraph to be what the paragraph introduces:
    // a short paragraph over two linked lines stays a paragraph
    String paragraph =
        page.replace("they belong to:", "they belong to, as the generator wrote them.");
    assertEquals(
        "Here is a list of all functions, variables, defines, enums, and typedefs with links to"
            + " the files they belong to, as the generator wrote them.",
        extractor.extract(paragraph, "").text());

    // in a declared main region, whose short lines the landmarks keep: an entry without its link
    // is one more line of the list, not text after it
    String declared =
        "<nav><a href=i.html>Main page</a> <a href=f.html>Files</a></nav><main><div>Here is a"
            + " list of all functions, variables, defines, enums, and typedefs with links to the"
            + " files they belong to:</div><h3>- a -</h3>"
            + "<ul><li>AUDIO_BITSIZE : <a href=a.html>audio.h</a><li>AUDIO_ALLOW_CHANGE :<li>"
            + "AUDIO_ISFLOAT : <a href=a.html>audio.h</a><li>AUDIO_MASK : <a href=a.html>audio.h"
            + "</a></ul></main>";
    String text = extractor.extract(declared, "").text();
    assertTrue(text.contains("AUDIO_ISFLOAT : audio.h\nAUDIO_MASK : audio.h"), text);
  }

  @Test
  void aTableOfTheTextKeepsAllItsCells() {
    // a reference page without a declared main region: a paragraph, then a table of symbols and
    // their meanings whose short cells the classifier, judging each by its neighbours, keeps and
    // drops in turn; a layout table around the page keeps its furniture out
    String paragraph =
        "<p>The syntax for custom number patterns is described in the specification, and the"
            + " following table is a brief overview of the symbols, each with what it means.</p>";
    String rows =
        "<table><tr><th>Symbol</th><th>Description</th></tr><tr><td>0</td><td>Digit</td></tr>"
            + "<tr><td>1-9</td><td>Digits one through nine indicate rounding.</td></tr>"
            + "<tr><td>@</td><td>Significant digit</td></tr><tr><td>#</td>"
            + "<td>Digit, zero shows as absent</td></tr><tr><td>.</td><td>Decimal separator"
            + "</td></tr><tr><td>-</td><td>Minus sign</td></tr></table>";
    String page =
        "<table><tr><td><a href=/>Home</a> <a href=/docs>Docs</a></td></tr><tr><td>Version 2.1"
            + "</td><td><div><h1>Number formatting</h1>"
            + paragraph.repeat(3)
            + rows
            + paragraph
            + "</div></td></tr><tr><td>Last updated today</td></tr></table>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertContainsAll(text, "Description", "1-9", "Significant digit", "Digit, zero", "Minus sign");
    assertFalse(text.contains("Version 2.1"), text);
    assertFalse(text.contains("Last updated"), text);
  }

  @Test
  void aMemberTablesLinkedNamesAreKeptBesideTheirDescriptions() {
    // a generated class reference: a table of members, each row its kind, its name linked to its
    // entry and its description. The names tell the classes apart; a table of links alone (an
    // index of functions, no description kept beside them) stays out
    StringBuilder rows = new StringBuilder();
    for (String[] m :
        new String[][] {
          {"closed", "Called when the session is closed by the other side of the connection."},
          {"eofReceived", "Called when the other side has indicated no more data will be sent."},
          {"execCommand", "Executes a command in a new process and connects its output to proto."},
          {"getPty", "Gets a pseudo-terminal for use by a shell or command that the user runs."},
        }) {
      rows.append("<tr><td>Method</td><td><code><a href=#")
          .append(m[0])
          .append('>')
          .append(m[0])
          .append("</a></code></td><td>")
          .append(m[1])
          .append("</td></tr>");
    }
    String index =
        "<table><tr><td><a href=/a>alpha</a></td><td><a href=/b>beta</a></td></tr>"
            + "<tr><td><a href=/c>gamma</a></td><td><a href=/d>delta</a></td></tr></table>";
    String page =
        "<nav><a href=/>Home</a> <a href=/api>API</a></nav><div><h1>Class TerminalSession</h1><p>"
            + "A session of a terminal, adapted from the avatar that the user logged in as, which"
            + " runs the user's shell or commands.</p><table>"
            + rows
            + "</table>"
            + index
            + "</div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.contains("Method\nclosed\nCalled when the session is closed"), text);
    assertTrue(text.contains("getPty\nGets a pseudo-terminal"), text);
    assertContainsNone(text, "alpha", "delta", "Home");
  }

  /**
   * The main text of a page that is {@code entry} between a row of the site's links and a footer of
   * copyright lines and a licence sentence.
   */
  private static String betweenLinksAndNotices(String entry) {
    String page =
        "<table><tr><td><a href=/>Home</a></td><td><a href=/libs>Libraries</a></td><td><a"
            + " href=/people>People</a></td><td><a href=/faq>FAQ</a></td><td><a href=/more>More</a>"
            + "</td></tr></table>"
            + entry
            + "<table><tr><td></td><td><div>Copyright © 2005 Olaf"
            + " Krzikalla<br>Copyright © 2006-2015 Ion Gaztanaga<p>Distributed under the Boost"
            + " Software License, Version 1.0. (See accompanying file LICENSE_1_0.txt or copy at <a"
            + " href=/LICENSE_1_0.txt>http://www.boost.org/LICENSE_1_0.txt</a>)</p></div></td></tr>"
            + "</table>";
    return new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
  }

  @Test
  void aShortEntrysFooterOfNoticesIsNotItsPart() {
    // a reference entry of a dozen words between the site's links and a footer of copyright lines
    // and a licence sentence, which together outweigh the entry: the entry is the page's own part
    String text =
        betweenLinksAndNotices(
            "<div><div><h2>Struct template get_hash</h2><p>boost::intrusive::get_hash</p></div>"
                + "<h2>Synopsis</h2><div><pre>// In header: &lt;<a"
                + " href=/h>boost/intrusive/hashtable.hpp</a>&gt;\n\ntemplate&lt;typename Hash,"
                + " typename &gt;\nstruct <a href=/g>get_hash</a> {\n  // types\n  typedef Hash"
                + " type;\n};</pre></div></div>");
    assertContainsAll(text, "Struct template get_hash", "typedef Hash type;");
    assertFalse(text.contains("©"), text);
  }

  @Test
  void aNoticeStaysOutWhateverTheModelReadsInIt() {
    // an entry's description, then a footer of copyright lines and a licence sentence: the rules
    // drop the copyright lines as a notice; the learned model, reading them as a short line after
    // a text, must not keep them again
    String term =
        "<dt><code>NAME</code></dt><dd><p>If this linking policy is specified in a <a"
            + " href=/v>value_traits</a> class as the <a href=/l>link_mode</a>, containers"
            + " configured with such <a href=/v>value_traits</a> will set the hooks of the erased"
            + " values to a default state, and will check that hooks are in that state.</p></dd>";
    String last =
        "<dt><code>auto_unlink</code></dt><dd><p>Same as the safe policy, but the user type is an"
            + " unlinking type, so the containers with constant time size features will not work"
            + " with <a href=/v>value_traits</a> configured with this policy. Containers also know"
            + " that a value can be silently erased from the container.</p></dd>";
    String text =
        betweenLinksAndNotices(
            "<div><div><h2>Type link_mode_type</h2><p>boost::intrusive::link_mode_type</p></div>"
                + "<h2>Synopsis</h2><div><pre>// In header: &lt;<a"
                + " href=/h>boost/intrusive/link_mode.hpp</a>&gt;\n\nenum link_mode_type { <a"
                + " href=#n>normal_link</a>, <a href=#s>safe_link</a>, <a href=#a>auto_unlink</a>"
                + " };</pre></div><div><h2>Description</h2><p>This enumeration defines the type of"
                + " <a href=/v>value_traits</a> that can be defined for Boost.Intrusive"
                + " containers</p><div><dl>"
                + term.replace("NAME", "normal_link")
                + term.replace("NAME", "safe_link")
                + last
                + "</dl></div></div></div>");
    assertContainsAll(text, "This enumeration defines", "auto_unlink");
    assertFalse(text.contains("©"), text);
  }

  @Test
  void aListMostlyKeptKeepsAllItsEntriesButNotLinksAmongOtherItems() {
    // a class's members, each its name linked to its entry: those with long signatures are kept,
    // those of one linked word dropped as link-dense, so that the list reads by halves; a list of
    // entries is one part of the page and is kept whole
    StringBuilder members = new StringBuilder("<ul>");
    for (int i = 0; i < 6; i++) {
      members
          .append("<li><a href=#c")
          .append(i)
          .append(">connect</a>(const QObject *sender, const char *signal, const QObject")
          .append(" *receiver, const char *method, Qt::ConnectionType type) : Connection</li>")
          .append("<li><a href=#d")
          .append(i)
          .append(">deleteLater")
          .append(i)
          .append("()</a></li>");
    }
    members.append("</ul>");
    String reference =
        betweenNavigation(
            "<div><h1>List of All Members for QObject</h1><p>This is the complete list of"
                + " members for QObject, including inherited members, each with its signature and"
                + " the type it returns, as declared in its header.</p>"
                + members
                + "</div>");
    assertContainsAll(reference, "deleteLater0()", "deleteLater5()", "connect(const QObject");
    // a list of cars' figures with calls to action among them: the links are not its entries
    StringBuilder figures = new StringBuilder("<ul>");
    for (String car : List.of("Kia EV6", "Polestar 2", "Tesla Model 3", "Renault 5")) {
      figures
          .append("<li>")
          .append(car)
          .append(": a range of about three hundred miles, fast charging in half an hour and room")
          .append(" for five adults with their luggage</li><li><a href=/r>Full review</a></li>");
    }
    figures.append("</ul>");
    String article =
        betweenNavigation(
            "<div><h1>The best electric cars</h1><p>We drove every electric car on sale this"
                + " year, and these are the ones we would buy with our own money, with the figures"
                + " that matter most for each of them.</p>"
                + figures
                + "</div>");
    assertContainsAll(article, "Kia EV6: a range", "Renault 5: a range");
    assertContainsNone(article, "Full review");
  }

  @Test
  void aLongNoticeOpeningWithACopyrightSignIsNotThePagesText() {
    // a generated list of a class's members: a title, a line of introduction and the members,
    // each linked to its entry; the page's only paragraph is the site's legal notice under it.
    // The notice is the same on every page of the site, so it must not be the text each reads as
    String members =
        "<ul><li><a href=#a>QCollatorSortKey(const QCollatorSortKey &amp;)</a></li>"
            + "<li><a href=#b>compare(const QCollatorSortKey &amp;) const</a> : int</li>"
            + "<li><a href=#c>swap(QCollatorSortKey &amp;)</a></li></ul>";
    String notice =
        "<div class=footer><p>© 2020 The Qt Company Ltd. Documentation contributions included"
            + " herein are the copyrights of their respective owners. The documentation provided"
            + " herein is licensed under the terms of the GNU Free Documentation License version"
            + " 1.3 as published by the Free Software Foundation. Qt and respective logos are"
            + " trademarks of The Qt Company Ltd. in Finland and/or other countries worldwide.</p>"
            + "</div>";
    String page =
        "<div class=header><a href=/>Qt 5.15</a> <a href=/core>Qt Core</a></div><div><h1>List of"
            + " All Members for QCollatorSortKey</h1><p>This is the complete list of members for"
            + " <a href=q.html>QCollatorSortKey</a>, including inherited members.</p>"
            + members
            + "</div>"
            + notice;
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.contains("List of All Members for QCollatorSortKey\nThis is the"), text);
    assertFalse(text.contains("©"), text);
    // a sentence of the text that mentions a copyright stays, as does a long line that names one
    // further on
    assertFalse(BlockClassifier.opensWithCopyright("The library is © its authors, who"));
    assertTrue(BlockClassifier.opensWithCopyright("Copyright © 2024 The Authors. All rights"));
    assertTrue(BlockClassifier.opensWithCopyright("  © 2020 The Qt Company Ltd."));
    assertFalse(BlockClassifier.opensWithCopyright("It was written in 2020 © the authors"));
  }

  @Test
  void aLineOfLinksOverTheTextOfItsOwnItemIsItsTitle() {
    // a reference page's entries: each a signature whose names link to their definitions, over
    // its description in the same element; the description is kept, so is its signature. A line
    // that sends the reader elsewhere ("Read more: ...") or a short link ("Print recipe") is not
    String entry =
        "<div><p><a href=#v:NAME>NAME</a> :: <a href=#t:Parser>Parser</a> a -&gt; <a"
            + " href=#t:Parser>Parser</a> a <a href=src.html>Source</a></p><div><p>Runs the NAME"
            + " of the given parser on the input, and returns what it parsed, or the error it"
            + " met, with the position where the input stopped matching, so that the caller can"
            + " tell the user which part of the command line it could not read, and what it"
            + " expected to find there instead.</p></div></div>";
    StringBuilder entries = new StringBuilder();
    for (String name : List.of("many", "some", "optional")) {
      entries.append(entry.replace("NAME", name));
    }
    String elsewhere =
        "<div><p>Read more: <a href=/other>How parsers combine in other libraries</a></p><p>"
            + "Parsers built this way compose well with the others of the library, which the next"
            + " chapter shows with a longer example of a command line, whose options and arguments"
            + " each have a parser of their own, combined in the order the user gives them.</p>"
            + "</div>";
    String print =
        "<div><p><a href=/print>Print recipe</a></p><p>Each of these functions is lazy in its"
            + " input, and none of them reads more than it needs to decide, which keeps the memory"
            + " a parser uses small even on long inputs, and lets a caller stop reading as soon as"
            + " it has what it needs.</p></div>";
    String page =
        String.join(
            "",
            "<nav><a href=/>Home</a> <a href=/docs>Docs</a></nav><div><h1>Parsers</h1>",
            entries,
            elsewhere,
            print,
            "</div>");
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.contains("many :: Parser a -> Parser a Source\nRuns the many"), text);
    assertTrue(text.contains("optional :: Parser a -> Parser a Source"), text);
    assertContainsNone(text, "Read more", "Print recipe", "Home");
  }

  @Test
  void theHeadingsOfAReferenceEntryInItsDeclaredMainRegionAreItsText() {
    // a generated reference entry: its title and each implementation's heading are signatures
    // whose names link to their definitions, each beside a "source" link; the descriptions under
    // them are the same on every entry of its kind, the headings are what tell the entries apart.
    // A heading over a line of sharing links is not the entry's. The rules alone: the learned model
    // may re-decide a heading between kept paragraphs
    String method =
        "<section><a href=src.html#1>source</a><h4>fn <a href=#m.NAME>NAME</a>(&amp;self) -&gt;"
            + " <a href=t.html>Self</a></h4></section><div><p>Returns the NAME of the value, as"
            + " its trait documents it for every type that implements it, with the same meaning"
            + " whatever the type.</p></div>";
    StringBuilder impls = new StringBuilder();
    for (String t : List.of("Clone", "Default", "Debug")) {
      impls
          .append("<section><a href=src.html#2>source</a><h3>impl <a href=t.html>")
          .append(t)
          .append("</a> for <a href=#>Add</a></h3></section>")
          .append(method.replace("NAME", t.toLowerCase(java.util.Locale.ROOT)));
    }
    String page =
        "<nav><a href=/>Home</a> <a href=/docs>Docs</a> <a href=/api>API</a></nav><main><h1>"
            + "Struct <a href=../index.html>syn</a>::<a href=index.html>token</a>::<a"
            + " href=#>Add</a></h1><span><a href=src.html>source</a></span><p>The token of the"
            + " plus sign, which the parser reads wherever an expression adds two values, and"
            + " which the printer writes back between them.</p><h2>Share this</h2><ul><li><a"
            + " href=/t>Twitter</a></li><li><a href=/f>Facebook</a></li></ul><p>Don't try to"
            + " remember the name of this type: use the Token macro instead, which names every"
            + " token of the language by its own spelling.</p><h2>Trait Implementations</h2>"
            + impls
            + "</main><footer><a href=/about>About</a></footer>";
    assertSameTextWithOrWithoutMain(
        page,
        List.of(
            "Trait Implementations",
            "impl Clone for Add",
            "impl Debug for Add",
            "fn default(&self) -> Self",
            "Returns the clone of the value"),
        List.of("Share this", "Twitter", "Home", "About"));
  }

  @Test
  void aListOfNamesBetweenTheParagraphsOfTheTextIsText() {
    // a licence page: its paragraphs and, between them, the list of its authors, one name per
    // item, no links; the text features drop the names as short lines, the declared main region
    // keeps them, and so must the content region of the same page under a template without one
    StringBuilder names = new StringBuilder("<ul>");
    for (String name :
        List.of(
            "Aarni Koskela",
            "Christopher Lenz",
            "Armin Ronacher",
            "Alex Morega",
            "Felix Schwarz",
            "Pedro Algarvio",
            "Isaac Jurado",
            "Tobias Bieniek",
            "Erick Wilder",
            "Jun Omae")) {
      names.append("<li>").append(name).append("</li>");
    }
    names.append("</ul>");
    String page =
        "<nav><a href=/>Home</a> <a href=/docs>Docs</a> <a href=/api>API</a> <a href=/faq>FAQ</a>"
            + "</nav><main><div><h1>License</h1><p>The library is licensed under a three clause"
            + " BSD License, which means that you may do whatever you want with it, as long as"
            + " the copyright notice stays with it.</p><h2>Authors</h2><p>The library is written"
            + " and maintained by its team and by these contributors, in order of arrival:</p>"
            + names
            + "<p>It was first developed under the copyright of another company, which gave its"
            + " rights to the team when the project became independent, with all its history.</p>"
            + "<p>The full texts of the licences of the library and of its documentation, with"
            + " their definitions, follow in the next sections, as distributed with the code.</p>"
            + "</div></main><footer><a href=/about>About</a> <a href=/legal>Legal</a></footer>";
    assertSameTextWithOrWithoutMain(
        page,
        List.of("Aarni Koskela", "Jun Omae", "three clause BSD License", "with all its history"),
        List.of("Home", "FAQ", "About"));
  }

  @Test
  void theCommentsOfAPageThatDeclaresItselfAnArticleAreNotItsText() {
    // a blog post whose comments, inside the post's own container, outweigh it: each comment opens
    // with its author and a machine-readable date; on a page that declares no article (a forum's
    // thread) the same replies are the text
    StringBuilder comments = new StringBuilder("<h3>5 comments</h3><ol>");
    for (String name : List.of("Sheri", "Jenny", "Nettie", "Agnes", "Alyssa")) {
      comments
          .append("<li><article><footer><b>")
          .append(name)
          .append("</b> on <time datetime=2025-12-18>December 18, 2025</time></footer><p>")
          .append(name)
          .append(" thinks the projects are lovely, and would like to build the bench and the")
          .append(" shelf this winter with the wood left over from the new fence in the garden,")
          .append(" once the weather is dry enough to work outside for a whole day.</p>")
          .append("</article></li>");
    }
    comments.append("</ol>");
    String body =
        "<nav><a href=/>Home</a> <a href=/crafts>Crafts</a> <a href=/about>About</a></nav><main>"
            + "<div><h1>Easy wood projects</h1><p>Some of my friends and I are sharing our"
            + " favourite wood projects, made with a few power tools over the summer, none of"
            + " them a big piece of furniture.</p><p>I made this quilt block wall art in April, and"
            + " as soon as I hung it up in the kitchen I thought of building more blocks with"
            + " coordinating papers, until the whole wall is a wooden quilt.</p>"
            + comments
            + "</div></main><footer><a href=/privacy>Privacy</a></footer>";
    String article =
        "<html><head><meta property=og:type content=article></head><body>" + body + "</body>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(article, "").text();
    assertTrue(text.contains("a wooden quilt"), text);
    assertFalse(text.contains("thinks the projects are lovely"), text);
    String thread = "<html><head></head><body>" + body + "</body>";
    assertTrue(
        new MainTextExtractor(Boilerplate.LOCAL, RULES)
            .extract(thread, "")
            .text()
            .contains("Alyssa thinks the projects are lovely"));
  }

  @Test
  void theCommentsOfAnArticleThatOpenWithTheAuthorsNameOverADatelineAreNotItsText() {
    // a post whose comments, in the post's own container, outweigh it; each comment is an article
    // of its own whose header (a comment's, not the page's furniture) holds its author's name and,
    // on the next line, a machine-readable date
    StringBuilder comments = new StringBuilder("<div><h3>8 Comments</h3><ol>");
    for (String name :
        List.of("Sharon", "Cris", "Rachel", "Anita", "Teresa", "Tim", "Kayla", "Jill")) {
      comments
          .append("<li><article><header><p><a href=https://example.org/")
          .append(name)
          .append(">")
          .append(name)
          .append("</a> says</p><p><time>July 14, 2015 at 3:53 pm</time></p></header><p>")
          .append(name)
          .append(" asks whether the spray also keeps the aphids off the kale, and how long it")
          .append(" keeps in the fridge, since the garden is large and the kale grows in the")
          .append(" shade of the fence.</p><a href=#reply>Reply</a></article></li>");
    }
    comments.append("</ol></div>");
    StringBuilder post = new StringBuilder("<article><h1>Garden spray</h1><div>");
    for (int p = 0; p < 3; p++) {
      post.append("<p>Paragraph ")
          .append(p)
          .append(" of the recipe: pulverize the onion, the garlic, the mint and the cayenne,")
          .append(" let the mixture steep for a couple of hours, then strain it through a fine")
          .append(" mesh into a gallon jug, add the soap and fill it up with water.</p>");
    }
    post.append("</div>").append(comments).append("</article>");
    String text = mainTextOfDeclaredArticle(post.toString());
    assertTrue(text.contains("Paragraph 2 of the recipe"), text);
    assertFalse(text.contains("asks whether the spray"), text);
  }

  @Test
  void aForumThatDeclaresItsThreadAnArticleKeepsTheReplies() {
    // the opening post is a post like its replies: it opens with its author's name over a
    // dateline, as they do, and is not many times longer than they are
    StringBuilder thread = new StringBuilder("<div><h1>Open source releases end</h1>");
    thread.append(forumPost("Linc", "the releases of the open source edition end this year"));
    thread.append("<h2>Comments</h2><ul>");
    for (String name : List.of("K17", "mcrouse", "jdoe")) {
      thread
          .append("<li>")
          .append(forumPost(name, name + " is sad to read it but saw it coming for a while"))
          .append("</li>");
    }
    thread.append("</ul></div>");
    String text = mainTextOfDeclaredArticle(thread.toString());
    assertTrue(text.contains("the releases of the open source edition end"), text);
    for (String name : List.of("K17", "mcrouse", "jdoe")) {
      assertTrue(text.contains(name + " is sad to read it"), text);
    }
  }

  @Test
  void theReviewsOfAPageThatDeclaresItselfAProductAreNotItsText() {
    // a product's description and specifications, then its customers' reviews in the same main
    // region, longer than the description: each opens with its rating and its author over the
    // review; a page that declares no product (a forum's thread of the same posts) keeps them
    String text = mainTextOfProductPage("product", reviews());
    assertTrue(text.contains("keeps your gear within easy reach"), text);
    assertTrue(text.contains("Capacity: 25 litres"), text);
    assertFalse(text.contains("carried it on every hike"), text);
    assertFalse(text.contains("Rated 4 out of 5"), text);
    String thread = mainTextOfProductPage("website", reviews());
    assertTrue(thread.contains("Ana carried it on every hike"), thread);
    assertTrue(thread.contains("Noor carried it on every hike"), thread);
  }

  @Test
  void aProductsOwnSectionsAndSpecificationsStay() {
    // a product's own features, each a heading over its paragraph, and its list of
    // specifications: repeated structures of the page's own text, not reviews
    StringBuilder features = new StringBuilder();
    for (String feature : List.of("Suspension", "Pockets", "Rain cover", "Hydration")) {
      features
          .append("<section><h3>")
          .append(feature)
          .append("</h3><p>The ")
          .append(feature.toLowerCase(java.util.Locale.ROOT))
          .append(" of the pack is designed for long days on the trail, tested by the people who")
          .append(" make it on their own hikes, and built to last for many seasons.</p></section>");
    }
    String text = mainTextOfProductPage("product", features.toString());
    assertTrue(text.contains("keeps your gear within easy reach"), text);
    assertTrue(text.contains("Capacity: 25 litres"), text);
    for (String feature : List.of("suspension", "pockets", "rain cover", "hydration")) {
      assertTrue(text.contains("The " + feature + " of the pack is designed"), text);
    }
  }

  /** Four customers' reviews of a pack, each its rating and author over a paragraph. */
  private static String reviews() {
    StringBuilder reviews = new StringBuilder("<h2>Reviews</h2><ul>");
    for (String name : List.of("Ana", "Ben", "Chloe", "Noor")) {
      reviews
          .append("<li><div><p>Rated 4 out of 5</p><p>")
          .append(name)
          .append(", March 2025</p><p>")
          .append(name)
          .append(" carried it on every hike this summer, from short walks in the hills to a")
          .append(" week in the mountains, and found it comfortable, though the side pockets")
          .append(" could be a little deeper for a large bottle of water.</p></div></li>");
    }
    return reviews.append("</ul>").toString();
  }

  /**
   * The main text of a page whose {@code og:type} is {@code type}, holding a product's description
   * and specifications followed by {@code more} in its main region.
   */
  private static String mainTextOfProductPage(String type, String more) {
    String page =
        "<html><head><meta property=og:type content="
            + type
            + "></head><body><nav><a href=/>Home</a> <a href=/packs>Packs</a></nav><main>"
            + "<h1>Trail 25 pack</h1><p>The Trail 25 pack keeps your gear within easy reach: it"
            + " fits a wide range of bodies, and it has pockets galore for quick access to all"
            + " your essentials on the trail.</p><ul><li>Capacity: 25 litres</li>"
            + "<li>Weight: 0.8 kg</li><li>Rain cover: included</li></ul>"
            + more
            + "</main><footer><a href=/privacy>Privacy</a></footer></body></html>";
    return new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
  }

  /** The main text of a page that declares itself an article and holds {@code main}. */
  private static String mainTextOfDeclaredArticle(String main) {
    String page =
        "<html><head><meta property=og:type content=article></head><body><nav><a href=/>Home</a>"
            + " <a href=/topics>Topics</a></nav><main>"
            + main
            + "</main><footer><a href=/privacy>Privacy</a></footer></body></html>";
    return new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
  }

  private static String forumPost(String author, String says) {
    return "<div><div><a href=/profile/"
        + author
        + ">"
        + author
        + "</a></div><div><time>March 2025</time></div><div><p>"
        + says
        + ", and the post says why at some length: what was decided, by whom, what it means"
        + " for those who run the software on their own servers, and what they may do now.</p>"
        + "<p>A second paragraph of "
        + author
        + "'s post says what happens to the security fixes, the plugins and the translations.</p>"
        + "</div></div>";
  }

  @Test
  void aManualPageInSectionsOfOneLevelIsKeptWhole() {
    // a manual page on a template that declares no main region: sections side by side, each a
    // heading of one level over its body; the description's paragraphs score highest, and the
    // synopsis, the return value and the references are the page's text as much
    String page =
        "<div><h1>tracefs_printf(3)</h1></div><div>"
            + section("NAME", "<p>tracefs_printf, tracefs_print_close - write to the trace</p>")
            + section(
                "SYNOPSIS",
                "<pre>#include &lt;tracefs.h&gt;\nint tracefs_printf(struct tracefs_instance"
                    + " *instance, const char *fmt, ...);</pre>")
            + section("DESCRIPTION", manualDescription())
            + section(
                "RETURN VALUE",
                "<div><p>The functions return 0 when the string was written, or -1 on an error,"
                    + " with errno set.</p></div>")
            + section("SEE ALSO", "<p>libtracefs(3), trace-cmd(1)</p>")
            + "</div><div>Last updated 2023-01-01 10:00:00 CET</div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    assertContainsAll(
        text,
        "Paragraph 2 of the description",
        "The functions return 0 when the string was written",
        "int tracefs_printf(struct tracefs_instance");
  }

  @Test
  void anArticlesCommentsUnderHeadingsOfAnotherLevelStayOut() {
    // an article (its title a first-level heading) beside sections whose headings are of another
    // level, its related posts and its comments: not one text in sections
    StringBuilder article = new StringBuilder("<article><h1>Garden spray</h1><div>");
    for (int p = 0; p < 4; p++) {
      article
          .append("<p>Paragraph ")
          .append(p)
          .append(" of the recipe: pulverize the onion, the garlic, the mint and the cayenne,")
          .append(" let the mixture steep for a couple of hours, then strain it through a fine")
          .append(" mesh into a gallon jug.</p>");
    }
    article.append("</div></article>");
    String page =
        "<div>"
            + article
            + "<section><h3>Related posts</h3><p><a href=/a>Raised beds</a></p>"
            + "<p><a href=/b>Compost</a></p></section>"
            + "<section><h3>2 Comments</h3><p>Sharon wonders whether the spray keeps the aphids"
            + " off the kale as well, since her kale grows in the shade of the fence.</p></section>"
            + "</div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    assertTrue(text.contains("Paragraph 3 of the recipe"), text);
    assertFalse(text.contains("Sharon wonders"), text);
  }

  @Test
  void aClassReferenceWhoseShortEntryIsOneOfItsSectionsIsKeptWholeWithOrWithoutMain() {
    // a class's reference page: its title, the lines naming where it is defined, its overview, a
    // summary of its methods (links) and their details, each part under a heading of one level
    // (some headings siblings of their parts, one the first line of its part), each method's
    // details a section of its own under a heading of the next level. The longest method's source
    // scores highest, a short region, widened to the method's details or to all of them, one of
    // the sections of the page: the page's sections are its text
    StringBuilder summary = new StringBuilder("<h2>Method Summary</h2><ul>");
    StringBuilder details = new StringBuilder("<div><h2>Method Details</h2>");
    for (String method : List.of("parse", "tokens", "reset", "close")) {
      summary
          .append("<li><a href=#")
          .append(method)
          .append(">#")
          .append(method)
          .append("(source) ⇒ Array</a> Returns the ")
          .append(method)
          .append(".</li>");
      details
          .append("<div><h3>#")
          .append(method)
          .append("(source)</h3><div><p>Returns the ")
          .append(method)
          .append(" of the source.</p></div><div><pre>def ")
          .append(method)
          .append("(source, options = {}, &amp;block)\n  state, rest = split(source, :")
          .append(method)
          .append(")\n  log.debug(state, rest, options.fetch(:level, 1))\n")
          .append("  state.update(rest.size, rest.first, options)\n")
          .append(
              method.equals("parse")
                  ? "  raise Error, 'empty source', caller if rest.empty?\n"
                      + "  tokens = rest.scan(PATTERN).map { |t, k| [t, k, state] }\n"
                      + "  tokens.each_with_index { |(t, k), i| yield t, k, i } if block\n"
                      + "  tokens.reject { |t, k| k == :space }, state\n"
                  : "")
          .append("end</pre></div></div>");
    }
    summary.append("</ul><h3>Methods included from Enumerable</h3><p>");
    for (String m :
        List.of(
            "all?",
            "any?",
            "chunk",
            "collect",
            "count",
            "cycle",
            "detect",
            "drop",
            "each_slice",
            "find",
            "first",
            "grep",
            "group_by",
            "include?",
            "inject",
            "map",
            "max",
            "min",
            "partition",
            "reduce",
            "reject",
            "select",
            "sort",
            "zip")) {
      summary.append("<a href=/e#").append(m).append(">#").append(m).append("</a>, ");
    }
    summary.append("</p>");
    details.append("</div>");
    String page =
        "<div><p><a href=/>Index</a> » <a href=/p>Parser</a></p></div>"
            + "<div><ul><li><a href=/a>Alpha</a></li><li><a href=/b>Beta</a></li>"
            + "<li><a href=/c>Gamma</a></li></ul></div>"
            + "<main><h1>Class: Parser</h1>"
            + "<div><dl><dt>Inherits:</dt><dd><a href=/o>Object</a></dd><dt>Defined in:</dt>"
            + "<dd>lib/parser.rb</dd></dl></div>"
            + "<h2>Overview</h2><div><p>Reads a source file into the tokens of its grammar.</p>"
            + "</div>"
            + summary
            + details
            + "</main><div>Generated by the documentation tool.</div>";
    assertSameTextWithOrWithoutMain(
        page,
        List.of(
            "Class: Parser",
            "lib/parser.rb",
            "Reads a source file into the tokens of its grammar.",
            "Returns the close of the source."),
        List.of("Gamma", "Generated by"));
  }

  @Test
  void aManualPageInSectionsKeepsTheShortSectionsAroundItsDescription() {
    // a manual page on a template that declares no main region, in sections of one heading level:
    // the description's paragraphs are what the classifier keeps; the name, the synopsis before
    // them and the references after them are short lines, and the page's text as much
    assertKeepsTheShortSectionsOfAManualPage(BlockClassifierTest::section);
  }

  @Test
  void aManualPageInFlatSectionsKeepsTheShortSectionsAroundItsDescription() {
    // the same page written without an element per section: each heading, then its body, side
    // by side in one parent, as many generators write them; the description's body follows its
    // heading instead of opening with it, and the page is one text in sections all the same
    assertKeepsTheShortSectionsOfAManualPage(
        (heading, body) -> "<h2>" + heading + "</h2><div>" + body + "</div>");
  }

  /** A manual page's sections, each written by {@code section}, keep their short lines. */
  private static void assertKeepsTheShortSectionsOfAManualPage(BinaryOperator<String> section) {
    String page =
        "<div><ul><li><a href=/a>Alpha</a></li><li><a href=/b>Beta</a></li>"
            + "<li><a href=/c>Gamma</a></li></ul></div>"
            + "<div><h1>tracefs_printf(3)</h1></div><div>"
            + section.apply("NAME", "<p>tracefs_printf</p>")
            + section.apply("SYNOPSIS", "<pre>#include &lt;tracefs.h&gt;</pre>")
            + section.apply("DESCRIPTION", manualDescription())
            + section.apply(
                "RETURN VALUE",
                "<p>The functions return 0 when the string was written, or -1 on an error, with"
                    + " errno set.</p>")
            + section.apply("SEE ALSO", "<p>trace-cmd(1)</p>")
            + "</div><div>Last updated 2023-01-01 10:00:00 CET</div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    assertContainsAll(text, "SYNOPSIS", "#include <tracefs.h>", "trace-cmd(1)");
    assertFalse(text.contains("Last updated"), text);
  }

  @Test
  void aLandingPageInSectionsKeepsTheSectionsAfterItsShortBestOne() {
    // a product's landing page in its declared main region: short sections side by side under
    // headings of one level, the first (a sentence with many clauses) scoring highest but too
    // short to tell the page by; then teasers of blog posts (links) and a section of questions and
    // their short answers. The sections are the page's text, the answers too
    String page =
        "<div><ul><li><a href=/a>Accounting</a></li><li><a href=/b>Invoicing</a></li>"
            + "<li><a href=/c>Payroll</a></li></ul></div><main><div>"
            + "<section><h2>Bookkeeping without the stress</h2><p>Connect your bank accounts in"
            + " seconds, and your transactions appear in your books, sorted, categorized, merged,"
            + " reconciled, ready for tax time, for your accountant, for you, and for the bank, with"
            + " receipts, invoices, payments, and payroll in one place.</p></section>"
            + "<section><h2>Make tax time a breeze</h2><p>When everything is where it belongs, tax"
            + " time is simple.</p></section>"
            + "<section><h2>Serious about security</h2><p>Bank data connections are read-only and"
            + " encrypted.</p></section>"
            + "<section><h2>From the blog</h2><div><a href=/p1><h3>The daily bookkeeping"
            + " checklist</h3><p>Daily bookkeeping does not need hours or a finance degree, only a"
            + " few minutes a day and a list of what to check.</p></a></div><div><a href=/p2>"
            + "<h3>Spreadsheets or accounting software</h3><p>Unsure whether to stick with"
            + " spreadsheets or to switch to software? Find out when it is time to move.</p></a>"
            + "</div><p><a href=/blog>More articles</a></p></section>"
            + "<section><h2>Frequently asked questions</h2>"
            + "<div><h3><a href=#q1>Do I need to install anything?</a></h3><p>No. The tools are"
            + " web-based and need only a browser.</p></div>"
            + "<div><h3><a href=#q2>Can I change plans easily?</a></h3><p>You bet. Sign in and"
            + " pick the plan you want.</p></div>"
            + "<div><h3><a href=#q3>Is my data secure?</a></h3><p>Our servers are protected and"
            + " every connection is encrypted.</p></div></section>"
            + "</div></main><div>Copyright 2025 Books Inc.</div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    assertContainsAll(
        text,
        "Connect your bank accounts in seconds",
        "No. The tools are web-based and need only a browser.",
        "Our servers are protected and every connection is encrypted.");
    assertFalse(text.contains("Copyright"), text);
  }

  /** A manual page's description: three paragraphs of running text, one per element. */
  private static String manualDescription() {
    StringBuilder description = new StringBuilder();
    for (int p = 0; p < 3; p++) {
      description
          .append("<div><p>Paragraph ")
          .append(p)
          .append(" of the description: the function writes a formatted string into the trace")
          .append(" buffer of the given instance, or of the top instance when none is given, and")
          .append(" the library keeps the file open until the close function is called.</p></div>");
    }
    return description.toString();
  }

  @Test
  void aBoxThePageRendersTwiceIsKeptOnce() {
    // a sign-up box drawn once for narrow screens and once for wide ones, inside the article; a
    // line the article says twice in a row and a quotation it repeats later, alone, are its text
    String box =
        "<div><p>Get the editors' selected deals texted right to your phone!</p>"
            + "<p>By signing up you agree to receive recurring automated marketing messages.</p>"
            + "</div>";
    StringBuilder article = new StringBuilder("<article><h1>Garden spray</h1><div>");
    for (int p = 0; p < 4; p++) {
      article.append(
          ("<p>Paragraph %d of the recipe: pulverize the onion, the garlic, the mint and the"
                  + " cayenne, let the mixture steep for a couple of hours, then strain it.</p>")
              .formatted(p));
      if (p == 0) {
        article.append("<div>").append(box).append("</div>");
      }
      if (p == 1) {
        article.append("<p>Strain it twice, and strain it again before you spray.</p>");
        article.append("<p>Strain it twice, and strain it again before you spray.</p>");
      }
    }
    article
        .append("<div><blockquote>The best spray is the one you make yourself.</blockquote></div>")
        .append("<p>Paragraph 4 of the recipe: fill the sprayer and spray the leaves on both")
        .append(" sides in the evening, when the bees have gone home for the night.</p>")
        .append("<p>The best spray is the one you make yourself.</p>")
        .append("<p>Paragraph 5 of the recipe: repeat every week until the aphids are gone,")
        .append(" and after every rain, which washes the spray off the leaves.</p>")
        .append(box)
        .append("</div></article>");
    String text =
        new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(article.toString(), "").text();
    assertEquals(1, occurrences(text, "texted right to your phone"), text);
    assertEquals(1, occurrences(text, "recurring automated marketing"), text);
    assertEquals(2, occurrences(text, "strain it again before you spray"), text);
    assertEquals(2, occurrences(text, "one you make yourself"), text);
    assertTrue(text.contains("Paragraph 5 of the recipe"), text);
  }

  @Test
  void partsNamedAsFurnitureInsideTheArticleAreDropped() {
    // related posts, a newsletter box and readers' comments inside the article's container, each
    // in sentences as long as the article's own; the article keeps its section that a heading
    // anchors as "comments" (a section about comments in code)
    StringBuilder page =
        new StringBuilder("<html><body><div class=content><h1>Comments in code</h1>");
    for (int p = 0; p < 5; p++) {
      page.append(
          ("<p>Paragraph %d of the article: a comment explains why the code does what it does,"
                  + " and a reader who changes the code later needs that reason more than a"
                  + " restatement of what the next line already says.</p>")
              .formatted(p));
    }
    page.append("<div id=comments><h2>Comments and docstrings</h2>")
        .append("<p>A docstring documents the interface for the caller, while a comment explains")
        .append(" the implementation to the next maintainer who reads the function's body.</p>")
        .append("</div>")
        .append("<div class=related-posts><h3>You might also like</h3>")
        .append("<p>Naming things well is half of the work of writing readable code, as this")
        .append(" longer post about variables, functions and modules shows with examples.</p>")
        .append("</div><div class=\"newsletter-signup\"><p>Get the best of the blog in your")
        .append(" inbox every week, with no spam and an easy way to unsubscribe at any time.</p>")
        .append("</div><div id=comments class=comments-area><ol class=comment-list>");
    for (String name : List.of("Ana", "Ben")) {
      page.append("<li class=comment><p>")
          .append(name)
          .append(" wrote: I agree with every word of this, and I have been saying the same to my")
          .append(
              " team for years while they kept writing comments that repeat the code.</p></li>");
    }
    page.append("</ol></div></div></body></html>");
    String text =
        new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page.toString(), "").text();
    assertContainsAll(
        text, "Paragraph 0 of the article", "Paragraph 4 of the article", "A docstring documents");
    assertContainsNone(text, "Naming things well", "best of the blog", "Ana wrote", "Ben wrote");
  }

  @Test
  void aThreadWhoseRepliesAreNamedCommentsKeepsThem() {
    // a short opening post and the replies that outweigh it, in two lists named comments (the
    // most liked and the newest), each under half of the page: the thread is the page's text
    StringBuilder page =
        new StringBuilder("<html><body><div><h1>Which torque wrench?</h1><p>I need a torque")
            .append(" wrench for bicycle work, which one should I buy?</p>");
    for (List<String> names : List.of(List.of("Ana", "Ben"), List.of("Chloe", "Dev"))) {
      page.append("<div class=comments>");
      for (String name : names) {
        page.append("<div><p>")
            .append(name)
            .append(" replies: buy a click-type wrench with a range of two to twenty newton")
            .append(" metres, calibrated, and keep it at its lowest setting when you put it away.")
            .append("</p></div>");
      }
      page.append("</div>");
    }
    page.append("</div></body></html>");
    String text =
        new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page.toString(), "").text();
    assertContainsAll(text, "which one should I buy", "Ana replies", "Dev replies");
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }

  private static String section(String heading, String body) {
    return "<div><h2>" + heading + "</h2><div>" + body + "</div></div>";
  }

  @Test
  void anIndexWhoseLettersListsLieInTheColumnsOfTablesIsKeptWhole() {
    // a generated index under a template that declares no main region: each letter's heading
    // over a table whose cells hold its entries, each a link; the list that holds the page's one
    // line of text, in a second column, is one of a series, not the page's text alone
    StringBuilder index = new StringBuilder("<div><h1>Index</h1>");
    for (char letter : "ABCP".toCharArray()) {
      index.append("<h2>").append(letter).append("</h2><table><tr>");
      for (int column = 0; column < 2; column++) {
        index.append("<td><ul>");
        int entries = letter == 'P' && column == 1 ? 12 : 3;
        if (entries == 12) {
          // the one line of text of the page, in the longest list, makes that list the region
          index.append("<li>Python Enhancement Proposals</li>");
        }
        for (int k = 0; k < entries; k++) {
          index
              .append("<li><a href=api.html#")
              .append(letter)
              .append(column)
              .append(k)
              .append(">")
              .append(letter)
              .append("_entry_")
              .append(column)
              .append("_")
              .append(k)
              .append("() (in module api)</a></li>");
        }
        index.append("</ul></td>");
      }
      index.append("</tr></table>");
    }
    index.append("</div>");
    String page =
        "<div><a href=/>Home</a> | <a href=/docs>Docs</a> | <a href=/faq>FAQ</a></div>"
            + index
            + "<div><a href=/about>About</a> | <a href=/legal>Legal</a></div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    for (String kept :
        List.of("A_entry_0_0()", "C_entry_1_2()", "P_entry_0_1()", "P_entry_1_11()")) {
      assertTrue(text.contains(kept), kept + " in " + text);
    }
    assertFalse(text.contains("Legal"), text);
  }

  /**
   * Asserts that the rules keep each of {@code kept} and none of {@code dropped} of a page that
   * declares its main region, and the same text under a template that declares none (where the
   * content region decides).
   */
  private static void assertSameTextWithOrWithoutMain(
      String page, List<String> kept, List<String> dropped) {
    String text = new MainTextExtractor(Boilerplate.LOCAL, RULES).extract(page, "").text();
    for (String k : kept) {
      assertTrue(text.contains(k), k + " in " + text);
    }
    for (String d : dropped) {
      assertFalse(text.contains(d), d + " in " + text);
    }
    String undeclared =
        new MainTextExtractor(Boilerplate.LOCAL, RULES)
            .extract(page.replace("<main>", "<div>").replace("</main>", "</div>"), "")
            .text();
    assertEquals(text, undeclared);
  }

  @Test
  void aReferencePageOfLinkedSignaturesInItsDeclaredMainRegionKeepsThemAll() {
    // a generated module reference: each instance's methods are signatures whose types link to
    // their definitions, each beside a "Source" link, under a linked heading and short lines
    // naming where it is defined; one sentence of description. The landmarks keep the short lines
    // and drop the signatures as link-dense, the text features keep only the sentence; the same
    // page under a template that declares no main region keeps its signatures, and so must this
    StringBuilder instances = new StringBuilder();
    for (String c :
        List.of(
            "Functor",
            "Applicative",
            "Monad",
            "Alternative",
            "MonadPlus",
            "Semigroup",
            "Monoid",
            "Show",
            "Eq",
            "Ord",
            "Foldable",
            "Traversable",
            "MonadFail",
            "MonadIO",
            "Category")) {
      instances
          .append("<h4><a href=Base.html#")
          .append(c)
          .append(">")
          .append(c)
          .append("</a> <a href=P.html>P</a> <a href=src.html>Source</a></h4><p>Instance")
          .append(" details</p><p>Defined in <a href=Internal.html>Options.Internal</a></p>")
          .append("<p>Methods</p>");
      for (String m : List.of("fmap", "pure", "bind", "empty", "some", "many")) {
        instances
            .append("<p>")
            .append(m + c)
            .append(" :: <a href=a.html>a</a> -&gt; <a href=P.html>P</a> <a href=b.html>b</a>")
            .append(" <a href=src.html>Source</a></p>");
      }
    }
    String page =
        "<nav><a href=/>Home</a> <a href=/docs>Docs</a> <a href=/api>API</a></nav><main>"
            + "<h1>Options.Internal</h1><p>The internal monad of the parser, with the instances"
            + " that let it try each alternative in turn until one of them reads the input.</p>"
            + instances
            + "</main><footer><a href=/about>About</a> <a href=/legal>Legal</a></footer>";
    assertSameTextWithOrWithoutMain(
        page,
        List.of(
            "fmapFunctor :: a -> P b Source",
            "manyCategory :: a -> P b Source",
            "Applicative P Source",
            "The internal monad of the parser"),
        List.of("Home", "About", "Legal"));
  }

  @Test
  void whatFollowsTheArticleInsideItsRegionIsNotText() {
    // a health publisher's article in its declared main region: the article's paragraphs, then in
    // containers of their own the author's biography, the reviewer's and a disclaimer, each under
    // a line linking to the author's page; they read as running text block by block
    String paragraph =
        "<p>Regular exercise, even in short sessions, improves the mood of adults with mild"
            + " depression, according to a review of many trials, published this spring.</p>";
    String person =
        "<div><div><div><p><a href=/authors/a>Maureen Salamon, Executive Editor</a></p>"
            + "<p>She writes on health for many publications, among them a daily paper, a weekly"
            + " magazine and a website, and has been an editor for over twenty years now.</p>"
            + "<p><a href=/authors/a>View all posts by Maureen Salamon</a></p></div></div></div>";
    String page =
        "<nav><a href=/>Home</a> <a href=/topics>Topics</a></nav><main><div><div>"
            + "<h1>Physical activity can boost mood</h1><div>"
            + paragraph.repeat(4)
            + "</div><div><h3>About the Author</h3>"
            + person
            + "</div><div><h3>About the Reviewer</h3>"
            + person.replace("Maureen Salamon", "Toni Golen")
            + "</div><div><p>Disclaimer:</p><div><p>As a service to our readers, the publisher"
            + " provides access to its library of archived content, each with its date.</p></div>"
            + "</div></div></div></main><footer>Copyright</footer>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.startsWith("Physical activity can boost mood\nRegular exercise"), text);
    assertTrue(text.endsWith("published this spring."), text);
  }

  @Test
  void anAuthorsBoxInsideTheArticleIsNotText() {
    // a blog's article element: its paragraphs, then, nested in the same container, the author's
    // box (her name linked to her page, then her biography, which opens with her name)
    String paragraph =
        "<p>Travel insurance for a retreat abroad covers the cost of the trip if it is cancelled,"
            + " a medical emergency and lost luggage, and it is cheaper when booked early.</p>";
    String bio =
        "Autumn founded the retreat company in 2014 to share her love of adventure, yoga and"
            + " travel with her fellow yogis, and she has led retreats on four continents ever since.";
    String page =
        "<nav><a href=/>Home</a> <a href=/blog>Blog</a></nav><article><div><h1>Insurance for"
            + " retreats</h1><div>"
            + paragraph.repeat(5)
            + "<div><div><a href=/author/autumn>Autumn Adams</a></div><div><p>"
            + bio
            + "</p></div></div></div></div></article><footer>Copyright</footer>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.endsWith("booked early."), text);
    assertFalse(text.contains("Autumn"), text);

    // the same shape that recurs is a list (posts, each under its linked title): content
    String card =
        "<div><div><a href=/p/N>Retreat N</a></div><div><p>Retreat N takes place in the"
            + " mountains for a week of yoga, hiking and silence, with meals made of what the farm"
            + " nearby grows, rooms for twelve guests at most, a sauna by the lake and a teacher who"
            + " has taught there for many years.</p></div></div>";
    int box = page.indexOf("<div><div><a href=/author/autumn>");
    String list =
        page.substring(0, box)
            + card.replace("N", "one")
            + card.replace("N", "two")
            + page.substring(page.indexOf("</div></div></article>"));
    text = new MainTextExtractor(Boilerplate.LOCAL).extract(list, "").text();
    assertTrue(text.contains("Retreat one takes place"), text);
    assertTrue(text.contains("Retreat two takes place"), text);
  }

  @Test
  void aListingsLinkedHeadlinesAreTheTitlesOfItsTeasers() {
    // a blog's front page: each post a headline linked to the post over its teaser, beside a
    // navigation bar and a sidebar of linked headings that no kept text follows
    String post =
        "<div><h2><a href=/p/N>The N post of the blog on gardening</a></h2><p>A teaser of the N"
            + " post, on what to plant in the autumn, how deep, and how to water it until spring, which"
            + " tools to buy and which to borrow from a neighbour, and what the frost will do to the"
            + " bulbs if they are planted late in the year.</p></div>";
    String page =
        "<div><a href=/>Home</a> <a href=/about>About</a></div><div>"
            + post.replace("N", "first")
            + post.replace("N", "second")
            + post.replace("N", "third")
            + "</div><div><h3><a href=/archive>The archive of the blog by month</a></h3><ul>"
            + "<li><a href=/2024>2024</a><li><a href=/2025>2025</a></ul></div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(
        text.startsWith("The first post of the blog on gardening\nA teaser of the first"), text);
    assertTrue(
        text.contains("The third post of the blog on gardening\nA teaser of the third"), text);
    assertFalse(text.contains("archive"), text);
    assertFalse(text.contains("Home"), text);
    ExplainedText explained =
        new MainTextExtractor(Boilerplate.LOCAL)
            .explain(new BlockSegmenter().segment(org.jsoup.Jsoup.parse(page).body()), null);
    assertEquals(BlockReason.LINKED_TITLE, explained.reasons().get(1));
  }

  @Test
  void aShortPageWithoutAnArticleKeepsThePartThatHoldsMostOfItsWords() {
    // a reference site's index of one letter: the site's name and menu above, the letters of the
    // index and the entries under them, a line crediting the generator below; no article
    StringBuilder letters = new StringBuilder("<ul>");
    StringBuilder expected = new StringBuilder();
    for (char c = 'A'; c <= 'Z'; c++) {
      letters.append("<li><a href=").append(c).append(">").append(c).append("</a>");
      expected.append(c).append('\n');
    }
    letters.append("</ul>");
    String page =
        "<div><span>widgets-1.0: a library of widgets for drawing windows</span><ul><li><a"
            + " href=index.html>Contents</a><li><a href=idx.html>Index</a></ul></div><div><div>"
            + letters
            + "</div><div><p>Index - G</p><table><tr><td>gadget</td><td><a href=m.html>Widgets.Gadget"
            + "</a></td></tr><tr><td>gizmo</td><td><a href=m.html>Widgets.Gizmo</a></td></tr>"
            + "</table></div></div><div><p>Produced by a generator, version 2</p></div>";
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    assertEquals(
        expected + "Index - G\ngadget\nWidgets.Gadget\ngizmo\nWidgets.Gizmo",
        extractor.extract(page, "").text());

    // the index of the letters, links only: the letters are the page's own part
    String letterIndex =
        page.substring(0, page.indexOf("<div><p>Index - G"))
            + "</div><div><p>Produced by a generator, version 2</p></div>";
    assertEquals(expected.toString().strip(), extractor.extract(letterIndex, "").text());

    // an index whose introduction, one paragraph, holds most of its words: the introduction and the
    // entries it introduces are the page's own part, not the introduction alone
    String index =
        "<div>Widgets</div><div><div><p>Here is a list of all documented functions, variables,"
            + " defines, enums and types, with links to their documentation:</p></div>"
            + "<h3>- e -</h3><ul><li>EVEN : <a href=w.c>w.c</a><li>EXACT : <a href=w.c>w.c</a></ul>"
            + "</div><div>Generated by a generator 1.8</div>";
    assertEquals(
        "Here is a list of all documented functions, variables, defines, enums and types, with"
            + " links to their documentation:\n- e -\nEVEN : w.c\nEXACT : w.c",
        extractor.extract(index, "").text());
  }

  @Test
  void aShortEntryInSectionsKeepsAllOfThemNotOnlyItsLongest() {
    // a callback's reference entry without a description: its declaration, the line that says
    // so and its one parameter, each under a heading of the same level; the parameter's section
    // holds a few more words than the others, and alone it is the same on every callback's page
    String page =
        "<nav><ul><li><a href=a.html>Server</a><li><a href=b.html>Session</a></ul></nav>"
            + "<section><header><h3>Virtual Method</h3><h1><a href=i.html>Soup</a> request_read"
            + "</h1></header><section><div><h4>Declaration</h4><pre>void request_read (Server*"
            + " server, Message* msg)</pre></div><div><h4>Description</h4><div>No description"
            + " available.</div></div><div><h4>Parameters</h4><dl><dt>msg</dt><dd><p>Type: <a"
            + " href=m.html>Message</a></p><p>No description available.</p><p>The data is owned"
            + " by the caller of the function.</p></dd></dl></div></section></section>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.contains("void request_read (Server* server, Message* msg)"), text);
    assertTrue(text.contains("The data is owned by the caller of the function."), text);
    assertFalse(text.contains("Session"), text);
  }

  @Test
  void anArticleSplitBetweenItsParagraphsAndANestedListIsOneRegion() {
    // a reference entry: its description's paragraphs, then a list of the choices, each with
    // paragraphs of its own; the list scores a little higher than the description, and two of the
    // choices and the description about as high: the region is the entry that holds them all
    String choice =
        "<p>This method sorts and groups the words by letter groups, configured in the locale"
            + " file of the language, and it suits any language whose letters can all be listed,"
            + " each with the group it belongs to, which covers most alphabets in use.</p>";
    String description =
        "<p>This parameter selects the method used to sort and group the entries of an index, which"
            + " matters for languages whose letters do not follow the Latin alphabet, and for"
            + " indexes that mix scripts in one list of terms; the default suits the Latin alphabet"
            + " only, and the others need a processor that supports their extensions.</p>";
    String page =
        "<div><a href=p.html>Prev</a> <a href=n.html>Next</a></div><div><div><p>index.method"
            + " selects how index entries are grouped</p></div><div><h2>Description</h2>"
            + description
            + description.replace("This parameter", "The parameter")
            + "<div><dl><dt>basic</dt><dd>"
            + choice.replace("This method", "The first method").repeat(2)
            + "</dd><dt>kosek</dt><dd>"
            + choice.replace("This method", "The second method").repeat(2)
            + "</dd><dt>kimber</dt><dd><p>It needs an extension of the processor.</p></dd></dl>"
            + "</div></div></div><div><a href=p.html>Prev</a> <a href=h.html>Home</a></div>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    // the description with the choices, and nothing of the navigation around the entry
    assertTrue(
        text.contains("This parameter selects the method") && text.contains("The second method"),
        text);
    assertFalse(text.contains("Prev"), text);
  }

  @Test
  void anIndexOfLettersUnderTheirHeadingsIsOneList() {
    // a member index under another site's template, without its introduction: under each
    // letter's heading (element 5's children) a list of names, each with a link to its structure;
    // the longest list scores highest, the short ones not at all, and the classifier kept only the
    // headings: the page's text is every letter's list, not the longest one's
    List<TextBlock> page = new java.util.ArrayList<>();
    page.add(line("Top | Description", 3, 0, 1));
    int element = 6;
    for (char letter : new char[] {'d', 'm', 'p'}) {
      page.add(
          new TextBlock(
              "- " + letter + " -",
              3,
              0,
              1,
              0,
              true,
              false,
              Landmark.NONE,
              new int[] {0, 5, element},
              -1,
              -1,
              PageType.OTHER,
              0,
              -1,
              false,
              false));
      int list = element + 1;
      for (int k = 0; k < (letter == 'm' ? 40 : 2); k++) {
        String name = letter == 'm' ? "m_member_number_" + k : letter + "_" + k;
        page.add(line(name + " : struct_" + letter, 1, 0, 5, list, list + 1 + k));
      }
      element = list + 50;
    }
    page.add(line("Generated by a documentation tool", 0, 0, 300));
    boolean[] content = new boolean[page.size()];
    for (int i = 0; i < page.size(); i++) {
      content[i] = page.get(i).heading();
    }
    ContentRegion.restrict(page, content);
    for (int i = 0; i < page.size(); i++) {
      assertEquals(page.get(i).path()[1] == 5, content[i], page.get(i).text());
    }
  }

  @Test
  void aThreadsRepliesAreTextBesideItsFirstPost() {
    String first =
        "<p>I am writing to report a problem that has lasted for weeks, with every update, on"
            + " every device I own, and that no setting seems to change.</p>";
    StringBuilder thread = new StringBuilder("<main><h1>Audio track missing</h1><div>");
    thread.append("<div><div itemprop=author>alice May 1, 2025</div><div>");
    thread.append(first.repeat(6)).append("</div></div>");
    for (String reply :
        List.of(
            "Same here on my phone, it started after the last update.",
            "Clearing the cache helped me for a day, then it came back.",
            "This topic was closed automatically sixty days after the last reply.")) {
      thread.append("<div><div itemprop=author>bob May 2, 2025</div><div><p>");
      thread.append(reply).append("</p></div></div>");
    }
    thread.append("</div></main>");
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(thread.toString(), "").text();
    assertTrue(text.contains("I am writing to report"), text);
    assertTrue(text.contains("Same here on my phone"), text);
    assertTrue(text.contains("sixty days after the last reply"), text);
    assertFalse(text.contains("May 2, 2025"), text);
  }

  @Test
  void aShortEntryInADeclaredMainRegionKeepsItsSignaturesOfLinks() {
    String entry =
        "<nav><ul><li><a href=/>Home</a></li><li><a href=/docs>Docs</a></li></ul></nav><main>"
            + "<h1>Completer</h1><div><p>data Completer</p><p>A shell complete function, made"
            + " from an action that lists the candidates.</p></div><div><p>Instance details</p>"
            + "<p><a href=m.html>mappend</a> :: <a href=c.html>Completer</a> -&gt; <a"
            + " href=c.html>Completer</a></p><p><a href=m.html>mempty</a> :: <a"
            + " href=c.html>Completer</a></p></div><div><p>bashCompleter :: String</p><p>Run a"
            + " compgen completion action of the shell.</p></div></main>";
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(entry, "").text();
    assertTrue(text.contains("mappend :: Completer -> Completer"), text);
    assertTrue(text.contains("mempty :: Completer"), text);
    assertFalse(text.contains("Docs"), text);
  }

  @Test
  void aShortLineWithACopyrightSignIsANotice() {
    String paragraph =
        "<p>The council met on Monday to discuss the new bridge, which has been delayed for two"
            + " years, and agreed to fund the last section of the work by spring.</p>";
    String page =
        "<article>"
            + paragraph
            + "<p>Photo \u00a9 Jane Doe</p>"
            + paragraph
            + "<p>\u00a9 2025 The Daily Example. All rights reserved.</p></article>";
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    String text = extractor.extract(page, "").text();
    assertTrue(text.contains("the last section of the work"), text);
    assertFalse(text.contains("\u00a9"), text);
    List<TextBlock> blocks = extractor.blocks(HtmlDecoder.parse(page, ""));
    assertEquals(BlockReason.NOTICE, extractor.explain(blocks, null).reasons().get(3));
  }

  @Test
  void aRegionWithoutADeclaredMainRegionKeepsItsShortLinesAsADeclaredOneDoes() {
    // a reference entry's signatures and section headings between its paragraphs: the same entry
    // under a template that declares its main region keeps them, so the page without one must too
    StringBuilder entry = new StringBuilder("<div>");
    for (String f : List.of("resolve", "search", "lookup")) {
      entry
          .append("<div><h3>geocode_reverse_")
          .append(f)
          .append(" ()</h3><pre>GeocodePlace *geocode_reverse_")
          .append(f)
          .append(" (GeocodeReverse *object);</pre><p>Gets the result of a reverse geocoding")
          .append(" query using the current backend of the object.</p><p>If no result could be")
          .append(" found, an error is returned, as happens for coordinates in the middle of the")
          .append(" ocean, where nothing has an address.</p><h4>Parameters</h4><table><tr><td>")
          .append("object</td><td>a GeocodeReverse</td></tr></table><p>Returns a new place")
          .append(" instance, or null in case of errors; free it with the unref function once it")
          .append(" is no longer used.</p></div>");
    }
    entry.append("</div>");
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    String plain = extractor.extract(NAV + entry + NAV, "").text();
    String declared = extractor.extract(NAV + "<main>" + entry + "</main>" + NAV, "").text();
    String signature = "GeocodePlace *geocode_reverse_search (GeocodeReverse *object);";
    assertTrue(declared.contains(signature), declared);
    assertTrue(plain.contains(signature), plain);
    assertTrue(plain.contains("geocode_reverse_lookup ()"), plain);
    assertFalse(plain.contains("Prev"), plain);
  }

  @Test
  void aLinkInATableWithKeptCellsDoesNotEndTheArticle() {
    // a parameter's type linked to its definition is one cell of a table whose other cells were
    // kept, not a byline or a list of tags after the article
    String page =
        NAV
            + "<section><h1>json_object_iter_next_ordered</h1><div><p>Advances the iterator and"
            + " retrieves the next member in the object, in the order in which the members were"
            + " added to it.</p><p>If the end of the object is reached, false is returned and"
            + " the member name and node are set to invalid values; after that point, the"
            + " iterator is invalid, and using it again yields undefined behaviour.</p><p>The"
            + " iterator is also invalidated if its object is modified during the iteration,"
            + " for example when a member is added, removed or replaced by another one.</p><p>You"
            + " must use this function with an iterator initialized in order; using it with an"
            + " iterator initialized otherwise yields undefined behaviour, as the order of the"
            + " members is then unknown.</p></div><div><h4>Parameters</h4><table><tr><td>"
            + "member_name</td><td>const char**</td></tr><tr><td></td><td><p>Return location for"
            + " the member name, or null to ignore.</p></td></tr><tr><td>member_node</td><td><a"
            + " href=struct.Node.html>JsonNode</a></td></tr><tr><td></td><td><p>Return location"
            + " for the member value, or null to ignore.</p></td></tr></table></div></section>"
            + NAV;
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertTrue(text.contains("Return location for the member name"), text);
    assertTrue(text.contains("Return location for the member value"), text);
    assertFalse(text.contains("Prev"), text);
  }

  @Test
  void aBoxOfTheArticlesParagraphsBesideTheWrappersOfItsBodyIsText() {
    // a press release: its body in wrappers each the only child of the next, then beside the
    // outermost wrapper a box about the programme it announces, in paragraphs of its own, and a
    // contact line; beside the whole article, teasers of other releases
    String paragraph =
        "<p>The project, which started this month, restores the river's meadows, its side"
            + " channels and its banks over twelve kilometres, with the district, the waterways"
            + " office and two nature associations.</p>";
    String box =
        "<p>The programme, with a budget of many millions, funds projects of districts, towns and"
            + " associations that give rivers back their floodplains, their meadows and their"
            + " side channels.</p>";
    String page =
        NAV
            + "<div><div><div><h1>The river gets its meadows back</h1></div><div>"
            + "<div><div><div><div>"
            + paragraph.repeat(5)
            + "</div></div></div></div><div><h2>About the programme</h2><div><div>"
            + box
            + box.replace("The programme", "Its second phase")
            + "</div></div></div><div><p>Contact: the press office</p></div></div></div>"
            + "<div><div><p>Other release: the forests of the north, their birds and their"
            + " bats, counted again this spring by volunteers.</p></div></div></div>"
            + NAV;
    String text = new MainTextExtractor(Boilerplate.LOCAL).extract(page, "").text();
    assertContainsAll(
        text,
        "The project, which started this month",
        "The programme, with a budget",
        "Its second phase, with a budget");
    assertContainsNone(text, "Other release", "Prev");
  }

  /**
   * Asserts that {@code text} contains each of {@code parts}, showing the text when it does not.
   */
  private static void assertContainsAll(String text, String... parts) {
    for (String part : parts) {
      assertTrue(text.contains(part), text);
    }
  }

  /** Asserts that {@code text} contains none of {@code parts}, showing the text when it does. */
  private static void assertContainsNone(String text, String... parts) {
    for (String part : parts) {
      assertFalse(text.contains(part), text);
    }
  }
}
