package io.neardup.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReassignmentTest {
  /** Two copies split over two ids, a document with no flag, one already right. */
  @Test
  void listsOnlyWhatDiffersAndAnAbsentFlag() {
    Reassignment reassignment = new Reassignment(4);
    reassignment.current(0, "i", "a", "a", true);
    reassignment.current(1, "i", "b", "b", true);
    reassignment.current(2, "i", "c", "c", null);
    reassignment.current(3, "j", "d", "d", true);
    List<int[]> clusters = List.of(new int[] {0, 1});
    assertEquals(
        List.of(new Reassignment.Change(1, "a", false), new Reassignment.Change(2, "c", true)),
        reassignment.changes(clusters, true));
    assertEquals(
        List.of(
            new Reassignment.Write("i", "b", "a", false, -1, 0),
            new Reassignment.Write("i", "c", "c", true, -1, 0)),
        reassignment.writes(clusters, true));
  }

  @Test
  void aDocumentWithoutAnIdIsNamedByItsIndex() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> new Reassignment(1).current(0, "i", "", null, null));
    assertEquals("a document of index [i] has no id", e.getMessage());
  }
}
