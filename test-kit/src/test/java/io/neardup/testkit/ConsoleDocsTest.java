package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.neardup.testkit.ConsoleDocs.Block;
import io.neardup.testkit.ConsoleDocs.Engine;
import io.neardup.testkit.ConsoleDocs.Request;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConsoleDocsTest {
  private static final String PAGE =
      """
      # A page

      ```json
      PUT docs
      { "settings": {} }

      GET docs/_search          # a comment
      ```

      <!-- test: skip: a fragment -->
      ```json
      { "anything": 1 }
      ```

      - a list item:

        <!-- test
        PUT simhash
        body of GET docs/_search {"query": $}
        only opensearch
        -->
        ```json
        { "match_all": {} }
        { "term": { "a": "b" } }
        ```

      <!-- test
      POST runs
      { "x": 1 }
      stash run as <id>
      expect 201
      -->
      ```json
      POST runs/<id>
      ```

      <!-- test: response ignoring took -->
      ```json
      { "took": 35, "hits": [ { "_id": "1", ... }, ... ] }
      ```

      ```sh
      not a json block: ignored
      ```
      """;

  @Test
  void readsRequestsDirectivesAndResponses() {
    List<Block> blocks = ConsoleDocs.parse(PAGE);
    assertEquals(5, blocks.size());
    assertEquals(
        List.of(
            new Request(4, "PUT", "docs", "{ \"settings\": {} }"),
            new Request(7, "GET", "docs/_search", null)),
        blocks.get(0).requests());
    assertEquals("a fragment", blocks.get(1).skip());
    assertTrue(blocks.get(1).requests().isEmpty());
    Block fragments = blocks.get(2);
    assertEquals(Engine.OPENSEARCH, fragments.only());
    assertEquals(List.of(new Request(18, "PUT", "simhash", null)), fragments.hidden());
    assertEquals(
        List.of(
            "{\"query\": { \"match_all\": {} }}", "{\"query\": { \"term\": { \"a\": \"b\" } }}"),
        fragments.requests().stream().map(Request::body).toList());
    Block stashed = blocks.get(3);
    assertEquals("run", stashed.stashField());
    assertEquals("<id>", stashed.stashAs());
    assertEquals(201, stashed.status());
    assertEquals(List.of(new Request(34, "POST", "runs/<id>", null)), stashed.requests());
    assertEquals(Set.of("took"), blocks.get(4).ignoring());
    assertNull(blocks.get(4).skip());
  }

  @Test
  void unmarkedFragmentsAndUnknownDirectivesAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConsoleDocs.parse("text\n\n```json\n{ \"query\": {} }\n```\n"));
    assertTrue(e.getMessage().startsWith("line 4: a json block must start with"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConsoleDocs.parse("<!-- test: skipped -->\n```json\nGET x\n```\n"));
    assertTrue(e.getMessage().contains("unknown directive [skipped]"), e.getMessage());
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static Object json(String text) {
    try {
      return MAPPER.readValue(text, Object.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void lenientResponsesMatchAsSubsets() throws Exception {
    var shown = json(ConsoleDocs.lenient("\"hits\": [ { \"_id\": \"1\", ..., \"s\": 0.5 }, ... ]"));
    assertNull(
        ConsoleDocs.mismatch(
            shown,
            json("{\"hits\": [{\"_id\": \"1\", \"x\": 2, \"s\": 0.5000000001}, {}], \"t\": 1}"),
            "",
            Set.of()));
    assertEquals(
        ".hits[0].s (0.6, the page shows 0.5)",
        ConsoleDocs.mismatch(
            shown, json("{\"hits\": [{\"_id\": \"1\", \"s\": 0.6}]}"), "", Set.of()));
    var closed = json(ConsoleDocs.lenient("{ \"a\": [1, 2], \"took\": 3 }"));
    assertEquals(
        ".a (3 elements, the page shows 2)",
        ConsoleDocs.mismatch(closed, json("{\"a\": [1, 2, 3], \"took\": 9}"), "", Set.of("took")));
    assertNull(
        ConsoleDocs.mismatch(closed, json("{\"a\": [1, 2], \"took\": 9}"), "", Set.of("took")));
    assertEquals(
        ".took (missing)",
        ConsoleDocs.mismatch(closed, json("{\"a\": [1, 2]}"), "", Set.of("took")));
  }

  @Test
  void runsInOrderStashesAndChecksStatusAndResponses() throws Exception {
    List<String> seen = new ArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String path = exchange.getRequestURI().toString();
          seen.add(exchange.getRequestMethod() + " " + path + (body.isEmpty() ? "" : " " + body));
          String answer =
              path.equals("/runs")
                  ? "{\"run\": \"r7\"}"
                  : "{\"took\": 1, \"hits\": [{\"_id\": \"1\"}]}";
          int status = path.startsWith("/runs") ? 201 : 200;
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort();
      List<Block> blocks = ConsoleDocs.parse(PAGE);
      int checked =
          ConsoleDocs.run(blocks, url, Engine.ELASTICSEARCH, Map.of(), ConsoleDocsTest::json);
      assertEquals(
          List.of(
              "PUT /docs { \"settings\": {} }",
              "GET /docs/_search",
              "POST /runs { \"x\": 1 }",
              "POST /runs/r7"),
          seen);
      assertEquals(5, checked);
      seen.clear();
      assertEquals(
          8, ConsoleDocs.run(blocks, url, Engine.OPENSEARCH, Map.of(), ConsoleDocsTest::json));
      assertEquals("PUT /simhash", seen.get(2));
      AssertionError wrong =
          assertThrows(
              AssertionError.class,
              () ->
                  ConsoleDocs.run(
                      ConsoleDocs.parse(
                          "```json\nGET x\n```\n<!-- test: response -->\n```json\n{\"took\": 2}\n```\n"),
                      url,
                      Engine.ELASTICSEARCH,
                      Map.of(),
                      ConsoleDocsTest::json));
      assertTrue(
          wrong.getMessage().contains("differs from the page at .took (1, the page shows 2)"),
          wrong.getMessage());
      AssertionError status =
          assertThrows(
              AssertionError.class,
              () ->
                  ConsoleDocs.run(
                      ConsoleDocs.parse("<!-- test: expect 200 -->\n```json\nPOST runs\n```\n"),
                      url,
                      Engine.ELASTICSEARCH,
                      Map.of(),
                      ConsoleDocsTest::json));
      assertTrue(
          status.getMessage().startsWith("line 3: POST runs: expected 200, got 201"),
          status.getMessage());
    } finally {
      server.stop(0);
    }
  }
}
