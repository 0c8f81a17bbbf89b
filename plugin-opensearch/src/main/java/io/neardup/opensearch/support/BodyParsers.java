package io.neardup.opensearch.support;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.api.BodyKeys;
import io.neardup.engine.api.CanonicalForms;
import io.neardup.engine.api.ClustersParams;
import java.io.IOException;
import org.opensearch.core.ParseField;
import org.opensearch.core.xcontent.AbstractObjectParser;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentParser;

/**
 * Engine-common's request keys ({@link BodyKeys}) and {@code canonical} grammar ({@link
 * CanonicalForms}) on this engine's object parsers.
 */
public final class BodyParsers {
  private BodyParsers() {}

  private static final ObjectParser<CanonicalForms.ObjectSpec, Void> CANONICAL_OBJECT =
      new ObjectParser<>(CanonicalForms.NAME, CanonicalForms.ObjectSpec::new);

  static {
    CanonicalForms.declareObject(keys(CANONICAL_OBJECT));
  }

  /** Declares keys on {@code parser}, each read as this engine's parsers read such values. */
  public static <T> BodyKeys<T> keys(AbstractObjectParser<T, Void> parser) {
    return (name, kind, set) -> {
      ParseField key = new ParseField(name);
      switch (kind) {
        case STRING -> parser.declareString(set::accept, key);
        case STRINGS -> parser.declareStringArray(set::accept, key);
        case INT -> parser.declareInt(set::accept, key);
        case DOUBLE -> parser.declareDouble(set::accept, key);
        case BOOLEAN -> parser.declareBoolean(set::accept, key);
        case SIMILARITY ->
            parser.declareField(
                set::accept,
                (p, c) -> ClustersParams.parseMinSimilarity(p.text()),
                key,
                ObjectParser.ValueType.DOUBLE);
        case CANONICAL ->
            parser.declareField(
                set::accept,
                (p, c) -> canonical(p),
                key,
                ObjectParser.ValueType.OBJECT_ARRAY_OR_STRING);
      }
    };
  }

  /**
   * Parses the value after {@code "canonical":}, a string, an object or an array of them.
   *
   * @throws org.opensearch.core.xcontent.XContentParseException for an unknown or malformed key
   * @throws IllegalArgumentException for a missing field, an unknown order or a bad chain
   */
  public static CanonicalPolicy canonical(XContentParser parser) throws IOException {
    return CanonicalForms.parse(
        new CanonicalForms.Tokens(
            () -> String.valueOf(parser.currentToken()),
            parser::nextToken,
            parser::text,
            () -> CANONICAL_OBJECT.parse(parser, null).build()));
  }
}
