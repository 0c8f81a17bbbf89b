package io.neardup.engine.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.analysis.SignatureFilter;
import io.neardup.analysis.SignatureSettings;
import io.neardup.settings.NearDupSettings;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.core.KeywordTokenizer;
import org.junit.jupiter.api.Test;

/** The token filters both engines register: names, settings, synonym rules, normalizers. */
class AnalysisComponentTest {

  @Test
  void theEnginesRegisterTheFiltersUnderTheirNames() {
    assertEquals(
        List.of("neardup", "neardup_normalize", "neardup_signature"),
        AnalysisComponent.FILTERS.stream().map(AnalysisComponent::type).toList());
  }

  @Test
  void settingsAreReadInSnakeCaseWithMessagesNamingTheComponent() {
    Map<String, String> settings = Map.of("type", "neardup", "shingle_size", "3");
    assertEquals(
        NearDupSettings.builder().shingleSize(3).build(),
        AnalysisComponent.NEARDUP.settings("dup", settings.keySet(), settings::get));
    Map<String, String> bad = Map.of("method", "sha");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AnalysisComponent.SIGNATURE.settings("sig", bad.keySet(), bad::get));
    assertTrue(
        e.getMessage().startsWith("token filter [sig] of type [neardup_signature]: [method]"),
        e.getMessage());
  }

  @Test
  void onlyTheNearDupFilterIsRefusedInSynonymRules() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> AnalysisComponent.NEARDUP.checkSynonyms("dup"));
    assertEquals(
        "token filter [dup] of type [neardup] cannot be used to parse synonyms", e.getMessage());
    AnalysisComponent.NORMALIZE.checkSynonyms("norm");
    AnalysisComponent.SIGNATURE.checkSynonyms("sig");
  }

  @Test
  void onlyTheSignatureFilterNormalizesKeywords() {
    assertTrue(AnalysisComponent.SIGNATURE.normalizing());
    assertFalse(AnalysisComponent.NEARDUP.normalizing());
    assertFalse(AnalysisComponent.NORMALIZE.normalizing());
    assertInstanceOf(
        SignatureFilter.class,
        AnalysisComponent.SIGNATURE.create(new KeywordTokenizer(), SignatureSettings.DEFAULT));
  }
}
