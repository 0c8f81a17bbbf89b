package io.neardup.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalFormsTest {
  @Test
  void theJsonValueIsScoreOneObjectOrAnArray() {
    assertEquals("score", CanonicalForms.json(CanonicalPolicy.BEST_SCORE));
    assertEquals(
        Map.of("field", "published", "order", "asc"),
        CanonicalForms.json(CanonicalForms.ofObject("published", "ASC")));
    CanonicalPolicy chain =
        CanonicalForms.then(
            CanonicalForms.ofObject("published", null), CanonicalForms.ofObject("inlinks", "desc"));
    assertEquals(
        List.of(
            Map.of("field", "published", "order", "asc"),
            Map.of("field", "inlinks", "order", "desc")),
        CanonicalForms.json(chain));
    assertEquals(CanonicalPolicy.BEST_SCORE, CanonicalForms.ofString("first"));
  }

  @Test
  void errorsNameTheParameter() {
    assertEquals(
        "[canonical] requires [field]: a numeric, date, boolean, ip or keyword field with doc"
            + " values",
        assertThrows(IllegalArgumentException.class, () -> CanonicalForms.ofObject("", "asc"))
            .getMessage());
    assertEquals(
        "[canonical.order] must be one of [asc, desc], got [up]",
        assertThrows(IllegalArgumentException.class, () -> CanonicalForms.ofObject("f", "UP"))
            .getMessage());
    assertEquals(
        "[canonical] [score] must come last, as it breaks the ties the keys before it leave",
        CanonicalForms.scoreNotLast().getMessage());
  }

  @Test
  void aPolicyReadsBackFromTheWire() throws IOException {
    CanonicalPolicy chain =
        CanonicalForms.then(
            CanonicalForms.ofObject("published", "asc"),
            CanonicalForms.ofObject("inlinks", "desc"));
    for (CanonicalPolicy p : List.of(CanonicalPolicy.BEST_SCORE, chain)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      CanonicalForms.write(WireOutput.of(bytes), p);
      assertEquals(
          p, CanonicalForms.read(WireInput.of(new ByteArrayInputStream(bytes.toByteArray()))));
    }
  }
}
