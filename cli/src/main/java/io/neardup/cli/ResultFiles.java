package io.neardup.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The result files: pairs as TSV ({@code id_a<TAB>id_b<TAB>similarity}, a header line, {@code id_a
 * < id_b}) and clusters as JSONL ({@code {"canonical": ID, "members": [IDs], "size": N}}). A path
 * of {@code -} means standard output.
 */
final class ResultFiles {
  /** Header line of a pairs file. */
  static final String PAIRS_HEADER = "id_a\tid_b\tsimilarity";

  /** The path meaning standard output. */
  static final String STDOUT = "-";

  private static final JsonMapper JSON = new JsonMapper();

  /**
   * One near-duplicate pair.
   *
   * @param a the lesser id
   * @param b the greater id
   * @param similarity estimated or exact Jaccard similarity
   */
  record Pair(String a, String b, double similarity) {
    /** A pair with its ids in order. */
    static Pair of(String x, String y, double similarity) {
      return x.compareTo(y) <= 0 ? new Pair(x, y, similarity) : new Pair(y, x, similarity);
    }

    /** Ordered by the first id, then the second. */
    static final Comparator<Pair> ORDER = Comparator.comparing(Pair::a).thenComparing(Pair::b);
  }

  /**
   * One cluster for output.
   *
   * @param canonical the canonical id
   * @param members every member's id, canonical included
   * @param urls each member's URL (null where unknown), for web pages; else null
   */
  record ClusterIds(String canonical, List<String> members, List<String> urls) {
    ClusterIds(String canonical, List<String> members) {
      this(canonical, members, null);
    }
  }

  private ResultFiles() {}

  /** Writes pairs, sorted by id, with the header line. */
  static void writePairs(Writer out, List<Pair> pairs) throws IOException {
    List<Pair> sorted = new ArrayList<>(pairs);
    sorted.sort(Pair.ORDER);
    out.write(PAIRS_HEADER);
    out.write('\n');
    for (Pair p : sorted) {
      out.write(p.a());
      out.write('\t');
      out.write(p.b());
      out.write('\t');
      out.write(formatSimilarity(p.similarity()));
      out.write('\n');
    }
  }

  /** Writes clusters, one JSON object per line. */
  static void writeClusters(Writer out, List<ClusterIds> clusters) throws IOException {
    for (ClusterIds c : clusters) {
      out.write(clusterLine(c));
      out.write('\n');
    }
  }

  /**
   * {@code {"canonical": "a", "members": ["a", "b"], "size": 2}}, and for web pages {@code "urls":
   * ["https://...", ...]}, the members' URLs in the members' order.
   */
  static String clusterLine(ClusterIds c) {
    StringBuilder sb = new StringBuilder("{\"canonical\": ").append(json(c.canonical()));
    sb.append(", \"members\": [");
    for (int i = 0; i < c.members().size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(json(c.members().get(i)));
    }
    sb.append("], \"size\": ").append(c.members().size());
    if (c.urls() != null) {
      sb.append(", \"urls\": [");
      for (int i = 0; i < c.urls().size(); i++) {
        String url = c.urls().get(i);
        sb.append(i == 0 ? "" : ", ").append(url == null ? "null" : json(url));
      }
      sb.append(']');
    }
    return sb.append('}').toString();
  }

  /** A similarity with six decimals. */
  static String formatSimilarity(double s) {
    return String.format(Locale.ROOT, "%.6f", s);
  }

  private static String json(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes to a file, or to {@code stdout} for {@value #STDOUT}. */
  static void write(String target, PrintWriter stdout, Output output) throws IOException {
    if (STDOUT.equals(target)) {
      output.writeTo(stdout);
      stdout.flush();
      return;
    }
    Path path = Path.of(target);
    if (path.getParent() != null) {
      Files.createDirectories(path.getParent());
    }
    try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      output.writeTo(w);
    }
  }

  /**
   * Why a result file cannot be written at {@code target}, found before the work that produces it;
   * missing parent directories are fine, {@link #write} creates them.
   *
   * @return the rule broken, for {@code Invalid value for option '--pairs': ...}, or null
   */
  static String unwritable(Path target) {
    Path path = target.toAbsolutePath().normalize();
    if (Files.isDirectory(path)) {
      return "must be a file, got the directory [" + target + "]";
    }
    if (Files.exists(path)) {
      return Files.isWritable(path)
          ? null
          : "must be a writable file, got [" + target + "], which is not writable";
    }
    Path dir = path.getParent();
    // a path below a regular file does not exist either: the walk stops at that file
    while (dir != null && !Files.exists(dir)) {
      dir = dir.getParent();
    }
    if (dir == null) {
      return null;
    }
    if (!Files.isDirectory(dir)) {
      return "must be in a directory, got [" + target + "], but [" + dir + "] is a file";
    }
    if (!Files.isWritable(dir)) {
      return "must be in a writable directory, got ["
          + target
          + "], but ["
          + dir
          + "] is not writable";
    }
    return null;
  }

  /**
   * Whether two paths name the same file, whether or not it exists yet: the same real path (links
   * resolved as far as the file exists), or the same file by {@link Files#isSameFile} (hard links).
   */
  static boolean sameFile(Path a, Path b) {
    if (realPath(a).equals(realPath(b))) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  private static Path realPath(Path p) {
    Path path = p.toAbsolutePath().normalize();
    Path existing = path;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return path;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(path));
    } catch (IOException e) {
      return path;
    }
  }

  /** Something to write. */
  @FunctionalInterface
  interface Output {
    void writeTo(Writer out) throws IOException;
  }

  /**
   * Reads a pairs file: three tab-separated columns per line, the first line a header if its third
   * column is not a number. Ids are put in order.
   *
   * @throws CliFailure naming the file and line of the first bad line
   */
  static List<Pair> readPairs(Path file) throws IOException {
    List<Pair> pairs = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      long number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        String[] cols = line.split("\t", -1);
        if (cols.length != 3) {
          throw new CliFailure(
              file
                  + ":"
                  + number
                  + ": expected 3 tab-separated columns (id_a, id_b, similarity), got "
                  + cols.length);
        }
        double s;
        try {
          s = Double.parseDouble(cols[2].trim());
        } catch (NumberFormatException e) {
          if (number == 1) {
            continue; // the header
          }
          throw new CliFailure(
              file + ":" + number + ": similarity must be a number, got [" + cols[2] + "]");
        }
        if (!(s >= 0 && s <= 1)) {
          throw new CliFailure(
              file + ":" + number + ": similarity must be in [0, 1], got [" + cols[2] + "]");
        }
        pairs.add(Pair.of(cols[0], cols[1], s));
      }
    }
    return pairs;
  }
}
