package io.neardup.testkit;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What both engines' integration tests of the {@code neardup} ingest processor index and expect,
 * free of any engine: families of copies of a text, and the checks of the cluster ids and canonical
 * flags the processor wrote.
 *
 * <pre>{@code
 * String[] texts = new EnglishText(seed).documents(60, families + unrelated);
 * index IngestFamilies.copy(texts[f], c) as "f<f>-<c>" with family "f<f>", through the pipeline
 * IngestFamilies.check(documentsReadBack, families, unrelated);
 * }</pre>
 */
public final class IngestFamilies {
  private IngestFamilies() {}

  /** A document as read back: its family and what the processor wrote into it. */
  public record Ingested(String id, String family, String cluster, boolean canonical) {}

  /**
   * The index settings of an analyzer {@code html} that a {@code neardup} field can name, and the
   * ingest processor runs: an HTML page's main text, then the field type's default analysis.
   */
  public static final String HTML_ANALYSIS =
      """
      {"analysis": {"analyzer": {"html": {"type": "custom", "char_filter": ["neardup_main_text"],
        "tokenizer": "standard", "filter": ["neardup_normalize"]}}}}\
      """;

  /**
   * A mapping of HTML pages in {@code page} with a {@code neardup} multi-field {@code page.dup}
   * that analyses their main text ({@link #HTML_ANALYSIS}), and the processor's cluster id,
   * canonical flag and the pages' boilerplate fraction.
   */
  public static Map<String, Object> pageMapping() {
    return Map.of(
        "properties",
        Map.of(
            "neardup_cluster",
            Map.of("type", "keyword"),
            "neardup_canonical",
            Map.of("type", "boolean"),
            "boilerplate_fraction",
            Map.of("type", "float"),
            "page",
            Map.of(
                "type",
                "text",
                "fields",
                Map.of("dup", Map.of("type", "neardup", "analyzer", "html")))));
  }

  /**
   * A text as the article of an HTML page under one of two site templates (0 or 1): each with its
   * own header, navigation of a dozen links, related-articles list and footer, long enough to
   * outweigh a short text when the template is analysed with it.
   */
  public static String page(String text, int template) {
    String site = template == 0 ? "Harbour Weekly" : "Valley Courier";
    StringBuilder page = new StringBuilder("<!DOCTYPE html><html><head><title>");
    page.append(site).append("</title></head><body><header><h1>").append(site);
    page.append("</h1></header><nav><ul>");
    for (int i = 0; i < 12; i++) {
      page.append("<li><a href=\"/s").append(template).append('/').append(i).append("\">");
      page.append(template == 0 ? "Harbour section " : "Valley topic ").append(i);
      page.append("</a></li>");
    }
    page.append("</ul></nav><main><article><h2>Today</h2>");
    for (String paragraph : text.split("(?<=\\.) ")) {
      page.append("<p>").append(paragraph).append("</p>");
    }
    page.append("</article></main><aside><h3>Related</h3><ul>");
    for (int i = 0; i < 6; i++) {
      page.append("<li><a href=\"/r").append(template).append('/').append(i).append("\">");
      page.append(template == 0 ? "More from the harbour, part " : "Elsewhere in the valley, no. ");
      page.append(i).append("</a></li>");
    }
    page.append("</ul></aside><footer><p>");
    page.append(
        template == 0 ? "Harbour Weekly, printed every Friday since 1921." : "Valley Courier");
    page.append(" Subscribe, advertise, contact the newsroom.</p></footer></body></html>");
    return page.toString();
  }

  /**
   * Copy {@code c} of a text: 0 is the text, 1 its upper case (the same after normalisation), 2 and
   * 3 the text with a word appended.
   */
  public static String copy(String text, int c) {
    return switch (c) {
      case 0 -> text;
      case 1 -> text.toUpperCase(Locale.ROOT) + "!";
      case 2 -> text + " appendix";
      default -> text + " postscript";
    };
  }

  /**
   * Checks that every family {@code f0 ... f<families-1>} and every unrelated document (a family of
   * one) has exactly one cluster of its own with exactly one canonical member, and that a family's
   * cluster id is the id of its first member {@code f<f>-0}.
   *
   * @throws AssertionError naming the family or cluster that differs
   */
  public static void check(List<Ingested> documents, int families, int unrelated) {
    Map<String, Set<String>> clustersByFamily = new HashMap<>();
    Map<String, Integer> canonicalsByCluster = new HashMap<>();
    for (Ingested d : documents) {
      if (d.cluster() == null) {
        throw new AssertionError("no cluster id on " + d.id());
      }
      clustersByFamily.computeIfAbsent(d.family(), k -> new HashSet<>()).add(d.cluster());
      canonicalsByCluster.merge(d.cluster(), d.canonical() ? 1 : 0, Integer::sum);
    }
    expect("families", families + unrelated, clustersByFamily.size());
    Set<String> distinct = new HashSet<>();
    for (Map.Entry<String, Set<String>> family : clustersByFamily.entrySet()) {
      expect("clusters of family " + family.getKey(), 1, family.getValue().size());
      distinct.addAll(family.getValue());
    }
    expect("distinct clusters (every family its own)", families + unrelated, distinct.size());
    for (Map.Entry<String, Integer> cluster : canonicalsByCluster.entrySet()) {
      expect("canonical members of cluster " + cluster.getKey(), 1, cluster.getValue());
    }
    for (int f = 0; f < families; f++) {
      Set<String> ids = clustersByFamily.get("f" + f);
      if (!Set.of("f" + f + "-0").equals(ids)) {
        throw new AssertionError("family f" + f + " should be cluster [f" + f + "-0], got " + ids);
      }
    }
  }

  private static void expect(String what, int expected, int actual) {
    if (expected != actual) {
      throw new AssertionError(what + ": expected " + expected + ", got " + actual);
    }
  }
}
