package io.neardup.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

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
}
