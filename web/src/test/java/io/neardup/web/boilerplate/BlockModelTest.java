package io.neardup.web.boilerplate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.html.HtmlDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class BlockModelTest {
  private static String shippedText() throws IOException {
    try (InputStream in = BlockModel.class.getResourceAsStream(BlockModel.RESOURCE)) {
      assertNotNull(in, "the library ships its block model");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theShippedModelReadsBackAsWritten() throws IOException {
    String shipped = shippedText();
    BlockModel model =
        BlockModel.read(new ByteArrayInputStream(shipped.getBytes(StandardCharsets.UTF_8)));
    StringWriter again = new StringWriter();
    List<String> header =
        shipped.lines().filter(l -> l.startsWith("# ")).map(l -> l.substring(2)).toList();
    model.write(again, header);
    assertEquals(shipped, again.toString());
    assertTrue(shipped.contains("CC-BY-4.0"), "the training data's attribution");
  }

  @Test
  void aModelOfAnotherVersionOrShapeIsRejected() {
    IOException version =
        assertThrows(
            IOException.class,
            () ->
                BlockModel.read(stream("neardup-block-model 1 " + BlockFeatures.COUNT + " 0 0\n")));
    // version 1 read a block's position as a share of the kept words (a long text's tail looked
    // like a short one's last lines)
    assertEquals("Incompatible block model version 1", version.getMessage());
    IOException shape =
        assertThrows(
            IOException.class, () -> BlockModel.read(stream("neardup-block-model 2 3 0 0\n")));
    assertEquals(
        "Incompatible block model: 3 features, expected " + BlockFeatures.COUNT,
        shape.getMessage());
    IOException other = assertThrows(IOException.class, () -> BlockModel.read(stream("<html>\n")));
    assertEquals("Corrupted: not a block model", other.getMessage());
  }

  @Test
  void aCorruptedModelIsRejectedWhenRead() {
    String head = "neardup-block-model 2 " + BlockFeatures.COUNT + " 1 0.5\n";
    // a split pointing back at itself would never reach a leaf
    IOException loop =
        assertThrows(
            IOException.class,
            () -> BlockModel.read(stream(head + "tree 3\n1 0.5 0 2 0\n-1 0 0 0 1\n-1 0 0 0 2\n")));
    assertEquals("Corrupted: block model tree 0 node 0", loop.getMessage());
    IOException feature =
        assertThrows(
            IOException.class,
            () ->
                BlockModel.read(
                    stream(
                        head
                            + "tree 3\n"
                            + BlockFeatures.COUNT
                            + " 0.5 1 2 0\n-1 0 0 0 1\n-1 0 0 0 2\n")));
    assertEquals("Corrupted: block model tree 0 node 0", feature.getMessage());
    IOException number =
        assertThrows(
            IOException.class, () -> BlockModel.read(stream(head + "tree 1\n-1 0 0 0 x\n")));
    assertEquals("Corrupted: block model number [x]", number.getMessage());
    IOException truncated =
        assertThrows(IOException.class, () -> BlockModel.read(stream(head + "tree 2\n")));
    assertEquals("Corrupted: block model ends early", truncated.getMessage());
  }

  @Test
  void theEarlyAnswerIsTheFullScoresAnswer() throws IOException {
    // above() stops once the trees left cannot change the answer: it must give score()'s answer
    BlockModel model = BlockModel.shipped();
    java.util.Random random = new java.util.Random(7);
    int stoppedEarly = 0;
    for (int k = 0; k < 20_000; k++) {
      double[] x = new double[BlockFeatures.COUNT];
      for (int f = 0; f < x.length; f++) {
        x[f] = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextGaussian() * 3;
      }
      double limit = random.nextGaussian() * 2;
      double score = model.score(x);
      if (Math.abs(score - limit) > 1e-9) {
        assertEquals(score > limit, model.above(x, limit), score + " against " + limit);
      }
      stoppedEarly += Math.abs(score - limit) > 3 ? 1 : 0;
    }
    assertTrue(stoppedEarly > 1000, "the test reaches clear answers: " + stoppedEarly);
  }

  private static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aTreeSendsAFeatureAtItsThresholdLeft() {
    // one tree: feature 1 <= 0.5 ? -2 : +3, after a bias of 0.25
    BlockModel model =
        new BlockModel(
            BlockFeatures.COUNT,
            0.25,
            new int[][] {{1, -1, -1}},
            new double[][] {{0.5, 0, 0}},
            new int[][] {{1, 0, 0}},
            new int[][] {{2, 0, 0}},
            new double[][] {{0, -2, 3}});
    double[] x = new double[BlockFeatures.COUNT];
    x[1] = 0.5;
    assertEquals(-1.75, model.score(x));
    x[1] = 0.51;
    assertEquals(3.25, model.score(x));
  }

  @Test
  void theModelKeepsTheTextTheRulesLeftOutsideTheirRegion() throws IOException {
    // a disclosure policy whose first section the content region leaves out (its lines are short
    // beside the process below); the model reads those sentences as text, by their own features
    // and their neighbours', and keeps them: nothing outside the page's main region comes in
    Document page = RealPagesTest.page("requests/community/vulnerabilities.html");
    String truth = page.selectFirst("[role=main]").text();
    MainTextExtractor rules =
        new MainTextExtractor(Boilerplate.LOCAL, new BlockClassifier(true, null));
    MainTextExtractor learnt = new MainTextExtractor(Boilerplate.LOCAL);
    String sentence = "please try to describe the problem";
    assertFalse(rules.extract(page).text().contains(sentence));
    String text = learnt.extract(page).text();
    assertTrue(text.contains(sentence), text);
    double[] rulesScore = RealPagesTest.score(rules.extract(page).text(), truth);
    double[] learntScore = RealPagesTest.score(text, truth);
    assertEquals(1.0, learntScore[0], 1e-9, text);
    assertTrue(learntScore[1] > rulesScore[1], learntScore[1] + " <= " + rulesScore[1]);
    // the explanation names the model as what kept the block, and reads the same text
    List<TextBlock> blocks = learnt.blocks(page);
    ExplainedText why = learnt.explain(blocks, null);
    assertEquals(text, why.main().text());
    boolean named = false;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i).text().contains("If English is not your first language")) {
        assertEquals(BlockReason.MODEL_KEPT, why.reasons().get(i));
        named = true;
      }
    }
    assertTrue(named);
  }

  @Test
  void aLongBlockTheRulesKeptStaysWhateverTheModelSays() {
    // scores far below the drop threshold for every block: the model drops the short kept blocks,
    // keeps the long ones the rules kept, and keeps out what the rules dropped
    List<TextBlock> blocks =
        List.of(
            new TextBlock("a", 40, 0, 5, 32, false, false, Landmark.NONE),
            new TextBlock(
                "b", BlockClassifier.MIN_UNDROPPED_WORDS, 0, 12, 92, false, false, Landmark.NONE),
            new TextBlock("c", 300, 0, 36, 290, false, false, Landmark.NONE),
            new TextBlock("d", 500, 0, 60, 490, false, false, Landmark.NONE));
    boolean[] rules = {true, true, true, false};
    double[] scores = {-10, -10, -10, -10};
    boolean[] content =
        BlockClassifier.redecide(
            blocks, rules, scores, new double[4][BlockFeatures.COUNT], -0.5, 1, false);
    assertFalse(content[0]);
    assertTrue(content[1]);
    assertTrue(content[2]);
    assertFalse(content[3]);
  }

  @Test
  void aLongTextOfParagraphsOfOneShapeKeepsEveryParagraph() {
    // the model reads where a block lies in the kept text by the words before and after it, up to
    // a bound: the tail of a text far longer than any it learnt from reads as the middle of one,
    // not as the last lines of an article (a biography, a share line)
    for (int n : new int[] {40, 400, 2_000}) {
      for (int sentences : new int[] {1, 4, 10}) {
        keepsEveryParagraph(n, sentences);
      }
    }
  }

  private static void keepsEveryParagraph(int n, int sentences) {
    StringBuilder html =
        new StringBuilder("<body><nav><a href=/>Home</a> <a href=/a>Archive</a></nav><div>");
    for (int i = 0; i < n; i++) {
      String sentence =
          " tells of the river that ran past the old mill, where the miller kept his accounts"
              + " in a book bound with string, and of the spring the water rose.";
      html.append("<p>Paragraph ").append(i).append(sentence.repeat(sentences)).append("</p>");
    }
    html.append("</div><footer><a href=/c>Contact</a></footer></body>");
    Document page = HtmlDecoder.parse(html.toString(), "");
    MainTextExtractor learnt = new MainTextExtractor(Boilerplate.LOCAL);
    List<TextBlock> blocks = learnt.blocks(page);
    ExplainedText why = learnt.explain(blocks, null);
    int kept = 0;
    for (int i = 0; i < blocks.size(); i++) {
      boolean paragraph = blocks.get(i).text().startsWith("Paragraph ");
      assertEquals(
          paragraph,
          why.main().content()[i],
          n + " paragraphs of " + sentences + " sentences: " + blocks.get(i).text());
      kept += paragraph ? 1 : 0;
    }
    assertEquals(n, kept);
  }

  @Test
  void aLongManualChapterKeepsItsShortLines() {
    // a chapter of a manual under <main>, section after section of a heading, a paragraph, a
    // one-line introduction and a command, with one long listing: its element holds more lines
    // than the model reads, and the rules' reading of it stands; a short chapter is read alike
    for (int steps : new int[] {10, 200}) {
      StringBuilder html =
          new StringBuilder(
              "<body><nav><a href=/>Home</a> <a href=/guide>Guide</a></nav><main><h1><a href=#top>The guide</a></h1>");
      for (int i = 0; i < steps; i++) {
        // each heading links to itself, as generators of manuals write them
        html.append("<section><h2><a href=#step-")
            .append(i)
            .append(">step-")
            .append(i)
            .append("</a></h2><p>Step ")
            .append(i)
            .append(
                " builds the package from the sources in the working tree, fetching what it"
                    + " depends on first, and writes what it built to the target directory.</p>")
            .append("<p>Then run it:</p><pre>$ tool run --step ")
            .append(i)
            .append("</pre></section>");
        if (i == steps / 2) {
          html.append("<pre>");
          for (int k = 0; k < 450; k++) {
            html.append(" x").append(k).append(" = ").append(k).append(';');
          }
          html.append("</pre>");
        }
      }
      html.append("</main><footer><a href=/c>Contact</a></footer></body>");
      MainTextExtractor learnt = new MainTextExtractor(Boilerplate.LOCAL);
      List<TextBlock> blocks = learnt.blocks(HtmlDecoder.parse(html.toString(), ""));
      ExplainedText why = learnt.explain(blocks, null);
      int lines = 0;
      for (int i = 0; i < blocks.size(); i++) {
        String t = blocks.get(i).text();
        if (t.equals("Then run it:") || t.startsWith("$ tool run")) {
          assertTrue(why.main().content()[i], steps + " steps: " + t + " (block " + i + ")");
          lines++;
        }
      }
      assertEquals(2 * steps, lines);
    }
  }
}
