package io.neardup.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The side-by-side tables of {@link RestBenchmark}'s figures, one column group per engine (one JSON
 * file each, as {@code rest-bench.sh} writes them), with every target's verdict. Ratios are taken
 * within one engine's figures only: each engine's baseline was measured on its own node, in the
 * same run, interleaved with what it is compared to.
 *
 * <pre>{@code
 * java -cp benchmarks.jar io.neardup.benchmarks.RestReport es.json os.json
 * }</pre>
 */
public final class RestReport {
  private static final double COLLAPSE_TARGET = 0.15;

  /**
   * How much slower than {@code verify: sketch} a {@code verify: exact} field may make a search.
   */
  private static final double EXACT_TARGET = 0.10;

  private static final double INGEST_TARGET = 0.8;

  private final List<JsonNode> engines;
  private final StringBuilder out = new StringBuilder();

  RestReport(List<JsonNode> engines) {
    this.engines = engines;
  }

  public static void main(String[] args) throws IOException {
    List<JsonNode> engines = new ArrayList<>();
    for (String file : args) {
      engines.add(RestBenchmark.JSON.readTree(Files.readString(Path.of(file))));
    }
    System.out.print(new RestReport(engines).render());
  }

  String render() {
    if (engines.stream().allMatch(e -> e.has("collapse"))) {
      latencyTable(
          "collapse",
          "Collapse vs the plain search",
          new String[][] {
            {"top10", "plain top 10"},
            {"ext", "+ `ext.neardup_collapse`"},
            {"pipeline", "+ `neardup_collapse` search pipeline"},
            {
              "pipeline_fetching_window",
              "+ pipeline without its phase results processor (fetches the window)"
            },
            {"top100", "plain top 100 (fetching the window)"},
            {"top10_nosource", "plain top 10, no `_source`"},
            {"ext_nosource", "+ `ext.neardup_collapse`, no `_source`"},
            {"pipeline_nosource", "+ `neardup_collapse` search pipeline, no `_source`"},
            {
              "pipeline_fetching_window_nosource",
              "+ pipeline without its phase results processor, no `_source`"
            },
            {"top100_nosource", "plain top 100, no `_source`"},
            {"top10_verify_sketch", "plain top 10, on the corpus index with `verify: sketch`"},
            {"ext_verify_sketch", "+ `ext.neardup_collapse`, `verify: sketch`"},
            {"top10_verify_exact", "plain top 10, on the corpus index with `verify: exact`"},
            {"ext_verify_exact", "+ `ext.neardup_collapse`, `verify: exact`"}
          });
      for (JsonNode e : engines) {
        verdict(e, "collapse", "ext", "top10", "`ext.neardup_collapse`");
        verdict(e, "collapse", "pipeline", "top10", "the `neardup_collapse` pipeline");
        verifyVerdict(e);
      }
    }
    if (engines.stream().allMatch(e -> e.has("query"))) {
      queryTable();
    }
    if (engines.stream().allMatch(e -> e.has("clusters"))) {
      clustersTable();
    }
    if (engines.stream().allMatch(e -> e.has("ingest"))) {
      ingestTable();
      latencyTable(
          "cluster_collapse",
          "The engine's `collapse` on the cluster id the processor wrote vs `neardup_collapse`, on"
              + " the index the processor wrote",
          new String[][] {
            {"top10", "plain top 10"},
            {"native", "+ `collapse` on `neardup_cluster`"},
            {"ext", "+ `ext.neardup_collapse`"},
            {"pipeline", "+ `neardup_collapse` search pipeline"}
          });
    }
    return out.toString();
  }

