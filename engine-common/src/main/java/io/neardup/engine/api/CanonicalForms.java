package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code canonical} parameter of the engines' requests (collapse, sketches, clusters,
 * reconcile): its JSON grammar, the messages of its errors and its wire form, for the library's
 * {@link CanonicalPolicy}. A chain is written as a comma list or, like {@code sort}, as an array
 * whose elements each break the ties of the ones before.
 *
 * <pre>{@code
 * "canonical": "score" | "published:asc" | "earliest,popularity:inlinks,score"
 *            | {"field": "published", "order": "asc"|"desc"}
 *            | ["boilerplate", {"field": "inlinks", "order": "desc"}, "score"]
 * }</pre>
 *
 * Each engine's parser is walked through {@link Tokens} ({@link #parse}); the object form's keys
 * are declared on the engine's object parser by {@link #declareObject}.
 */
public final class CanonicalForms {
  private CanonicalForms() {}

  /** The parameter's name. */
  public static final String NAME = "canonical";

  /**
   * An engine's parser positioned on the {@code canonical} value: what the walk over a string, an
   * object or an array needs.
   *
   * @param token the current token's name as both engines' XContent parsers name it ({@code
   *     VALUE_STRING}, {@code START_OBJECT}, {@code START_ARRAY}, {@code END_ARRAY}, ...)
   * @param next moves to the next token
   * @param text the current string value
   * @param object parses the object at the current token with the keys {@link #declareObject}
   *     declares
   */
  public record Tokens(
      Supplier<String> token, Step next, Read<String> text, Read<CanonicalPolicy> object) {}

  /** A parser step that may fail to read. */
  @FunctionalInterface
  public interface Step {
    void run() throws IOException;
  }

  /** A value read from a parser. */
  @FunctionalInterface
  public interface Read<T> {
    T get() throws IOException;
  }

  /** The object form's keys while it is parsed: {@link #build} checks and makes the policy. */
  public static final class ObjectSpec {
    private String field;
    private String order;

    public CanonicalPolicy build() {
      return ofObject(field, order);
    }
  }

  /** Declares the object form's keys, {@code field} and {@code order}, on an engine's parser. */
  public static void declareObject(BodyKeys<ObjectSpec> keys) {
    keys.string("field", (spec, field) -> spec.field = field);
    keys.string("order", (spec, order) -> spec.order = order);
  }

  /**
   * Parses the value after {@code "canonical":}, a string, an object or an array of them. The
   * engine declares the key so that values of another kind are refused naming it.
   *
   * @throws IllegalArgumentException for a missing field, an unknown order or a bad chain
   */
  public static CanonicalPolicy parse(Tokens tokens) throws IOException {
    String token = tokens.token().get();
    if (token.equals("VALUE_STRING")) {
      return ofString(tokens.text().get());
    }
    if (!token.equals("START_ARRAY")) {
      return tokens.object().get();
    }
    CanonicalPolicy chain = CanonicalPolicy.BEST_SCORE;
    boolean ended = false;
    for (tokens.next().run();
        !(token = tokens.token().get()).equals("END_ARRAY");
        tokens.next().run()) {
      if (ended) {
        throw scoreNotLast();
      }
      if (token.equals("VALUE_STRING") && tokens.text().get().equals("score")) {
        ended = true;
      } else if (token.equals("VALUE_STRING") || token.equals("START_OBJECT")) {
        chain = then(chain, parse(tokens));
      } else {
        throw notAnElement(token);
      }
    }
    return chain;
  }

  /** The string form: a named policy or a comma list ({@code "first"} is score too). */
  public static CanonicalPolicy ofString(String spec) {
    if (spec.equals("first")) {
      return CanonicalPolicy.BEST_SCORE;
    }
    try {
      return CanonicalPolicy.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("[canonical] " + e.getMessage(), e);
    }
  }

  /** The object form, {@code {"field": ..., "order": "asc"|"desc"}} (order asc by default). */
  public static CanonicalPolicy ofObject(String field, String order) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[canonical] requires [field]: a numeric, date, boolean, ip or keyword field with doc"
              + " values");
    }
    String lower = order == null ? "asc" : order.toLowerCase(Locale.ROOT);
    return switch (lower) {
      case "asc" -> CanonicalPolicy.lowest(field);
      case "desc" -> CanonicalPolicy.highest(field);
      default ->
          throw new IllegalArgumentException(
              ParameterException.bracketed("canonical.order", "one of [asc, desc]", lower));
    };
  }

  /** An array's next element: {@code next} breaks the ties {@code chain} leaves. */
  public static CanonicalPolicy then(CanonicalPolicy chain, CanonicalPolicy next) {
    try {
      return chain.then(next);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("[canonical] " + e.getMessage(), e);
    }
  }

  /** The error of an array element after {@code "score"}. */
  public static IllegalArgumentException scoreNotLast() {
    return new IllegalArgumentException(
        "[canonical] [score] must come last, as it breaks the ties the keys before it leave");
  }

  /** The error of an array element that is neither a string nor an object. */
  public static IllegalArgumentException notAnElement(Object token) {
    return new IllegalArgumentException(
        ParameterException.bracketed(NAME, "an array of strings and objects", token));
  }

  /**
   * The JSON value {@link #ofString}/{@link #ofObject} read back: {@code "score"}, one key's
   * object, or an array of them for a chain.
   */
  public static Object json(CanonicalPolicy policy) {
    List<CanonicalPolicy.Key> keys = policy.keys();
    if (keys.isEmpty()) {
      return "score";
    }
    List<Map<String, Object>> out = new ArrayList<>(keys.size());
    for (CanonicalPolicy.Key key : keys) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("field", key.field());
      one.put("order", key.ascending() ? "asc" : "desc");
      out.add(one);
    }
    return out.size() == 1 ? out.get(0) : out;
  }

  /** Reads a policy written by {@link #write}. */
  public static CanonicalPolicy read(WireInput in) throws IOException {
    int n = in.readVInt();
    List<CanonicalPolicy.Key> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(new CanonicalPolicy.Key(in.readString(), in.readBoolean()));
    }
    return new CanonicalPolicy(keys);
  }

  /** Writes a policy: its number of keys (none for score), then each key's field and order. */
  public static void write(WireOutput out, CanonicalPolicy policy) throws IOException {
    out.writeVInt(policy.keys().size());
    for (CanonicalPolicy.Key key : policy.keys()) {
      out.writeString(key.field());
      out.writeBoolean(key.ascending());
    }
  }
}
