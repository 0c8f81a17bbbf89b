package io.neardup.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The clusters a {@code neardup dedup --clusters} file lists: the reference other runtimes (the
 * engines' clusters API, the Spark job) are compared with. {@code samples/cli/} holds the CLI's
 * files for {@code samples/corpus.jsonl}. Lines are parsed by the caller's JSON reader (the
 * engines' tests have their own and no other on their class path).
 */
public final class CliClusters {
  private CliClusters() {}

  /**
   * A cluster: its canonical and its members, sorted.
   *
   * @param canonical the canonical member's id
   * @param members every member's id, the canonical included, in ascending order
   */
  public record Cluster(String canonical, List<String> members) {
    public Cluster {
      members = members.stream().sorted().toList();
    }
  }

  /**
   * The mapping of an engine index of the sample corpus that reconcile can write to: {@code body}
   * with its {@code body.dup} neardup field, and the default cluster and canonical fields.
   */
  public static final String RECONCILED_MAPPING =
      "{\"properties\": {\"neardup_cluster\": {\"type\": \"keyword\"}, \"neardup_canonical\":"
          + " {\"type\": \"boolean\"}, \"body\": {\"type\": \"text\", \"fields\": {\"dup\":"
          + " {\"type\": \"neardup\"}}}}}";

  /** The repository's {@code samples/} directory, from a module's directory or the root. */
  public static Path samples() {
    Path base = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    Path here = base.resolve("samples");
    return Files.isDirectory(here) ? here : base.resolve("../samples").normalize();
  }

  /** The CLI's clusters of the sample corpus at 0.8, exact verification (the defaults). */
  public static Set<Cluster> sampleAt08(Function<String, Map<String, Object>> json) {
    return new HashSet<>(sampleAt08Listed(json));
  }

  /**
   * The CLI's clusters of the sample corpus at 0.8 with the default canonical (the first member),
   * in the order the file lists them: the one cluster order of every surface, by first member in
   * input order (an engine's index order, for an index of one shard written in input order).
   */
  public static List<Cluster> sampleAt08Listed(Function<String, Map<String, Object>> json) {
    List<Cluster> out = new ArrayList<>();
    for (Map<String, Object> line :
        jsonLines(samples().resolve("cli/sample-0.8.clusters.jsonl"), json)) {
      List<String> members = new ArrayList<>();
      for (Object m : (List<?>) line.get("members")) {
        members.add(m.toString());
      }
      out.add(new Cluster(line.get("canonical").toString(), members));
    }
    return out;
  }

  /**
   * The clusters of two or more that a stored assignment describes (each document's cluster id and
   * canonical flag, as an engine's reconcile writes them), listed by their first member in {@code
   * order}.
   *
   * @param order every document's id in collection order
   * @param clusterOf each document's cluster id
   * @param canonical the ids of the documents flagged canonical
   * @throws AssertionError if a cluster has not exactly one canonical, or is not named after it
   */
  public static List<Cluster> fromAssignments(
      List<String> order, Map<String, String> clusterOf, Set<String> canonical) {
    Map<String, List<String>> members = new LinkedHashMap<>();
    for (String id : order) {
      String cluster = clusterOf.get(id);
      if (cluster == null) {
        throw new AssertionError("document [" + id + "] has no cluster id");
      }
      members.computeIfAbsent(cluster, c -> new ArrayList<>()).add(id);
    }
    List<Cluster> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : members.entrySet()) {
      List<String> flagged = e.getValue().stream().filter(canonical::contains).toList();
      if (flagged.size() != 1 || !flagged.get(0).equals(e.getKey())) {
        throw new AssertionError(
            "cluster [" + e.getKey() + "] of " + e.getValue() + " has canonicals " + flagged);
      }
      if (e.getValue().size() > 1) {
        out.add(new Cluster(flagged.get(0), e.getValue()));
      }
    }
    return out;
  }

  /** The objects of a JSON lines file, in order. */
  public static List<Map<String, Object>> jsonLines(
      Path file, Function<String, Map<String, Object>> json) {
    List<Map<String, Object>> out = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          out.add(json.apply(line));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
