package io.neardup.elasticsearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.elasticsearch.CanonicalPolicies;
import io.neardup.elasticsearch.ParameterErrors;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.Locale;
import java.util.Objects;
import org.elasticsearch.common.ParsingException;
import org.elasticsearch.common.io.stream.StreamInput;
import org.elasticsearch.common.io.stream.StreamOutput;
import org.elasticsearch.core.Nullable;
import org.elasticsearch.search.SearchExtBuilder;
import org.elasticsearch.xcontent.ParseField;
import org.elasticsearch.xcontent.XContentBuilder;
import org.elasticsearch.xcontent.XContentParser;

/**
 * The {@code neardup_collapse} search extension: collapse the near-duplicates among the top hits of
 * a search.
 *
 * <pre>{@code
 * "ext": {"neardup_collapse": {
 *   "field": "body.dup",                               // a neardup field (required)
 *   "min_similarity": 0.8,                             // default: the field's threshold
 *   "window": 100,                                     // top hits collapsed, default 100
 *   "mode": "demote",                                  // demote | remove | group
 *   "canonical": {"field": "published", "order": "asc"} // default: the best-ranked hit
 * }}
 * }</pre>
 *
 * <p>The request is parsed on the coordinating node, which widens the search to {@code window}
 * hits, collapses the merged hits and pages through the collapsed list with the request's {@code
 * from} and {@code size} (see {@link NearDupCollapseFilter}). The extension also travels to every
 * shard, where it makes the fetch phase attach each hit's sketch (see {@link
 * NearDupSketchFetchSubPhase}).
 */
public final class NearDupCollapseBuilder extends SearchExtBuilder implements SketchSource {
  /** The extension's name in {@code ext}. */
  public static final String NAME = "neardup_collapse";

  static final ParseField FIELD = new ParseField("field");
  static final ParseField MIN_SIMILARITY = new ParseField("min_similarity");
  static final ParseField WINDOW = new ParseField("window");
  static final ParseField MODE = new ParseField("mode");
  static final ParseField CANONICAL = new ParseField("canonical");
  static final ParseField ORDER = new ParseField("order");

  private final String field;
  private final Double minSimilarity;
  private final int window;
  private final CollapseMode mode;
  private final CanonicalPolicy canonical;

