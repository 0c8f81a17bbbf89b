package io.neardup.elasticsearch;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code canonical} parameter of the plugin's requests (collapse, sketches, clusters): one JSON
 * form and one wire form for the library's {@link CanonicalPolicy}. A chain is written as a comma
 * list or, like {@code sort}, as an array whose elements each break the ties of the ones before.
 *
 * <pre>{@code
 * "canonical": "score" | "published:asc" | "earliest,popularity:inlinks,score"
 *            | {"field": "published", "order": "asc"|"desc"}
 *            | ["boilerplate", {"field": "inlinks", "order": "desc"}, "score"]
 * }</pre>
 */
public final class CanonicalPolicies {
  private CanonicalPolicies() {}

  /** How the parsers declare the key: a string, an object or an array. */
  public static final ObjectParser.ValueType VALUE_TYPE =
      ObjectParser.ValueType.OBJECT_ARRAY_OR_STRING;

  /** Reads a policy written by {@link #write}. */
  public static CanonicalPolicy read(StreamInput in) throws IOException {
    int n = in.readVInt();
    List<CanonicalPolicy.Key> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(new CanonicalPolicy.Key(in.readString(), in.readBoolean()));
    }
    return new CanonicalPolicy(keys);
  }

  /** Writes a policy: its number of keys (none for score), then each key's field and order. */
  public static void write(StreamOutput out, CanonicalPolicy policy) throws IOException {
    out.writeVInt(policy.keys().size());
    for (CanonicalPolicy.Key key : policy.keys()) {
      out.writeString(key.field());
      out.writeBoolean(key.ascending());
    }
  }

  /**
   * Writes {@code "name": policy} in the form {@link #parse} reads: {@code "score"}, one key's
   * object, or an array of them for a chain.
   */
  public static void toXContent(XContentBuilder builder, String name, CanonicalPolicy policy)
      throws IOException {
    List<CanonicalPolicy.Key> keys = policy.keys();
    if (keys.isEmpty()) {
      builder.field(name, "score");
      return;
    }
    if (keys.size() > 1) {
      builder.startArray(name);
    } else {
      builder.field(name);
    }
    for (CanonicalPolicy.Key key : keys) {
      builder
          .startObject()
          .field("field", key.field())
          .field("order", key.ascending() ? "asc" : "desc")
          .endObject();
    }
    if (keys.size() > 1) {
      builder.endArray();
    }
  }

  /** The object form's keys, while it is parsed. */
  private static final class Spec {
    String field;
    String order = "asc";
  }

  private static final ObjectParser<Spec, Void> OBJECT = new ObjectParser<>("canonical", Spec::new);

  static {
    OBJECT.declareString((spec, field) -> spec.field = field, new ParseField("field"));
    OBJECT.declareString(
        (spec, order) -> spec.order = order.toLowerCase(Locale.ROOT), new ParseField("order"));
  }

  /**
   * Parses the value after {@code "canonical":}, a string, an object or an array of them ({@code
   * "first"} is accepted as score, the first document in index order where there is no score).
   * Declare it with {@link #VALUE_TYPE}, so that values of another kind are refused naming the key.
   *
   * @throws org.elasticsearch.xcontent.XContentParseException for an unknown or malformed key
   * @throws IllegalArgumentException for a missing field, an unknown order or a bad chain
   */
  public static CanonicalPolicy parse(XContentParser parser) throws IOException {
    if (parser.currentToken() == XContentParser.Token.VALUE_STRING) {
      String spec = parser.text();
      if (spec.equals("first")) {
        return CanonicalPolicy.BEST_SCORE;
      }
      try {
        return CanonicalPolicy.parse(spec);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("[canonical] " + e.getMessage(), e);
      }
    }
    if (parser.currentToken() == XContentParser.Token.START_ARRAY) {
      CanonicalPolicy chain = CanonicalPolicy.BEST_SCORE;
      boolean ended = false;
      while (parser.nextToken() != XContentParser.Token.END_ARRAY) {
        if (ended) {
          throw new IllegalArgumentException(
              "[canonical] [score] must come last, as it breaks the ties the keys before it"
                  + " leave");
        }
        if (parser.currentToken() == XContentParser.Token.VALUE_STRING
            && parser.text().equals("score")) {
          ended = true;
          continue;
        }
        if (parser.currentToken() != XContentParser.Token.VALUE_STRING
            && parser.currentToken() != XContentParser.Token.START_OBJECT) {
          throw new IllegalArgumentException(
              ParameterException.bracketed(
                  "canonical", "an array of strings and objects", parser.currentToken()));
        }
        CanonicalPolicy one = parse(parser);
        try {
          chain = chain.then(one);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("[canonical] " + e.getMessage(), e);
        }
      }
      return chain;
    }
    Spec spec = OBJECT.parse(parser, null);
    if (spec.field == null || spec.field.isEmpty()) {
      throw new IllegalArgumentException(
          "[canonical] requires [field]: a numeric, date, boolean, ip or keyword field with doc"
              + " values");
    }
    return switch (spec.order) {
      case "asc" -> CanonicalPolicy.lowest(spec.field);
      case "desc" -> CanonicalPolicy.highest(spec.field);
      default ->
          throw new IllegalArgumentException(
              ParameterException.bracketed("canonical.order", "one of [asc, desc]", spec.order));
    };
  }
}
