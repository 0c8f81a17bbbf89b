package io.neardup.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
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
    CommandLine cmd = NearDupCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(strings);
    return new Result(exit, out.toString(), err.toString());
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
