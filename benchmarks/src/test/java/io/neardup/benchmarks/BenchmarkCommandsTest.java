package io.neardup.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The commands of {@code docs/performance.md} and {@code benchmarks/README.md} exist and take the
 * options they are shown with, without running a benchmark (those take minutes to hours and need a
 * quiet machine): every script a {@code ```sh}/{@code ```bash} line starts ({@code
 * benchmarks/*.sh}, {@code bin/*}, after environment assignments and {@code /usr/bin/time -v}) is
 * executable and is run with the line's arguments and {@code --help} appended, which must exit 0
 * after the script's own option parser has read the arguments (an unknown option fails there) and
 * print a help that names every {@code --option} of the line. {@code bin/neardup}, which would
 * build the CLI first, is checked against the CLI's sources instead (each option is a declared
 * picocli name); a {@code ./mvnw} line's modules and test class must exist; a {@code java -cp ...
 * CLASS} line's class must load; a script named in a comment must exist and be executable.
 */
class BenchmarkCommandsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final List<String> PAGES = List.of("docs/performance.md", "benchmarks/README.md");
  private static final Pattern BLOCK = Pattern.compile("```(?:sh|bash)\n(.*?)```", Pattern.DOTALL);
  private static final Pattern SCRIPT =
      Pattern.compile("(?:benchmarks/[\\w.-]+\\.sh|bin/[\\w.-]+)");

  /** Programs of the system a page shows for setting up (fetching a corpus, reading the JDK). */
  private static final java.util.Set<String> PLAIN = java.util.Set.of(".", "cat", "git");

  private static final Pattern OPTION = Pattern.compile("(?:^|(?<=[\\s\\[]))--[a-z][a-z0-9-]*");

  /** One line of a page's shell blocks, without its trailing comment. */
  record Line(String page, int number, String text) {
    @Override
    public String toString() {
      return page + ":" + number + ": " + text;
    }
  }

  @Test
  void everyCommandShownExistsAndTakesItsOptions() throws Exception {
    int scripts = 0;
    for (Line line : lines()) {
      String text = line.text();
      if (text.startsWith("#")) {
        Matcher named = SCRIPT.matcher(text);
        while (named.find()) {
          assertExecutable(line, named.group());
        }
        continue;
      }
      // drop environment assignments and a timing prefix: what remains starts with the program
      String command =
          text.replaceFirst("^(?:[A-Z_]+=(?:\"[^\"]*\"|\\S+)\\s+)*", "")
              .replaceFirst("^/usr/bin/time -v\\s+", "");
      String program = command.split("\\s+", 2)[0];
      if (program.equals("bin/neardup")) {
        assertExecutable(line, program);
        assertCliOptions(line, command);
      } else if (SCRIPT.matcher(program).matches()) {
        assertExecutable(line, program);
        assertHelpNamesOptions(line, text.replace("[", "").replace("]", ""), command);
        scripts++;
      } else if (program.equals("./mvnw")) {
        assertMavenLine(line, command);
      } else if (command.contains(" -cp ")) {
        String main = command.replaceFirst("^.* -cp \\S+\\s+(\\S+).*$", "$1");
        Class.forName(main);
      } else if (!PLAIN.contains(program)) {
        fail(line + ": a command this test does not know how to check: " + program);
      }
    }
    assertTrue(scripts >= 40, "script lines checked: " + scripts);
  }

  private static List<Line> lines() throws IOException {
    List<Line> lines = new ArrayList<>();
    for (String page : PAGES) {
      String text = Files.readString(ROOT.resolve(page));
      Matcher block = BLOCK.matcher(text);
      while (block.find()) {
        int first =
            (int) text.substring(0, block.start(1)).chars().filter(c -> c == '\n').count() + 1;
        // a line ending in a backslash goes on on the next one (kept as an empty line: numbers stay
        // right)
        String[] blockLines = block.group(1).replaceAll("\\\\\n\\s*(.*)", "$1\n").split("\n");
        for (int i = 0; i < blockLines.length; i++) {
          String l = blockLines[i].strip();
          if (!l.isEmpty()) {
            // a trailing comment: a '#' after a space and before one (or the line's end)
            lines.add(
                new Line(
                    page, first + i, l.startsWith("#") ? l : l.replaceFirst("\\s+#(\\s.*)?$", "")));
          }
        }
      }
    }
    assertTrue(lines.size() > 40, "lines read: " + lines.size());
    return lines;
  }

  private static void assertExecutable(Line line, String script) {
    Path path = ROOT.resolve(script);
    assertTrue(
        Files.isRegularFile(path) && Files.isExecutable(path),
        line + ": " + script + " is no executable file");
  }

  /** Runs the line (environment assignments included) with {@code --help} appended. */
  private static void assertHelpNamesOptions(Line line, String text, String command)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("help", ".txt");
    Process p =
        new ProcessBuilder("bash", "-c", text + " --help")
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    p.getOutputStream().close();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      // --help did not stop it: the script ran (a benchmark); stop it and its children
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      fail(line + ": --help did not return within 60 s");
    }
    String out = Files.readString(output);
    Files.delete(output);
    assertEquals(0, p.exitValue(), line + ": with --help appended, got\n" + out);
    Matcher option = OPTION.matcher(command);
    while (option.find()) {
      assertTrue(
          out.contains(option.group()),
          line + ": the help does not name " + option.group() + ":\n" + out);
    }
  }

  /** {@code bin/neardup SUBCOMMAND --options}: each option is a name the CLI's sources declare. */
  private static void assertCliOptions(Line line, String command) throws IOException {
    StringBuilder sources = new StringBuilder();
    try (Stream<Path> files = Files.walk(ROOT.resolve("cli/src/main/java"))) {
      for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        sources.append(Files.readString(f));
      }
    }
    String subcommand = command.split("\\s+")[1];
    assertTrue(
        sources.toString().contains("name = \"" + subcommand + "\""),
        line + ": no command " + subcommand);
    Matcher option = OPTION.matcher(command);
    while (option.find()) {
      assertTrue(
          sources.toString().contains("\"" + option.group() + "\""),
          line + ": the CLI declares no option " + option.group());
    }
  }

  /**
   * {@code ./mvnw ... -pl A,B -Dtest=C}: the modules exist and one of them holds the test class.
   */
  private static void assertMavenLine(Line line, String command) throws IOException {
    Matcher modules = Pattern.compile("-pl (\\S+)").matcher(command);
    assertTrue(modules.find(), line + ": no -pl");
    List<Path> dirs = new ArrayList<>();
    for (String module : modules.group(1).split(",")) {
      Path dir = ROOT.resolve(module);
      assertTrue(Files.isRegularFile(dir.resolve("pom.xml")), line + ": no module " + module);
      dirs.add(dir);
    }
    Matcher test = Pattern.compile("-Dtest=(\\w+)").matcher(command);
    if (test.find()) {
      boolean found = false;
      for (Path dir : dirs) {
        try (Stream<Path> files = Files.walk(dir.resolve("src/test/java"))) {
          found |= files.anyMatch(f -> f.getFileName().toString().equals(test.group(1) + ".java"));
        }
      }
      assertTrue(found, line + ": no test class " + test.group(1));
    }
  }
}
