package io.neardup.opensearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.opensearch.CanonicalPolicies;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.Locale;
import java.util.Objects;
import org.opensearch.common.Nullable;
import org.opensearch.core.ParseField;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ObjectParser;
import org.opensearch.core.xcontent.XContentBuilder;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.search.SearchExtBuilder;

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
 * from} and {@code size} (see {@link CoordinatorCollapse}). The shards return each hit's sketch
 * with their top hits, as the value of the internal sort {@link NearDupWindowSortBuilder}; a search
 * that cannot take that sort (one that rescores or collapses on a field) carries the extension to
 * every shard instead, where it makes the fetch phase attach each hit's sketch (see {@link
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
          ParameterException.bracketed(
              MIN_SIMILARITY.getPreferredName(), "in (0, 1]", minSimilarity));
    }
    if (window < 1) {
      throw new IllegalArgumentException(
          ParameterException.bracketed(WINDOW.getPreferredName(), "at least 1", window));
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

  /** The request's keys, while they are parsed; their rules are checked when it is built. */
  private static final class Spec {
    String field;
    Double minSimilarity;
    double window = WindowCollapse.DEFAULT_WINDOW;
    String mode;
    CanonicalPolicy canonical = WindowCollapse.DEFAULT_CANONICAL;

    NearDupCollapseBuilder build() {
      if (window != Math.rint(window)) {
        throw new IllegalArgumentException(
            ParameterException.bracketed(
                WINDOW.getPreferredName(), "an integer, at least 1", window));
      }
      CollapseMode parsedMode = WindowCollapse.DEFAULT_MODE;
      if (mode != null) {
        try {
          parsedMode = CollapseMode.parse(mode.toLowerCase(Locale.ROOT));
        } catch (ParameterException e) {
          throw new IllegalArgumentException(
              ParameterException.bracketed(
                  MODE.getPreferredName(), "one of [demote, remove, group]", mode));
        }
      }
      // beyond the int range is beyond any window limit too: the limit check names it
      int windowHits = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, window));
      return new NearDupCollapseBuilder(field, minSimilarity, windowHits, parsedMode, canonical);
    }
  }

  private static final ObjectParser<Spec, Void> PARSER = new ObjectParser<>(NAME, Spec::new);

  static {
    PARSER.declareString((spec, v) -> spec.field = v, FIELD);
    PARSER.declareDouble((spec, v) -> spec.minSimilarity = v, MIN_SIMILARITY);
    PARSER.declareDouble((spec, v) -> spec.window = v, WINDOW);
    PARSER.declareString((spec, v) -> spec.mode = v, MODE);
    PARSER.declareField(
        (spec, v) -> spec.canonical = v,
        (p, c) -> CanonicalPolicies.parse(p),
        CANONICAL,
        CanonicalPolicies.VALUE_TYPE);
  }

  /**
   * Parses the object after {@code "neardup_collapse":}.
   *
   * @throws org.opensearch.core.xcontent.XContentParseException for unknown or malformed keys,
   *     naming them (the rule is in its cause)
   * @throws IllegalArgumentException for values outside their rule
   */
  public static NearDupCollapseBuilder fromXContent(XContentParser parser) throws IOException {
    return PARSER.parse(parser, null).build();
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
    CanonicalPolicies.toXContent(builder, CANONICAL.getPreferredName(), canonical);
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
    return org.opensearch.core.common.Strings.toString(
        org.opensearch.common.xcontent.XContentType.JSON, this, true, true);
  }
}
