package io.neardup.testkit;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The curl walkthrough of a plugin README, as a script both engines' tests run against a real node
 * over HTTP, so that the READMEs and the plugins cannot drift apart. Engine-free: plain JDK HTTP.
 *
 * <p>The walkthrough is the README's {@code ## Walkthrough with curl} section; in its {@code ```sh}
 * blocks every command follows a line {@code # expect <status> <fragment>}: the command must answer
 * that HTTP status with a body containing the fragment. Commands are {@code curl} with {@code -s},
 * {@code -X}, {@code -H}, {@code -d}/{@code --data-binary} and one URL on {@code localhost:9200};
 * single-quoted words may span lines.
 *
 * <pre>{@code
 * List<Command> commands = CurlWalkthrough.parse(Files.readString(Path.of("README.md")));
 * CurlWalkthrough.run(commands, "http://127.0.0.1:" + port);
 * }</pre>
 */
public final class CurlWalkthrough {
  /** The section of the README that holds the walkthrough. */
  public static final String SECTION = "## Walkthrough with curl";

  /** The address the README's commands name, replaced by the test node's. */
  public static final String README_ADDRESS = "http://localhost:9200";

  private static final Pattern EXPECT = Pattern.compile("^# expect (\\d{3}) (.+)$");
  private static final Pattern BLOCK = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL);

  private CurlWalkthrough() {}

  /** One command of the walkthrough and what it must answer. */
  public record Command(
      int status,
      String fragment,
      String method,
      String url,
      Map<String, String> headers,
      String body) {}

  /**
   * The commands of the README's walkthrough section, in order.
   *
   * @throws IllegalArgumentException if the README has no such section or a command is malformed
   */
  public static List<Command> parse(String readme) {
    int start = readme.indexOf(SECTION);
    if (start < 0) {
      throw new IllegalArgumentException("the README has no section [" + SECTION + "]");
    }
    int end = readme.indexOf("\n## ", start + 1);
    String section = readme.substring(start, end < 0 ? readme.length() : end);
    List<Command> commands = new ArrayList<>();
    Matcher block = BLOCK.matcher(section);
    while (block.find()) {
      String text = block.group(1);
      int pos = 0;
      while (pos < text.length()) {
        int eol = text.indexOf('\n', pos);
        String line = text.substring(pos, eol < 0 ? text.length() : eol);
        Matcher expect = EXPECT.matcher(line);
        if (!expect.matches() || eol < 0) {
          pos = eol < 0 ? text.length() : eol + 1;
          continue;
        }
        int[] next = new int[1];
        List<String> words = shellWords(text, eol + 1, next);
        commands.add(command(Integer.parseInt(expect.group(1)), expect.group(2), words));
        pos = next[0];
      }
    }
    return commands;
  }

  /**
   * Runs the commands in order against {@code baseUrl} (e.g. {@code http://127.0.0.1:9400}).
   *
   * @throws AssertionError at the first command whose status or body differs from its expectation,
   *     naming the command and quoting the response
   */
  public static void run(List<Command> commands, String baseUrl)
      throws IOException, InterruptedException {
    try (HttpClient client =
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
      for (Command c : commands) {
        HttpRequest.Builder request =
            HttpRequest.newBuilder(URI.create(c.url().replace(README_ADDRESS, baseUrl)))
                .timeout(Duration.ofSeconds(60))
                .method(
                    c.method(),
                    c.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(c.body(), StandardCharsets.UTF_8));
        c.headers().forEach(request::header);
        HttpResponse<String> response =
            client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != c.status() || !response.body().contains(c.fragment())) {
          throw new AssertionError(
              c.method()
                  + " "
                  + c.url()
                  + ": expected "
                  + c.status()
                  + " with ["
                  + c.fragment()
                  + "], got "
                  + response.statusCode()
                  + " "
                  + response.body());
        }
      }
    }
  }

  /**
   * Splits one shell command starting at {@code from} into words: single-quoted strings may span
   * lines; the command ends at a newline outside quotes. {@code end[0]} receives where it ended.
   */
  static List<String> shellWords(String text, int from, int[] end) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    int i = from;
    for (; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '\'') {
        int close = text.indexOf('\'', i + 1);
        if (close < 0) {
          throw new IllegalArgumentException("unbalanced quote in the README after: " + words);
        }
        word = word == null ? new StringBuilder() : word;
        word.append(text, i + 1, close);
        i = close;
      } else if (ch == '\n' || ch == ' ') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        if (ch == '\n') {
          break;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(ch);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    end[0] = i + 1;
    return words;
  }

  private static Command command(int status, String fragment, List<String> words) {
    if (words.isEmpty() || !words.get(0).equals("curl")) {
      throw new IllegalArgumentException("a curl command must follow an expect line, got " + words);
    }
    String method = "GET";
    String url = null;
    String body = null;
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < words.size(); i++) {
      switch (words.get(i)) {
        case "-s" -> {}
        case "-X" -> method = words.get(++i);
        case "-H" -> {
          String[] h = words.get(++i).split(":\\s*", 2);
          headers.put(h[0], h[1]);
        }
        case "-d", "--data-binary" -> body = words.get(++i);
        default -> {
          if (url != null) {
            throw new IllegalArgumentException("one URL per command, got " + words);
          }
          url = words.get(i).startsWith("http") ? words.get(i) : "http://" + words.get(i);
        }
      }
    }
    if (url == null) {
      throw new IllegalArgumentException("no URL in " + words);
    }
    return new Command(status, fragment, method, url, headers, body);
  }
}
