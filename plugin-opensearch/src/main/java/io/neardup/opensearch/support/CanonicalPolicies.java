package io.neardup.opensearch.support;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.api.CanonicalForms;
import java.io.IOException;
import org.opensearch.core.ParseField;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentParser;

/**
 * The {@code canonical} parameter on this engine's parsers: its token walk; the grammar, messages
 * and wire form are engine-common's {@link CanonicalForms}.
 */
public final class CanonicalPolicies {
  private CanonicalPolicies() {}

  /** How the parsers declare the key: a string, an object or an array. */
  public static final ObjectParser.ValueType VALUE_TYPE =
      ObjectParser.ValueType.OBJECT_ARRAY_OR_STRING;

  /** The object form's keys, while it is parsed. */
  private static final class Spec {
    String field;
    String order;
  }

  private static final ObjectParser<Spec, Void> OBJECT =
      new ObjectParser<>(CanonicalForms.NAME, Spec::new);

  static {
    OBJECT.declareString((spec, field) -> spec.field = field, new ParseField("field"));
    OBJECT.declareString((spec, order) -> spec.order = order, new ParseField("order"));
  }

  /**
   * Parses the value after {@code "canonical":}, a string, an object or an array of them. Declare
   * it with {@link #VALUE_TYPE}, so that values of another kind are refused naming the key.
   *
   * @throws org.opensearch.core.xcontent.XContentParseException for an unknown or malformed key
   * @throws IllegalArgumentException for a missing field, an unknown order or a bad chain
   */
  public static CanonicalPolicy parse(XContentParser parser) throws IOException {
    XContentParser.Token token = parser.currentToken();
    if (token == XContentParser.Token.VALUE_STRING) {
      return CanonicalForms.ofString(parser.text());
    }
    if (token == XContentParser.Token.START_ARRAY) {
      CanonicalPolicy chain = CanonicalPolicy.BEST_SCORE;
      boolean ended = false;
      while ((token = parser.nextToken()) != XContentParser.Token.END_ARRAY) {
        if (ended) {
          throw CanonicalForms.scoreNotLast();
        }
        if (token == XContentParser.Token.VALUE_STRING && parser.text().equals("score")) {
          ended = true;
        } else if (token == XContentParser.Token.VALUE_STRING
            || token == XContentParser.Token.START_OBJECT) {
          chain = CanonicalForms.then(chain, parse(parser));
        } else {
          throw CanonicalForms.notAnElement(token);
        }
      }
      return chain;
    }
    Spec spec = OBJECT.parse(parser, null);
    return CanonicalForms.ofObject(spec.field, spec.order);
  }
}
