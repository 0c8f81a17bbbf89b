package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CorpusWriter;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The REST benchmark: latency of neardup's search features through Elasticsearch's REST API on a
 * local node ({@code bin/neardup-es}, started by {@code rest-bench.sh}), each against a baseline
 * measured in the same run, requests interleaved so both see the same machine.
 *
 * <ol>
 *   <li>{@code neardup} query vs a {@code bool} of the query text's Elasticsearch {@code min_hash}
 *       tokens (standard tokenizer, lowercase, 5-word shingles, {@code min_hash} with its defaults:
 *       512 tokens) with {@code minimum_should_match}: recall of the exact-Jaccard ground truth (≥
 *       0.8, word 5-shingles) first, then the baseline's {@code minimum_should_match} is lowered
 *       from 80 % until its recall is at least neardup's ("equal recall"), then median and p99
 *       latency of both. The baseline's tokens come from {@code _analyze} beforehand, untimed.
 *   <li>A plain BM25 search (two common words, top 10, {@code _source} on and off) vs the same
 *       search with {@code neardup_collapse} over a 100-hit window.
 * </ol>
 *
 * <pre>{@code
 * java -cp benchmarks.jar io.neardup.benchmarks.RestBenchmark --url http://127.0.0.1:9400 --docs 100000
 * }</pre>
 */
