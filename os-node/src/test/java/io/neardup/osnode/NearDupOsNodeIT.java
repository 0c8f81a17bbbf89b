package io.neardup.osnode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.neardup.testkit.CurlWalkthrough;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code bin/neardup-os} as a user does, in its own JVM: starts a node on a free port, indexes
 * a text and a near-duplicate over real HTTP, queries them, runs the plugin README's curl
 * walkthrough, stops the node with SIGTERM and checks that a restart on the same data directory
 * still has the documents.
 */
class NearDupOsNodeIT {
  private static final Pattern LISTENING =
      Pattern.compile(
          "neardup-os: OpenSearch 3\\.8\\.0 .* listening on (http://127\\.0\\.0\\.1:\\d+) ");
  private static final String FOX =
      "The quick brown fox jumps over the lazy dog near the river bank while the farmer watches"
          + " from his old wooden porch and drinks his morning coffee";

  @TempDir Path tmp;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void indexQueryStopRestart() throws Exception {
    Path data = tmp.resolve("data");
    try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
      Process first = start(data, tmp.resolve("first.log"));
      String url = awaitUrl(first, tmp.resolve("first.log"));
      send(http, "GET", url + "/_cluster/health?wait_for_status=green&timeout=60s", null, 200);
      send(
          http,
          "PUT",
          url + "/docs",
          """
          {"settings": {"index": {"number_of_replicas": 0}},
           "mappings": {"properties": {"body": {"type": "text", "fields": {"dup": {"type": "neardup"}}}}}}
          """,
          200);
      send(http, "PUT", url + "/docs/_doc/1?refresh=true", doc(FOX), 201);
      send(http, "PUT", url + "/docs/_doc/2?refresh=true", doc(FOX.replace("coffee", "tea")), 201);
      send(http, "PUT", url + "/docs/_doc/3?refresh=true", doc("an unrelated short text"), 201);
      String hits =
          send(
              http,
              "POST",
              url + "/docs/_search",
              "{\"query\": {\"neardup\": {\"field\": \"body.dup\", \"like\": {\"_id\": \"1\"},"
                  + " \"min_similarity\": 0.5}}}",
              200);
      assertTrue(hits.contains("\"total\":{\"value\":2,"), hits);
      String bad =
          send(
              http,
              "POST",
              url + "/docs/_search",
              "{\"query\": {\"neardup\": {\"field\": \"body\", \"like\": \"x\"}}}",
              400);
      assertTrue(bad.contains("but the query needs a field of type [neardup]"), bad);
      // the plugin README's walkthrough (ingest processor and search pipelines included) works on
      // this node as it does in the plugin's test cluster
      CurlWalkthrough.run(
          CurlWalkthrough.parse(Files.readString(root().resolve("plugin-opensearch/README.md"))),
          url);

      stop(first, tmp.resolve("first.log"));
      Process second = start(data, tmp.resolve("second.log"));
      String again = awaitUrl(second, tmp.resolve("second.log"));
      send(
          http,
          "GET",
          again + "/_cluster/health/docs?wait_for_status=green&timeout=60s",
          null,
          200);
      String count = send(http, "GET", again + "/docs/_count", null, 200);
      assertTrue(count.contains("\"count\":3"), count);
      stop(second, tmp.resolve("second.log"));
    }
  }

  private static String doc(String text) {
    return "{\"body\": \"" + text + "\"}";
  }

  private static Process start(Path data, Path log) throws IOException {
    return new ProcessBuilder(
            root().resolve("bin/neardup-os").toString(), "--port", "0", "--data", data.toString())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  private static Path root() {
    return Path.of(System.getProperty("neardup.root", ".."));
  }

  private static String awaitUrl(Process node, Path log) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      Matcher m = LISTENING.matcher(Files.readString(log));
      if (m.find()) {
        return m.group(1);
      }
      assertTrue(node.isAlive(), () -> "the node exited:\n" + read(log));
      Thread.sleep(250);
    }
    node.destroyForcibly();
    throw new AssertionError("the node did not start within 120 s:\n" + read(log));
  }

  /** SIGTERM, as Ctrl-C or a service manager stops it: a clean stop, with the JVM's exit code. */
  private static void stop(Process node, Path log) throws Exception {
    node.destroy();
    assertTrue(node.waitFor(60, TimeUnit.SECONDS), "the node did not stop");
    assertEquals(143, node.exitValue(), read(log));
    assertTrue(read(log).contains("neardup-os: stopped"), read(log));
  }

  private static String send(HttpClient http, String method, String url, String body, int status)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(90));
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(status, response.statusCode(), method + " " + url + ": " + response.body());
    return response.body();
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
