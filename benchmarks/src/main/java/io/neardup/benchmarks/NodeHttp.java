package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Requests to a node's REST API for the benchmarks, with JSON or NDJSON (bulk) bodies. */
final class NodeHttp {
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String url;

  NodeHttp(String url) {
    this.url = url;
  }

  /** Sends a request; {@code body} null for none. */
  HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url + path))
            .timeout(Duration.ofMinutes(60))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      b.header(
          "Content-Type", path.endsWith("_bulk") ? "application/x-ndjson" : "application/json");
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Fails with the request and the node's answer unless it succeeded. */
  static void check(HttpResponse<String> r) {
    if (r.statusCode() >= 300) {
      throw new IllegalStateException(
          r.request().method()
              + " "
              + r.request().uri()
              + " -> "
              + r.statusCode()
              + ": "
              + r.body());
    }
  }

  /**
   * Sends one bulk request and, like the engines' bulk clients, sends again with a growing backoff
   * the whole request while the node answers 429 and the items it rejected with 429 (a busy search
   * or write queue); returns how many items were sent again.
   */
  long bulk(String target, String body) throws IOException, InterruptedException {
    long resent = 0;
    for (int attempt = 0; ; attempt++) {
      HttpResponse<String> r = send("POST", "/" + target + "/_bulk", body);
      List<String> again = new ArrayList<>();
      if (r.statusCode() == 429) {
        again.add(body);
      } else {
        check(r);
        JsonNode response = RestBenchmark.JSON.readTree(r.body());
        if (response.path("errors").asBoolean()) {
          String[] lines = body.split("\n");
          int i = 0;
          for (JsonNode item : response.path("items")) {
            JsonNode result = item.path("index");
            if (result.path("status").asInt() == 429) {
              again.add(lines[2 * i] + "\n" + lines[2 * i + 1] + "\n");
            } else if (result.has("error")) {
              throw new IllegalStateException("bulk failed: " + item);
            }
            i++;
          }
        }
      }
      if (again.isEmpty()) {
        return resent;
      }
      if (attempt == 10) {
        throw new IllegalStateException("bulk still rejected after 10 attempts: " + r.body());
      }
      body = String.join("", again);
      resent += r.statusCode() == 429 ? body.split("\n").length / 2 : again.size();
      Thread.sleep(50L << attempt);
    }
  }
}
