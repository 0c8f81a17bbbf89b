package io.neardup.elasticsearch;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.Locale;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.xcontent.ObjectParser;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code canonical} parameter of the plugin's requests (collapse, sketches, clusters): one JSON
 * form and one wire form for the library's {@link CanonicalPolicy}.
 *
 * <pre>{@code
 * "canonical": "score" | "published:asc" | {"field": "published", "order": "asc"|"desc"}
 * }</pre>
 */
public final class CanonicalPolicies {
  private CanonicalPolicies() {}

  /** Reads a policy written by {@link #write}. */
  public static CanonicalPolicy read(StreamInput in) throws IOException {
    String field = in.readOptionalString();
    boolean ascending = in.readBoolean();
    return field == null ? CanonicalPolicy.BEST_SCORE : new CanonicalPolicy(field, ascending);
  }

  /** Writes a policy: its field (none for score) and its order. */
  public static void write(StreamOutput out, CanonicalPolicy policy) throws IOException {
    out.writeOptionalString(policy.field());
    out.writeBoolean(policy.ascending());
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
   * Parses the value after {@code "canonical":}, a string or an object ({@code "first"} is accepted
   * as score, the first document in index order where there is no score). Declare it with {@link
   * ObjectParser.ValueType#OBJECT_OR_STRING}, so that values of another kind are refused naming the
   * key.
   *
   * @throws org.elasticsearch.xcontent.XContentParseException for an unknown or malformed key
   * @throws IllegalArgumentException for a missing field or an unknown order
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
