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
