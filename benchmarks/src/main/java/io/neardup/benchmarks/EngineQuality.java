package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.neardup.analysis.NearDupAnalyzer;
import io.neardup.analysis.NearDupShingleSetAttribute;
import io.neardup.settings.NearDupSettings;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.TokenStream;

/**
 * The quality of the engines' cluster ids on a real corpus, and what the {@code neardup} field
 * stores, through a node's REST API as a user would run them ({@code engine-quality.sh} starts the
 * node and scores the clusters with {@code neardup evaluate --clusters}).
 *
 * <p>Per {@code verify} value ({@code sketch}, {@code exact}): an index with a {@code neardup}
 * field at threshold 0.8 and that verification, every document of the corpus sent in input order
 * through the {@code neardup} ingest processor in bulks of {@code --bulk-docs} by one client; the
 * cluster ids read back (scroll) are written as a clusters file ({@code
 * ENGINE-VERIFY-ingest.jsonl}, the CLI's format); then {@code POST
 * /{index}/_neardup/reconcile?refresh=true} and the ids read again ({@code
 * ENGINE-VERIFY-reconcile.jsonl}). With {@code --storage} (Elasticsearch: the disk usage API), per
 * verify value an index of the same texts with {@code exact: true} and no pipeline, merged to one
 * segment, analysed by {@code _disk_usage}: bytes per document of each Lucene field of the {@code
 * neardup} field, and the shingle sets' bytes per distinct shingle (distinct shingles counted with
 * the library's analysis chain, which the field uses).
 */
public final class EngineQuality {
  private static final String PIPELINE = "neardup-quality";
  private static final String FIELD = "body.dup";

  private final NodeHttp node;
  private final String engine;
  private final List<String[]> corpus;
  private final Path out;
  private final int bulkDocs;
  private final ObjectNode figures = RestBenchmark.JSON.createObjectNode();

  private EngineQuality(String engine, String url, List<String[]> corpus, Path out, int bulkDocs) {
    this.node = new NodeHttp(url);
    this.engine = engine;
    this.corpus = corpus;
    this.out = out;
    this.bulkDocs = bulkDocs;
  }

