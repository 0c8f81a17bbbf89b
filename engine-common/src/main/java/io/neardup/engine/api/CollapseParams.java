package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.collapse.core.CollapseMode;
import io.neardup.collapse.core.WindowCollapse;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import io.neardup.param.ParameterException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code neardup_collapse} search extension's parameters: collapse the near-duplicates among
 * the top hits of a search. Both engines' extensions hold one; each engine has its own collapse
 * route.
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
 * @param field the {@code neardup} field whose sketches are compared
 * @param minSimilarity estimated Jaccard similarity that makes two hits copies, in (0, 1]; null for
 *     the field's {@code threshold}
 * @param window number of top hits collapsed, at least 1 (the upper limit is the index setting
 *     {@code index.neardup.max_collapse_window})
 * @param mode what happens to copies
 * @param canonical which hit of a group is kept as the canonical
 */
public record CollapseParams(
    String field, Double minSimilarity, int window, CollapseMode mode, CanonicalPolicy canonical)
    implements SketchSource {
  /** The extension's name in {@code ext}. */
  public static final String NAME = "neardup_collapse";

  /**
   * @throws IllegalArgumentException naming the parameter, its rule and the value
   */
  public CollapseParams {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[" + NAME + "] requires [field]: the name of a field of type [neardup]");
    }
    if (minSimilarity != null && !(minSimilarity > 0 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("min_similarity", "in (0, 1]", minSimilarity));
    }
    if (window < 1) {
      throw new IllegalArgumentException(
          ParameterException.bracketed("window", "at least 1", window));
    }
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(canonical, "canonical");
  }

  /**
   * Always: the hits of a {@code verify: exact} field carry their shingle sets, which decide the
   * pairs whose estimate is near {@code min_similarity}; other fields' hits have none.
   */
  @Override
  public boolean shingles() {
    return true;
  }

  /** Collapse on {@code field} with the defaults. */
  public static CollapseParams defaults(String field) {
    return new CollapseParams(
        field,
        null,
        WindowCollapse.DEFAULT_WINDOW,
        WindowCollapse.DEFAULT_MODE,
        WindowCollapse.DEFAULT_CANONICAL);
  }

  /**
   * The keys of a request body, while they are parsed; their rules are checked by {@link #build}.
   */
  public static final class Spec {
    public String field;
    public Double minSimilarity;
    public double window = WindowCollapse.DEFAULT_WINDOW;
    public String mode;
    public CanonicalPolicy canonical = WindowCollapse.DEFAULT_CANONICAL;

    /** Declares the body's keys on an engine's parser. */
    public static void declare(BodyKeys<Spec> keys) {
      keys.string("field", (spec, v) -> spec.field = v);
      keys.number("min_similarity", (spec, v) -> spec.minSimilarity = v);
      keys.number("window", (spec, v) -> spec.window = v);
      keys.string("mode", (spec, v) -> spec.mode = v);
      keys.canonical((spec, v) -> spec.canonical = v);
    }

    public CollapseParams build() {
      if (window != Math.rint(window)) {
        throw new IllegalArgumentException(
            ParameterException.bracketed("window", "an integer, at least 1", window));
      }
      CollapseMode parsedMode = WindowCollapse.DEFAULT_MODE;
      if (mode != null) {
        try {
          parsedMode = CollapseMode.parse(mode.toLowerCase(Locale.ROOT));
        } catch (ParameterException e) {
          throw new IllegalArgumentException(
              ParameterException.bracketed("mode", "one of [demote, remove, group]", mode));
        }
      }
      // beyond the int range is beyond any window limit too: the limit check names it
      int windowHits = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, window));
      return new CollapseParams(field, minSimilarity, windowHits, parsedMode, canonical);
    }
  }

  /** Reads what {@link #write} wrote. */
  public static CollapseParams read(WireInput in) throws IOException {
    return new CollapseParams(
        in.readString(),
        in.readOptionalDouble(),
        in.readVInt(),
        in.readEnum(CollapseMode.class),
        CanonicalForms.read(in));
  }

  @Override
  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    out.writeOptionalDouble(minSimilarity);
    out.writeVInt(window);
    out.writeEnum(mode);
    CanonicalForms.write(out, canonical);
  }

  /** The extension's JSON object. */
  @Override
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    if (minSimilarity != null) {
      out.put("min_similarity", minSimilarity);
    }
    out.put("window", window);
    out.put("mode", mode.parameterValue());
    out.put("canonical", CanonicalForms.json(canonical));
    return out;
  }
}
