package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.neardup.settings.NearDupSettings;
import io.neardup.testkit.CorpusWriter;
import io.neardup.testkit.EnglishText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The REST benchmark: neardup's features through the REST API of one local node ({@code
 * bin/neardup-es} or {@code bin/neardup-os}, started by {@code rest-bench.sh}), each against a
 * baseline measured on the same node in the same run, requests interleaved so both see the same
 * machine. It writes its figures as JSON; {@link RestReport} puts the engines side by side.
 *
 * <ol>
 *   <li>{@code query}: the {@code neardup} query vs a {@code bool} of the query text's {@code
 *       min_hash} tokens (standard tokenizer, lowercase, 5-word shingles, {@code min_hash} with its
 *       defaults: 512 tokens) with {@code minimum_should_match}: recall of the exact-Jaccard ground
 *       truth (≥ 0.8, word 5-shingles) first, then the baseline's {@code minimum_should_match} is
 *       lowered from 100 % until its recall is at least neardup's ("equal recall"), then median and
 *       p99 latency of both. The baseline's tokens come from {@code _analyze} beforehand, untimed.
 *   <li>{@code collapse}: a plain BM25 search (two common words, top 10, {@code _source} on and
 *       off) vs the same search collapsed over a 100-hit window by {@code ext.neardup_collapse}
 *       and, on OpenSearch, by a {@code neardup_collapse} search pipeline. With {@code
 *       --compare-verify}, the same plain and collapsed searches also run, interleaved with those,
 *       on a second corpus index whose {@code neardup} field has the other {@code verify}: exact
 *       against sketch collapse in one run.
 *   <li>{@code ingest}: bulk indexing of the same documents into a fresh index without a pipeline,
 *       through a pipeline without processors (what any ingest pipeline costs) and through the
 *       {@code neardup} ingest processor, in turn, several rounds after warm-up rounds that are not
 *       counted: docs/s; then, on the index the processor wrote, the engine's own {@code collapse}
 *       on the cluster id it wrote vs {@code neardup_collapse}.
 * </ol>
 *
 * <pre>{@code
 * java -cp benchmarks.jar io.neardup.benchmarks.RestBenchmark --engine os \
 *     --url http://127.0.0.1:9251 --docs 100000 --out os.json
 * }</pre>
 */
public final class RestBenchmark {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final double MIN_SIMILARITY = 0.8;
  private static final int MIN_HASH_TOKENS = 512;
  private static final String SEARCH_PIPELINE = "neardup-bench-collapse";
  private static final String WINDOW_PIPELINE = "neardup-bench-collapse-fetching-window";
  private static final String INGEST_PIPELINE = "neardup-bench-ingest";
  private static final String EMPTY_PIPELINE = "neardup-bench-empty";
  private static final int WINDOW = 100;
  private static final int CLUSTERS_WARMUP = 5;

  private final NodeHttp node;
  private final String index;
  private final int docs;
  private final boolean openSearch;
  private final String verify;
  private boolean compareVerify;
  private final String label; // after the engine's name in the report, e.g. " (baseline 0ce0e74)"
  private final ObjectNode figures = JSON.createObjectNode();
  private String[] texts;
  private int[] family;
  private String[] bm25;

  private RestBenchmark(String engine, String url, int docs, String verify, String label) {
    this.node = new NodeHttp(url);
    this.label = label;
    this.docs = docs;
    this.verify = verify;
    // one corpus index per verification: a field's verify is fixed when it is created
    if (!"exact".equals(verify) && !"sketch".equals(verify)) {
      throw new IllegalArgumentException("--verify must be exact or sketch, got [" + verify + "]");
    }
    this.index = "bench-" + docs + "-" + verify;
    figures.put("verify", verify);
    this.openSearch =
        switch (engine) {
          case "os" -> true;
          case "es" -> false;
          default ->
              throw new IllegalArgumentException("--engine must be es or os, got [" + engine + "]");
        };
  }

