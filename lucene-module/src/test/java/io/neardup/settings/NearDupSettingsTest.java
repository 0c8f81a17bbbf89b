package io.neardup.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.lsh.Banding;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.shingle.ShingleUnit;
import io.neardup.sketch.SketchScheme;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NearDupSettingsTest {

  private static Map<String, String> map(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static String error(Parameter.Style style, String... kv) {
    return assertThrows(ParameterException.class, () -> NearDupSettings.parse(map(kv), style))
        .getMessage();
  }

  @Test
  void defaults() {
    NearDupSettings s = NearDupSettings.DEFAULT;
    assertEquals(ShingleUnit.WORD, s.sketch().shingleUnit());
    assertEquals(5, s.sketch().shingleSize());
    assertEquals(128, s.sketch().hashes());
    assertEquals(32, s.sketch().bits());
    assertEquals(SketchScheme.OPH, s.sketch().scheme());
    assertEquals(0.8, s.threshold());
    assertEquals(new Banding(18, 7), s.banding());
    assertEquals(false, s.exact());
    assertEquals(false, s.shingles());
    assertEquals(s, NearDupSettings.parse(new HashMap<>(), Parameter.Style.CAMEL));
  }

  @Test
  void parsesEveryParameterAndConsumesIt() {
    Map<String, String> args =
        map(
            "shingleSize",
            "3",
            "shingleUnit",
            "char",
            "hashes",
            "64",
            "bits",
            "16",
            "scheme",
            "minhash",
            "seed",
            "-7",
            "bands",
            "8",
            "rows",
            "8",
            "threshold",
            "0.7",
            "exact",
            "true",
            "shingles",
            "true",
            "other",
            "kept");
    NearDupSettings s = NearDupSettings.parse(args, Parameter.Style.CAMEL);
    assertEquals(ShingleUnit.CHAR, s.sketch().shingleUnit());
    assertEquals(3, s.sketch().shingleSize());
    assertEquals(64, s.sketch().hashes());
    assertEquals(16, s.sketch().bits());
    assertEquals(SketchScheme.MINHASH, s.sketch().scheme());
    assertEquals(-7, s.sketch().seed());
    assertEquals(new Banding(8, 8), s.banding());
    assertEquals(0.7, s.threshold());
    assertTrue(s.exact());
    assertTrue(s.shingles());
    assertEquals(map("other", "kept"), args, "unknown keys are left for the caller to reject");
  }

  @Test
  void snakeCaseForElasticsearch() {
    NearDupSettings s =
        NearDupSettings.parse(
            map("shingle_size", "4", "shingle_unit", "word"), Parameter.Style.SNAKE);
    assertEquals(4, s.sketch().shingleSize());
    assertEquals(
        "shingle_size must be an integer between 1 and 256, got [0]",
        error(Parameter.Style.SNAKE, "shingle_size", "0"));
    assertEquals(
        "bands must be such that bands * rows <= hashes (128), got [20 (rows=7, bands * rows=140)]",
        error(Parameter.Style.SNAKE, "bands", "20", "rows", "7"));
  }

  @Test
  void simHashIsOneFingerprintWithMaxHammingPlusOneBlocks() {
    NearDupSettings s = NearDupSettings.parse(map("scheme", "simhash"), Parameter.Style.SNAKE);
    assertEquals(SketchScheme.SIMHASH, s.sketch().scheme());
    assertEquals(1, s.sketch().hashes());
    assertEquals(64, s.sketch().bits());
    assertEquals(3, s.maxHamming());
    assertEquals(new Banding(4, 1), s.banding());
    assertEquals(1 - 3 / 64.0, s.threshold());
    NearDupSettings h7 =
        NearDupSettings.parse(map("scheme", "simhash", "max_hamming", "7"), Parameter.Style.SNAKE);
    assertEquals(new Banding(8, 1), h7.banding());
    assertEquals(h7, NearDupSettings.parse(h7.toMap(Parameter.Style.SNAKE), Parameter.Style.SNAKE));
    assertEquals("7", h7.toMap(Parameter.Style.SNAKE).get("max_hamming"));
    assertFalse(h7.toMap(Parameter.Style.SNAKE).containsKey("bands"));
    assertNotEquals(h7.sketch().settingsHash(), NearDupSettings.DEFAULT.sketch().settingsHash());
    assertThrows(IllegalStateException.class, NearDupSettings.DEFAULT::maxHamming);
  }

  @Test
  void defaultShingleSizeFollowsTheUnit() {
    assertEquals(
        10, NearDupSettings.builder().shingleUnit(ShingleUnit.CHAR).build().sketch().shingleSize());
    assertEquals(
        5, NearDupSettings.builder().shingleUnit(ShingleUnit.WORD).build().sketch().shingleSize());
  }

  @Test
  void bandsAndRowsAreDerivedFromEachOtherOrTheThreshold() {
    assertEquals(new Banding(16, 8), NearDupSettings.builder().bands(16).build().banding());
    assertEquals(new Banding(25, 5), NearDupSettings.builder().rows(5).build().banding());
    assertEquals(new Banding(10, 12), NearDupSettings.builder().threshold(0.9).build().banding());
    assertEquals(
        Banding.forThreshold(0.6, 256),
        NearDupSettings.builder().threshold(0.6).hashes(256).build().banding());
  }

  @Test
  void invalidValuesNameParameterRuleAndValue() {
    Parameter.Style c = Parameter.Style.CAMEL;
    assertEquals(
        "shingleSize must be an integer between 1 and 256, got [0]", error(c, "shingleSize", "0"));
    assertEquals(
        "shingleSize must be an integer between 1 and 256, got [five]",
        error(c, "shingleSize", "five"));
    assertEquals(
        "shingleUnit must be one of [word, char], got [token]", error(c, "shingleUnit", "token"));
    assertEquals(
        "hashes must be an integer between 1 and 1024, got [2048]", error(c, "hashes", "2048"));
    assertEquals("bits must be one of [8, 16, 32, 64], got [12]", error(c, "bits", "12"));
    assertEquals(
        "scheme must be one of [superminhash, minhash, oph, simhash], got [lsh]",
        error(c, "scheme", "lsh"));
    assertEquals(
        "max_hamming must be an integer between 0 and 32, got [40]",
        error(Parameter.Style.SNAKE, "scheme", "simhash", "max_hamming", "40"));
    assertEquals(
        "threshold must be unset with scheme simhash, which takes max_hamming, got [0.8]",
        error(c, "scheme", "simhash", "threshold", "0.8"));
    assertEquals("seed must be a 64-bit integer, got [0x12]", error(c, "seed", "0x12"));
    assertEquals("threshold must be a number in (0.0, 1.0], got [0]", error(c, "threshold", "0"));
    assertEquals(
        "threshold must be a number in (0.0, 1.0], got [1.01]", error(c, "threshold", "1.01"));
    assertEquals("exact must be one of [true, false], got [yes]", error(c, "exact", "yes"));
    assertEquals("shingles must be one of [true, false], got [1]", error(c, "shingles", "1"));
    assertEquals(
        "bands must be at most hashes (64), got [65]", error(c, "hashes", "64", "bands", "65"));
    assertEquals(
        "rows must be at most hashes (64), got [100]", error(c, "hashes", "64", "rows", "100"));
  }

  @Test
  void parameterNamesInEveryStyle() {
    assertEquals("shingle_size", Parameter.SHINGLE_SIZE.name(Parameter.Style.SNAKE));
    assertEquals("shingle-size", Parameter.SHINGLE_SIZE.name(Parameter.Style.KEBAB));
    assertEquals("hashes", Parameter.HASHES.name(Parameter.Style.SNAKE));
    assertEquals(Parameter.SHINGLE_UNIT, Parameter.byName("shingle_unit"));
    assertEquals(Parameter.SHINGLE_UNIT, Parameter.byName("shingleUnit"));
    assertNull(Parameter.byName("nope"));
    ParameterException e = new ParameterException(Parameter.SHINGLE_SIZE, "at least 1", 0);
    assertEquals("shingle-size must be at least 1, got [0]", e.getMessage(Parameter.Style.KEBAB));
    assertEquals(
        "shingle_size must be at least 1, got [0]",
        e.withStyle(Parameter.Style.SNAKE).getMessage());
  }
}