  /**
   * Rows of median / p99 and the median against the plain top 10's (with the same {@code _source}
   * choice), one column pair per engine.
   */
  private void latencyTable(String section, String title, String[][] rows) {
    String base = "top10";
    JsonNode first = engines.get(0).path(section);
    line(
        "%n## %s (match of two common words, top 10, window %d; %d queries x %d rounds after 1"
            + " warm-up round, interleaved)%n",
        title,
        first.path("window").asInt(),
        first.path("queries").asInt(),
        first.path("rounds").asInt());
    header("search", ": median / p99 ms | vs plain", 2);
    for (String[] row : rows) {
      if (engines.stream().noneMatch(e -> e.path(section).path("variants").has(row[0]))) {
        continue;
      }
      row(
          section,
          row[1],
          figures -> {
            JsonNode variants = figures.path("variants");
            JsonNode v = variants.path(row[0]);
            if (v.isMissingNode()) {
              return "n/a |";
            }
            return fmt(
                    "%.2f / %.2f | ", v.path("median_ms").asDouble(), v.path("p99_ms").asDouble())
                + (row[0].equals(base) || row[0].startsWith(base + "_")
                    ? ""
                    : fmt("%+.1f %%", overhead(variants, row[0], baseOf(row[0], base))));
          });
    }
  }

  /** The header row and rule of a table with {@code columns} columns per engine. */
  private void header(String first, String perEngine, int columns) {
    StringBuilder header = new StringBuilder("\n| ").append(first).append(" |");
    StringBuilder rule = new StringBuilder("|---|");
    for (JsonNode e : engines) {
      header.append(' ').append(e.path("engine").asText()).append(perEngine).append(" |");
      rule.append("--:|".repeat(columns));
    }
    out.append(header).append('\n').append(rule).append('\n');
  }

  /** One row: {@code label}, then each engine's cells from its figures' {@code section}. */
  private void row(String section, String label, Function<JsonNode, String> cells) {
    StringBuilder r = new StringBuilder("| ").append(label).append(" |");
    for (JsonNode e : engines) {
      r.append(' ').append(cells.apply(e.path(section))).append(" |");
    }
    out.append(r).append('\n');
  }

  /**
   * The plain search a variant compares with: the one with the same {@code _source} choice, on the
   * same corpus index.
   */
  private static String baseOf(String variant, String base) {
    for (String suffix : new String[] {"_nosource", "_verify_sketch", "_verify_exact"}) {
      if (variant.endsWith(suffix)) {
        return base + suffix;
      }
    }
    return base;
  }

  /**
   * With {@code --compare-verify}: the collapsed search on the {@code verify: exact} index against
   * the one on the {@code verify: sketch} index, medians (target: within 10 %).
   */
  private void verifyVerdict(JsonNode e) {
    JsonNode collapse = e.path("collapse");
    String other = collapse.path("other_verify").asText("");
    if (other.isEmpty()) {
      return;
    }
    JsonNode variants = collapse.path("variants");
    String exact = "exact".equals(other) ? "ext_verify_exact" : "ext";
    String sketch = "sketch".equals(other) ? "ext_verify_sketch" : "ext";
    double ratio =
        variants.path(exact).path("median_ms").asDouble()
            / variants.path(sketch).path("median_ms").asDouble();
    line(
        "%n%s: `ext.neardup_collapse` with `verify: exact` takes %.2f times its median with `verify:"
            + " sketch` (target <= %.2f): **%s**",
        e.path("engine").asText(),
        ratio,
        1 + EXACT_TARGET,
        ratio <= 1 + EXACT_TARGET ? "PASS" : "FAIL");
  }

  private static double overhead(JsonNode variants, String measured, String baseline) {
    return 100
        * (variants.path(measured).path("median_ms").asDouble()
                / variants.path(baseline).path("median_ms").asDouble()
            - 1);
  }

  private void verdict(JsonNode e, String section, String variant, String base, String what) {
    JsonNode variants = e.path(section).path("variants");
    if (!variants.has(variant)) {
      return;
    }
    double o = overhead(variants, variant, base);
    line(
        "%n%s: %s adds %+.1f %% to the plain search's median (target <= %.0f %%): **%s**",
        e.path("engine").asText(),
        what,
        o,
        100 * COLLAPSE_TARGET,
        o <= 100 * COLLAPSE_TARGET ? "PASS" : "FAIL");
  }

