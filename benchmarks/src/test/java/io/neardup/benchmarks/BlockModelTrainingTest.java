package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.web.boilerplate.Landmark;
import io.neardup.web.boilerplate.TextBlock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockModelTrainingTest {
  private static TextBlock block(String text) {
    int words = text.split(" ").length;
    return new TextBlock(text, words, 0, 1, 0, false, false, Landmark.NONE);
  }

  private static final List<TextBlock> PAGE =
      List.of(
          block("Home News Sport Weather"),
          block("The river rose three metres overnight and flooded the lower town."),
          block("The mayor said the town hall will shelter families until Friday."),
          block("Share this story"));

  private static final List<String> LABEL =
      Arrays.asList(
          ("the river rose three metres overnight and flooded the lower town"
                  + " the mayor said the town hall will shelter families until friday")
              .split(" "));

  @Test
  void theBestSelectionKeepsTheBlocksOfTheLabelAndNothingElse() {
    boolean[] none = new boolean[PAGE.size()];
    assertArrayEquals(
        new boolean[] {false, true, true, false},
        BlockModelTraining.bestSelection(PAGE, none, LABEL));
    boolean[] all = {true, true, true, true};
    assertArrayEquals(
        new boolean[] {false, true, true, false},
        BlockModelTraining.bestSelection(PAGE, all, LABEL));
  }

  @Test
  void aBlockWhoseWordsAreMostlyOutsideTheLabelStaysOutEvenIfSomeAreIn() {
    // "the" and "town" are in the label, but keeping the line adds more false words than it finds
    List<TextBlock> page =
        List.of(PAGE.get(1), block("Visit the town shop for maps, mugs, posters and gifts"));
    List<String> label = LABEL.subList(0, 11);
    assertArrayEquals(
        new boolean[] {true, false},
        BlockModelTraining.bestSelection(page, new boolean[] {true, true}, label));
  }

  @Test
  void segmentsLabelTheBlocksHoldingThemAndOnlyPagesOfTheTrainingHalfAreRead(@TempDir Path dir)
      throws IOException {
    String in = null;
    String out = null;
    for (int i = 0; in == null || out == null; i++) {
      String name = "page-" + i + ".html";
      if (SnippetEvaluation.inTrainingHalf(name)) {
        in = in == null ? name : in;
      } else {
        out = out == null ? name : out;
      }
    }
    String html =
        "<html><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><article>"
            + "<h1>Flood in the lower town</h1>"
            + "<p>The river rose three metres overnight and flooded the lower town.</p>"
            + "<p>Readers can send their photographs of the flood to the newsroom.</p>"
            + "<p>The mayor said the town hall will shelter families until Friday.</p>"
            + "<p>Share this story with your friends and family on every network.</p>"
            + "</article></body></html>";
    Files.createDirectories(dir.resolve("cache"));
    for (String name : List.of(in, out)) {
      Files.writeString(dir.resolve("cache").resolve(name), html, StandardCharsets.UTF_8);
    }
    String segments =
        "{\"with\": [\"Flood in the lower town\", \"flooded the lower town\","
            + " \"shelter families until Friday\", \"town\"],"
            + " \"without\": [\"send their photographs of the flood\", \"Share this story\"]}";
    Files.writeString(
        dir.resolve("evaldata.json"),
        "{\"https://example.org/a\": {\"file\": \""
            + in
            + "\", "
            + segments.substring(1)
            + ", \"https://example.org/b\": {\"file\": \""
            + out
            + "\", "
            + segments.substring(1)
            + "}",
        StandardCharsets.UTF_8);

    List<BlockModelTraining.Page> pages = BlockModelTraining.readSnippets(dir, 20);
    assertEquals(1, pages.size(), "the page of the held-out half is not read");
    BlockModelTraining.Page page = pages.get(0);
    assertEquals(in, page.id());
    assertEquals(20, page.weight());
    int labelled = 0;
    for (int i = 0; i < page.blocks().size(); i++) {
      String text = page.blocks().get(i).text();
      if (text.startsWith("The river") || text.startsWith("The mayor")) {
        assertNotNull(page.x()[i], text);
        assertTrue(page.y()[i], text);
        labelled++;
      } else if (text.startsWith("Readers")) {
        // a segment to drop within the labelled text
        assertNotNull(page.x()[i], text);
        assertFalse(page.y()[i], text);
        labelled++;
      } else {
        // the heading, the line after the text, the menu, and "town" (too short to label)
        assertNull(page.x()[i], text);
      }
    }
    assertEquals(3, labelled);
  }

  @Test
  void aFolderWithoutTheSegmentsIsRefusedByName(@TempDir Path dir) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> BlockModelTraining.readSnippets(dir, 20));
    assertTrue(e.getMessage().contains("--snippets"), e.getMessage());
  }

  @Test
  void aWeightThatIsNotPositiveIsRefusedByName() {
    for (String weight : new String[] {"0", "-2", "NaN"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  BlockModelTraining.main(
                      new String[] {"--data", "unused", "--snippet-weight", weight}));
      assertTrue(e.getMessage().contains("--snippet-weight"), e.getMessage());
    }
  }
}
