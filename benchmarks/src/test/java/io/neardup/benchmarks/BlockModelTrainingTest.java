package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.neardup.web.boilerplate.Landmark;
import io.neardup.web.boilerplate.TextBlock;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
