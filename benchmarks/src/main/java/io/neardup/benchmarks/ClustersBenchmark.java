package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CorpusWriter;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The clustering API through the REST API of a running node: for each corpus size, an index of
 * generated documents ({@link CorpusWriter}, streamed, never held), then rounds of {@code POST
 * /{index}/_neardup/clusters} while a sampler reads the node's heap from {@code _nodes/stats} every
 * 100 ms. Prints, per size, the median time of the rounds, the highest heap used seen during them
 * and before them (idle), the clusters found, and the ratio of each size's time to the first's.
 *
 * <pre>
 * java -cp benchmarks.jar io.neardup.benchmarks.ClustersBenchmark --url http://127.0.0.1:9450 \
 *     --docs 100000,1000000 [--rounds 3] [--shards 2]
 * </pre>
 */
public final class ClustersBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final NodeHttp node;

  private ClustersBenchmark(String url) {
    this.node = new NodeHttp(url);
  }

  public static void main(String[] args) throws Exception {
    String url = "http://127.0.0.1:9450";
    List<Integer> sizes = List.of(100_000, 1_000_000);
    int rounds = 3;
    int shards = 2;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--url" -> url = args[++i];
        case "--docs" -> {
          sizes = new ArrayList<>();
          for (String s : args[++i].split(",")) {
            sizes.add(Integer.parseInt(s.trim()));
          }
        }
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--shards" -> shards = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    new ClustersBenchmark(url).run(sizes, rounds, shards);
  }

  private record Row(
      int docs,
      long medianMillis,
      long minMillis,
      long maxMillis,
      long idleHeap,
      long peakHeap,
      long maxHeap,
      long clusters,
      long clustered,
      long tookMillis) {}

  private void run(List<Integer> sizes, int rounds, int shards) throws Exception {
    List<Row> rows = new ArrayList<>();
    for (int docs : sizes) {
      String index = "clusters-bench-" + docs;
      load(index, docs, shards);
      long[] times = new long[rounds];
      long idle = heap()[0];
      AtomicLong peak = new AtomicLong();
      AtomicBoolean sampling = new AtomicBoolean(true);
      Thread sampler =
          Thread.ofPlatform()
              .daemon()
              .start(() -> {
                while (sampling.get()) {
                  try {
                    peak.accumulateAndGet(heap()[0], Math::max);
                    Thread.sleep(100);
                  } catch (Exception e) {
                    return;
                  }
                }
              });
      JsonNode last = null;
      for (int r = 0; r < rounds; r++) {
        long start = System.nanoTime();
        HttpResponse<String> response =
            node.send(
                "POST",
                "/" + index + "/_neardup/clusters",
                "{\"field\": \"body.dup\", \"size\": 10}");
        NodeHttp.check(response);
        times[r] = (System.nanoTime() - start) / 1_000_000;
        last = JSON.readTree(response.body());
        System.err.printf(
            Locale.ROOT,
            "clusters-bench: %,d documents, round %d: %,d ms, %,d clusters%n",
            docs,
            r + 1,
            times[r],
            last.path("total_clusters").asLong());
      }
      sampling.set(false);
      sampler.join();
      long[] sorted = times.clone();
      java.util.Arrays.sort(sorted);
      rows.add(
          new Row(
              docs,
              sorted[sorted.length / 2],
              sorted[0],
              sorted[sorted.length - 1],
              idle,
              peak.get(),
              heap()[1],
              last.path("total_clusters").asLong(),
              last.path("clustered_documents").asLong(),
              last.path("took").asLong()));
    }
    System.out.println(
        "| documents | median time (s) | min–max (s) | heap used idle (MB) | peak heap used during"
            + " the runs (MB) | heap max (MB) | clusters | clustered documents | time / first size |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    Row first = rows.get(0);
    for (Row r : rows) {
      System.out.printf(
          Locale.ROOT,
          "| %,d | %.1f | %.1f–%.1f | %d | %d | %d | %,d | %,d | %.1f× for %.0f× the documents |%n",
          r.docs,
          r.medianMillis / 1e3,
          r.minMillis / 1e3,
          r.maxMillis / 1e3,
          r.idleHeap >> 20,
          r.peakHeap >> 20,
          r.maxHeap >> 20,
          r.clusters,
          r.clustered,
          (double) r.medianMillis / first.medianMillis,
          (double) r.docs / first.docs);
    }
  }

  /** Heap used and heap max of the (first) node. */
  private long[] heap() throws IOException, InterruptedException {
    HttpResponse<String> r = node.send("GET", "/_nodes/stats/jvm", null);
    NodeHttp.check(r);
    Iterator<JsonNode> nodes = JSON.readTree(r.body()).path("nodes").elements();
    JsonNode mem = nodes.next().path("jvm").path("mem");
    return new long[] {
      mem.path("heap_used_in_bytes").asLong(), mem.path("heap_max_in_bytes").asLong()
    };
  }

  private void load(String index, int docs, int shards) throws IOException, InterruptedException {
    String sketchSettings = Long.toHexString(NearDupSettings.DEFAULT.sketch().settingsHash());
    HttpResponse<String> count = node.send("GET", "/" + index + "/_count", null);
    if (count.statusCode() == 200
        && JSON.readTree(count.body()).path("count").asLong() == docs
        && sketchSettings.equals(
            JSON.readTree(node.send("GET", "/" + index + "/_mapping", null).body())
                .path(index)
                .path("mappings")
                .path("_meta")
                .path("neardup_sketch_settings")
                .asText())) {
      System.err.println("clusters-bench: reusing index " + index);
      return;
    }
    node.send("DELETE", "/" + index, null);
    NodeHttp.check(
        node.send(
            "PUT",
            "/" + index,
            """
            {"settings": {"number_of_shards": %d, "number_of_replicas": 0, "refresh_interval": "-1"},
             "mappings": {"_meta": {"neardup_sketch_settings": "%s"}, "properties": {
               "body": {"type": "text", "index": false, "fields": {"dup": {"type": "neardup"}}}}}}
            """
                .formatted(shards, sketchSettings)));
    long start = System.nanoTime();
    StringBuilder bulk = new StringBuilder();
    int[] pending = {0};
    IOException[] failure = {null};
    new CorpusWriter(EnglishText.DEFAULT_SEED, CorpusWriter.DEFAULT_COPY_RATE)
        .generate(
            docs,
            rec -> {
              if (failure[0] != null) {
                return;
              }
              bulk.append("{\"index\":{\"_id\":\"").append(rec.id()).append("\"}}\n");
              ObjectNode doc = JSON.createObjectNode().put("body", rec.text());
              try {
                bulk.append(JSON.writeValueAsString(doc)).append('\n');
                if (++pending[0] == 2000 || rec.ordinal() == docs - 1) {
                  bulk(index, bulk.toString());
                  bulk.setLength(0);
                  pending[0] = 0;
                  if ((rec.ordinal() + 1) % 100_000 == 0) {
                    System.err.printf(
                        Locale.ROOT,
                        "clusters-bench: indexed %,d / %,d%n",
                        rec.ordinal() + 1,
                        docs);
                  }
                }
              } catch (IOException e) {
                failure[0] = e;
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure[0] = new IOException(e);
              }
            });
    if (failure[0] != null) {
      throw failure[0];
    }
    NodeHttp.check(node.send("POST", "/" + index + "/_refresh", null));
    NodeHttp.check(node.send("POST", "/" + index + "/_forcemerge?max_num_segments=1", null));
    System.err.printf(
        Locale.ROOT,
        "clusters-bench: indexed %,d documents in %.0f s%n",
        docs,
        (System.nanoTime() - start) / 1e9);
  }

  private void bulk(String index, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = node.send("POST", "/" + index + "/_bulk", body);
    // the node pushes back (429) when its heap is busy: wait and retry, as clients do
    for (int attempt = 1; r.statusCode() == 429 && attempt <= 10; attempt++) {
      Thread.sleep(1000L * attempt);
      r = node.send("POST", "/" + index + "/_bulk", body);
    }
    NodeHttp.check(r);
    if (JSON.readTree(r.body()).path("errors").asBoolean()) {
      throw new IllegalStateException("bulk failed: " + r.body().substring(0, 2000));
    }
  }
}
