package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The article body a page declares (schema.org's {@code articleBody}, in JSON-LD or as {@code
 * itemprop}) marks its blocks, and what follows its last block is not the article.
 */
class ArticleBodyTest {
  private static final String[] PARAGRAPHS = {
    "The river ran past the old mill, where the miller kept his accounts in a book bound with"
        + " string, and every spring the water rose to the second step of the stair.",
    "In the dry years the wheel stood still for weeks, and the village brought its grain to the"
        + " forge instead, where a smith with a hand mill ground it for a penny a sack.",
    "When the mill was sold at last, the new owner found the book under the stair, its pages"
        + " swollen with water, and the miller's figures still legible after forty years.",
    "Today the building houses a small museum, whose keeper reads from the book on Sundays to"
        + " anyone who asks, and the wheel turns again for the visitors in the summer months."
  };

  private static final String AFTER =
      "If you enjoyed this story, please consider supporting our small team of reporters with a"
          + " monthly gift, so that we can keep writing about the valley and its people.";

  private static final MainTextExtractor EXTRACTOR = new MainTextExtractor(Boilerplate.LOCAL);

  private static String json(String s) {
    return s.replace("\"", "\\\"");
  }

  /**
   * A news page: the article's paragraphs under a heading, then an appeal in the same container.
   */
  private static String page(String linkedData, String bodyAttribute) {
    StringBuilder html = new StringBuilder("<html><head><title>The mill</title>");
    if (linkedData != null) {
      html.append("<script type=\"application/ld+json\">").append(linkedData).append("</script>");
    }
    html.append("</head><body><nav><a href=/>Home</a> <a href=/news>News</a></nav>")
        .append("<article><h1>The old mill</h1><div")
        .append(bodyAttribute)
        .append("><h2>A wheel and a book</h2>");
    for (String p : PARAGRAPHS) {
      html.append("<p>").append(p).append("</p>");
    }
    html.append("</div><p>").append(AFTER).append("</p></article>");
    html.append("<footer><p>Valley News, 12 Mill Lane</p></footer></body></html>");
    return html.toString();
  }

  /** The JSON-LD of an article whose body is {@code body}. */
  private static String article(String type, String body) {
    return "{\"@context\": \"https://schema.org\", \"@type\": \""
        + type
        + "\", \"headline\": \"The old mill\", \"articleBody\": \""
        + json(body)
        + "\"}";
  }

  /** The body as a site writes it: its heading glued to the first paragraph, an entity, a break. */
  private static String body() {
    return "A wheel and a book"
        + PARAGRAPHS[0]
        + "\\n"
        + String.join(" ", List.of(PARAGRAPHS).subList(1, PARAGRAPHS.length))
            .replace("miller's", "miller&#39;s");
  }

  private static List<TextBlock> blocks(String html) {
    return EXTRACTOR.blocks(HtmlDecoder.parse(html, "https://news.example/mill"));
  }

  private static long marked(List<TextBlock> blocks) {
    return blocks.stream().filter(TextBlock::articleBody).count();
  }

  @Test
  void whatFollowsTheBodyTheJsonLdDeclaresIsNotTheArticle() {
    List<TextBlock> declared = blocks(page(article("NewsArticle", body()), ""));
    // the heading glued to the first paragraph, and each paragraph
    assertEquals(1 + PARAGRAPHS.length, marked(declared), declared::toString);
    ExplainedText e = EXTRACTOR.explain(declared, null);
    assertEquals(BlockReason.AFTER_ARTICLE_BODY, ExplainedTextTest.reasonOf(e, "If you enjoyed"));
    assertFalse(e.main().text().contains("If you enjoyed"), e.main().text());
    assertTrue(e.main().text().contains("The old mill"), e.main().text());
    assertTrue(e.main().text().contains(PARAGRAPHS[3]), e.main().text());

    // without the declaration the appeal reads as one more paragraph of the article
    List<TextBlock> undeclared = blocks(page(null, ""));
    assertEquals(0, marked(undeclared));
    assertTrue(
        EXTRACTOR.extract(undeclared, null).text().contains("If you enjoyed"),
        EXTRACTOR.extract(undeclared, null).text());
  }

