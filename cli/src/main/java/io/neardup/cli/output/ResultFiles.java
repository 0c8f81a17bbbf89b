package io.neardup.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The result files: pairs as TSV ({@code id_a<TAB>id_b<TAB>similarity}, a header line, {@code id_a
 * < id_b}) and clusters as JSONL ({@code {"canonical": ID, "members": [IDs], "size": N}}). A path
 * of {@code -} means standard output.
 */
public final class ResultFiles {
  /** Header line of a pairs file. */
  public static final String PAIRS_HEADER = "id_a\tid_b\tsimilarity";

  /** The path meaning standard output. */
  public static final String STDOUT = "-";

  /**
   * Reads clusters files. In a holder: making a mapper loads much of Jackson's data binding, which
   * writing, the main job's only use of JSON here, does not need.
   */
  private static final class Reading {
    static final JsonMapper JSON = new JsonMapper();
  }

  /**
   * One near-duplicate pair.
   *
   * @param a the lesser id
   * @param b the greater id
   * @param similarity estimated or exact Jaccard similarity
   */
  public record Pair(String a, String b, double similarity) {
    /** A pair with its ids in order. */
    public static Pair of(String x, String y, double similarity) {
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
  public record ClusterIds(String canonical, List<String> members, List<String> urls) {
    public ClusterIds(String canonical, List<String> members) {
      this(canonical, members, null);
    }
  }

  private ResultFiles() {}

  /** Writes pairs, sorted by id, with the header line. */
  public static void writePairs(Writer out, List<Pair> pairs) throws IOException {
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
  public static void writeClusters(Writer out, List<ClusterIds> clusters) throws IOException {
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
  public static String formatSimilarity(double s) {
    return String.format(Locale.ROOT, "%.6f", s);
  }

  /** A JSON string literal, escaped as Jackson's generators escape it. */
  static String json(String s) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
  }

  /** Writes to a file ({@link #writeFile}), or to {@code stdout} for {@value #STDOUT}. */
  public static void write(String target, PrintWriter stdout, Output output) throws IOException {
    if (STDOUT.equals(target)) {
      output.writeTo(stdout);
      stdout.flush();
      return;
    }
    writeFile(Path.of(target), output);
  }

  /** {@link #writeBytes} of UTF-8 text. */
  public static void writeFile(Path path, Output output) {
    writeBytes(
        path,
        out -> {
          Writer w =
              new java.io.BufferedWriter(
                  new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
          output.writeTo(w);
          w.flush();
        });
  }

  /**
   * Writes a result file whole or not at all: into a hidden file beside it, renamed over it once
   * written, so that a full disk or a killed run leaves the previous file (or none), never a
   * truncated one. A device or pipe (an existing file that is not a regular one, such as {@code
   * /dev/stdout}) is written as it is. Parent directories are created.
   *
   * @throws CliFailure naming the file, for any I/O error
   */
  public static void writeBytes(Path path, BytesOutput output) {
    Path temporary = null;
    try {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      if (Files.exists(path) && !Files.isRegularFile(path)) {
        try (OutputStream out = Files.newOutputStream(path)) {
          output.writeTo(out);
        }
        return;
      }
      temporary =
          path.resolveSibling(
              "." + path.getFileName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
      try (OutputStream out =
          Files.newOutputStream(
              temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        output.writeTo(out);
      }
      Files.move(
          temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      temporary = null;
    } catch (IOException e) {
      throw new CliFailure("cannot write " + path + ": " + reason(e), e);
    } finally {
      if (temporary != null) {
        try {
          Files.deleteIfExists(temporary);
        } catch (IOException e) {
          // the failure above is what the user needs to hear of
        }
      }
    }
  }

  /** An I/O error's reason without the path it may start with (the message names the file). */
  static String reason(IOException e) {
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  /**
   * Why a result file cannot be written at {@code target}, found before the work that produces it;
   * missing parent directories are fine, {@link #write} creates them.
   *
   * @return the rule broken, for {@code Invalid value for option '--pairs': ...}, or null
   */
  public static String unwritable(Path target) {
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
  public static boolean sameFile(Path a, Path b) {
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
  public interface Output {
    void writeTo(Writer out) throws IOException;
  }

  /** Something to write as bytes. */
  @FunctionalInterface
  public interface BytesOutput {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * A pairs file as read: each pair once, ids in order, and what was left out of it.
   *
   * @param pairs the pairs used
   * @param selfPairs lines that pair an id with itself
   * @param repeated lines that repeat a pair already read (in either order)
   */
  public record PairsFile(List<Pair> pairs, long selfPairs, long repeated) {
    /** What was left out, for the user, or null if nothing. */
    public String note(Path file) {
      if (selfPairs == 0 && repeated == 0) {
        return null;
      }
      List<String> what = new ArrayList<>();
      if (selfPairs > 0) {
        what.add(
            selfPairs + (selfPairs == 1 ? " line pairs" : " lines pair") + " an id with itself");
      }
      if (repeated > 0) {
        what.add(
            repeated
                + (repeated == 1 ? " line repeats" : " lines repeat")
                + " a pair (in any order)");
      }
      return "warning: "
          + file
          + ": "
          + String.join(", ", what)
          + ": left out; "
          + pairs.size()
          + " pairs are used";
    }
  }

  /**
   * Reads a clusters file as {@link #writeClusters} writes it: one JSON object per line with the
   * member ids in {@code members} (blank lines skipped); the canonical is {@code canonical}, else
   * the first member.
   *
   * @param ids the ids of the documents clustered
   * @throws CliFailure naming the file and line of a line that is not such an object, of a member
   *     not in {@code ids} or of one already in an earlier cluster
   */
  public static List<ClusterIds> readClusters(Path file, java.util.Set<String> ids)
      throws IOException {
    List<ClusterIds> clusters = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    long number = 0;
    try (java.io.BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line; (line = in.readLine()) != null; ) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        JsonNode members;
        JsonNode canonical;
        try {
          JsonNode c = Reading.JSON.readTree(line);
          members = c.path("members");
          canonical = c.path("canonical");
        } catch (JsonProcessingException e) {
          members = null;
          canonical = null;
        }
        if (members == null || !members.isArray() || members.isEmpty()) {
          throw new CliFailure(
              file
                  + ":"
                  + number
                  + ": a clusters file has one JSON object per line with the member ids in"
                  + " \"members\", e.g. {\"canonical\": \"a\", \"members\": [\"a\", \"b\"]}");
        }
        List<String> list = new ArrayList<>(members.size());
        for (JsonNode m : members) {
          String id = m.asText();
          if (!ids.contains(id)) {
            throw new CliFailure(
                file + ":" + number + ": member [" + id + "] is not a document of the input");
          }
          if (!seen.add(id)) {
            throw new CliFailure(
                file + ":" + number + ": member [" + id + "] is in an earlier cluster too");
          }
          list.add(id);
        }
        clusters.add(
            new ClusterIds(canonical.isTextual() ? canonical.asText() : list.get(0), list));
      }
    }
    return clusters;
  }

  /** {@link #readPairsFile}'s pairs. */
  public static List<Pair> readPairs(Path file) throws IOException {
    return readPairsFile(file).pairs();
  }

  /**
   * Reads a pairs file: three tab-separated columns per line, the first line a header if its third
   * column is not a number. Ids are put in order; a pair of an id with itself and a pair read
   * before are left out and counted.
   *
   * @throws CliFailure naming the file and line of the first bad line, or of bytes that are not
   *     UTF-8 (a binary file)
   */
  public static PairsFile readPairsFile(Path file) throws IOException {
    List<Pair> pairs = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    long selfPairs = 0;
    long repeated = 0;
    java.nio.charset.CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      long number = 0;
      for (int b = 0; b >= 0; ) {
        bytes.reset();
        while ((b = in.read()) >= 0 && b != '\n') {
          bytes.write(b);
        }
        if (b < 0 && bytes.size() == 0) {
          break;
        }
        number++;
        String line;
        try {
          line = utf8.decode(java.nio.ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
          throw new CliFailure(
              file
                  + ":"
                  + number
                  + ": a pairs file must be UTF-8 text (id_a<TAB>id_b<TAB>similarity per line),"
                  + " got bytes that are not UTF-8: is it the right file?");
        }
        if (line.endsWith("\r")) {
          line = line.substring(0, line.length() - 1);
        }
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
        if (cols[0].equals(cols[1])) {
          selfPairs++;
          continue;
        }
        Pair pair = Pair.of(cols[0], cols[1], s);
        if (!seen.add(pair.a() + '\t' + pair.b())) {
          repeated++;
          continue;
        }
        pairs.add(pair);
      }
    }
    return new PairsFile(pairs, selfPairs, repeated);
  }
}
