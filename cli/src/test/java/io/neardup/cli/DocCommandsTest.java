package io.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * Runs every {@code bin/neardup} command of the README and of {@code docs/cli.md}, {@code
 * docs/web.md} and {@code docs/methods.md}, in the order the page shows them, in-process, so that
 * the documentation and the tool cannot drift apart. Each page runs in a fresh directory holding
 * the files its commands name besides {@code samples/}; every output file a command names must
 * exist afterwards. A fenced block whose first line is {@code # not run by DocCommandsTest: REASON}
 * is left out (it fetches data or runs for minutes); any other command in a block of those pages is
 * an error, so a command cannot be added to them without being run.
 */
class DocCommandsTest {
  static final Path ROOT = SampleCorpusTest.SAMPLES.getParent().normalize();

  /** The marker of a block the test leaves out, followed by the reason. */
  static final String NOT_RUN = "# not run by DocCommandsTest:";

  /** Options whose value is a path: resolved against the page's directory, or the repository's. */
  private static final Set<String> PATH_OPTIONS =
      Set.of(
          "--input",
          "--pairs",
          "--clusters",
          "--index",
          "--truth",
          "--output",
          "--out",
          "--report",
          "--chart",
          "--keep-text",
          "--tmp-dir");

  /** Options that name a file or directory the command writes. */
  private static final Set<String> OUTPUT_OPTIONS =
      Set.of("--pairs", "--clusters", "--output", "--out", "--report", "--chart", "--keep-text");

  private static final Pattern BLOCK = Pattern.compile("```(?:bash|sh)\n(.*?)```", Pattern.DOTALL);

  @TempDir Path tmp;

  /** One command of a page, with the line it is on. */
  record Command(int line, List<String> words) {
    @Override
    public String toString() {
      return "line " + line + ": " + String.join(" ", words);
    }
  }

  /**
   * The {@code bin/neardup} commands of a page's {@code bash}/{@code sh} blocks, in order; with
   * {@code strict}, a block that holds any other command must be marked as not run.
   */
  static List<Command> commands(String page, boolean strict) {
    List<Command> commands = new ArrayList<>();
    Matcher block = BLOCK.matcher(page);
    while (block.find()) {
      String text = block.group(1);
      int firstLine = lineOf(page, block.start(1));
      String[] lines = text.split("\n", -1);
      if (lines[0].startsWith(NOT_RUN)) {
        assertFalse(
            lines[0].substring(NOT_RUN.length()).isBlank(),
            "line " + firstLine + ": a block left out must say why");
        continue;
      }
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i].strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        if (line.startsWith("bin/neardup ")) {
          commands.add(new Command(firstLine + i, shellWords(line)));
        } else if (strict) {
          fail(
              "line "
                  + (firstLine + i)
                  + ": ["
                  + line
                  + "] is not a bin/neardup command; run it in a test or mark its block with ["
                  + NOT_RUN
                  + " REASON]");
        }
      }
    }
    return commands;
  }

  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** The words of a shell line: single and double quotes group, an unquoted # starts a comment. */
  static List<String> shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else if (c == '#' && word == null) {
        break;
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    assertEquals(0, quote, "unbalanced quote in [" + line + "]");
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  @Test
  void shellWordsFollowTheShell() {
    assertEquals(
        List.of("bin/neardup", "search", "--query", "warehouse robot", "--x", "a b"),
        shellWords("bin/neardup search --query \"warehouse robot\" --x 'a b'   # comment"));
  }

  @Test
  void aCommandOutsideNeardupMustBeMarked() {
    String page = "```bash\nbin/neardup tune --threshold 0.8\ncurl -s localhost:9200\n```\n";
    AssertionError e =
        org.junit.jupiter.api.Assertions.assertThrows(
            AssertionError.class, () -> commands(page, true));
    assertTrue(e.getMessage().startsWith("line 3: [curl -s localhost:9200]"), e.getMessage());
    String marked = "```bash\n" + NOT_RUN + " it needs a node\ncurl -s localhost:9200\n```\n";
    assertEquals(List.of(), commands(marked, true));
  }

  /** Each page, whether every command of its blocks must be run, and how many it shows at least. */
  @ParameterizedTest
  @CsvSource({
    "README.md, false, 1",
    "docs/cli.md, true, 14",
    "docs/web.md, true, 8",
    "docs/methods.md, true, 4"
  })
  void everyCommandOfThePageRuns(String name, boolean strict, int atLeast) throws IOException {
    runPage(name, strict, atLeast);
  }

  private void runPage(String name, boolean strict, int atLeast) throws IOException {
    List<Command> commands = commands(Files.readString(ROOT.resolve(name)), strict);
    assertTrue(
        commands.size() >= atLeast,
        name + " shows " + commands.size() + " commands, expected at least " + atLeast);
    Path dir = Files.createDirectories(tmp.resolve(name.replace('/', '_')));
    writeInputs(dir);
    for (Command c : commands) {
      List<Object> args = new ArrayList<>();
      List<Path> outputs = new ArrayList<>();
      List<String> words = c.words();
      for (int i = 1; i < words.size(); i++) {
        String w = words.get(i);
        if (i > 1 && PATH_OPTIONS.contains(words.get(i - 1)) && !w.equals("-")) {
          Path p = w.startsWith("samples/") ? ROOT.resolve(w) : dir.resolve(w);
          args.add(p);
          if (OUTPUT_OPTIONS.contains(words.get(i - 1))) {
            outputs.add(p);
          }
        } else {
          args.add(w);
        }
      }
      Cli.Result r = Cli.run(args.toArray());
      assertEquals(0, r.exit(), name + " " + c + "\n" + r);
      for (Path out : outputs) {
        assertTrue(Files.exists(out), name + " " + c + ": " + out + " was not written\n" + r);
      }
    }
  }

  /**
   * The inputs the pages name besides {@code samples/}: the sample corpus cut in two, the sample
   * web pages as JSONL with HTML and as a WARC file, and as a directory with one article re-hosted
   * ({@code site}).
   */
  private static void writeInputs(Path dir) throws IOException {
    List<String> corpus = Files.readAllLines(SampleCorpusTest.SAMPLES.resolve("corpus.jsonl"));
    int half = corpus.size() / 2;
    Files.write(dir.resolve("january.jsonl"), corpus.subList(0, half));
    Files.write(dir.resolve("february.jsonl"), corpus.subList(half, corpus.size()));

    Path web = SampleCorpusTest.SAMPLES.resolve("web");
    List<Path> pages;
    try (Stream<Path> files = Files.walk(web)) {
      pages = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
    }
    JsonMapper json = new JsonMapper();
    List<String> lines = new ArrayList<>();
    try (WarcWriter warc =
        new WarcWriter(
            FileChannel.open(
                dir.resolve("crawl.warc.gz"),
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE),
            WarcCompression.GZIP)) {
      for (int i = 0; i < pages.size(); i++) {
        String path = web.relativize(pages.get(i)).toString().replace('\\', '/');
        String url = "https://docs.example.org/" + path;
        byte[] html = Files.readAllBytes(pages.get(i));
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("id", path);
        page.put("url", url);
        page.put("html", new String(html, StandardCharsets.UTF_8));
        page.put("published", String.format("2024-01-%02d", 1 + i % 28));
        page.put("inlinks", (i * 7) % 11);
        lines.add(json.writeValueAsString(page));
        warc.write(
            new WarcResponse.Builder(url)
                .date(Instant.parse("2024-05-01T10:00:00Z").plusSeconds(60L * i))
                .body(
                    new HttpResponse.Builder(200, "OK")
                        .body(MediaType.parse("text/html; charset=utf-8"), html)
                        .build())
                .build());
      }
    }
    Files.write(dir.resolve("pages.jsonl"), lines);
    io.neardup.testkit.WebSamples.site(dir.resolve("site"));
  }
}
