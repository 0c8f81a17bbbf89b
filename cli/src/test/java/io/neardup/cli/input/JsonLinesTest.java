package io.neardup.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A line of ASCII bytes is parsed from its bytes, any other line from its decoded chars: both give
 * the same record.
 */
class JsonLinesTest {
  @TempDir Path tmp;

  private List<List<Object>> records(List<String> lines) throws Exception {
    Path file = Files.createTempFile(tmp, "corpus", ".jsonl");
    Files.write(file, lines, StandardCharsets.UTF_8);
    List<List<Object>> records = new ArrayList<>();
    try (CorpusReader reader = CorpusReader.open(file, "id", "text", Set.of("n", "s", "f"))) {
      for (CorpusReader.Record r; (r = reader.next()) != null; ) {
        records.add(List.of(r.id(), r.text(), r.fields()));
      }
      assertNull(reader.next());
    }
    return records;
  }

  @Test
  void anAsciiLineGivesTheRecordItsDecodedTwinGives() throws Exception {
    Random random = new Random(7);
    String[] pieces = {
      "word ",
      "\\n",
      "\\t",
      "\\\"",
      "\\\\",
      "\\/",
      "\\u00e9",
      "\\ud83d\\ude00",
      "\\u0000",
      "  ",
      "x.y"
    };
    List<String> ascii = new ArrayList<>();
    List<String> decoded = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      StringBuilder text = new StringBuilder();
      for (int j = random.nextInt(60); j > 0; j--) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      String fields =
          "\"n\": "
              + (i % 3 == 0 ? random.nextLong() : random.nextInt(1000))
              + ", \"f\": "
              + (i % 5) * 0.25
              + ", \"s\": \"v"
              + i
              + "\", \"unread\": [1, {\"a\": null}]";
      String id = i % 2 == 0 ? "\"doc " + i + "\"" : String.valueOf(i);
      String line = "{\"id\": " + id + ", " + fields + ", \"text\": \"" + text + "\"}";
      ascii.add(line);
      ascii.add(i % 50 == 0 ? "  \t" : "");
      // a field no option reads makes the line non-ASCII, and nothing else
      decoded.add(line.substring(0, line.length() - 1) + ", \"note\": \"é漢\"}");
      decoded.add(i % 50 == 0 ? "  \t" : "");
    }
    List<List<Object>> fromBytes = records(ascii);
    assertEquals(300, fromBytes.size());
    assertEquals(records(decoded), fromBytes);
  }
}
