package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.testkit.IngestFamilies.Ingested;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IngestFamiliesTest {
  private static List<Ingested> good() {
    List<Ingested> docs = new ArrayList<>();
    for (int f = 0; f < 2; f++) {
      for (int c = 0; c < 3; c++) {
        docs.add(new Ingested("f" + f + "-" + c, "f" + f, "f" + f + "-0", c == 0));
      }
    }
    docs.add(new Ingested("auto", "u0", "random-id", true));
    return docs;
  }

  @Test
  void acceptsOneClusterAndOneCanonicalPerFamily() {
    IngestFamilies.check(good(), 2, 1);
  }

  @Test
  void refusesWhatTheProcessorMustNotDo() {
    List<Ingested> split = good();
    split.set(2, new Ingested("f0-2", "f0", "other", true));
    assertEquals(
        "clusters of family f0: expected 1, got 2",
        assertThrows(AssertionError.class, () -> IngestFamilies.check(split, 2, 1)).getMessage());
    List<Ingested> twoCanonicals = good();
    twoCanonicals.set(1, new Ingested("f0-1", "f0", "f0-0", true));
    assertThrows(AssertionError.class, () -> IngestFamilies.check(twoCanonicals, 2, 1));
    List<Ingested> merged = good();
    merged.set(6, new Ingested("auto", "u0", "f0-0", false));
    assertThrows(AssertionError.class, () -> IngestFamilies.check(merged, 2, 1));
    List<Ingested> wrongId = good();
    wrongId.replaceAll(
        d -> d.family().equals("f1") ? new Ingested(d.id(), "f1", "f1-2", d.canonical()) : d);
    assertThrows(AssertionError.class, () -> IngestFamilies.check(wrongId, 2, 1));
    List<Ingested> missing = good();
    missing.set(0, new Ingested("f0-0", "f0", null, true));
    assertThrows(AssertionError.class, () -> IngestFamilies.check(missing, 2, 1));
  }

  @Test
  void copiesAreTheTextUpperCasedOrExtended() {
    assertEquals("a b", IngestFamilies.copy("a b", 0));
    assertEquals("A B!", IngestFamilies.copy("a b", 1));
    assertEquals("a b appendix", IngestFamilies.copy("a b", 2));
    assertEquals("a b postscript", IngestFamilies.copy("a b", 3));
  }
}
