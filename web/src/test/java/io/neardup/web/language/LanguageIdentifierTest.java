package io.neardup.web.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LanguageIdentifierTest {
  private final LanguageIdentifier id = LanguageIdentifier.get();

  @Test
  void tellsCommonLanguagesApart() {
    assertEquals(
        "eng",
        id.identify(
            "The river authority said on Tuesday that water levels along the lower valley had"
                + " fallen for the third day in a row."));
    assertEquals(
        "deu",
        id.identify(
            "Die Flussbehörde teilte am Dienstag mit, dass die Wasserstände im unteren Tal den"
                + " dritten Tag in Folge gesunken seien."));
    assertEquals(
        "fra",
        id.identify(
            "L'autorité fluviale a déclaré mardi que le niveau de l'eau dans la vallée avait baissé"
                + " pour le troisième jour consécutif."));
  }

  @Test
  void shortTextsAreUndetermined() {
    assertEquals(LanguageIdentifier.UNDETERMINED, id.identify(""));
    assertEquals(LanguageIdentifier.UNDETERMINED, id.identify("Home | About 2024 ..."));
  }

  @Test
  void parsesTwoAndThreeLetterCodes() {
    assertEquals(Set.of("eng", "deu", "und"), id.parseLanguages("en, deu,und"));
    assertEquals(List.of("eng"), List.copyOf(id.parseLanguages("EN")));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> id.parseLanguages("en,xx"));
    assertEquals(
        "languages must be ISO 639-1 or 639-3 codes of the 103 languages the model knows (or und),"
            + " got [xx]",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> id.parseLanguages("en,"));
  }
}