  /**
   * @param field the {@code neardup} field whose sketches are compared
   * @param minSimilarity estimated Jaccard similarity that makes two hits copies, in (0, 1]; null
   *     for the field's {@code threshold}
   * @param window number of top hits collapsed, at least 1 (the upper limit is the index setting
   *     {@code index.neardup.max_collapse_window})
   * @param mode what happens to copies
   * @param canonical which hit of a group is kept as the canonical
   * @throws IllegalArgumentException naming the parameter, its rule and the value
   */
  public NearDupCollapseBuilder(
      String field,
      @Nullable Double minSimilarity,
      int window,
      CollapseMode mode,
      CanonicalPolicy canonical) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[" + NAME + "] requires [field]: the name of a field of type [neardup]");
    }
    if (minSimilarity != null && !(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterErrors.describe(MIN_SIMILARITY.getPreferredName(), "in (0, 1]", minSimilarity));
    }
    if (window < 1) {
      throw new IllegalArgumentException(
          ParameterErrors.describe(WINDOW.getPreferredName(), "at least 1", window));
    }
    this.field = field;
    this.minSimilarity = minSimilarity;
    this.window = window;
    this.mode = Objects.requireNonNull(mode, "mode");
    this.canonical = Objects.requireNonNull(canonical, "canonical");
  }

  /** Collapse on {@code field} with the defaults. */
  public NearDupCollapseBuilder(String field) {
    this(
        field,
        null,
        WindowCollapse.DEFAULT_WINDOW,
        WindowCollapse.DEFAULT_MODE,
        WindowCollapse.DEFAULT_CANONICAL);
  }

  /** Reads the extension from the wire. */
  public NearDupCollapseBuilder(StreamInput in) throws IOException {
    this.field = in.readString();
    this.minSimilarity = in.readOptionalDouble();
    this.window = in.readVInt();
    this.mode = in.readEnum(CollapseMode.class);
    this.canonical = CanonicalPolicies.read(in);
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeString(field);
    out.writeOptionalDouble(minSimilarity);
    out.writeVInt(window);
    out.writeEnum(mode);
    CanonicalPolicies.write(out, canonical);
  }

  @Override
  public String getWriteableName() {
    return NAME;
  }

  /** The {@code neardup} field. */
  @Override
  public String field() {
    return field;
  }

  /** The minimum similarity, or null for the field's threshold. */
  @Nullable
  public Double minSimilarity() {
    return minSimilarity;
  }

  /** Number of top hits collapsed. */
  public int window() {
    return window;
  }

  /** What happens to copies. */
  public CollapseMode mode() {
    return mode;
  }

  /** Which hit of a group is canonical. */
  @Override
  public CanonicalPolicy canonical() {
    return canonical;
  }

  /**
   * Parses the object after {@code "neardup_collapse":}.
   *
   * @throws ParsingException for unknown or malformed keys, naming them
   * @throws IllegalArgumentException for values outside their rule
   */
  public static NearDupCollapseBuilder fromXContent(XContentParser parser) throws IOException {
    if (parser.currentToken() != XContentParser.Token.START_OBJECT
        && parser.nextToken() != XContentParser.Token.START_OBJECT) {
      throw new ParsingException(
          parser.getTokenLocation(),
          "[" + NAME + "] must be an object, got " + parser.currentToken());
    }
    String field = null;
    Double minSimilarity = null;
    int window = WindowCollapse.DEFAULT_WINDOW;
    CollapseMode mode = WindowCollapse.DEFAULT_MODE;
    CanonicalPolicy canonical = WindowCollapse.DEFAULT_CANONICAL;
    String key = null;
    XContentParser.Token token;
    while ((token = parser.nextToken()) != XContentParser.Token.END_OBJECT) {
      if (token == XContentParser.Token.FIELD_NAME) {
        key = parser.currentName();
      } else if (FIELD.match(key, parser.getDeprecationHandler())) {
        field = stringValue(parser, key);
      } else if (MIN_SIMILARITY.match(key, parser.getDeprecationHandler())) {
        minSimilarity = numberValue(parser, key).doubleValue();
      } else if (WINDOW.match(key, parser.getDeprecationHandler())) {
        Number n = numberValue(parser, key);
        if (n.doubleValue() != Math.rint(n.doubleValue())) {
          throw new IllegalArgumentException(
              ParameterErrors.describe(key, "an integer, at least 1", n));
        }
        window = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n.longValue()));
      } else if (MODE.match(key, parser.getDeprecationHandler())) {
        String value = stringValue(parser, key);
        try {
          mode = CollapseMode.parse(value.toLowerCase(Locale.ROOT));
        } catch (ParameterException e) {
          throw new IllegalArgumentException(
              ParameterErrors.describe(key, "one of [demote, remove, group]", value));
        }
      } else if (CANONICAL.match(key, parser.getDeprecationHandler())) {
        canonical = CanonicalPolicies.parse(parser, NAME);
      } else {
        throw new ParsingException(
            parser.getTokenLocation(),
            "["
                + NAME
                + "] unknown field ["
                + key
                + "]: expected one of [field, min_similarity, window, mode, canonical]");
      }
    }
    return new NearDupCollapseBuilder(field, minSimilarity, window, mode, canonical);
  }

  private static String stringValue(XContentParser parser, String key) throws IOException {
    if (parser.currentToken() != XContentParser.Token.VALUE_STRING) {
      throw new ParsingException(
          parser.getTokenLocation(),
          "[" + NAME + "] [" + key + "] must be a string, got " + parser.currentToken());
    }
    return parser.text();
  }

  private static Number numberValue(XContentParser parser, String key) throws IOException {
    if (parser.currentToken() == XContentParser.Token.VALUE_NUMBER) {
      return parser.numberValue();
    }
    if (parser.currentToken() == XContentParser.Token.VALUE_STRING) {
      try {
        return Double.parseDouble(parser.text());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            ParameterErrors.describe(key, "a number", parser.text()));
      }
    }
    throw new ParsingException(
        parser.getTokenLocation(),
        "[" + NAME + "] [" + key + "] must be a number, got " + parser.currentToken());
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    builder.startObject(NAME);
    builder.field(FIELD.getPreferredName(), field);
    if (minSimilarity != null) {
      builder.field(MIN_SIMILARITY.getPreferredName(), minSimilarity);
    }
    builder.field(WINDOW.getPreferredName(), window);
    builder.field(MODE.getPreferredName(), mode.parameterValue());
    if (canonical.byScore()) {
      builder.field(CANONICAL.getPreferredName(), "score");
    } else {
      builder.startObject(CANONICAL.getPreferredName());
      builder.field(FIELD.getPreferredName(), canonical.field());
      builder.field(ORDER.getPreferredName(), canonical.ascending() ? "asc" : "desc");
      builder.endObject();
    }
    return builder.endObject();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearDupCollapseBuilder b
        && field.equals(b.field)
        && Objects.equals(minSimilarity, b.minSimilarity)
        && window == b.window
        && mode == b.mode
        && canonical.equals(b.canonical);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, minSimilarity, window, mode, canonical);
  }

  @Override
  public String toString() {
    return org.elasticsearch.common.Strings.toString(this, true, true);
  }
}