public final class RestBenchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double MIN_SIMILARITY = 0.8;
  private static final int MIN_HASH_TOKENS = 512;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String url;
  private final String index;
  private final int docs;
  private String[] texts;
  private int[] family;

  private RestBenchmark(String url, int docs) {
    this.url = url;
    this.docs = docs;
    this.index = "bench-" + docs;
  }

  public static void main(String[] args) throws Exception {
    String url = "http://127.0.0.1:9400";
    int docs = 100_000;
    int queries = 1000;
    int recallQueries = 200;
    Path out = null;
    boolean collapseOnly = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--collapse-only" -> collapseOnly = true;
        case "--url" -> url = args[++i];
        case "--docs" -> docs = Integer.parseInt(args[++i]);
        case "--queries" -> queries = Integer.parseInt(args[++i]);
        case "--recall-queries" -> recallQueries = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument [" + args[i] + "]");
      }
    }
    RestBenchmark bench = new RestBenchmark(url, docs);
    String report = bench.run(queries, recallQueries, collapseOnly);
    System.out.println(report);
    if (out != null) {
      Files.writeString(out, report);
    }
  }

  private String run(int queries, int recallQueries, boolean collapseOnly) throws Exception {
    CorpusWriter.Texts generated =
        new CorpusWriter(EnglishText.DEFAULT_SEED, CorpusWriter.DEFAULT_COPY_RATE).texts(docs);
    texts = generated.texts();
    family = generated.family();
    load();
    StringBuilder report = new StringBuilder();
    if (!collapseOnly) {
      report.append(queryReport(queries, recallQueries));
    }
    report.append(collapseReport());
    return report.toString();
  }

  private String queryReport(int queries, int recallQueries) throws Exception {
    int[] picked = pickQueries(queries);

    // ---- recall, then equal-recall minimum_should_match for the baseline
    List<List<String>> tokens = new ArrayList<>(queries);
    for (int ord : picked) {
      tokens.add(analyze(texts[ord]));
    }
    long truth = 0;
    long nearDupFound = 0;
    List<Set<Integer>> expected = new ArrayList<>();
    for (int q = 0; q < recallQueries; q++) {
      Set<Integer> e = SearchIndex.nearDuplicates(texts, family, picked[q], MIN_SIMILARITY);
      expected.add(e);
      truth += e.size();
      nearDupFound += found(ids(search(nearDupQuery(picked[q], 1000))), e);
    }
    double nearDupRecall = nearDupFound / (double) truth;
    // equal recall: the strictest minimum_should_match whose recall still reaches neardup's,
    // searched downwards from all 512 terms (the recommended 80 % is 410)
    int[] candidates = {512, 486, 461, 435, 410, 384, 358, 333, 307, 282, 256, 205, 154, 102, 51};
    int msm = candidates[candidates.length - 1];
    double baselineRecall = 0;
    double recommendedRecall = 0;
    StringBuilder recallByMsm = new StringBuilder();
    for (int m : candidates) {
      long found = 0;
      for (int q = 0; q < recallQueries; q++) {
        found += found(ids(search(minHashQuery(tokens.get(q), m, 1000))), expected.get(q));
      }
      double recall = found / (double) truth;
      recallByMsm.append(
          String.format(Locale.ROOT, "%s%d: %.4f", recallByMsm.isEmpty() ? "" : ", ", m, recall));
      if (m == 410) {
        recommendedRecall = recall;
      }
      if (recall >= nearDupRecall) {
        msm = m;
        baselineRecall = recall;
        break;
      }
    }

    // ---- query latency, interleaved
    int warmup = Math.min(200, queries);
    long[] nearDupNanos = new long[queries];
    long[] baselineNanos = new long[queries];
    for (int q = -warmup; q < queries; q++) {
      int i = Math.floorMod(q, queries);
      long a = time(nearDupQuery(picked[i], 10));
      long b = time(minHashQuery(tokens.get(i), msm, 10));
      if (q >= 0) {
        nearDupNanos[i] = a;
        baselineNanos[i] = b;
      }
    }

    StringBuilder report = new StringBuilder();
    report.append(
        String.format(
            Locale.ROOT,
            "%n## neardup query vs min_hash bool (REST, %,d documents, %d queries after %d warm-up,"
                + " interleaved)%n%n"
                + "| query | recall (%d queries) | median ms | p99 ms |%n|---|---|---|---|%n"
                + "| neardup (min_similarity %.1f) | %.4f | %.2f | %.2f |%n"
                + "| bool of %d min_hash tokens, minimum_should_match %d | %.4f | %.2f | %.2f |%n"
                + "%nEqual recall: the largest minimum_should_match whose recall reaches neardup's;"
                + " recall by minimum_should_match: %s (the recommended 80 %% is 410%s)."
                + " neardup is %.1fx faster at the median, %.1fx at p99.%n",
            docs,
            queries,
            warmup,
            recallQueries,
            MIN_SIMILARITY,
            nearDupRecall,
            millis(median(nearDupNanos)),
            millis(percentile(nearDupNanos, 0.99)),
            MIN_HASH_TOKENS,
            msm,
            baselineRecall,
            millis(median(baselineNanos)),
            millis(percentile(baselineNanos, 0.99)),
            recallByMsm,
            recommendedRecall > 0
                ? String.format(Locale.ROOT, ": recall %.4f", recommendedRecall)
                : ", not reached",
            median(baselineNanos) / (double) median(nearDupNanos),
            percentile(baselineNanos, 0.99) / (double) percentile(nearDupNanos, 0.99)));
    return report.toString();
  }

  private String collapseReport() throws Exception {
    List<String> words = EnglishText.loadWords();
    SplittableRandom random = new SplittableRandom(EnglishText.DEFAULT_SEED);
    int collapseQueries = 200;
    String[] bm25 = new String[collapseQueries];
    for (int q = 0; q < collapseQueries; q++) {
      bm25[q] =
          words.get(random.nextInt(20, 300)).toLowerCase(Locale.ROOT)
              + " "
              + words.get(random.nextInt(20, 300)).toLowerCase(Locale.ROOT);
    }
    int rounds = 5;
    // plain top 10, with collapse, and the parts of collapse's cost: a top-100 search, a top-100
    // search whose hits carry their sketches; _source on and off
    String[][] variants = new String[collapseQueries][];
    for (int q = 0; q < collapseQueries; q++) {
      variants[q] =
          new String[] {
            matchQuery(bm25[q], 10, true, null),
            matchQuery(bm25[q], 10, true, "neardup_collapse"),
            matchQuery(bm25[q], 100, true, null),
            matchQuery(bm25[q], 10, false, null),
            matchQuery(bm25[q], 10, false, "neardup_collapse"),
            matchQuery(bm25[q], 100, false, null),
            matchQuery(bm25[q], 100, false, null)
                .replace("{\"size\"", "{\"stored_fields\":\"_none_\",\"size\"")
          };
    }
    long[][] collapse = new long[7][collapseQueries * rounds];
    for (int round = -1; round < rounds; round++) {
      for (int q = 0; q < collapseQueries; q++) {
        for (int k = 0; k < 7; k++) {
          long t = time(variants[q][k]);
          if (round >= 0) {
            collapse[k][round * collapseQueries + q] = t;
          }
        }
      }
    }

    StringBuilder report = new StringBuilder();
    report.append(
        String.format(
            Locale.ROOT,
            "%n## neardup_collapse overhead (REST, match of two common words, top 10, window 100,"
                + " %d queries x %d rounds after 1 warm-up round, interleaved)%n%n"
                + "| search | median ms | p99 ms | median vs top 10 | median vs top 100 |%n"
                + "|---|---|---|---|---|%n"
                + "| top 10, _source | %.2f | %.2f | | |%n"
                + "| top 10 of a collapsed window of 100, _source | %.2f | %.2f | %+.1f %% | %+.1f %% |%n"
                + "| top 100, _source | %.2f | %.2f | %+.1f %% | |%n"
                + "| top 10, no _source | %.2f | %.2f | | |%n"
                + "| top 10 of a collapsed window of 100, no _source | %.2f | %.2f | %+.1f %% | %+.1f %% |%n"
                + "| top 100, no _source | %.2f | %.2f | %+.1f %% | |%n"
                + "| top 100, stored_fields _none_ | %.2f | %.2f | %+.1f %% | |%n"
                + "%nTarget: collapse adds at most 25 %% to the plain search's median (top 10, _source):"
                + " %s.%n",
            collapseQueries,
            rounds,
            millis(median(collapse[0])),
            millis(percentile(collapse[0], 0.99)),
            millis(median(collapse[1])),
            millis(percentile(collapse[1], 0.99)),
            overhead(collapse[1], collapse[0]),
            overhead(collapse[1], collapse[2]),
            millis(median(collapse[2])),
            millis(percentile(collapse[2], 0.99)),
            overhead(collapse[2], collapse[0]),
            millis(median(collapse[3])),
            millis(percentile(collapse[3], 0.99)),
            millis(median(collapse[4])),
            millis(percentile(collapse[4], 0.99)),
            overhead(collapse[4], collapse[3]),
            overhead(collapse[4], collapse[5]),
            millis(median(collapse[5])),
            millis(percentile(collapse[5], 0.99)),
            overhead(collapse[5], collapse[3]),
            millis(median(collapse[6])),
            millis(percentile(collapse[6], 0.99)),
            overhead(collapse[6], collapse[3]),
            median(collapse[1]) <= 1.25 * median(collapse[0]) ? "PASS" : "FAIL"));
    return report.toString();
  }

  // ------------------------------------------------------------------ index

  private void load() throws IOException, InterruptedException {
    // the mapping's _meta names the sketch settings (their hash covers the scheme's id): an index
    // of an earlier version of the sketch is built again instead of failing on its first query
    String sketchSettings = Long.toHexString(NearDupSettings.DEFAULT.sketch().settingsHash());
    HttpResponse<String> count = send("GET", "/" + index + "/_count", null);
    if (count.statusCode() == 200 && JSON.readTree(count.body()).path("count").asLong() == docs) {
      HttpResponse<String> mapping = send("GET", "/" + index + "/_mapping", null);
      String built =
          JSON.readTree(mapping.body())
              .path(index)
              .path("mappings")
              .path("_meta")
              .path("neardup_sketch_settings")
              .asText();
      if (built.equals(sketchSettings)) {
        System.err.println("rest-bench: reusing index " + index);
        return;
      }
      System.err.println(
          "rest-bench: index " + index + " holds sketches of other settings: building it again");
    }
    send("DELETE", "/" + index, null);
    String settings =
        """
        {"settings": {"number_of_shards": 2, "number_of_replicas": 0, "refresh_interval": "-1",
          "analysis": {
            "filter": {
              "mh_shingle": {"type": "shingle", "min_shingle_size": 5, "max_shingle_size": 5,
                             "output_unigrams": false},
              "mh_minhash": {"type": "min_hash", "hash_count": 1, "bucket_count": 512,
                             "hash_set_size": 1, "with_rotation": true}},
            "analyzer": {"mh": {"tokenizer": "standard",
                                "filter": ["lowercase", "mh_shingle", "mh_minhash"]}}}},
         "mappings": {"_meta": {"neardup_sketch_settings": "%s"}, "properties": {
           "family": {"type": "integer"},
           "body": {"type": "text", "fields": {
             "dup": {"type": "neardup"},
             "mh": {"type": "text", "analyzer": "mh", "index_options": "docs", "norms": false}}}}}}
        """
            .formatted(sketchSettings);
    check(send("PUT", "/" + index, settings));
    long start = System.nanoTime();
    int batch = 1000;
    for (int from = 0; from < docs; from += batch) {
      StringBuilder bulk = new StringBuilder();
      for (int ord = from; ord < Math.min(docs, from + batch); ord++) {
        bulk.append("{\"index\":{\"_id\":\"").append(ord).append("\"}}\n");
        ObjectNode doc = JSON.createObjectNode().put("family", family[ord]).put("body", texts[ord]);
        bulk.append(JSON.writeValueAsString(doc)).append('\n');
      }
      HttpResponse<String> r = send("POST", "/" + index + "/_bulk", bulk.toString());
      // the node pushes back (429) when its heap is busy: wait and retry, as Elasticsearch's
      // clients do
      for (int attempt = 1; r.statusCode() == 429 && attempt <= 10; attempt++) {
        Thread.sleep(1000L * attempt);
        r = send("POST", "/" + index + "/_bulk", bulk.toString());
      }
      check(r);
      if (JSON.readTree(r.body()).path("errors").asBoolean()) {
        throw new IllegalStateException("bulk failed: " + r.body().substring(0, 2000));
      }
      System.err.printf(Locale.ROOT, "rest-bench: indexed %,d / %,d%n", from + batch, docs);
    }
    check(send("POST", "/" + index + "/_refresh", null));
    check(send("POST", "/" + index + "/_forcemerge?max_num_segments=1", null));
    check(send("PUT", "/" + index + "/_settings", "{\"index\": {\"refresh_interval\": \"1s\"}}"));
    System.err.printf(
        Locale.ROOT,
        "rest-bench: indexed %,d documents in %.0f s%n",
        docs,
        (System.nanoTime() - start) / 1e9);
  }

  private int[] pickQueries(int queries) {
    SplittableRandom random = new SplittableRandom(EnglishText.DEFAULT_SEED);
    int[] familySize = new int[docs];
    for (int f : family) {
      familySize[f]++;
    }
    int[] picked = new int[queries];
    for (int q = 0; q < queries; ) {
      int ord = random.nextInt(docs);
      if (familySize[family[ord]] > 1) {
        picked[q++] = ord;
      }
    }
    return picked;
  }

  // ------------------------------------------------------------------ requests

  private String nearDupQuery(int ord, int size) {
    ObjectNode body = JSON.createObjectNode().put("size", size).put("_source", false);
    body.putObject("query")
        .putObject("neardup")
        .put("field", "body.dup")
        .put("like", texts[ord])
        .put("min_similarity", MIN_SIMILARITY);
    return body.toString();
  }

  private String minHashQuery(List<String> tokens, int minimumShouldMatch, int size) {
    ObjectNode body = JSON.createObjectNode().put("size", size).put("_source", false);
    ObjectNode bool = body.putObject("query").putObject("bool");
    ArrayNode should = bool.putArray("should");
    for (String t : tokens) {
      should.addObject().putObject("term").put("body.mh", t);
    }
    bool.put("minimum_should_match", minimumShouldMatch);
    return body.toString();
  }

  private static String matchQuery(String words, int size, boolean source, String ext) {
    ObjectNode body = JSON.createObjectNode().put("size", size).put("_source", source);
    body.putObject("query").putObject("match").put("body", words);
    if ("neardup_collapse".equals(ext)) {
      body.putObject("ext").putObject(ext).put("field", "body.dup").put("window", 100);
    } else if (ext != null) {
      body.putObject("ext").putObject(ext).put("field", "body.dup");
    }
    return body.toString();
  }

  private static double overhead(long[] measured, long[] baseline) {
    return 100.0 * (median(measured) / (double) median(baseline) - 1);
  }

  /**
   * The text's min_hash terms as indexed. The terms are taken from the bytes {@code _analyze}
   * explains, not from its token strings: min_hash tokens are arbitrary UTF-16 and may hold
   * unpaired surrogates, which the index stores as U+FFFD but a JSON round trip of the token string
   * does not, so term queries on the strings would miss about a quarter of the terms.
   */
  private List<String> analyze(String text) throws IOException, InterruptedException {
    ObjectNode body =
        JSON.createObjectNode().put("analyzer", "mh").put("text", text).put("explain", true);
    body.putArray("attributes").add("bytes");
    HttpResponse<String> r = send("POST", "/" + index + "/_analyze", body.toString());
    check(r);
    JsonNode filters = JSON.readTree(r.body()).path("detail").path("tokenfilters");
    List<String> tokens = new ArrayList<>(MIN_HASH_TOKENS);
    for (JsonNode t : filters.get(filters.size() - 1).path("tokens")) {
      String hex = t.path("bytes").asText().replaceAll("[\\[\\] ]", "");
      byte[] bytes = new byte[hex.length() / 2];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
      }
      tokens.add(new String(bytes, StandardCharsets.UTF_8));
    }
    if (tokens.isEmpty()) {
      throw new IllegalStateException("no min_hash tokens from _analyze: " + r.body());
    }
    return tokens;
  }

  private JsonNode search(String body) throws IOException, InterruptedException {
    HttpResponse<String> r = send("POST", "/" + index + "/_search", body);
    check(r);
    return JSON.readTree(r.body());
  }

  private long time(String body) throws IOException, InterruptedException {
    long start = System.nanoTime();
    HttpResponse<String> r = send("POST", "/" + index + "/_search", body);
    long nanos = System.nanoTime() - start;
    check(r);
    return nanos;
  }

  private static Set<Integer> ids(JsonNode response) {
    Set<Integer> ids = new HashSet<>();
    for (JsonNode hit : response.path("hits").path("hits")) {
      ids.add(Integer.parseInt(hit.path("_id").asText()));
    }
    return ids;
  }

  private static long found(Set<Integer> hits, Set<Integer> expected) {
    return hits.stream().filter(expected::contains).count();
  }

  private HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url + path))
            .timeout(Duration.ofMinutes(30))
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

  private static void check(HttpResponse<String> r) {
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

  private static long median(long[] values) {
    return percentile(values, 0.5);
  }

  private static long percentile(long[] values, double p) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }
}