  private void queryTable() {
    JsonNode first = engines.get(0).path("query");
    line(
        "%n%n## `neardup` query vs a `bool` of `min_hash` tokens at equal recall (top 10; %d queries"
            + " after %d warm-up, interleaved; recall of the exact-Jaccard >= 0.8 copies over %d"
            + " queries)%n",
        first.path("queries").asInt(),
        first.path("warmup").asInt(),
        first.path("recall_queries").asInt());
    header("query", ": recall | median / p99 ms", 2);
    row(
        "query",
        "`neardup`, min_similarity 0.8",
        q ->
            fmt(
                "%.4f | %s",
                q.path("neardup").path("recall").asDouble(), latency(q.path("neardup"))));
    row(
        "query",
        "`bool` of 512 `min_hash` terms, `minimum_should_match` (per engine)",
        q -> {
          JsonNode m = q.path("min_hash");
          return fmt(
              "%.4f (msm %d) | %s",
              m.path("recall").asDouble(), m.path("minimum_should_match").asInt(), latency(m));
        });
    row(
        "query",
        "`neardup` faster by (median, p99)",
        q ->
            fmt(
                "| %.1fx, %.1fx",
                q.path("min_hash").path("median_ms").asDouble()
                    / q.path("neardup").path("median_ms").asDouble(),
                q.path("min_hash").path("p99_ms").asDouble()
                    / q.path("neardup").path("p99_ms").asDouble()));
    if (first.has("match_none")) {
      row(
          "query",
          "a search that matches nothing (`match_none`): the fixed cost of any search",
          q -> "| " + latency(q.path("match_none")));
      row(
          "query",
          "above that cost, `neardup` faster by (median)",
          q ->
              fmt(
                  "| %.1fx",
                  (q.path("min_hash").path("median_ms").asDouble()
                          - q.path("match_none").path("median_ms").asDouble())
                      / (q.path("neardup").path("median_ms").asDouble()
                          - q.path("match_none").path("median_ms").asDouble())));
    }
    line("%nRecall of the `bool` by `minimum_should_match` until it reaches neardup's:");
    for (JsonNode e : engines) {
      List<String> steps = new ArrayList<>();
      e.path("query")
          .path("min_hash")
          .path("recall_by_minimum_should_match")
          .properties()
          .forEach(m -> steps.add(fmt("%s: %.4f", m.getKey(), m.getValue().asDouble())));
      out.append(fmt(" %s: %s;", e.path("engine").asText(), String.join(", ", steps)));
    }
    line("%n");
  }

  private static String latency(JsonNode v) {
    return fmt("%.2f / %.2f", v.path("median_ms").asDouble(), v.path("p99_ms").asDouble());
  }

  private void clustersTable() {
    JsonNode first = engines.get(0).path("clusters");
    line(
        "%n## Clustering API and reconcile (dry run) over the whole corpus index (%d rounds,"
            + " alternating which goes first, after %d untimed runs of each)%n",
        first.path("rounds").asInt(), first.path("warmup").asInt());
    header("", "", 1);
    row(
        "clusters",
        "`POST /{index}/_neardup/clusters` (first page of 10), ms: median (rounds)",
        c -> millis(c.path("clusters_api")));
    row(
        "clusters",
        "`POST /{index}/_neardup/reconcile` with `dry_run`, ms: median (rounds)",
        c -> millis(c.path("reconcile_dry_run")));
    row(
        "clusters",
        "documents / clusters / clustered documents (clustering API)",
        c ->
            fmt(
                "%,d / %,d / %,d",
                c.path("documents").asLong(),
                c.path("clusters").asLong(),
                c.path("clustered_documents").asLong()));
    row(
        "clusters",
        "documents / clusters (reconcile)",
        c ->
            fmt(
                "%,d / %,d",
                c.path("reconcile_documents").asLong(), c.path("reconcile_clusters").asLong()));
  }

  private static String millis(JsonNode timed) {
    List<String> each = new ArrayList<>();
    timed.path("ms").forEach(r -> each.add(fmt("%,.0f", r.asDouble())));
    return fmt("**%,.0f** (%s)", median(timed.path("ms")), String.join(", ", each));
  }

