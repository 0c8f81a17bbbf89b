package io.neardup.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.cli.output.ResultFiles;
import io.neardup.testkit.SampleCorpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs the tool in-process with its output captured, and reads its result files. */
final class Cli {
  private static final JsonMapper JSON = new JsonMapper();

  /**
   * What a run did.
   *
   * @param exit the exit code
   * @param out standard output
   * @param err standard error
   */
  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }

  private Cli() {}

  static Result run(Object... args) {
    String[] strings = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      strings[i] = String.valueOf(args[i]);
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = NearDupCli.commandLine(strings);
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(strings);
    return new Result(exit, out.toString(), err.toString());
  }

  /**
   * Runs the tool in a JVM of its own with a heap of {@code heap} (e.g. {@code "64m"}), as {@code
   * NEARDUP_JAVA_OPTS=-Xmx64m bin/neardup} does: for what depends on the heap.
   */
  static Result runWithHeap(String heap, Object... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(NearDupCli.class.getName());
    for (Object a : args) {
      command.add(String.valueOf(a));
    }
    Path dir = Files.createTempDirectory("neardup-cli");
    try {
      Path out = dir.resolve("out");
      Path err = dir.resolve("err");
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      int exit = p.waitFor();
      return new Result(exit, Files.readString(out), Files.readString(err));
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          Files.delete(f);
        }
      }
      Files.delete(dir);
    }
  }

  static void writeCorpus(Path file, List<SampleCorpus.Doc> docs) throws IOException {
    Files.writeString(file, SampleCorpus.toJsonl(docs), StandardCharsets.UTF_8);
  }

  static List<ResultFiles.Pair> pairs(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(ResultFiles.PAIRS_HEADER)) {
      throw new AssertionError("no header line in " + file + ": " + lines);
    }
    return ResultFiles.readPairs(file);
  }

  static List<JsonNode> clusters(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  static List<String> members(JsonNode cluster) {
    List<String> out = new ArrayList<>();
    cluster.get("members").forEach(m -> out.add(m.asText()));
    return out;
  }
}
