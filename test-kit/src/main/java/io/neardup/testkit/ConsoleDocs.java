package io.neardup.testkit;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request examples of a documentation page in the console form ({@code METHOD path} and an
 * optional JSON body, as in Kibana's and OpenSearch Dashboards' consoles), run in page order
 * against a real node over HTTP, so that the page and the engines cannot drift apart. Engine-free:
 * plain JDK HTTP; the sibling of {@link CurlWalkthrough}.
 *
 * <p>Every {@code ```json} block of the page is an example. A block whose first line is {@code
 * METHOD path} holds one or more requests, each a method line (a trailing {@code # comment} is
 * ignored) followed by its body up to the next method line; each must answer 2xx. Any other block
 * (a response, a fragment) must say what it is in a directive: an HTML comment starting {@code <!--
 * test} right above the block, invisible on the rendered page, with one directive per line:
 *
 * <ul>
 *   <li>{@code skip: REASON} — the block is not run (an excerpt that is no request);
 *   <li>{@code only elasticsearch} or {@code only opensearch} — the other engine skips the block;
 *   <li>{@code setup NAME} — first run the named setup the test supplies (e.g. the plugin README's
 *       articles);
 *   <li>console requests (a method line and its body) — hidden setup, run before the block;
 *   <li>{@code stash FIELD as PLACEHOLDER} — the last hidden request's top-level {@code FIELD}
 *       replaces {@code PLACEHOLDER} in every later request (a clustering run's id);
 *   <li>{@code body of METHOD path [TEMPLATE]} — each JSON value of the block is the body of that
 *       request, or replaces {@code $} in {@code TEMPLATE} (query fragments);
 *   <li>{@code expect STATUS} — the block's requests must answer this status instead of 2xx;
 *   <li>{@code response [ignoring KEY, ...]} — the block shows (part of) the response of the
 *       request run last: the response must contain it. Objects match when each key shown matches
 *       (other keys may be present); arrays match element by element, with exactly the elements
 *       shown unless the doc ends the array with {@code ...}; {@code ...} inside an object stands
 *       for keys not shown; a block starting with a key is one object's members; numbers match
 *       within 1e-6; the values of the keys listed after {@code ignoring} (e.g. {@code took}) are
 *       not compared.
 * </ul>
 *
 * <pre>{@code
 * List<Block> blocks = ConsoleDocs.parse(Files.readString(Path.of("docs/engines.md")));
 * int run = ConsoleDocs.run(blocks, "http://127.0.0.1:" + port, Engine.ELASTICSEARCH, setups, json);
 * }</pre>
 */
public final class ConsoleDocs {
  /** The engine a page runs on; blocks marked {@code only} the other engine are skipped. */
  public enum Engine {
    ELASTICSEARCH,
    OPENSEARCH
  }

  /** A named setup the test supplies, run against the node's base URL. */
  @FunctionalInterface
  public interface Setup {
    void run(String baseUrl) throws Exception;
  }

  /** One request: its line on the page, method, path (with query string) and body or null. */
  public record Request(int line, String method, String path, String body) {
    @Override
    public String toString() {
      return "line " + line + ": " + method + " " + path;
    }
  }

  /**
   * One example block and its directive.
   *
   * @param line the block's first line on the page
   * @param skip why the block is not run, or null
   * @param only the one engine that runs it, or null for both
   * @param setup the named setup to run first, or null
   * @param hidden the directive's own requests, run before the block
   * @param stashField the top-level field of the last hidden response to stash, or null
   * @param stashAs the placeholder the stashed value replaces
   * @param requests the block's requests
   * @param status the status they must answer, or 0 for any 2xx
   * @param response the response the block shows (lenient JSON, see the class), or null
   * @param ignoring keys whose values the response check leaves out
   */
  public record Block(
      int line,
      String skip,
      Engine only,
      String setup,
      List<Request> hidden,
      String stashField,
      String stashAs,
      List<Request> requests,
      int status,
      String response,
      Set<String> ignoring) {}

  private static final Pattern FENCE =
      Pattern.compile("(?m)^( *)```(\\w*)\\n(.*?)^\\1```", Pattern.DOTALL);
  private static final Pattern METHOD_LINE =
      Pattern.compile("^(GET|PUT|POST|DELETE|HEAD)\\s+(\\S+)\\s*(#.*)?$");
  private static final Pattern DIRECTIVE =
      Pattern.compile("<!-- test:?(.*?)-->\\s*$", Pattern.DOTALL);

  private ConsoleDocs() {}

  /**
   * The example blocks of a page, in order.
   *
   * @throws IllegalArgumentException naming the line of a block that is neither requests nor
   *     marked, or of a malformed directive
   */
  public static List<Block> parse(String page) {
    List<Block> blocks = new ArrayList<>();
    Matcher fence = FENCE.matcher(page);
    int previousEnd = 0;
    while (fence.find()) {
      int beforeStart = previousEnd;
      String before = page.substring(beforeStart, fence.start());
      previousEnd = fence.end();
      if (!fence.group(2).equals("json")) {
        continue;
      }
      int line = lineOf(page, fence.start()) + 1;
      String text = dedent(fence.group(3), fence.group(1).length());
      Matcher directive = DIRECTIVE.matcher(before);
      int directiveLine = 0;
      String directiveText = "";
      int start = before.lastIndexOf("<!-- test");
      if (start >= 0 && directive.region(start, before.length()).matches()) {
        directiveText = directive.group(1);
        directiveLine = lineOf(page, beforeStart + start);
      }
      blocks.add(block(line, text, directiveLine, directiveText));
    }
    return blocks;
  }

  private static Block block(int line, String text, int directiveLine, String directive) {
    String skip = null;
    Engine only = null;
    String setup = null;
    String stashField = null;
    String stashAs = null;
    String bodyOf = null;
    int status = 0;
    String response = null;
    Set<String> ignoring = Set.of();
    StringBuilder hidden = new StringBuilder();
    String[] lines = directive.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String d = lines[i].strip();
      int at = directiveLine + i;
      if (d.startsWith("skip:")) {
        skip = d.substring(5).strip();
      } else if (d.startsWith("only ")) {
        only = Engine.valueOf(d.substring(5).strip().toUpperCase(Locale.ROOT));
      } else if (d.startsWith("setup ")) {
        setup = d.substring(6).strip();
      } else if (d.startsWith("stash ")) {
        String[] s = d.substring(6).strip().split("\\s+as\\s+", 2);
        if (s.length != 2) {
          throw new IllegalArgumentException(
              "line " + at + ": expected [stash FIELD as PLACEHOLDER]");
        }
        stashField = s[0];
        stashAs = s[1];
      } else if (d.startsWith("body of ")) {
        bodyOf = d.substring(8).strip();
      } else if (d.startsWith("expect ")) {
        status = Integer.parseInt(d.substring(7).strip());
      } else if (d.equals("response") || d.startsWith("response ")) {
        response = text;
        String rest = d.substring(8).strip();
        if (!rest.isEmpty()) {
          if (!rest.startsWith("ignoring ")) {
            throw new IllegalArgumentException(
                "line " + at + ": expected [response ignoring KEY, ...]");
          }
          ignoring = Set.of(rest.substring(9).strip().split("\\s*,\\s*"));
        }
      } else {
        // console text of the hidden setup (blank lines included, so line numbers stay right)
        hidden.append(lines[i]).append('\n');
      }
    }
    List<Request> hiddenRequests = requests(hidden.toString(), directiveLine, true);
    if (stashField != null && hiddenRequests.isEmpty()) {
      throw new IllegalArgumentException(
          "line " + directiveLine + ": [stash] needs a hidden request");
    }
    List<Request> requests = List.of();
    if (skip == null && response == null) {
      if (bodyOf != null) {
        requests = bodies(bodyOf, text, line);
      } else {
        requests = requests(text, line, false);
        if (requests.isEmpty()) {
          throw new IllegalArgumentException("line " + line + ": an empty json block");
        }
      }
    }
    return new Block(
        line,
        skip,
        only,
        setup,
        hiddenRequests,
        stashField,
        stashAs,
        requests,
        status,
        response,
        ignoring);
  }

  /** The console requests of a text; {@code optional}: a text without any is allowed. */
  private static List<Request> requests(String text, int firstLine, boolean optional) {
    List<Request> requests = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    Request current = null;
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      Matcher m = METHOD_LINE.matcher(lines[i].strip());
      if (m.matches()) {
        if (current != null) {
          requests.add(withBody(current, body));
        }
        current = new Request(firstLine + i, m.group(1), m.group(2), null);
        body.setLength(0);
      } else if (current != null) {
        body.append(lines[i]).append('\n');
      } else if (!lines[i].isBlank()) {
        throw new IllegalArgumentException(
            "line "
                + (firstLine + i)
                + (optional
                    ? ": unknown directive ["
                    : ": a json block must start with [METHOD path] or carry a directive"
                        + " (<!-- test: skip: REASON -->, response, body of ...), got [")
                + lines[i].strip()
                + "]");
      }
    }
    if (current != null) {
      requests.add(withBody(current, body));
    }
    return requests;
  }

  private static Request withBody(Request request, StringBuilder body) {
    String b = body.toString().strip();
    return new Request(request.line(), request.method(), request.path(), b.isEmpty() ? null : b);
  }

  /** {@code body of METHOD path [TEMPLATE]}: one request per JSON value of the block. */
  private static List<Request> bodies(String bodyOf, String text, int line) {
    String[] parts = bodyOf.split("\\s+", 3);
    if (parts.length < 2 || !METHOD_LINE.matcher(parts[0] + " " + parts[1]).matches()) {
      throw new IllegalArgumentException(
          "line " + line + ": expected [body of METHOD path [TEMPLATE]]");
    }
    String template = parts.length == 3 ? parts[2] : "$";
    List<Request> requests = new ArrayList<>();
    for (String value : values(text, line)) {
      requests.add(new Request(line, parts[0], parts[1], template.replace("$", value)));
    }
    return requests;
  }

  /** The JSON values of a text, one after the other (split at their outermost braces). */
  static List<String> values(String text, int line) {
    List<String> values = new ArrayList<>();
    int depth = 0;
    int start = -1;
    boolean inString = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        start = depth++ == 0 ? i : start;
      } else if (c == '}' || c == ']') {
        if (--depth == 0) {
          values.add(text.substring(start, i + 1));
        }
      } else if (depth == 0 && !Character.isWhitespace(c)) {
        throw new IllegalArgumentException(
            "line " + line + ": expected JSON objects, got [" + c + "]");
      }
    }
    if (depth != 0 || inString) {
      throw new IllegalArgumentException("line " + line + ": unbalanced JSON");
    }
    return values;
  }

  /**
   * Runs the blocks in order against {@code baseUrl} (e.g. {@code http://127.0.0.1:9400}).
   *
   * @param json reads a JSON text into maps, lists, strings, numbers, booleans and nulls (e.g. the
   *     engine's {@code XContentHelper.convertToMap})
   * @return the number of requests run (hidden ones included) and responses checked
   * @throws AssertionError at the first request whose status, or response whose content, differs
   *     from the page, naming its line and quoting the response
   */
  public static int run(
      List<Block> blocks,
      String baseUrl,
      Engine engine,
      Map<String, Setup> setups,
      Function<String, Object> json)
      throws Exception {
    int checked = 0;
    Map<String, String> stash = new LinkedHashMap<>();
    HttpResponse<String> last = null;
    Request lastRequest = null;
    try (HttpClient client =
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
      for (Block b : blocks) {
        if (b.skip() != null || (b.only() != null && b.only() != engine)) {
          continue;
        }
        if (b.setup() != null) {
          Setup setup = setups.get(b.setup());
          if (setup == null) {
            throw new IllegalArgumentException(
                "line "
                    + b.line()
                    + ": unknown setup ["
                    + b.setup()
                    + "], known: "
                    + setups.keySet());
          }
          setup.run(baseUrl);
        }
        HttpResponse<String> hiddenResponse = null;
        for (Request r : b.hidden()) {
          hiddenResponse = send(client, baseUrl, r, 0, stash);
          checked++;
        }
        if (b.stashField() != null) {
          Object value =
              json.apply(hiddenResponse.body()) instanceof Map<?, ?> m
                  ? m.get(b.stashField())
                  : null;
          if (value == null) {
            throw new AssertionError(
                "line " + b.line() + ": no [" + b.stashField() + "] in " + hiddenResponse.body());
          }
          stash.put(b.stashAs(), value.toString());
        }
        for (Request r : b.requests()) {
          last = send(client, baseUrl, r, b.status(), stash);
          lastRequest = r;
          checked++;
        }
        if (b.response() != null) {
          if (last == null) {
            throw new IllegalArgumentException(
                "line " + b.line() + ": a response before any request");
          }
          Object shown = json.apply(lenient(b.response()));
          Object actual = json.apply(last.body());
          String mismatch = mismatch(shown, actual, "", b.ignoring());
          if (mismatch != null) {
            throw new AssertionError(
                "line "
                    + b.line()
                    + ": the response of "
                    + lastRequest
                    + " differs from the page at "
                    + mismatch
                    + "; got "
                    + last.body());
          }
          checked++;
        }
      }
    }
    return checked;
  }

  private static HttpResponse<String> send(
      HttpClient client, String baseUrl, Request r, int status, Map<String, String> stash)
      throws IOException, InterruptedException {
    String path = r.path();
    String body = r.body();
    for (Map.Entry<String, String> e : stash.entrySet()) {
      path = path.replace(e.getKey(), e.getValue());
      body = body == null ? null : body.replace(e.getKey(), e.getValue());
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + (path.startsWith("/") ? "" : "/") + path))
            .timeout(Duration.ofSeconds(60))
            .method(
                r.method(),
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      request.header(
          "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    HttpResponse<String> response =
        client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    int got = response.statusCode();
    if (status == 0 ? got / 100 != 2 : got != status) {
      throw new AssertionError(
          r
              + ": expected "
              + (status == 0 ? "2xx" : status)
              + ", got "
              + got
              + " "
              + response.body());
    }
    return response;
  }

  /**
   * The page's response as JSON: {@code ...} dropped from objects and kept as the string {@code
   * "..."} at the end of arrays, and a text that starts with a key wrapped in braces.
   */
  static String lenient(String text) {
    StringBuilder out = new StringBuilder();
    List<Character> open = new ArrayList<>();
    boolean inString = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inString) {
        out.append(c);
        if (c == '\\') {
          out.append(text.charAt(++i));
        } else if (c == '"') {
          inString = false;
        }
        continue;
      }
      if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        open.add(c);
      } else if ((c == '}' || c == ']') && !open.isEmpty()) {
        open.remove(open.size() - 1);
      } else if (text.startsWith("...", i)) {
        boolean inArray = !open.isEmpty() && open.get(open.size() - 1) == '[';
        out.append(inArray ? "\"...\"" : "");
        i += 2;
        continue;
      }
      out.append(c);
    }
    String json =
        out.toString()
            .replaceAll(",(\\s*)(?=,)", "$1")
            .replaceAll(",(\\s*[}\\]])", "$1")
            .replaceAll("([{\\[]\\s*),", "$1")
            .strip();
    return json.startsWith("\"") ? "{" + json + "}" : json;
  }

  /** Where {@code actual} fails to contain {@code shown}, as a path, or null. */
  static String mismatch(Object shown, Object actual, String path, Set<String> ignoring) {
    if (actual == null && shown != null) {
      return path + " (missing)";
    }
    if (shown instanceof Map<?, ?> object) {
      if (!(actual instanceof Map<?, ?> got)) {
        return path + " (not an object)";
      }
      for (Map.Entry<?, ?> e : object.entrySet()) {
        String key = e.getKey().toString();
        if (!got.containsKey(key)) {
          return path + "." + key + " (missing)";
        }
        String m =
            ignoring.contains(key)
                ? null
                : mismatch(e.getValue(), got.get(key), path + "." + key, ignoring);
        if (m != null) {
          return m;
        }
      }
      return null;
    }
    if (shown instanceof List<?> array) {
      if (!(actual instanceof List<?> got)) {
        return path + " (not an array)";
      }
      int n = array.size();
      boolean open = n > 0 && "...".equals(array.get(n - 1));
      int compared = open ? n - 1 : n;
      if (open ? got.size() < compared : got.size() != compared) {
        return path + " (" + got.size() + " elements, the page shows " + compared + ")";
      }
      for (int i = 0; i < compared; i++) {
        String m = mismatch(array.get(i), got.get(i), path + "[" + i + "]", ignoring);
        if (m != null) {
          return m;
        }
      }
      return null;
    }
    boolean same =
        shown instanceof Number a && actual instanceof Number b
            ? Math.abs(a.doubleValue() - b.doubleValue()) <= 1e-6
            : Objects.equals(shown, actual);
    return same ? null : path + " (" + actual + ", the page shows " + shown + ")";
  }

  /**
   * Runs a page about the plugins (e.g. {@code docs/engines.md}) with the setups of a plugin README
   * ({@link #walkthroughSetups}).
   *
   * @return the number of requests run and responses checked
   */
  public static int runPluginPage(
      Path page, Path readme, String baseUrl, Engine engine, Function<String, Object> json)
      throws Exception {
    return run(
        parse(Files.readString(page)),
        baseUrl,
        engine,
        walkthroughSetups(Files.readString(readme)),
        json);
  }

  /**
   * The setups a page about the plugins may name, from a plugin README: {@code articles} runs its
   * curl walkthrough ({@link CurlWalkthrough}) up to and including the first {@code _bulk}, which
   * creates the index {@code articles} and indexes its five articles.
   */
  public static Map<String, Setup> walkthroughSetups(String readme) {
    List<CurlWalkthrough.Command> commands = CurlWalkthrough.parse(readme);
    int bulk = 0;
    while (!commands.get(bulk).url().contains("/_bulk")) {
      bulk++;
    }
    List<CurlWalkthrough.Command> articles = List.copyOf(commands.subList(0, bulk + 1));
    return Map.of("articles", url -> CurlWalkthrough.run(articles, url));
  }

  private static int lineOf(String text, int offset) {
    return 1 + (int) text.substring(0, offset).chars().filter(c -> c == '\n').count();
  }

  private static String dedent(String text, int indent) {
    if (indent == 0) {
      return text;
    }
    StringBuilder out = new StringBuilder();
    for (String l : text.split("\n", -1)) {
      int cut = 0;
      while (cut < indent && cut < l.length() && l.charAt(cut) == ' ') {
        cut++;
      }
      out.append(l, cut, l.length()).append('\n');
    }
    return out.substring(0, out.length() - 1);
  }
}
