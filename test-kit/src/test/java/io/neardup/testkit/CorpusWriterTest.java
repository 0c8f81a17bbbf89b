package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusWriterTest {
  private static List<CorpusWriter.Record> generate(long seed, int count) {
    List<CorpusWriter.Record> records = new ArrayList<>();
    new CorpusWriter(seed, CorpusWriter.DEFAULT_COPY_RATE).generate(count, records::add);
    return records;
  }

  @Test
  void sameSeedGivesSameCorpus() {
    assertEquals(generate(7, 500), generate(7, 500));
    assertNotEquals(generate(7, 50), generate(8, 50));
  }

  @Test
  void textsInMemoryAreTheGeneratedRecords() {
    List<CorpusWriter.Record> records = generate(7, 300);
    CorpusWriter.Texts texts = new CorpusWriter(7, CorpusWriter.DEFAULT_COPY_RATE).texts(300);
    assertEquals(300, texts.texts().length);
    for (CorpusWriter.Record r : records) {
      assertEquals(r.text(), texts.texts()[r.ordinal()]);
      assertEquals(r.family(), texts.family()[r.ordinal()]);
    }
  }

  @Test
  void aboutOneFifthAreEditedCopiesOfEarlierOriginals() {
    List<CorpusWriter.Record> records = generate(EnglishText.DEFAULT_SEED, 5000);
    int copies = 0;
    for (CorpusWriter.Record r : records) {
      String[] words = r.text().split("\\s+");
      if (r.family() == r.ordinal()) {
        assertTrue(
            words.length >= CorpusWriter.MIN_WORDS && words.length <= CorpusWriter.MAX_WORDS);
      } else {
        copies++;
        CorpusWriter.Record original = records.get(r.family());
        assertTrue(r.family() < r.ordinal());
        assertEquals(original.ordinal(), original.family(), "copies are of originals");
        int originalWords = original.text().split("\\s+").length;
        assertTrue(Math.abs(words.length - originalWords) <= CorpusWriter.MAX_EDITS);
      }
    }
    assertTrue(copies > 900 && copies < 1100, copies + " copies");
  }

  @Test
  void writesOneJsonObjectPerLine(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("corpus.jsonl");
    new CorpusWriter(3, 0.5).write(100, file);
    List<String> lines = Files.readAllLines(file);
    assertEquals(100, lines.size());
    List<CorpusWriter.Record> expected = new ArrayList<>();
    new CorpusWriter(3, 0.5).generate(100, expected::add);
    ObjectMapper json = new ObjectMapper();
    for (int i = 0; i < lines.size(); i++) {
      Map<?, ?> record = json.readValue(lines.get(i), Map.class);
      assertEquals(expected.get(i).id(), record.get("id"));
      assertEquals(expected.get(i).familyId(), record.get("family"));
      assertEquals(expected.get(i).text(), record.get("text"));
    }
  }

  @Test
  void rejectsBadCopyRate() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new CorpusWriter(1, 1.0));
    assertEquals("copyRate must be in [0, 1), got 1.0", e.getMessage());
  }
}
