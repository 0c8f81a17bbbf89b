package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.cli.output.ResultFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --languages}: identification, grouping by language and the languages kept. */
class LanguageFilterTest {
  @TempDir Path tmp;

  private static final String EN =
      "The river authority said on Tuesday that water levels along the lower valley had fallen for"
          + " the third day in a row, and that the temporary barriers put up in the old town would"
          + " stay in place until the end of the month as a precaution.";
  private static final String DE =
      "Die Flussbehörde teilte am Dienstag mit, dass die Wasserstände im unteren Tal den dritten"
          + " Tag in Folge gesunken seien und dass die provisorischen Barrieren in der Altstadt bis"
          + " zum Monatsende als Vorsichtsmaßnahme stehen bleiben würden.";
  private static final String FR =
      "L'autorité fluviale a déclaré mardi que le niveau de l'eau dans la basse vallée avait baissé"
          + " pour le troisième jour consécutif.";

  private static String numbers(String tail) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 120; i++) {
      s.append(i * 7).append(' ');
    }
    return s.append(tail).toString();
  }

  private Path corpus() throws Exception {
    JsonMapper json = new JsonMapper();
    String[][] rows = {
      {"en1", EN},
      {"en2", EN.replace("Tuesday", "Wednesday")},
      {"de1", DE},
      {"de2", DE.replace("Dienstag", "Mittwoch")},
      {"fr1", FR},
      // near-duplicates by their numbers; one too short in letters to tell its language
      {"n1", numbers("ok")},
      {"n2", numbers("the water levels along the river")}
    };
    StringBuilder lines = new StringBuilder();
    for (String[] row : rows) {
      lines.append(json.writeValueAsString(Map.of("id", row[0], "text", row[1]))).append('\n');
    }
    Path input = tmp.resolve("texts.jsonl");
    Files.writeString(input, lines.toString(), StandardCharsets.UTF_8);
    return input;
  }

  private static Cli.Result dedup(Path input, String... more) {
    java.util.List<Object> args =
        new java.util.ArrayList<>(
            java.util.List.of("dedup", "--input", input, "--threshold", "0.5", "--pairs", "-"));
    args.addAll(java.util.List.of(more));
    Cli.Result r = Cli.run(args.toArray());
    assertEquals(0, r.exit(), r.toString());
    return r;
  }

  @Test
  void documentsAreComparedOnlyWithinTheirLanguage() throws Exception {
    Path input = corpus();
    Cli.Result all = dedup(input);
    assertTrue(all.out().contains("n1\tn2\t"), all.toString());
    assertFalse(all.err().contains("languages"), all.err());

    Cli.Result auto = dedup(input, "--languages", "auto");
    assertTrue(auto.out().contains("en1\ten2\t"), auto.toString());
    assertTrue(auto.out().contains("de1\tde2\t"), auto.toString());
    assertFalse(auto.out().contains("n1\tn2\t"), auto.toString());
    assertTrue(
        auto.err()
            .contains(
                "languages (documents compared only within their own language): eng: 3, deu: 2,"
                    + " fra: 1, und: 1"),
        auto.err());
  }

  @Test
  void otherLanguagesAreSetAsideAndCounted() throws Exception {
    Cli.Result en = dedup(corpus(), "--languages", "en");
    assertEquals(
        java.util.List.of(ResultFiles.PAIRS_HEADER, "en1\ten2"),
        en.out().lines().map(l -> l.replaceAll("\t[0-9.]+$", "")).toList(),
        en.toString());
    assertTrue(
        en.err().contains("--languages eng: 4 documents set aside (deu: 2, fra: 1, und: 1)"),
        en.err());
  }

  @Test
  void anUnknownLanguageIsAUsageErrorNamingTheOption() throws Exception {
    Cli.Result r = Cli.run("dedup", "--input", corpus(), "--languages", "en,klingon");
    assertEquals(2, r.exit(), r.toString());
    assertTrue(
        r.err()
            .contains(
                "Invalid value for option '--languages': languages must be ISO 639-1 or 639-3"
                    + " codes of the 103 languages the model knows (or und), got [klingon]"),
        r.err());
  }
}