  private void ingestTable() {
    JsonNode first = engines.get(0).path("ingest");
    line(
        "%n## Bulk indexing with and without the `neardup` ingest processor (the first %,d"
            + " documents, a fresh index per round, 2 shards, %d docs per bulk, %d concurrent"
            + " clients, %d rounds alternating which goes first after %d warm-up rounds not"
            + " counted; until the final refresh)%n",
        first.path("docs").asInt(),
        first.path("bulk_docs").asInt(),
        first.path("clients").asInt(),
        first.path("rounds").asInt(),
        first.path("warmup_rounds").asInt());
    header("", "", 1);
    boolean emptyPipeline =
        engines.stream().allMatch(e -> e.path("ingest").has("empty_pipeline_docs_per_s"));
    row("ingest", "plain, docs/s: median (rounds)", e -> rates(e.path("plain_docs_per_s")));
    if (emptyPipeline) {
      row(
          "ingest",
          "a pipeline without processors, docs/s: median (rounds)",
          e -> rates(e.path("empty_pipeline_docs_per_s")));
    }
    row(
        "ingest",
        "`neardup` processor, docs/s: median (rounds)",
        e -> rates(e.path("neardup_docs_per_s")));
    row(
        "ingest",
        "processor / plain (target >= " + INGEST_TARGET + ")",
        e -> {
          double ratio = ingestRatio(e);
          return fmt("**%.2f** %s", ratio, ratio >= INGEST_TARGET ? "PASS" : "FAIL");
        });
    row(
        "ingest",
        "processor / plain, each round's own: median (rounds)",
        e -> roundRatios(e.path("neardup_docs_per_s"), e.path("plain_docs_per_s")));
    if (emptyPipeline) {
      row(
          "ingest",
          "empty pipeline / plain; processor / empty pipeline (medians)",
          e ->
              fmt(
                  "%.2f; %.2f",
                  median(e.path("empty_pipeline_docs_per_s")) / median(e.path("plain_docs_per_s")),
                  median(e.path("neardup_docs_per_s"))
                      / median(e.path("empty_pipeline_docs_per_s"))));
    }
    row(
        "ingest",
        "documents sent again after a 429 (per round: plain; "
            + (emptyPipeline ? "empty pipeline; " : "")
            + "processor)",
        e ->
            e.path("plain_resent")
                + "; "
                + (emptyPipeline ? e.path("empty_pipeline_resent") + "; " : "")
                + e.path("neardup_resent"));
    row(
        "ingest",
        "documents marked as copies / planted edited copies",
        e -> fmt("%,d / %,d", e.path("marked_copies").asLong(), e.path("planted_copies").asLong()));
    row("ingest", "clusters (canonical documents)", e -> fmt("%,d", e.path("canonical").asLong()));
  }

  private static double ingestRatio(JsonNode ingest) {
    return median(ingest.path("neardup_docs_per_s")) / median(ingest.path("plain_docs_per_s"));
  }

  /** The median of the rounds' ratios a / b, and each round's. */
  private static String roundRatios(JsonNode a, JsonNode b) {
    ArrayNode ratios = RestBenchmark.JSON.createArrayNode();
    for (int r = 0; r < Math.min(a.size(), b.size()); r++) {
      ratios.add(a.get(r).asDouble() / b.get(r).asDouble());
    }
    List<String> each = new ArrayList<>();
    ratios.forEach(r -> each.add(fmt("%.2f", r.asDouble())));
    return fmt("%.2f (%s)", median(ratios), String.join(", ", each));
  }

  private static String rates(JsonNode rounds) {
    List<String> each = new ArrayList<>();
    rounds.forEach(r -> each.add(fmt("%,.0f", r.asDouble())));
    return fmt("**%,.0f** (%s)", median(rounds), String.join(", ", each));
  }

  private static double median(JsonNode values) {
    double[] v = new double[values.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = values.get(i).asDouble();
    }
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private void line(String format, Object... args) {
    out.append(String.format(Locale.ROOT, format, args));
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
