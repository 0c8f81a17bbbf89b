package io.neardup.engine.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.param.Parameter;
import io.neardup.settings.NearDupSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What both engine plugins share: component settings, mapping values and their messages. */
class EngineParametersTest {

  private static NearDupSettings filter(Map<String, String> settings) {
    return ComponentParameters.parse(
        "neardup", "dup", settings, args -> NearDupSettings.parse(args, Parameter.Style.SNAKE));
  }

  @Test
  void componentSettingsSkipTheTypeAndIndexSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("type", "neardup");
    settings.put("index.version.created", "1");
    settings.put("hashes", "64");
    assertEquals(NearDupSettings.builder().hashes(64).build(), filter(settings));
  }

  @Test
  void componentErrorsNameTheComponentAndTheParameter() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> filter(Map.of("hashes", "0")));
    assertEquals(
        "token filter [dup] of type [neardup]: [hashes] must be an integer between 1 and 1024,"
            + " got [0]",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> filter(Map.of("shingleSize", "3", "bogus", "1")));
    assertEquals(
        "token filter [dup] of type [neardup]: unknown parameters [bogus, shingleSize]",
        e.getMessage());
  }

  @Test
  void mappingValuesConvertByKind() {
    assertEquals(64, MappingValue.INT.convert("hashes", 64.0));
    assertEquals(64, MappingValue.INT.convert("hashes", " 64 "));
    assertEquals(7L, MappingValue.LONG.convert("seed", "7"));
    assertEquals(0.5, MappingValue.DOUBLE.convert("threshold", 0.5f));
    assertEquals(true, MappingValue.BOOLEAN.convert("exact", "true"));
    assertEquals("char", MappingValue.STRING.convert("shingle_unit", "char"));
  }

  @Test
  void mappingValuesOfTheWrongKindNameTheParameter() {
    assertEquals(
        "[hashes] must be an integer, got [many]",
        assertThrows(
                IllegalArgumentException.class, () -> MappingValue.INT.convert("hashes", "many"))
            .getMessage());
    assertEquals(
        "[exact] must be one of [true, false], got [yes]",
        assertThrows(
                IllegalArgumentException.class, () -> MappingValue.BOOLEAN.convert("exact", "yes"))
            .getMessage());
    assertEquals(
        "[seed] must be a 64-bit integer, got [[1, 2]]",
        assertThrows(
                IllegalArgumentException.class,
                () -> MappingValue.LONG.convert("seed", java.util.List.of(1, 2)))
            .getMessage());
  }
}
