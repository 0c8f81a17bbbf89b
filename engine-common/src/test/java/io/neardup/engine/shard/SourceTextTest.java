package io.neardup.engine.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourceTextTest {

  @Test
  void multiFieldsReadTheirParentsText() {
    assertEquals(List.of("body.dup", "body"), SourceText.sourcePaths("body.dup"));
    assertEquals(List.of("a.b.dup", "a.b", "a"), SourceText.sourcePaths("a.b.dup"));
    assertEquals(List.of("dup"), SourceText.sourcePaths("dup"));
  }

  @Test
  void scalarsAndSingleValuesAreTexts() {
    assertEquals("some text", SourceText.text("some text", "doc", "f"));
    assertEquals("42", SourceText.text(42, "doc", "f"));
    assertEquals("one", SourceText.text(List.of("one"), "doc", "f"));
    assertNull(SourceText.text(Map.of("a", "b"), "doc", "f"));
    assertNull(SourceText.text(null, "doc", "f"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SourceText.text(List.of("a", "b"), "[neardup] [like] document [1]", "body.dup"));
    assertEquals(
        "[neardup] [like] document [1] has 2 values for field [body.dup], expected one text",
        e.getMessage());
  }
}
