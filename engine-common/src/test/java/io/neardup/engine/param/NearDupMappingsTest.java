package io.neardup.engine.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.param.ParameterException;
import io.neardup.settings.NearDupSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NearDupMappingsTest {
  @Test
  void unsetParametersTakeTheLibraryDefaults() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("hashes", null);
    values.put("threshold", 0.9);
    NearDupSettings settings = NearDupMappings.settings("body.dup", values);
    assertEquals(0.9, settings.threshold());
    assertEquals(NearDupSettings.DEFAULT.sketch(), settings.sketch());
  }

  @Test
  void aBadParameterIsNamedWithTheField() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NearDupMappings.settings("body.dup", Map.of("hashes", 0)));
    assertEquals(
        "field [body.dup] of type [neardup]: [hashes] must be an integer between 1 and 1024, got"
            + " [0]",
        e.getMessage());
    assertInstanceOf(ParameterException.class, e.getCause());
    assertEquals("body.dup.id", NearDupMappings.idField("body.dup"));
  }
}
