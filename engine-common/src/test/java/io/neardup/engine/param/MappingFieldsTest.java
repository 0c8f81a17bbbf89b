package io.neardup.engine.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.settings.NearDupSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MappingFieldsTest {
  private static final Map<String, Object> MAPPING =
      Map.of(
          "properties",
          Map.of(
              "body",
              Map.of(
                  "type",
                  "text",
                  "fields",
                  Map.of("dup", Map.of("type", "neardup", "threshold", 0.9, "hashes", 64))),
              "meta",
              Map.of("properties", Map.of("published", Map.of("type", "date"))),
              "dup_alias",
              Map.of("type", "alias", "path", "body.dup"),
              "alias_alias",
              Map.of("type", "alias", "path", "dup_alias"),
              "title",
              Map.of("type", "keyword", "doc_values", false)));

  @Test
  void findsMultiFieldsObjectPropertiesAndAliases() {
    assertEquals("neardup", MappingFields.find(MAPPING, "body.dup").get("type"));
    assertEquals("date", MappingFields.find(MAPPING, "meta.published").get("type"));
    assertEquals("neardup", MappingFields.find(MAPPING, "dup_alias").get("type"));
    assertNull(MappingFields.find(MAPPING, "alias_alias"), "aliases cannot point at aliases");
    assertNull(MappingFields.find(MAPPING, "nope"));
    assertNull(MappingFields.find(null, "body"));
  }

  @Test
  void readsTheFieldsSettings() {
    NearDupSettings settings =
        MappingFields.nearDupSettings(MappingFields.find(MAPPING, "body.dup"));
    assertEquals(0.9, settings.threshold());
    assertEquals(64, settings.sketch().hashes());
  }

  @Test
  void checksTheCanonicalField() {
    assertTrue(MappingFields.checkCanonical(MAPPING, "docs", CanonicalPolicy.BEST_SCORE));
    assertTrue(
        MappingFields.checkCanonical(MAPPING, "docs", CanonicalPolicy.lowest("meta.published")));
    assertFalse(MappingFields.checkCanonical(MAPPING, "docs", CanonicalPolicy.lowest("nope")));
    assertEquals(
        "[canonical] field [body] is of type [text] in index [docs]: expected a numeric, date,"
            + " boolean, ip or keyword field",
        assertThrows(
                IllegalArgumentException.class,
                () -> MappingFields.checkCanonical(MAPPING, "docs", CanonicalPolicy.lowest("body")))
            .getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    MappingFields.checkCanonical(MAPPING, "docs", CanonicalPolicy.highest("title")))
            .getMessage()
            .contains("has no doc values in index [docs]"));
  }
}
