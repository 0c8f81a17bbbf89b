package io.neardup.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.neardup.testkit.CurlWalkthrough.Command;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CurlWalkthroughTest {
  private static final String README =
      "# x\n## Walkthrough with curl\ntext\n```sh\n# expect 201 \"created\"\ncurl -s -X PUT"
          + " 'localhost:9200/a/_doc/1' -H 'Content-Type: application/json' -d '\n{\"x\":"
          + " 1}'\n\n# expect 200 ok\ncurl -s 'localhost:9200/a/_count'\n```\n"
          + "```sh\ncurl -s 'localhost:9200/not-checked'\n```\n## Next\n```sh\n# expect 200 x\n"
          + "curl -s 'localhost:9200/other-section'\n```\n";

  @Test
  void readsQuotedMultiLineBodiesOfTheSectionOnly() {
    List<Command> commands = CurlWalkthrough.parse(README);
    assertEquals(2, commands.size());
    assertEquals(
        new Command(
            201,
            "\"created\"",
            "PUT",
            "http://localhost:9200/a/_doc/1",
            Map.of("Content-Type", "application/json"),
            "\n{\"x\": 1}"),
        commands.get(0));
    assertEquals("GET", commands.get(1).method());
    assertNull(commands.get(1).body());
  }

  @Test
  void malformedWalkthroughsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> CurlWalkthrough.parse("## Other\n"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                CurlWalkthrough.parse(
                    "## Walkthrough with curl\n```sh\n# expect 200 x\nwget localhost:9200\n```\n"));
    assertTrue(e.getMessage().contains("a curl command must follow"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            CurlWalkthrough.parse(
                "## Walkthrough with curl\n```sh\n# expect 200 x\ncurl -d '{ localhost:9200\n```"));
  }

  @Test
  void runChecksStatusAndFragmentOverHttp() throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body =
              (exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " ")
                  .concat(
                      new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8))
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(
              exchange.getRequestURI().getPath().equals("/a") ? 201 : 400, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      CurlWalkthrough.run(
          CurlWalkthrough.parse(
              "## Walkthrough with curl\n```sh\n# expect 201 PUT /a {\"x\": 1}\n"
                  + "curl -s -X PUT 'localhost:9200/a' -d '{\"x\": 1}'\n"
                  + "# expect 400 GET /b\ncurl -s 'localhost:9200/b'\n```\n"),
          base);
      AssertionError wrongStatus =
          assertThrows(
              AssertionError.class,
              () ->
                  CurlWalkthrough.run(
                      CurlWalkthrough.parse(
                          "## Walkthrough with curl\n```sh\n# expect 200 GET\n"
                              + "curl -s 'localhost:9200/b'\n```\n"),
                      base));
      assertTrue(wrongStatus.getMessage().contains("expected 200 with [GET], got 400"));
      assertThrows(
          AssertionError.class,
          () ->
              CurlWalkthrough.run(
                  CurlWalkthrough.parse(
                      "## Walkthrough with curl\n```sh\n# expect 201 POST\n"
                          + "curl -s -X PUT 'localhost:9200/a'\n```\n"),
                  base));
    } finally {
      server.stop(0);
    }
  }
}