  @Test
  void theElementMarkedAsTheBodyEndsTheArticleToo() {
    List<TextBlock> b = blocks(page(null, " itemprop=\"articleBody\""));
    assertEquals(1 + PARAGRAPHS.length, marked(b), b::toString);
    ExplainedText e = EXTRACTOR.explain(b, null);
    assertEquals(BlockReason.AFTER_ARTICLE_BODY, ExplainedTextTest.reasonOf(e, "If you enjoyed"));
  }

  @Test
  void aBodyCutShortOrTooShortTellsNothing() {
    // a teaser: its last words are not on the page
    String teaser = PARAGRAPHS[0] + " " + PARAGRAPHS[1] + " In the dry years the wheel…";
    assertEquals(0, marked(blocks(page(article("NewsArticle", teaser), ""))));
    // a body of a few sentences is no article
    assertEquals(0, marked(blocks(page(article("NewsArticle", PARAGRAPHS[3]), ""))));
  }

  @Test
  void aThreadsRepliesAreItsText() {
    List<TextBlock> b = blocks(page(article("DiscussionForumPosting", body()), ""));
    assertEquals(0, marked(b));
    assertTrue(EXTRACTOR.extract(b, null).text().contains("If you enjoyed"));
  }

  @Test
  void textThePageDeclaresBesideTheBodyIsKept() {
    // the appeal is given as an answer of the page's questions: the page declares it as its text
    String faq =
        "{\"@type\": \"FAQPage\", \"mainEntity\": [{\"@type\": \"Question\", \"name\": \"Can I"
            + " help?\", \"acceptedAnswer\": {\"@type\": \"Answer\", \"text\": \""
            + json(AFTER)
            + "\"}}]}";
    List<TextBlock> b = blocks(page("[" + article("NewsArticle", body()) + ", " + faq + "]", ""));
    assertEquals(2 + PARAGRAPHS.length, marked(b), b::toString);
    assertTrue(EXTRACTOR.extract(b, null).text().contains("If you enjoyed"));
  }

  @Test
  void whatOutweighsTheBodyIsNotCut() {
    // the element marked as the body holds the first part only: the rest is more than a tail
    StringBuilder html =
        new StringBuilder("<body><article><h1>The old mill</h1><div itemprop=\"articleBody\">");
    for (int i = 0; i < 4; i++) {
      html.append("<p>").append(PARAGRAPHS[i]).append("</p>");
    }
    html.append("</div><div>");
    for (int i = 0; i < 4; i++) {
      html.append("<p>").append(PARAGRAPHS[3 - i].replace("the", "a")).append("</p>");
    }
    html.append("<p>").append(AFTER).append("</p></div></article></body>");
    List<TextBlock> b = blocks(html.toString());
    assertEquals(PARAGRAPHS.length, marked(b), b::toString);
    int body = b.stream().filter(TextBlock::articleBody).mapToInt(TextBlock::words).sum();
    assertTrue(body >= ArticleBody.MIN_BODY_WORDS, () -> body + " words");
    String text = EXTRACTOR.extract(b, null).text();
    assertTrue(text.contains(AFTER), text);
    assertTrue(text.contains(PARAGRAPHS[0].replace("the", "a")), text);
  }

  @Test
  void structuredDataLargerThanAnyArticleIsNotRead() {
    // a catalogue in the page's JSON-LD beside the body: each block would be looked for in all of
    // it
    StringBuilder catalogue = new StringBuilder("[");
    String item = json(PARAGRAPHS[1]).replace("forge", "forge number ");
    for (int i = 0; catalogue.length() <= 2 * ArticleBody.MAX_DECLARED_LETTERS; i++) {
      catalogue.append("{\"description\": \"").append(item).append(i).append("\"},");
    }
    catalogue.append(article("NewsArticle", body())).append("]");
    List<TextBlock> b = blocks(page(catalogue.toString(), ""));
    assertEquals(0, marked(b));
    assertTrue(EXTRACTOR.extract(b, null).text().contains("If you enjoyed"));
    // the same body alone is read
    assertEquals(1 + PARAGRAPHS.length, marked(blocks(page(article("NewsArticle", body()), ""))));
  }

