package io.neardup.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The clusters file's ids are written exactly as Jackson's data binding wrote them before. */
class ClusterLineTest {
  private static final JsonMapper MAPPER = new JsonMapper();

  @Test
  void idsAreQuotedAsTheDataBindingQuotesThem() throws Exception {
    List<String> ids =
        List.of(
            "",
            "plain/id-1",
            "quote\" backslash\\ slash/",
            "controls \u0000\u0001\u0008\u000b\u000c\u001f\u007f",
            "breaks \n\r\t",
            "latin é ß, cjk 漢字, emoji \ud83d\ude00, separators \u2028\u2029",
            "lone surrogates \ud800 \udc00");
    for (String id : ids) {
      assertEquals(MAPPER.writeValueAsString(id), ResultFiles.json(id), id);
    }
    Random random = new Random(42);
    for (int n = 0; n < 2_000; n++) {
      char[] chars = new char[random.nextInt(40)];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = (char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0x10000));
      }
      String id = new String(chars);
      assertEquals(MAPPER.writeValueAsString(id), ResultFiles.json(id));
    }
  }

  @Test
  void aClusterLineHoldsCanonicalMembersSizeAndUrls() {
    assertEquals(
        "{\"canonical\": \"a\\\"\", \"members\": [\"a\\\"\", \"b\"], \"size\": 2}",
        ResultFiles.clusterLine(new ResultFiles.ClusterIds("a\"", List.of("a\"", "b"))));
    assertEquals(
        "{\"canonical\": \"a\", \"members\": [\"a\", \"b\"], \"size\": 2,"
            + " \"urls\": [\"https://x/\\u0001\", null]}",
        ResultFiles.clusterLine(
            new ResultFiles.ClusterIds(
                "a", List.of("a", "b"), java.util.Arrays.asList("https://x/\u0001", null))));
  }
}
