package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link MainTextExtractor#explain}: the same main text as {@code extract}, and for each block the
 * step that decided it, read from the classifier as it runs.
 */
class ExplainedTextTest {
  private static final String SENTENCE =
      "The river ran past the old mill, where the miller kept his accounts in a book bound with"
          + " string, and every spring the water rose to the second step of the stair.";

  private static List<TextBlock> blocks(MainTextExtractor extractor, String html) {
    return extractor.blocks(HtmlDecoder.parse(html, ""));
  }

  /** The reason of the block whose text starts with {@code start}. */
  static BlockReason reasonOf(ExplainedText e, String start) {
    for (int i = 0; i < e.main().blocks().size(); i++) {
      if (e.main().blocks().get(i).text().startsWith(start)) {
        return e.reasons().get(i);
      }
    }
    throw new AssertionError("no block starts with [" + start + "] in " + e.main().blocks());
  }

  @Test
  void explainingChangesNothingAndEveryReasonAgreesWithItsVerdict() throws IOException {
    SiteTemplates templates = new SiteTemplates(SiteTemplates.DEFAULT_MIN_SHARE, 3);
    MainTextExtractor site = new MainTextExtractor(Boilerplate.SITE);
    for (String path : RealPagesTest.PAGES) {
      templates.learn(SiteTemplates.group(path), site.blocks(RealPagesTest.page(path)));
    }
    Set<BlockReason> seen = EnumSet.noneOf(BlockReason.class);
    Set<ExplainedText.Template> uses = EnumSet.noneOf(ExplainedText.Template.class);
    for (Boilerplate mode : Boilerplate.values()) {
      MainTextExtractor extractor = new MainTextExtractor(mode);
      for (String path : RealPagesTest.PAGES) {
        List<TextBlock> blocks = extractor.blocks(RealPagesTest.page(path));
        boolean[] template =
            mode == Boilerplate.SITE ? templates.template(SiteTemplates.group(path), blocks) : null;
        MainText plain = extractor.extract(blocks, template);
        ExplainedText explained = extractor.explain(blocks, template);
        assertEquals(plain.text(), explained.main().text(), path);
        assertArrayEquals(plain.content(), explained.main().content(), path);
        assertEquals(blocks.size(), explained.reasons().size(), path);
        for (int i = 0; i < blocks.size(); i++) {
          String where = path + ": " + mode + ", block " + i;
          assertEquals(plain.content()[i], explained.reasons().get(i).kept(), where);
        }
        seen.addAll(explained.reasons());
        uses.add(explained.template());
        if (mode != Boilerplate.SITE) {
          assertEquals(ExplainedText.Template.NOT_USED, explained.template());
        }
        if (mode == Boilerplate.NONE) {
          assertEquals(Set.of(BlockReason.ALL_TEXT), Set.copyOf(explained.reasons()));
        }
      }
    }
    // the real templates are caught by several steps, and site removal names its own
    assertTrue(
        seen.containsAll(
            EnumSet.of(
                BlockReason.ALL_TEXT,
                BlockReason.TEMPLATE,
                BlockReason.TEXT,
                BlockReason.LINK_DENSE,
                BlockReason.SHORT)),
        seen::toString);
    assertTrue(uses.contains(ExplainedText.Template.REMOVED), uses::toString);
    assertTrue(uses.contains(ExplainedText.Template.NONE_LEARNT), uses::toString);
  }

  @Test
  void eachStepNamesTheBlocksItDecided() {
    String html =
        "<body><ul><li><a href=/a>Home</a></li><li><a href=/b>Products</a></li>"
            + "<li><a href=/c>About us</a></li></ul>"
            + "<main><h1>The mill</h1><p>"
            + SENTENCE
            + "</p><p>"
            + SENTENCE.replace("river", "brook")
            + "</p><p>"
            + SENTENCE.replace("mill", "forge")
            + "</p></main>"
            + "<div><p>Outside the main region: "
            + SENTENCE
            + "</p></div>"
            + "<footer><p>In the page footer: "
            + SENTENCE
            + "</p></footer></body>";
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    ExplainedText e = extractor.explain(blocks(extractor, html), null);
    assertEquals(BlockReason.LINK_DENSE, reasonOf(e, "Products"));
    assertEquals(BlockReason.TEXT, reasonOf(e, "The river ran"));
    assertEquals(BlockReason.TEXT, reasonOf(e, "The brook ran"));
    // the text features keep both; the page's landmarks drop them
    assertEquals(BlockReason.OUTSIDE_MAIN, reasonOf(e, "Outside the main region"));
    assertEquals(BlockReason.FURNITURE, reasonOf(e, "In the page footer"));
    assertFalse(e.main().text().contains("Outside the main region"));

    // without landmarks the classifier never takes the landmark step
    MainTextExtractor blind = new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(false));
    ExplainedText b = blind.explain(blocks(blind, html), null);
    assertFalse(b.reasons().contains(BlockReason.FURNITURE), b.reasons()::toString);
    assertFalse(b.reasons().contains(BlockReason.OUTSIDE_MAIN), b.reasons()::toString);
  }

  @Test
  void aPageWithoutAnArticleKeepsItsTextAndSaysSo() {
    String html =
        "<body><nav><a href=/a>Home</a> <a href=/b>Index</a></nav>"
            + "<ul><li><a href=/x>First entry</a></li><li><a href=/y>Second entry</a></li></ul>"
            + "</body>";
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.LOCAL);
    ExplainedText e = extractor.explain(blocks(extractor, html), null);
    assertEquals(BlockReason.NO_ARTICLE, reasonOf(e, "First entry"));
    assertEquals(BlockReason.FURNITURE, reasonOf(e, "Home"));
  }

  @Test
  void siteTemplateBlocksAreNamedAndAnIgnoredTemplateIsSaid() {
    MainTextExtractor extractor = new MainTextExtractor(Boilerplate.SITE);
    String html =
        "<body><p>"
            + SENTENCE
            + "</p><p>"
            + SENTENCE.replace("river", "brook")
            + "</p><p><a href=/c>Copyright the mill society</a>, <a href=/r>all rights reserved</a>,"
            + " <a href=/p>printed on paper</a>.</p></body>";
    // (a recurring block that local removal keeps is no template: a footer of links is)
    List<TextBlock> blocks = blocks(extractor, html);
    assertEquals(3, blocks.size(), blocks::toString);

    ExplainedText e = extractor.explain(blocks, new boolean[] {false, false, true});
    assertEquals(ExplainedText.Template.REMOVED, e.template());
    assertEquals(List.of(BlockReason.TEXT, BlockReason.TEXT, BlockReason.TEMPLATE), e.reasons());
    assertFalse(e.main().text().contains("Copyright"));

    // recurring blocks that local removal keeps are no template: they keep their own reasons
    ExplainedText all = extractor.explain(blocks, new boolean[] {true, true, true});
    assertEquals(ExplainedText.Template.REMOVED, all.template());
    assertEquals(List.of(BlockReason.TEXT, BlockReason.TEXT, BlockReason.TEMPLATE), all.reasons());
    assertEquals(
        new MainTextExtractor(Boilerplate.LOCAL).extract(blocks, null).text(), all.main().text());

    ExplainedText none = extractor.explain(blocks, null);
    assertEquals(ExplainedText.Template.NONE_LEARNT, none.template());

    List<String> names = new ArrayList<>();
    for (BlockReason r : BlockReason.values()) {
      names.add(r.toString());
      assertFalse(r.description().isBlank());
    }
    assertTrue(names.contains("link-dense") && names.contains("outside-region"), names::toString);
  }
}
