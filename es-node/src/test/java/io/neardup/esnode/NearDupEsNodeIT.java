package io.neardup.esnode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.neardup.testkit.CurlWalkthrough;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code bin/neardup-es} as a user does, in its own JVM: starts a node, indexes
 * near-duplicates over real HTTP, queries them, runs the plugin README's curl walkthrough, stops it
 * with SIGTERM and checks that a restart on the same data directory still has the documents. A
 * second node asked for the busy port gives up with a clear message.
 */
class NearDupEsNodeIT {
  private static final Pattern LISTENING =
      Pattern.compile("neardup-es: .* listening on (http://127\\.0\\.0\\.1:\\d+) ");
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String FOX =
      "The quick brown fox jumps over the lazy dog near the river bank while the farmer watches"
          + " from his old wooden porch and drinks his morning coffee";
  private static final String FOX_COPY = FOX.replace("morning coffee", "morning tea");
  private static final String OTHER =
      "Elasticsearch is a distributed search engine built on Apache Lucene that stores documents"
          + " as JSON and answers queries over HTTP";

  @TempDir Path tmp;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void indexQueryStopRestart() throws Exception {
    Path data = tmp.resolve("data");
    long testStart = System.nanoTime();
    try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
      Node first = Node.start(data, tmp.resolve("first.log"));
      try {
        Es es = new Es(http, first.url);
        assertEquals(
            "green",
            es.get("/_cluster/health?wait_for_status=green&timeout=60s").path("status").asText());
        System.out.printf("green %.1f s after launch%n", (System.nanoTime() - testStart) / 1e9);
        // the root answers as a distribution's does: what clients and users ask first
        JsonNode root = es.get("/");
        assertEquals("9.5.3", root.path("version").path("number").asText(), root.toString());
        assertEquals("10.5.1", root.path("version").path("lucene_version").asText());
        assertEquals("You Know, for Search", root.path("tagline").asText());
        assertFalse(root.path("cluster_uuid").asText().isEmpty(), root.toString());
        es.send(
            "PUT",
            "/docs",
            """
            {"settings": {"index": {"number_of_replicas": 0}},
             "mappings": {"properties": {"body": {"type": "text", "fields": {"dup": {"type": "neardup"}}}}}}
            """);
        es.send("PUT", "/docs/_doc/1?refresh=true", doc(FOX));
        es.send("PUT", "/docs/_doc/2?refresh=true", doc(FOX_COPY));
        es.send("PUT", "/docs/_doc/3?refresh=true", doc(OTHER));
        assertEquals(Set.of("1", "2"), nearDuplicatesOfFox(es));
        // the plugin README's walkthrough (ingest processor included) works on this node as it
        // does in the plugin's test cluster
        CurlWalkthrough.run(
            CurlWalkthrough.parse(
                Files.readString(
                    Path.of(System.getProperty("neardup.root", "..")).resolve("plugin/README.md"))),
            first.url);

        Process busy =
            launcher(URI.create(first.url).getPort(), tmp.resolve("busy"), tmp.resolve("busy.log"))
                .start();
        try {
          assertTrue(busy.waitFor(60, TimeUnit.SECONDS), "a node on a busy port did not give up");
        } finally {
          busy.destroyForcibly();
        }
        String busyLog = Files.readString(tmp.resolve("busy.log"));
        assertEquals(1, busy.exitValue(), busyLog);
        assertTrue(busyLog.contains("is already in use"), busyLog);
      } finally {
        first.stop();
      }
      assertTrue(first.log().contains("neardup-es: stopped"), first.log());

      Node second = Node.start(data, tmp.resolve("second.log"));
      try {
        Es es = new Es(http, second.url);
        es.get("/_cluster/health/docs?wait_for_status=green&timeout=60s");
        assertEquals(3, es.get("/docs/_count").path("count").asInt());
        assertEquals(Set.of("1", "2"), nearDuplicatesOfFox(es));
      } finally {
        second.stop();
      }
    }
  }

  private static Set<String> nearDuplicatesOfFox(Es es) throws Exception {
    String query =
        JSON.createObjectNode()
            .set(
                "query",
                JSON.createObjectNode()
                    .set(
                        "neardup",
                        JSON.createObjectNode()
                            .put("field", "body.dup")
                            .put("like", FOX)
                            .put("min_similarity", 0.8)))
            .toString();
    Set<String> ids = new TreeSet<>();
    es.send("POST", "/docs/_search", query)
        .path("hits")
        .path("hits")
        .forEach(h -> ids.add(h.path("_id").asText()));
    return ids;
  }

  private static String doc(String body) {
    return JSON.createObjectNode().put("body", body).toString();
  }

  /** JSON over HTTP; any status but 2xx fails the test with the response body. */
  private record Es(HttpClient http, String url) {
    JsonNode get(String path) throws Exception {
      return send("GET", path, null);
    }

    JsonNode send(String method, String path, String body) throws Exception {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(90));
      if (body == null) {
        request.method(method, HttpRequest.BodyPublishers.noBody());
      } else {
        request.header("Content-Type", "application/json");
        request.method(method, HttpRequest.BodyPublishers.ofString(body));
      }
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        fail(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
      }
      return JSON.readTree(response.body());
    }
  }

  private static ProcessBuilder launcher(int port, Path data, Path logFile) {
    Path root = Path.of(System.getProperty("neardup.root", "..")).toAbsolutePath().normalize();
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                root.resolve("bin/neardup-es").toString(),
                "--port",
                Integer.toString(port),
                "--data",
                data.toString())
            .redirectErrorStream(true)
            .redirectOutput(logFile.toFile());
    builder.environment().put("NEARDUP_ES_JAVA_OPTS", "-Xms256m -Xmx512m");
    return builder;
  }

  /** One run of bin/neardup-es, its console output in a file. */
  private static final class Node {
    final Process process;
    final Path logFile;
    String url;

    private Node(Process process, Path logFile) {
      this.process = process;
      this.logFile = logFile;
    }

    static Node start(Path data, Path logFile) throws Exception {
      ProcessBuilder builder = launcher(0, data, logFile);
      long started = System.nanoTime();
      Node node = new Node(builder.start(), logFile);
      try {
        node.url = node.awaitListening();
        System.out.printf(
            "bin/neardup-es listening on %s after %.1f s%n",
            node.url, (System.nanoTime() - started) / 1e9);
      } catch (Throwable e) {
        node.stop();
        throw e;
      }
      return node;
    }

    private String awaitListening() throws Exception {
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (System.nanoTime() < deadline) {
        Matcher m = LISTENING.matcher(log());
        if (m.find()) {
          return m.group(1);
        }
        if (!process.isAlive()) {
          fail(
              "bin/neardup-es exited with " + process.exitValue() + " before listening:\n" + log());
        }
        Thread.sleep(100);
      }
      fail("bin/neardup-es did not listen within " + START_TIMEOUT + ":\n" + log());
      return null;
    }

    /** SIGTERM, as Ctrl-C or a service manager would; SIGKILL only if the node hangs. */
    void stop() throws InterruptedException {
      long stopping = System.nanoTime();
      process.destroy();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        try (Stream<ProcessHandle> children = process.descendants()) {
          children.forEach(ProcessHandle::destroyForcibly);
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        fail("bin/neardup-es did not stop within 60 s of SIGTERM:\n" + log());
      }
      System.out.printf(
          "bin/neardup-es stopped %.1f s after SIGTERM%n", (System.nanoTime() - stopping) / 1e9);
    }

    String log() {
      try {
        return Files.readString(logFile, StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "(no output: " + e + ")";
      }
    }
  }
}
