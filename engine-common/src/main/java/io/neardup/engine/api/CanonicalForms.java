package io.neardup.engine.api;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 * Each engine walks its own parser's tokens and builds the policy with {@link #ofString}, {@link
 * #ofObject}, {@link #then} and {@link #scoreNotLast}.
 */
public final class CanonicalForms {
  private CanonicalForms() {}

  /** The parameter's name. */
  public static final String NAME = "canonical";

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
