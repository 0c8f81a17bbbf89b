package io.neardup.elasticsearch;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.elasticsearch.common.transport.TransportAddress;
import org.elasticsearch.http.HttpServerTransport;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.test.ESIntegTestCase;
import org.elasticsearch.transport.netty4.Netty4Plugin;

/**
 * The curl walkthrough of {@code plugin/README.md}, run command by command against a real node over
 * real HTTP (Netty4): each command's status and a fragment of its response must match the {@code #
 * expect <status> <fragment>} line above it. The README and this test cannot drift apart.
 */
@ESIntegTestCase.ClusterScope(
    scope = ESIntegTestCase.Scope.SUITE,
    numDataNodes = 1,
    numClientNodes = 0,
    supportsDedicatedMasters = false)
public class NearDupRestWalkthroughTests extends ESIntegTestCase {

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(NearDupPlugin.class, Netty4Plugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  /** One command of the walkthrough and what it must answer. */
  record Command(
      int status,
      String fragment,
      String method,
      String url,
      Map<String, String> headers,
      String body) {}

  public void testTheReadmeWalkthrough() throws Exception {
    List<Command> commands = parse(Files.readString(Path.of("README.md")));
    assertThat(commands.size(), greaterThanOrEqualTo(8));
    TransportAddress address =
        internalCluster().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
    String base = "http://" + address.getAddress() + ":" + address.getPort();
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    try {
      for (Command c : commands) {
        HttpRequest.Builder request =
            HttpRequest.newBuilder(URI.create(c.url().replace("http://localhost:9200", base)))
                .timeout(Duration.ofSeconds(60))
                .method(
                    c.method(),
                    c.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(c.body(), StandardCharsets.UTF_8));
        c.headers().forEach(request::header);
        HttpResponse<String> response =
            client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String what = c.method() + " " + c.url() + " answered " + response.body();
        assertThat(what, response.statusCode(), equalTo(c.status()));
        assertThat(what, response.body(), containsString(c.fragment()));
      }
    } finally {
      client.close();
    }
  }

  private static final Pattern EXPECT = Pattern.compile("^# expect (\\d{3}) (.+)$");

  /** The commands of the README's "Walkthrough with curl" section, in order. */
  static List<Command> parse(String readme) {
    int start = readme.indexOf("## Walkthrough with curl");
    assertTrue("README has a walkthrough section", start >= 0);
    int end = readme.indexOf("\n## ", start + 1);
    String section = readme.substring(start, end < 0 ? readme.length() : end);
    List<Command> commands = new ArrayList<>();
    Matcher block = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (block.find()) {
      String text = block.group(1);
      int pos = 0;
      while (pos < text.length()) {
        int eol = text.indexOf('\n', pos);
        String line = text.substring(pos, eol < 0 ? text.length() : eol);
        Matcher expect = EXPECT.matcher(line);
        if (!expect.matches()) {
          pos = eol < 0 ? text.length() : eol + 1;
          continue;
        }
        int commandStart = eol + 1;
        int[] next = new int[1];
        List<String> words = shellWords(text, commandStart, next);
        commands.add(command(Integer.parseInt(expect.group(1)), expect.group(2), words));
        pos = next[0];
      }
    }
    return commands;
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
        assertTrue("unbalanced quote in the README", close > i);
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
    assertThat(words.get(0), equalTo("curl"));
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
          assertNull("one URL per command: " + words, url);
          url = words.get(i).startsWith("http") ? words.get(i) : "http://" + words.get(i);
        }
      }
    }
    assertNotNull("a URL in " + words, url);
    return new Command(status, fragment, method, url, headers, body);
  }

  public void testTheParserReadsQuotedMultiLineBodies() throws IOException {
    List<Command> commands =
        parse(
            "## Walkthrough with curl\n```sh\n# expect 201 \"created\"\ncurl -s -X PUT"
                + " 'localhost:9200/a/_doc/1' -H 'Content-Type: application/json' -d '\n{\"x\":"
                + " 1}'\n\n# expect 200 ok\ncurl -s 'localhost:9200/a/_count'\n```\n## Next\n");
    assertThat(commands.size(), equalTo(2));
    assertThat(
        commands.get(0),
        equalTo(
            new Command(
                201,
                "\"created\"",
                "PUT",
                "http://localhost:9200/a/_doc/1",
                Map.of("Content-Type", "application/json"),
                "\n{\"x\": 1}")));
    assertThat(commands.get(1).method(), equalTo("GET"));
    assertNull(commands.get(1).body());
  }
}