  @Test
  void jsonStringsAreReadWithTheirEscapes() {
    int[] end = new int[1];
    String json = "{\"k\": \"caf\\u00e9 \\\"au\\\" lait\\/tea\\nend\"}";
    int open = json.indexOf('"', json.indexOf(':'));
    assertEquals("café \"au\" lait/tea end", ArticleBody.string(json, open, end));
    assertEquals(json.length() - 2, end[0]);
    assertNull(ArticleBody.string("\"unterminated", 0, end));
  }

  @Test
  void aBodyTheMarkupNamesIsTrimmedToo() {
    String html =
        page(null, " class=\"entry-content\"")
            .replace("<h1>The old mill</h1>", "<h1>The old mill</h1><p>By Ann Lee, May 2</p>");
    List<TextBlock> b = blocks(html);
    assertEquals(1 + PARAGRAPHS.length, marked(b), b::toString);
    ExplainedText e = EXTRACTOR.explain(b, null);
    assertEquals(BlockReason.AFTER_ARTICLE_BODY, ExplainedTextTest.reasonOf(e, "If you enjoyed"));
    assertEquals(BlockReason.BEFORE_ARTICLE_BODY, ExplainedTextTest.reasonOf(e, "By Ann Lee"));
    // the title stays, and so does a lead of a sentence
    assertTrue(e.main().text().startsWith("The old mill\nA wheel and a book"), e.main().text());
    String lead = "<p>" + AFTER.replace("If you enjoyed", "Once you have seen") + "</p>";
    String led = EXTRACTOR.extract(html.replace("<p>By Ann Lee, May 2</p>", lead), "").text();
    assertTrue(led.contains("Once you have seen"), led);
  }

  @Test
  void textKeptBeforeTheBodyThatOutweighsItIsKept() {
    // a page whose named body is its last part: a short line before it stays as the page's text
    String body = String.join(" ", AFTER, AFTER, AFTER, AFTER);
    String html =
        page(null, "")
            .replace("<h2>A wheel and a book</h2>", "<h2>A wheel and a book</h2><p>Part one</p>")
            .replace(
                "</div><p>" + AFTER + "</p>",
                "</div><div class=post-body><p>" + body + "</p></div>");
    List<TextBlock> b = blocks(html);
    int bodyWords = b.stream().filter(TextBlock::articleBody).mapToInt(TextBlock::words).sum();
    int before = b.stream().filter(x -> !x.articleBody()).mapToInt(TextBlock::words).sum();
    assertTrue(bodyWords >= ArticleBody.MIN_BODY_WORDS && bodyWords < before, b::toString);
    String text = EXTRACTOR.extract(html, "").text();
    assertTrue(text.contains("Part one"), text);
    assertTrue(text.contains(PARAGRAPHS[0]) && text.contains(body), text);
  }

  @Test
  void theFewShortLinesThatCloseTheBodyAreNotItsText() {
    String tail = "<p>Source: Valley Press Agency</p><p>Photo: A. Miller</p><p>More on this</p>";
    String html =
        page(null, " class=\"entry-content\"")
            .replace(
                PARAGRAPHS[PARAGRAPHS.length - 1] + "</p>",
                PARAGRAPHS[PARAGRAPHS.length - 1] + "</p>" + tail);
    ExplainedText e = EXTRACTOR.explain(blocks(html), null);
    for (String line : List.of("Source: Valley", "Photo: A. Miller", "More on this")) {
      assertEquals(BlockReason.ARTICLE_BODY_TAIL, ExplainedTextTest.reasonOf(e, line), line);
    }
    assertTrue(e.main().text().contains(PARAGRAPHS[PARAGRAPHS.length - 1]), e.main().text());
    // an article that goes on in short lines goes on: a fourth line, or a list
    String four = tail + "<p>Valley Press Agency</p>";
    String more = html.replace(tail, four);
    assertTrue(EXTRACTOR.extract(more, "").text().contains("Photo: A. Miller"), more);
    String list = html.replace(tail, "<ul><li>Source: Valley Press Agency</li><li>Photo</li></ul>");
    assertTrue(EXTRACTOR.extract(list, "").text().contains("Source: Valley"), list);
  }
}
