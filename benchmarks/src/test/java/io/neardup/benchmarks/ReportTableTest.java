package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportTableTest {

  /** One result as JMH 1.37 writes it, with the given iteration scores in docs/s. */
  private static String result(Chain chain, int words, double... iterations) {
    return resultWithError(chain, words, "\"NaN\"", iterations);
  }

  /** A result whose score error (the half-width of JMH's 99.9 % interval) is {@code error}. */
  private static String resultWithError(
      Chain chain, int words, String error, double... iterations) {
    StringBuilder raw = new StringBuilder();
    double sum = 0;
    for (double v : iterations) {
      raw.append(raw.isEmpty() ? "" : ", ").append(v);
      sum += v;
    }
    return String.format(
        Locale.ROOT,
        """
        {
            "jmhVersion" : "1.37",
            "benchmark" : "io.neardup.benchmarks.AnalysisBenchmark.analyze",
            "mode" : "thrpt",
            "threads" : 1,
            "forks" : 1,
            "jvm" : "/usr/lib/jvm/jdk/bin/java",
            "jvmArgs" : ["-Xms2g", "-Xmx2g"],
            "jdkVersion" : "25.0.1",
            "vmName" : "OpenJDK 64-Bit Server VM",
            "vmVersion" : "25.0.1+8-LTS",
            "warmupIterations" : 3,
            "warmupTime" : "2 s",
            "warmupBatchSize" : 1,
            "measurementIterations" : %d,
            "measurementTime" : "2 s",
            "measurementBatchSize" : 1,
            "params" : {"chain" : "%s", "words" : "%d"},
            "primaryMetric" : {
                "score" : %s,
                "scoreError" : %s,
                "scoreConfidence" : ["NaN", "NaN"],
                "scorePercentiles" : {"0.0" : 1.0, "50.0" : 1.0, "100.0" : 1.0},
                "scoreUnit" : "ops/s",
                "rawData" : [[%s]]
            },
            "secondaryMetrics" : {}
        }\
        """,
        iterations.length,
        chain.name(),
        words,
        sum / iterations.length,
        error,
        raw);
  }

  private static List<?> results(String... entries) {
    return (List<?>) json("[" + String.join(",\n", entries) + "]");
  }

  @Test
  void tablesRatiosOverheadsAndTargets() {
    // 500 words = 496 shingles; (a) 10 000 docs/s = 100 µs/doc = 201.6 ns/shingle
    String report =
        ReportTable.render(
            results(
                result(Chain.STANDARD, 500, 9_000, 10_000, 30_000),
                result(Chain.NEARDUP, 500, 9_000),
                result(Chain.ES_MIN_HASH, 500, 1_000),
                result(Chain.CLASSIC_MINHASH, 500, 900),
                result(Chain.STANDARD, 5000, 1_000),
                result(Chain.NEARDUP, 5000, 500),
                result(Chain.ES_MIN_HASH, 5000, 50)),
            "Test CPU, 2 cores");
    assertTrue(report.contains("- Machine: Test CPU, 2 cores\n"), report);
    assertTrue(report.contains("- JDK: 25.0.1, OpenJDK 64-Bit Server VM, 25.0.1+8-LTS\n"), report);
    assertTrue(report.contains("JMH 1.37: 1 fork(s), warmup 3 × 2 s, measurement 3 × 2 s"), report);
    assertTrue(report.contains("## 500 words per document (496 shingles)"), report);
    // the median of the iterations (10 000), not their mean (16 333)
    assertTrue(
        report.matches(
            "(?s).*\\| \\(a\\) StandardTokenizer \\+ LowerCaseFilter +\\| +10,000 \\|.*"),
        report);
    assertTrue(report.contains(" 201.6 |"), report);
    assertTrue(
        report.matches("(?s).*cost \\(b\\) / \\(a\\) +\\| +1\\.11× \\| +≤ 1\\.2× \\| +PASS \\|.*"),
        report);
    assertTrue(
        report.matches("(?s).*cost \\(c\\) / \\(b\\) +\\| +9\\.00× \\| +≥ 5× \\| +PASS \\|.*"),
        report);
    assertTrue(report.matches("(?s).*cost \\(d\\) / \\(b\\) +\\| +10\\.00× \\|.*"), report);
    // (b) − (a) = (111.1 − 100) µs / 496 = 22.4 ns; (c) − (a) = 900 µs / 496 = 1 814.5 ns
    assertTrue(report.contains(" 22.4 ns/shingle |"), report);
    assertTrue(report.contains(" 1,814.5 ns/shingle |"), report);
    // at 5 000 words (b) costs 2× (a): FAIL; (c) costs 10× (b): PASS
    assertTrue(
        report.matches(
            "(?s).*cost \\(b\\) / \\(a\\) +\\| +2\\.00× \\| +≤ 1\\.2× \\| +\\*\\*FAIL\\*\\* \\|.*"),
        report);
    assertTrue(
        report.contains("| (d) neardup: 128 classic MinHash values, 18 bands x 7 rows "), report);
    assertTrue(
        report.endsWith("**Targets: 1 of 4 FAIL:** (b)/(a) at 5000 words is 2.00×.\n"), report);
  }

  @Test
  void verdictsOfChainsWithWideIntervalsAreMarkedNoisy() {
    // (a) ± 5 % and (b) ± 2 %: quiet; at 5 000 words (a) ± 40 %: noisy, and said why
    String report =
        ReportTable.render(
            results(
                resultWithError(Chain.STANDARD, 500, "500", 10_000),
                resultWithError(Chain.NEARDUP, 500, "180", 9_000),
                resultWithError(Chain.STANDARD, 5000, "400", 1_000),
                resultWithError(Chain.NEARDUP, 5000, "10", 700)),
            "Test CPU, 2 cores");
    assertTrue(
        report.matches("(?s).*cost \\(b\\) / \\(a\\) +\\| +1\\.11× \\| +≤ 1\\.2× \\| +PASS \\|.*"),
        report);
    assertTrue(
        report.matches(
            "(?s).*cost \\(b\\) / \\(a\\) +\\| +1\\.43× \\| +≤ 1\\.2× \\| +\\*\\*FAIL\\*\\* \\(noisy\\) \\|.*"),
        report);
    assertTrue(
        report.endsWith(
            "Noisy: the ± of a chain is above 10 % for (b)/(a) at 5000 words. JMH measures the"
                + " chains one after the other, so a machine whose speed drifts puts the drift"
                + " into their ratio; `run.sh --paired` times (a) and (b) back to back and is not"
                + " affected.\n"),
        report);
  }

  @Test
  void noTargetForCostOverTokenisingBelow500Words() {
    String report =
        ReportTable.render(
            results(
                result(Chain.STANDARD, 50, 100_000),
                result(Chain.NEARDUP, 50, 50_000),
                result(Chain.ES_MIN_HASH, 50, 5_000)),
            "cpu");
    assertTrue(report.contains("none below 500 words"), report);
    assertTrue(report.endsWith("**Targets: all 1 PASS.**\n"), report);
  }

  @Test
  void ignoresOtherBenchmarksAndSaysWhenNothingIsLeft() {
    String other = result(Chain.STANDARD, 50, 1).replace("AnalysisBenchmark.analyze", "Other.run");
    assertTrue(ReportTable.render(results(other), "cpu").contains("No AnalysisBenchmark results"));
    assertNull(ReportTable.parse((Map<?, ?>) results(other).get(0)));
  }

  @Test
  void convertsOtherModesAndUnits() {
    assertEquals(2_000, ReportTable.docsPerSecond("ops/ms", 2), 1e-9);
    assertEquals(5e6, ReportTable.docsPerSecond("ops/us", 5), 1e-3);
    assertEquals(250, ReportTable.docsPerSecond("ms/op", 4), 1e-9);
    assertEquals(1e6, ReportTable.docsPerSecond("ns/op", 1000), 1e-3);
    assertThrows(IllegalArgumentException.class, () -> ReportTable.docsPerSecond("ops", 1));
    assertThrows(IllegalArgumentException.class, () -> ReportTable.docsPerSecond("ops/week", 1));
  }

  @Test
  void medianOfAllForksAndIterations() {
    assertEquals(3, ReportTable.median(json("[[5, 1], [3]]")));
    assertEquals(2.5, ReportTable.median(json("[[4, 1], [3, 2]]")));
    assertTrue(Double.isNaN(ReportTable.median(null)));
    assertTrue(Double.isNaN(ReportTable.median(json("[[]]"))));
  }

  @Test
  void shinglesPerDocument() {
    assertEquals(46, ReportTable.shingles(50));
    assertEquals(4996, ReportTable.shingles(5000));
    assertEquals(1, ReportTable.shingles(3));
  }

  private static Object json(String text) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readValue(text, Object.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }
}
