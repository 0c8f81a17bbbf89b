package io.neardup.elasticsearch;

import io.neardup.cluster.CanonicalPolicy;
import java.io.IOException;
import java.util.Locale;
import org.elasticsearch.common.ParsingException;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
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

  /**
   * Parses the value after {@code "canonical":} ({@code "first"} is accepted as score, the first
   * document in index order where there is no score).
   *
   * @param request the request's name, for error messages
   * @throws ParsingException for a value of the wrong kind or an unknown key
   * @throws IllegalArgumentException for a missing field or an unknown order
   */
  public static CanonicalPolicy parse(XContentParser parser, String request) throws IOException {
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
    if (parser.currentToken() != XContentParser.Token.START_OBJECT) {
      throw new ParsingException(
          parser.getTokenLocation(),
          "["
              + request
              + "] [canonical] must be \"score\" or an object {\"field\": ..., \"order\":"
              + " \"asc\"|\"desc\"}, got "
              + parser.currentToken());
    }
    String field = null;
    String order = "asc";
    String key = null;
    XContentParser.Token token;
    while ((token = parser.nextToken()) != XContentParser.Token.END_OBJECT) {
      if (token == XContentParser.Token.FIELD_NAME) {
        key = parser.currentName();
      } else if ("field".equals(key)) {
        field = string(parser, request, "canonical.field");
      } else if ("order".equals(key)) {
        order = string(parser, request, "canonical.order").toLowerCase(Locale.ROOT);
      } else {
        throw new ParsingException(
            parser.getTokenLocation(),
            "["
                + request
                + "] [canonical] unknown field ["
                + key
                + "]: expected [field] or [order]");
      }
    }
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[canonical] requires [field]: a numeric, date, boolean, ip or keyword field with doc"
              + " values");
    }
    return switch (order) {
      case "asc" -> CanonicalPolicy.lowest(field);
      case "desc" -> CanonicalPolicy.highest(field);
      default ->
          throw new IllegalArgumentException(
              ParameterErrors.describe("canonical.order", "one of [asc, desc]", order));
    };
  }

  private static String string(XContentParser parser, String request, String key)
      throws IOException {
    if (parser.currentToken() != XContentParser.Token.VALUE_STRING) {
      throw new ParsingException(
          parser.getTokenLocation(),
          "[" + request + "] [" + key + "] must be a string, got " + parser.currentToken());
    }
    return parser.text();
  }
}
