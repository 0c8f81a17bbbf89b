package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestReportTest {

  private static JsonNode engine(String name, double plain, double ext, String pipeline)
      throws Exception {
    return RestBenchmark.JSON.readTree(
        """
        {"engine": "%s", "docs": 1000,
         "collapse": {"queries": 200, "rounds": 5, "window": 100, "variants": {
           "top10": {"median_ms": %s, "p99_ms": 9.0},
           "ext": {"median_ms": %s, "p99_ms": 9.0}%s}},
         "ingest": {"docs": 1000, "rounds": 3, "warmup_rounds": 2, "bulk_docs": 500, "clients": 2,
           "plain_docs_per_s": [1000, 900, 1100], "neardup_docs_per_s": [400, 600, 500],
           "empty_pipeline_docs_per_s": [800, 800, 1000],
           "plain_resent": [0, 0, 0], "neardup_resent": [0, 5, 0], "empty_pipeline_resent": [0, 0, 1],
           "planted_copies": 200, "marked_copies": 180, "canonical": 820},
         "cluster_collapse": {"queries": 200, "rounds": 5, "window": 100, "variants": {
           "top10": {"median_ms": 2.0, "p99_ms": 3.0},
           "native": {"median_ms": 2.2, "p99_ms": 3.0}}}}
        """
            .formatted(
                name,
                plain,
                ext,
                pipeline == null
                    ? ""
                    : ", \"pipeline\": {\"median_ms\": " + pipeline + ", \"p99_ms\": 9.0}"));
  }

  @Test
  void enginesSideBySideWithTheirOwnBaselinesAndVerdicts() throws Exception {
    String report =
        new RestReport(List.of(engine("ES", 4.0, 4.4, null), engine("OS", 2.0, 4.0, "5.0")))
            .render();
    assertTrue(report.contains("| search | ES: median / p99 ms | vs plain | OS:"), report);
    // each ratio against the same engine's plain search
    assertTrue(
        report.contains(
            "| + `ext.neardup_collapse` | 4.40 / 9.00 | +10.0 % | 4.00 / 9.00 | +100.0 % |"),
        report);
    assertTrue(
        report.contains(
            "| + `neardup_collapse` search pipeline | n/a | | 5.00 / 9.00 | +150.0 % |"),
        report);
    assertTrue(report.contains("ES: `ext.neardup_collapse` adds +10.0 %"), report);
    assertTrue(report.contains("target <= 15 %): **PASS**"), report);
    assertTrue(report.contains("OS: the `neardup_collapse` pipeline adds +150.0 %"), report);
    assertTrue(report.contains("**FAIL**"), report);
    // ingest: medians of the rounds and their ratio
    assertTrue(report.contains("| **1,000** (1,000, 900, 1,100) |"), report);
    assertTrue(report.contains("| **0.50** FAIL |"), report);
    // paired by round: 400/1000, 600/900, 500/1100
    assertTrue(report.contains("| 0.45 (0.40, 0.67, 0.45) |"), report);
    // against a pipeline that does nothing with the text: medians 800 / 1000 and 500 / 800
    assertTrue(report.contains("| 0.80; 0.63 |"), report);
    assertTrue(report.contains("| [0,0,0]; [0,0,1]; [0,5,0] |"), report);
    assertTrue(
        report.contains("3 rounds alternating which goes first after 2 warm-up rounds"), report);
    assertTrue(
        report.contains("| + `collapse` on `neardup_cluster` | 2.20 / 3.00 | +10.0 % |"), report);
  }

  @Test
  void exactAgainstSketchOnTheirOwnPlainSearches() throws Exception {
    JsonNode es =
        RestBenchmark.JSON.readTree(
            """
            {"engine": "ES", "docs": 1000,
             "collapse": {"queries": 200, "rounds": 5, "window": 100, "other_verify": "sketch",
               "variants": {
               "top10": {"median_ms": 2.0, "p99_ms": 9.0},
               "ext": {"median_ms": 2.4, "p99_ms": 9.0},
               "top10_verify_sketch": {"median_ms": 1.6, "p99_ms": 9.0},
               "ext_verify_sketch": {"median_ms": 2.0, "p99_ms": 9.0}}}}
            """);
    String report = new RestReport(List.of(es)).render();
    // each index's collapse against its own plain search
    assertTrue(
        report.contains("| + `ext.neardup_collapse`, `verify: sketch` | 2.00 / 9.00 | +25.0 % |"),
        report);
    assertTrue(
        report.contains(
            "| plain top 10, on the corpus index with `verify: sketch` | 1.60 / 9.00 |  |"),
        report);
    // exact against sketch: the two collapsed searches, 2.4 / 2.0
    assertTrue(
        report.contains(
            "ES: `ext.neardup_collapse` with `verify: exact` takes 1.20 times its median with"
                + " `verify: sketch` (target <= 1.10): **FAIL**"),
        report);
  }
}