  public static void main(String[] args) throws Exception {
    String engine = "es";
    String url = "http://127.0.0.1:9400";
    int docs = 100_000;
    int queries = 1000;
    int recallQueries = 200;
    int rounds = 3;
    int warmupRounds = 2;
    int bulkDocs = 1000;
    int clients = 2;
    int ingestDocs = -1;
    Set<String> parts = Set.of("query", "collapse", "ingest");
    String verify = "exact";
    String label = "";
    boolean compareVerify = false;
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--engine" -> engine = args[++i];
        case "--url" -> url = args[++i];
        case "--docs" -> docs = Integer.parseInt(args[++i]);
        case "--queries" -> queries = Integer.parseInt(args[++i]);
        case "--recall-queries" -> recallQueries = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--warmup-rounds" -> warmupRounds = Integer.parseInt(args[++i]);
        case "--bulk-docs" -> bulkDocs = Integer.parseInt(args[++i]);
        case "--clients" -> clients = Integer.parseInt(args[++i]);
        case "--ingest-docs" -> ingestDocs = Integer.parseInt(args[++i]);
        case "--parts" -> parts = Set.of(args[++i].split(","));
        case "--verify" -> verify = args[++i];
        case "--compare-verify" -> compareVerify = true;
        case "--out" -> out = Path.of(args[++i]);
        case "--label" -> label = " " + args[++i];
        default -> throw new IllegalArgumentException("unknown argument [" + args[i] + "]");
      }
    }
    RestBenchmark bench = new RestBenchmark(engine, url, docs, verify, label);
    bench.compareVerify = compareVerify;
    bench.run(
        parts,
        queries,
        recallQueries,
        rounds,
        warmupRounds,
        bulkDocs,
        clients,
        ingestDocs < 0 ? docs : ingestDocs);
    String json = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(bench.figures);
    if (out != null) {
      Files.writeString(out, json);
    } else {
      System.out.println(json);
    }
  }

  private void run(
      Set<String> parts,
      int queries,
      int recallQueries,
      int rounds,
      int warmupRounds,
      int bulkDocs,
      int clients,
      int ingestDocs)
      throws Exception {
    CorpusWriter.Texts generated =
        new CorpusWriter(EnglishText.DEFAULT_SEED, CorpusWriter.DEFAULT_COPY_RATE).texts(docs);
    texts = generated.texts();
    family = generated.family();
    bm25 = bm25Queries(200);
    JsonNode local = get("/_nodes/_local").path("nodes").elements().next();
    figures
        .put(
            "engine",
            (openSearch ? "OpenSearch " : "Elasticsearch ")
                + local.path("version").asText()
                + label)
        .put("docs", docs);
    if (openSearch) {
      // collapse between the query and the fetch phase: in the pipeline by its phase results
      // processor (the extension gets it inline, with no cluster setting)
      NodeHttp.check(
          node.send(
              "PUT",
              "/_search/pipeline/" + SEARCH_PIPELINE,
              """
              {"request_processors": [{"neardup_collapse": {"field": "body.dup", "window": %d}}],
               "phase_results_processors": [{"neardup_collapse": {}}],
               "response_processors": [{"neardup_collapse": {}}]}\
              """
                  .formatted(WINDOW)));
      NodeHttp.check(
          node.send(
              "PUT",
              "/_search/pipeline/" + WINDOW_PIPELINE,
              """
              {"request_processors": [{"neardup_collapse": {"field": "body.dup", "window": %d}}],
               "response_processors": [{"neardup_collapse": {}}]}\
              """
                  .formatted(WINDOW)));
      // the extension as a cluster without settings runs it (earlier runs of the benchmark set
      // the system-generated processors persistently in the node's data)
      NodeHttp.check(
          node.send(
              "PUT",
              "/_cluster/settings",
              """
              {"persistent": {"cluster.search.enabled_system_generated_factories": null}}\
              """));
    }
    if (parts.contains("query") || parts.contains("collapse") || parts.contains("clusters")) {
      load(index, verify);
    }
    if (parts.contains("collapse") && compareVerify) {
      load(otherIndex(), otherVerify());
    }
    if (parts.contains("query")) {
      queryFigures(queries, recallQueries);
    }
    if (parts.contains("collapse")) {
      collapseFigures();
    }
    if (parts.contains("clusters")) {
      clustersFigures(rounds);
    }
    if (parts.contains("ingest")) {
      ingestFigures(rounds, warmupRounds, bulkRequests(ingestDocs, bulkDocs), clients);
    }
  }

  private void queryFigures(int queries, int recallQueries) throws Exception {
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
    ObjectNode byMsm = JSON.createObjectNode();
    for (int m : candidates) {
      long found = 0;
      for (int q = 0; q < recallQueries; q++) {
        found += found(ids(search(minHashQuery(tokens.get(q), m, 1000))), expected.get(q));
      }
      double recall = found / (double) truth;
      byMsm.put(Integer.toString(m), recall);
      if (recall >= nearDupRecall) {
        msm = m;
        baselineRecall = recall;
        break;
      }
    }

    // ---- query latency, interleaved
    int warmup = Math.min(200, queries);
    // and a search that matches nothing: the fixed cost of any search (HTTP, parsing, phases)
    long[][] nanos = new long[3][queries];
    String none =
        JSON.createObjectNode()
            .put("size", 10)
            .put("_source", false)
            .set("query", JSON.createObjectNode().set("match_none", JSON.createObjectNode()))
            .toString();
    for (int q = -warmup; q < queries; q++) {
      int i = Math.floorMod(q, queries);
      long a = time(searchPath(index, null), nearDupQuery(picked[i], 10));
      long b = time(searchPath(index, null), minHashQuery(tokens.get(i), msm, 10));
      long c = time(searchPath(index, null), none);
      if (q >= 0) {
        nanos[0][i] = a;
        nanos[1][i] = b;
        nanos[2][i] = c;
      }
    }
    ObjectNode query = figures.putObject("query");
    query.put("queries", queries).put("warmup", warmup).put("recall_queries", recallQueries);
    latency(query.putObject("neardup").put("recall", nearDupRecall), nanos[0]);
    ObjectNode minHash =
        query
            .putObject("min_hash")
            .put("tokens", MIN_HASH_TOKENS)
            .put("minimum_should_match", msm)
            .put("recall", baselineRecall);
    minHash.set("recall_by_minimum_should_match", byMsm);
    latency(minHash, nanos[1]);
    latency(query.putObject("match_none"), nanos[2]);
  }

  private void collapseFigures() throws Exception {
    // plain top 10, collapsed by the extension and by the pipeline, and top 100 (what fetching
    // the window costs); _source on and off
    List<Variant> variants = new ArrayList<>();
    for (boolean source : new boolean[] {true, false}) {
      String suffix = source ? "" : "_nosource";
      variants.add(new Variant("top10" + suffix, null, q -> matchQuery(q, 10, source, null)));
      variants.add(new Variant("ext" + suffix, null, q -> matchQuery(q, 10, source, "ext")));
      if (openSearch) {
        variants.add(
            new Variant(
                "pipeline" + suffix, SEARCH_PIPELINE, q -> matchQuery(q, 10, source, null)));
        variants.add(
            new Variant(
                "pipeline_fetching_window" + suffix,
                WINDOW_PIPELINE,
                q -> matchQuery(q, 10, source, null)));
      }
      variants.add(new Variant("top100" + suffix, null, q -> matchQuery(q, 100, source, null)));
    }
    if (compareVerify) {
      String other = "_verify_" + otherVerify();
      variants.add(
          new Variant("top10" + other, null, q -> matchQuery(q, 10, true, null), otherIndex()));
      variants.add(
          new Variant("ext" + other, null, q -> matchQuery(q, 10, true, "ext"), otherIndex()));
    }
    int rounds = 5;
    ObjectNode collapse = figures.putObject("collapse");
    if (compareVerify) {
      collapse.put("other_verify", otherVerify());
    }
    collapse.put("queries", bm25.length).put("rounds", rounds).put("window", WINDOW);
    timeVariants(collapse.putObject("variants"), variants, rounds);
  }

  /**
   * The clustering API's run over the whole corpus index (first page of 10 clusters) and a dry run
   * of reconcile on it (the same distributed run, plus reading every document's assignment page by
   * page; it writes nothing), alternately, after {@link #CLUSTERS_WARMUP} untimed runs of each.
   */
  private void clustersFigures(int rounds) throws Exception {
    // the fields reconcile reads: added to the corpus index's mapping once (no document has them)
    NodeHttp.check(
        node.send(
            "PUT",
            "/" + index + "/_mapping",
            """
            {"properties": {"neardup_cluster": {"type": "keyword"},
                            "neardup_canonical": {"type": "boolean"}}}\
            """));
    String clusters = "{\"field\": \"body.dup\", \"size\": 10}";
    String reconcile = "{\"field\": \"body.dup\", \"dry_run\": true}";
    String clustersPath = "/" + index + "/_neardup/clusters";
    String reconcilePath = "/" + index + "/_neardup/reconcile";
    JsonNode listed = post(clustersPath, clusters);
    JsonNode reconciled = post(reconcilePath, reconcile);
    for (int w = 1; w < CLUSTERS_WARMUP; w++) {
      post(clustersPath, clusters);
      post(reconcilePath, reconcile);
    }
    long[][] nanos = new long[2][rounds];
    for (int r = 0; r < rounds; r++) {
      boolean clustersFirst = r % 2 == 0;
      nanos[clustersFirst ? 0 : 1][r] =
          time(clustersFirst ? clustersPath : reconcilePath, clustersFirst ? clusters : reconcile);
      nanos[clustersFirst ? 1 : 0][r] =
          time(clustersFirst ? reconcilePath : clustersPath, clustersFirst ? reconcile : clusters);
    }
    ObjectNode out = figures.putObject("clusters");
    out.put("rounds", rounds)
        .put("warmup", CLUSTERS_WARMUP)
        .put("documents", listed.path("documents").asLong())
        .put("clusters", listed.path("total_clusters").asLong())
        .put("clustered_documents", listed.path("clustered_documents").asLong())
        .put("reconcile_documents", reconciled.path("documents").asLong())
        .put("reconcile_clusters", reconciled.path("clusters").asLong());
    ObjectNode api = out.putObject("clusters_api");
    ObjectNode dry = out.putObject("reconcile_dry_run");
    for (int r = 0; r < rounds; r++) {
      api.withArray("ms").add(nanos[0][r] / 1e6);
      dry.withArray("ms").add(nanos[1][r] / 1e6);
    }
    latency(api, nanos[0]);
    latency(dry, nanos[1]);
  }

  private JsonNode post(String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = node.send("POST", path, body);
    NodeHttp.check(r);
    return JSON.readTree(r.body());
  }

  /**
   * @param warmupRounds rounds of both variants run first and left out of the figures: the
   *     processor's code path reaches the JIT's steady state later than plain indexing's
   */
  private void ingestFigures(int rounds, int warmupRounds, List<String> bulks, int clients)
      throws Exception {
    NodeHttp.check(
        node.send(
            "PUT",
            "/_ingest/pipeline/" + INGEST_PIPELINE,
            "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \"body.dup\"}}]}"));
    // a pipeline without processors: what running any ingest pipeline costs (a node without the
    // ingest-common module has no processor that does less than neardup's)
    NodeHttp.check(node.send("PUT", "/_ingest/pipeline/" + EMPTY_PIPELINE, "{\"processors\": []}"));
    int ingestDocs = 0;
    for (String bulk : bulks) {
      ingestDocs += bulk.split("\n").length / 2;
    }
    List<String> pipelines = Arrays.asList(null, EMPTY_PIPELINE, INGEST_PIPELINE);
    List<String> keys = List.of("plain", "empty_pipeline", "neardup");
    List<ArrayNode> rates = new ArrayList<>();
    List<ArrayNode> resents = new ArrayList<>();
    for (int v = 0; v < keys.size(); v++) {
      rates.add(JSON.createArrayNode());
      resents.add(JSON.createArrayNode());
    }
    String processed = "ingest-neardup-" + ingestDocs;
    for (int round = -warmupRounds; round < rounds; round++) {
      // each variant first in turn, so a drift of the machine's speed falls on all three
      for (int step = 0; step < keys.size(); step++) {
        int v = Math.floorMod(round + step, keys.size());
        boolean neardup = INGEST_PIPELINE.equals(pipelines.get(v));
        String target = neardup ? processed : "ingest-" + keys.get(v) + "-" + ingestDocs;
        node.send("DELETE", "/" + target, null);
        NodeHttp.check(node.send("PUT", "/" + target, ingestIndex(pipelines.get(v), verify)));
        AtomicLong resent = new AtomicLong();
        double rate = bulkLoad(target, bulks, clients, resent);
        if (round >= 0) {
          rates.get(v).add(rate);
          resents.get(v).add(resent.get());
        }
        System.err.printf(
            Locale.ROOT,
            "rest-bench: %s %d, %s: %,.0f docs/s, %,d documents sent again after a 429%n",
            round < 0 ? "warm-up round" : "round",
            round < 0 ? round + warmupRounds + 1 : round + 1,
            neardup ? "neardup processor" : v == 0 ? "plain" : "empty pipeline",
            rate,
            resent.get());
        // only the last round's processed index stays, for the figures below: an index left from
        // an earlier round would go on merging during the next load of another variant
        if (!neardup || round < rounds - 1) {
          node.send("DELETE", "/" + target, null);
        }
      }
    }
    ObjectNode ingest = figures.putObject("ingest");
    ingest
        .put("docs", ingestDocs)
        .put("rounds", rounds)
        .put("warmup_rounds", warmupRounds)
        .put("bulk_docs", bulks.get(0).split("\n").length / 2)
        .put("clients", clients);
    for (int v = 0; v < keys.size(); v++) {
      ingest.set(keys.get(v) + "_docs_per_s", rates.get(v));
      ingest.set(keys.get(v) + "_resent", resents.get(v));
    }
    int planted = 0;
    for (int ord = 0; ord < ingestDocs; ord++) {
      planted += family[ord] != ord ? 1 : 0;
    }
    ingest
        .put("planted_copies", planted)
        .put("marked_copies", count(processed, "{\"term\": {\"neardup_canonical\": false}}"))
        .put("canonical", count(processed, "{\"term\": {\"neardup_canonical\": true}}"));

    // the engine's collapse on the written cluster id vs neardup_collapse, on the processed index
    NodeHttp.check(node.send("POST", "/" + processed + "/_forcemerge?max_num_segments=1", null));
    List<Variant> variants = new ArrayList<>();
    variants.add(new Variant("top10", null, q -> matchQuery(q, 10, true, null), processed));
    variants.add(new Variant("native", null, q -> matchQuery(q, 10, true, "native"), processed));
    variants.add(new Variant("ext", null, q -> matchQuery(q, 10, true, "ext"), processed));
    if (openSearch) {
      variants.add(
          new Variant("pipeline", SEARCH_PIPELINE, q -> matchQuery(q, 10, true, null), processed));
    }
    int collapseRounds = 5;
    ObjectNode clusters = figures.putObject("cluster_collapse");
    clusters.put("queries", bm25.length).put("rounds", collapseRounds).put("window", WINDOW);
    timeVariants(clusters.putObject("variants"), variants, collapseRounds);
  }

  /**
   * Bulk-loads the prepared requests with {@code clients} concurrent senders; docs/s, and into
   * {@code resent} how many documents were rejected (429) and sent again.
   */
  private double bulkLoad(String target, List<String> bulks, int clients, AtomicLong resent)
      throws Exception {
    AtomicInteger next = new AtomicInteger();
    AtomicLong sent = new AtomicLong();
    ExecutorService senders = Executors.newFixedThreadPool(clients);
    long start = System.nanoTime();
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        done.add(
            senders.submit(() -> {
              for (int b; (b = next.getAndIncrement()) < bulks.size(); ) {
                String body = bulks.get(b);
                sent.addAndGet(body.lines().count() / 2);
                resent.addAndGet(bulk(target, body));
              }
              return null;
            }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      senders.shutdownNow();
    }
    NodeHttp.check(node.send("POST", "/" + target + "/_refresh", null));
    double seconds = (System.nanoTime() - start) / 1e9;
    long indexed = count(target, "{\"match_all\": {}}");
    if (indexed != sent.get()) {
      throw new IllegalStateException(
          target + " holds " + indexed + " documents, sent " + sent.get());
    }
    return sent.get() / seconds;
  }

  /** Ingest indices: what the processor needs (and the others the same mapping). */
  private static String ingestIndex(String pipeline, String verify) {
    return """
    {"settings": {"number_of_shards": 2, "number_of_replicas": 0%s},
     "mappings": {"properties": {
       "family": {"type": "integer"},
       "neardup_cluster": {"type": "keyword"},
       "neardup_canonical": {"type": "boolean"},
       "body": {"type": "text", "fields": {"dup": {"type": "neardup", "verify": "%s"}}}}}}
    """
        .formatted(pipeline == null ? "" : ", \"default_pipeline\": \"" + pipeline + "\"", verify);
  }

  /** A search timed on its own; {@code index} null means the corpus index. */
  private record Variant(
      String name, String pipeline, Function<String, String> body, String index) {
    Variant(String name, String pipeline, Function<String, String> body) {
      this(name, pipeline, body, null);
    }
  }

  /**
   * Times every variant on every BM25 query, interleaved (all variants of one query back to back),
   * one warm-up round then {@code rounds}; median and p99 per variant into {@code out}.
   */
  private void timeVariants(ObjectNode out, List<Variant> variants, int rounds) throws Exception {
    long[][] nanos = new long[variants.size()][bm25.length * rounds];
    for (int round = -1; round < rounds; round++) {
      for (int q = 0; q < bm25.length; q++) {
        for (int v = 0; v < variants.size(); v++) {
          Variant variant = variants.get(v);
          String target = variant.index() == null ? index : variant.index();
          long t = time(searchPath(target, variant.pipeline()), variant.body().apply(bm25[q]));
          if (round >= 0) {
            nanos[v][round * bm25.length + q] = t;
          }
        }
      }
    }
    for (int v = 0; v < variants.size(); v++) {
      latency(out.putObject(variants.get(v).name()), nanos[v]);
    }
  }

  private String[] bm25Queries(int count) throws IOException {
    List<String> words = EnglishText.loadWords();
    SplittableRandom random = new SplittableRandom(EnglishText.DEFAULT_SEED);
    String[] result = new String[count];
    for (int q = 0; q < count; q++) {
      result[q] =
          words.get(random.nextInt(20, 300)).toLowerCase(Locale.ROOT)
              + " "
              + words.get(random.nextInt(20, 300)).toLowerCase(Locale.ROOT);
    }
    return result;
  }

  // ------------------------------------------------------------------ index

  /** The verify of the second corpus index of {@code --compare-verify}. */
  private String otherVerify() {
    return "exact".equals(verify) ? "sketch" : "exact";
  }

  private String otherIndex() {
    return "bench-" + docs + "-" + otherVerify();
  }

  /** Loads the corpus into {@code index}, with a {@code neardup} field of that {@code verify}. */
  private void load(String index, String verify) throws Exception {
    // the mapping's _meta names the sketch settings (their hash covers the scheme's id): an index
    // of an earlier version of the sketch is built again instead of failing on its first query
    String sketchSettings = Long.toHexString(NearDupSettings.DEFAULT.sketch().settingsHash());
    HttpResponse<String> count = node.send("GET", "/" + index + "/_count", null);
    if (count.statusCode() == 200 && JSON.readTree(count.body()).path("count").asLong() == docs) {
      String built =
          get("/" + index + "/_mapping")
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
    node.send("DELETE", "/" + index, null);
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
             "dup": {"type": "neardup", "verify": "%s"},
             "mh": {"type": "text", "analyzer": "mh", "index_options": "docs", "norms": false}}}}}}
        """
            .formatted(sketchSettings, verify);
    NodeHttp.check(node.send("PUT", "/" + index, settings));
    long start = System.nanoTime();
    bulkLoad(index, lazyBulkRequests(docs, 1000), 2, new AtomicLong());
    NodeHttp.check(node.send("POST", "/" + index + "/_forcemerge?max_num_segments=1", null));
    NodeHttp.check(
        node.send(
            "PUT", "/" + index + "/_settings", "{\"index\": {\"refresh_interval\": \"1s\"}}"));
    System.err.printf(
        Locale.ROOT,
        "rest-bench: indexed %,d documents in %.0f s%n",
        docs,
        (System.nanoTime() - start) / 1e9);
  }

  /** {@link NodeHttp#bulk}. */
  private long bulk(String target, String body) throws IOException, InterruptedException {
    return node.bulk(target, body);
  }

  /**
   * The first {@code count} documents of the corpus as bulk requests of {@code bulkDocs}, built
   * before the clock starts (the ingest figures time the engine, not this client).
   */
  private List<String> bulkRequests(int count, int bulkDocs) {
    return List.copyOf(lazyBulkRequests(count, bulkDocs));
  }

  /**
   * As {@link #bulkRequests}, each built when sent: loading a large corpus holds one per sender.
   */
  private List<String> lazyBulkRequests(int count, int bulkDocs) {
    return new AbstractList<>() {
      @Override
      public String get(int index) {
        int from = index * bulkDocs;
        StringBuilder bulk = new StringBuilder();
        for (int ord = from; ord < Math.min(count, from + bulkDocs); ord++) {
          bulk.append("{\"index\":{\"_id\":\"").append(ord).append("\"}}\n");
          ObjectNode doc =
              JSON.createObjectNode().put("family", family[ord]).put("body", texts[ord]);
          try {
            bulk.append(JSON.writeValueAsString(doc)).append('\n');
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return bulk.toString();
      }

      @Override
      public int size() {
        return (count + bulkDocs - 1) / bulkDocs;
      }
    };
  }

  private long count(String target, String query) throws IOException, InterruptedException {
    HttpResponse<String> r =
        node.send("POST", "/" + target + "/_count", "{\"query\": " + query + "}");
    NodeHttp.check(r);
    return JSON.readTree(r.body()).path("count").asLong();
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

  /**
   * A match of {@code words}; {@code collapse} null (none), {@code "ext"} ({@code
   * ext.neardup_collapse} over the window) or {@code "native"} (the engine's {@code collapse} on
   * the ingest processor's cluster id).
   */
  private static String matchQuery(String words, int size, boolean source, String collapse) {
    ObjectNode body = JSON.createObjectNode().put("size", size).put("_source", source);
    body.putObject("query").putObject("match").put("body", words);
    if ("ext".equals(collapse)) {
      body.putObject("ext")
          .putObject("neardup_collapse")
          .put("field", "body.dup")
          .put("window", WINDOW);
    } else if ("native".equals(collapse)) {
      body.putObject("collapse").put("field", "neardup_cluster");
    }
    return body.toString();
  }

  private static String searchPath(String target, String pipeline) {
    return "/" + target + "/_search" + (pipeline == null ? "" : "?search_pipeline=" + pipeline);
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
    HttpResponse<String> r = node.send("POST", "/" + index + "/_analyze", body.toString());
    NodeHttp.check(r);
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

  private JsonNode get(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = node.send("GET", path, null);
    NodeHttp.check(r);
    return JSON.readTree(r.body());
  }

  private JsonNode search(String body) throws IOException, InterruptedException {
    return post(searchPath(index, null), body);
  }

  private long time(String path, String body) throws IOException, InterruptedException {
    long start = System.nanoTime();
    HttpResponse<String> r = node.send("POST", path, body);
    long nanos = System.nanoTime() - start;
    NodeHttp.check(r);
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

  /** Median and p99 of {@code nanos}, in milliseconds, into {@code out}. */
  private static void latency(ObjectNode out, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    out.put("median_ms", percentile(sorted, 0.5) / 1e6)
        .put("p99_ms", percentile(sorted, 0.99) / 1e6);
  }

  private static long percentile(long[] sorted, double p) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
  }
}