  /**
   * {@code --engine es|os --url URL --corpus FILE --out DIR [--bulk-docs 300] [--verify
   * sketch,exact] [--storage]}
   */
  public static void main(String[] args) throws Exception {
    String engine = null;
    String url = null;
    Path corpusFile = null;
    Path out = null;
    int bulkDocs = 300;
    String verify = "sketch,exact";
    boolean storage = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--engine" -> engine = args[++i];
        case "--url" -> url = args[++i];
        case "--corpus" -> corpusFile = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--bulk-docs" -> bulkDocs = Integer.parseInt(args[++i]);
        case "--verify" -> verify = args[++i];
        case "--storage" -> storage = true;
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (engine == null || url == null || corpusFile == null || out == null) {
      throw new IllegalArgumentException("--engine, --url, --corpus and --out are required");
    }
    Files.createDirectories(out);
    EngineQuality run = new EngineQuality(engine, url, readCorpus(corpusFile), out, bulkDocs);
    run.figures.put("engine", engine).put("docs", run.corpus.size()).put("bulk_docs", bulkDocs);
    NodeHttp.check(
        run.node.send(
            "PUT",
            "/_ingest/pipeline/" + PIPELINE,
            "{\"processors\": [{\"neardup\": {\"field\": \"body\", \"neardup_field\": \""
                + FIELD
                + "\"}}]}"));
    for (String v : verify.split(",")) {
      run.clusters(v);
    }
    if (storage) {
      run.figures.put("distinct_shingles", distinctShingles(run.corpus));
      for (String v : verify.split(",")) {
        run.storage(v);
      }
    }
    run.writeRows(verify.split(","));
    if (storage) {
      run.writeStorageTable(verify.split(","));
    }
    Path json = out.resolve(engine + ".json");
    RestBenchmark.JSON.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), run.figures);
    System.err.println("engine-quality: figures in " + json);
  }

  /**
   * {@code ENGINE-rows.tsv} for the script's table: verify, phase (ingest, reconcile), clusters
   * file, clusters, clustered documents, clusters without exactly one canonical, seconds, and the
   * documents reconcile changed.
   */
  private void writeRows(String[] verify) throws IOException {
    StringBuilder rows = new StringBuilder();
    for (String v : verify) {
      JsonNode f = figures.path(v);
      for (String phase : new String[] {"ingest", "reconcile"}) {
        JsonNode p = f.path(phase);
        rows.append(
            String.join(
                "\t",
                v,
                phase,
                p.path("clusters_file").asText(),
                p.path("clusters").asText(),
                p.path("clustered_documents").asText(),
                p.path("clusters_without_exactly_one_canonical").asText(),
                String.format(Locale.ROOT, "%.1f", f.path(phase + "_seconds").asDouble()),
                f.path("reconcile_response").path("changed").asText()));
        rows.append('\n');
      }
    }
    Files.writeString(out.resolve(engine + "-rows.tsv"), rows);
  }

  /** {@code ENGINE-storage.md}: bytes per document of each Lucene field of the neardup field. */
  private void writeStorageTable(String[] verify) throws IOException {
    int docs = corpus.size();
    long shingles = figures.path("distinct_shingles").asLong();
    StringBuilder t = new StringBuilder();
    t.append(
        String.format(
            Locale.ROOT,
            "%,d documents, %,d distinct shingles (%.0f a document); bytes per document,"
                + " one segment, `_disk_usage?run_expensive_tasks=true`%n%n",
            docs,
            shingles,
            (double) shingles / docs));
    t.append("| part | Lucene field |");
    for (String v : verify) {
      t.append(" verify: ").append(v).append(" |");
    }
    t.append("\n|---|---|");
    t.append("---:|".repeat(verify.length)).append('\n');
    String[][] parts = {
      {"band-token postings (docs only)", FIELD, "inverted_index"},
      {"sketch (doc values)", FIELD + ".sketch", "doc_values"},
      {"shingle set (doc values)", FIELD + ".shingles", "doc_values"},
      {"exact token (`exact: true`; postings and doc values)", FIELD + ".exact", "inverted_index"},
      {"id (doc values)", FIELD + ".id", "doc_values"},
    };
    long[] totals = new long[verify.length];
    for (String[] part : parts) {
      t.append("| ").append(part[0]).append(" | `").append(part[1]).append("` |");
      for (int i = 0; i < verify.length; i++) {
        JsonNode field = figures.path("storage").path(verify[i]).path("fields").path(part[1]);
        long bytes = field.path("total").asLong();
        totals[i] += bytes;
        t.append(
            field.isMissingNode()
                ? " — |"
                : String.format(Locale.ROOT, " %.1f |", (double) bytes / docs));
      }
      t.append('\n');
    }
    t.append("| **the neardup field** | `").append(FIELD).append("*` |");
    for (long total : totals) {
      t.append(String.format(Locale.ROOT, " **%.1f** |", (double) total / docs));
    }
    t.append('\n');
    t.append("| whole index (text, `_source`, ...) | |");
    for (String v : verify) {
      t.append(
          String.format(
              Locale.ROOT,
              " %.0f |",
              figures.path("storage").path(v).path("store_size_in_bytes").asDouble() / docs));
    }
    t.append('\n');
    for (String v : verify) {
      JsonNode set = figures.path("storage").path(v).path("fields").path(FIELD + ".shingles");
      if (!set.isMissingNode() && shingles > 0) {
        t.append(
            String.format(
                Locale.ROOT,
                "%nshingle sets (verify: %s): %.2f bytes per distinct shingle%n",
                v,
                set.path("total").asDouble() / shingles));
      }
    }
    Files.writeString(out.resolve(engine + "-storage.md"), t);
  }

  /** The corpus: {id, text} per document, in input order. */
  private static List<String[]> readCorpus(Path file) throws IOException {
    List<String[]> docs = new ArrayList<>();
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      for (String line : (Iterable<String>) lines::iterator) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode d = RestBenchmark.JSON.readTree(line);
        docs.add(new String[] {d.path("id").asText(), d.path("text").asText()});
      }
    }
    return docs;
  }

  private static String mapping(String verify, boolean exactToken, boolean pipeline) {
    return """
    {"settings": {"number_of_shards": 1, "number_of_replicas": 0%s},
     "mappings": {"properties": {
       "neardup_cluster": {"type": "keyword"},
       "neardup_canonical": {"type": "boolean"},
       "body": {"type": "text", "fields": {"dup": {"type": "neardup", "threshold": 0.8,
                                                   "verify": "%s"%s}}}}}}
    """
        .formatted(
            pipeline ? ", \"default_pipeline\": \"" + PIPELINE + "\"" : "",
            verify,
            exactToken ? ", \"exact\": true" : "");
  }

  /** Ingest through the processor, read the ids, reconcile, read them again. */
  private void clusters(String verify) throws Exception {
    String index = "quality-" + verify;
    node.send("DELETE", "/" + index, null);
    NodeHttp.check(node.send("PUT", "/" + index, mapping(verify, false, true)));
    ObjectNode f = figures.putObject(verify);
    long start = System.nanoTime();
    long resent = load(index);
    double seconds = (System.nanoTime() - start) / 1e9;
    NodeHttp.check(node.send("POST", "/" + index + "/_refresh", null));
    f.put("ingest_seconds", seconds).put("ingest_resent_after_429", resent);
    System.err.printf(
        Locale.ROOT,
        "engine-quality: %s, verify %s: %,d documents through the processor in %.1f s%n",
        engine,
        verify,
        corpus.size(),
        seconds);
    writeClusters(index, verify + "-ingest", f.putObject("ingest"));
    start = System.nanoTime();
    HttpResponse<String> r =
        node.send(
            "POST",
            "/" + index + "/_neardup/reconcile?refresh=true",
            "{\"field\": \"" + FIELD + "\"}");
    NodeHttp.check(r);
    JsonNode reconcile = RestBenchmark.JSON.readTree(r.body());
    f.put("reconcile_seconds", (System.nanoTime() - start) / 1e9);
    f.set("reconcile_response", reconcile);
    System.err.printf(
        Locale.ROOT,
        "engine-quality: %s, verify %s: reconcile changed %d documents%n",
        engine,
        verify,
        reconcile.path("changed").asLong());
    writeClusters(index, verify + "-reconcile", f.putObject("reconcile"));
  }

  /** Sends the corpus in input order, one bulk at a time; documents sent again after a 429. */
  private long load(String index) throws IOException, InterruptedException {
    long resent = 0;
    for (int from = 0; from < corpus.size(); from += bulkDocs) {
      StringBuilder bulk = new StringBuilder();
      for (int i = from; i < Math.min(corpus.size(), from + bulkDocs); i++) {
        ObjectNode action = RestBenchmark.JSON.createObjectNode();
        action.putObject("index").put("_id", corpus.get(i)[0]);
        ObjectNode doc = RestBenchmark.JSON.createObjectNode().put("body", corpus.get(i)[1]);
        bulk.append(RestBenchmark.JSON.writeValueAsString(action))
            .append('\n')
            .append(RestBenchmark.JSON.writeValueAsString(doc))
            .append('\n');
      }
      resent += node.bulk(index, bulk.toString());
    }
    return resent;
  }

  /**
   * Reads every document's cluster id and canonical flag (scroll, sorted by {@code _doc}) and
   * writes the clusters of two or more members in the CLI's clusters format, members in input
   * order, the canonical the flagged member (else the first).
   */
  private void writeClusters(String index, String name, ObjectNode f) throws Exception {
    Map<String, String> cluster = new HashMap<>();
    Map<String, Boolean> canonical = new HashMap<>();
    HttpResponse<String> r =
        node.send(
            "POST",
            "/" + index + "/_search?scroll=2m",
            "{\"size\": 1000, \"sort\": [\"_doc\"],"
                + " \"_source\": [\"neardup_cluster\", \"neardup_canonical\"]}");
    NodeHttp.check(r);
    JsonNode page = RestBenchmark.JSON.readTree(r.body());
    String scroll = page.path("_scroll_id").asText();
    while (page.path("hits").path("hits").size() > 0) {
      for (JsonNode hit : page.path("hits").path("hits")) {
        JsonNode source = hit.path("_source");
        String id = hit.path("_id").asText();
        cluster.put(id, source.path("neardup_cluster").asText(id));
        canonical.put(id, source.path("neardup_canonical").asBoolean(false));
      }
      r =
          node.send(
              "POST", "/_search/scroll", "{\"scroll\": \"2m\", \"scroll_id\": \"" + scroll + "\"}");
      NodeHttp.check(r);
      page = RestBenchmark.JSON.readTree(r.body());
      scroll = page.path("_scroll_id").asText();
    }
    node.send("DELETE", "/_search/scroll", "{\"scroll_id\": \"" + scroll + "\"}");
    if (cluster.size() != corpus.size()) {
      throw new IllegalStateException(
          index + " holds " + cluster.size() + " documents, sent " + corpus.size());
    }
    Map<String, List<String>> members = new LinkedHashMap<>();
    for (String[] doc : corpus) {
      members.computeIfAbsent(cluster.get(doc[0]), k -> new ArrayList<>()).add(doc[0]);
    }
    int clusters = 0;
    int clustered = 0;
    int notOneCanonical = 0;
    Path file = out.resolve(engine + "-" + name + ".jsonl");
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (List<String> m : members.values()) {
        int flagged = 0;
        String first = null;
        for (String id : m) {
          if (canonical.get(id)) {
            flagged++;
            first = first == null ? id : first;
          }
        }
        notOneCanonical += flagged == 1 ? 0 : 1;
        if (m.size() < 2) {
          continue;
        }
        clusters++;
        clustered += m.size();
        ObjectNode line = RestBenchmark.JSON.createObjectNode();
        line.put("canonical", first != null ? first : m.get(0));
        ArrayNode array = line.putArray("members");
        m.forEach(array::add);
        line.put("size", m.size());
        w.write(RestBenchmark.JSON.writeValueAsString(line));
        w.write('\n');
      }
    }
    f.put("clusters_file", file.toString())
        .put("clusters", clusters)
        .put("clustered_documents", clustered)
        .put("clusters_without_exactly_one_canonical", notOneCanonical);
  }

  /** Bytes of each part of the field, per document, from the disk usage API. */
  private void storage(String verify) throws Exception {
    String index = "quality-storage-" + verify;
    node.send("DELETE", "/" + index, null);
    NodeHttp.check(node.send("PUT", "/" + index, mapping(verify, true, false)));
    load(index);
    NodeHttp.check(node.send("POST", "/" + index + "/_forcemerge?max_num_segments=1", null));
    HttpResponse<String> r =
        node.send("POST", "/" + index + "/_disk_usage?run_expensive_tasks=true", null);
    NodeHttp.check(r);
    JsonNode usage = RestBenchmark.JSON.readTree(r.body()).path(index);
    ObjectNode f = figures.with("storage").putObject(verify);
    f.put("store_size_in_bytes", usage.path("store_size_in_bytes").asLong());
    ObjectNode fields = f.putObject("fields");
    usage
        .path("fields")
        .fields()
        .forEachRemaining(e -> {
          if (e.getKey().equals(FIELD) || e.getKey().startsWith(FIELD + ".")) {
            fields
                .putObject(e.getKey())
                .put("total", e.getValue().path("total_in_bytes").asLong())
                .put(
                    "inverted_index",
                    e.getValue().path("inverted_index").path("total_in_bytes").asLong())
                .put("doc_values", e.getValue().path("doc_values_in_bytes").asLong());
          }
        });
    System.err.printf(
        Locale.ROOT, "engine-quality: %s, verify %s: disk usage %s%n", engine, verify, fields);
  }

  /** Distinct shingles of every text, summed, with the field's default analysis chain. */
  private static long distinctShingles(List<String[]> corpus) throws IOException {
    long total = 0;
    try (NearDupAnalyzer analyzer = new NearDupAnalyzer(NearDupSettings.DEFAULT, true)) {
      for (String[] doc : corpus) {
        try (TokenStream ts = analyzer.tokenStream("f", doc[1])) {
          NearDupShingleSetAttribute set = ts.addAttribute(NearDupShingleSetAttribute.class);
          ts.reset();
          ts.end();
          total += set.count();
        }
      }
    }
    return total;
  }
}
