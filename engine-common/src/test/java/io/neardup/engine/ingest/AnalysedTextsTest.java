package io.neardup.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.cluster.Verification;
import io.neardup.document.NearDupDocument;
import io.neardup.document.NearDupDocumentBuilder;
import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import org.junit.jupiter.api.Test;

class AnalysedTextsTest {
  private static final NearDupSettings SETTINGS = NearDupSettings.builder().threshold(0.8).build();
  private static final NearDupDocumentBuilder BUILDER =
      new NearDupDocumentBuilder(new NearDupAnalyzer(SETTINGS, true), new NearDupFields("f"));

  private static String text(int i) {
    return "document number " + i + " has words enough for a few shingles of five words each";
  }

  @Test
  void takesWhatWasPutForTheSameIndexFieldSettingsAndText() {
    AnalysedTexts texts = new AnalysedTexts();
    NearDupDocument analysed = BUILDER.analyze(text(1));
    texts.put("i", "f", SETTINGS, Verification.EXACT, text(1), analysed);
    NearDupSettings other = NearDupSettings.builder().threshold(0.9).build();
    assertNull(texts.take("i", "f", other, Verification.EXACT, text(1)), "other settings");
    assertNull(texts.take("i", "f", SETTINGS, Verification.SKETCH, text(1)), "other verification");
    assertNull(texts.take("j", "f", SETTINGS, Verification.EXACT, text(1)), "other index");
    assertNull(texts.take("i", "g", SETTINGS, Verification.EXACT, text(1)), "other field");
    assertNull(texts.take("i", "f", SETTINGS, Verification.EXACT, text(2)), "other text");
    assertSame(analysed, texts.take("i", "f", SETTINGS, Verification.EXACT, new String(text(1))));
    assertNull(texts.take("i", "f", SETTINGS, Verification.EXACT, text(1)), "taken once");
    assertEquals(1, texts.handedOver());
  }

  @Test
  void copiesOfOneTextAreTakenOnceEach() {
    AnalysedTexts texts = new AnalysedTexts();
    NearDupDocument analysed = BUILDER.analyze(text(1));
    texts.put("i", "f", SETTINGS, Verification.EXACT, text(1), analysed);
    texts.put("i", "f", SETTINGS, Verification.EXACT, text(1), analysed);
    assertEquals(1, texts.size());
    assertSame(analysed, texts.take("i", "f", SETTINGS, Verification.EXACT, text(1)));
    assertSame(analysed, texts.take("i", "f", SETTINGS, Verification.EXACT, text(1)));
    assertNull(texts.take("i", "f", SETTINGS, Verification.EXACT, text(1)));
    assertEquals(0, texts.bytes());
  }

  @Test
  void theOldestGoWhenTheHeldTextsWeighTooMuch() {
    NearDupDocument one = BUILDER.analyze(text(1));
    AnalysedTexts probe = new AnalysedTexts();
    probe.put("i", "f", SETTINGS, Verification.EXACT, text(1), one);
    long weight = probe.bytes();
    AnalysedTexts texts = new AnalysedTexts(3 * weight + weight / 2);
    for (int i = 1; i <= 5; i++) {
      texts.put("i", "f", SETTINGS, Verification.EXACT, text(i), BUILDER.analyze(text(i)));
    }
    assertEquals(3, texts.size());
    assertEquals(2, texts.evicted());
    assertNull(texts.take("i", "f", SETTINGS, Verification.EXACT, text(1)));
    assertNull(texts.take("i", "f", SETTINGS, Verification.EXACT, text(2)));
    for (int i = 3; i <= 5; i++) {
      assertEquals(
          BUILDER.analyze(text(i)), texts.take("i", "f", SETTINGS, Verification.EXACT, text(i)));
    }
    AnalysedTexts none = new AnalysedTexts(0);
    none.put("i", "f", SETTINGS, Verification.EXACT, text(1), one);
    assertEquals(0, none.size(), "a bound of 0 holds nothing");
    assertThrows(IllegalArgumentException.class, () -> new AnalysedTexts(-1));
  }
}
