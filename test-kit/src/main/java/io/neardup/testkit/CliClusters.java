package io.neardup.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
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

  /** The repository's {@code samples/} directory, from a module's directory or the root. */
  public static Path samples() {
    Path base = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    Path here = base.resolve("samples");
    return Files.isDirectory(here) ? here : base.resolve("../samples").normalize();
  }

  /** The CLI's clusters of the sample corpus at 0.8, exact verification (the defaults). */
  public static Set<Cluster> sampleAt08(Function<String, Map<String, Object>> json) {
    Set<Cluster> out = new HashSet<>();
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
