package io.neardup.engine.api;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code neardup_sketches} search extension's parameters: every hit carries its stored sketch
 * (and the value of the canonical field, if given).
 *
 * <pre>{@code
 * "ext": {"neardup_sketches": {"field": "body.dup", "canonical": "published:asc"}}
 * }</pre>
 *
 * @param field the {@code neardup} field
 * @param canonical the policy whose field value is attached too
 */
public record SketchesParams(String field, CanonicalPolicy canonical) {
  /** The extension's name in {@code ext}. */
  public static final String NAME = "neardup_sketches";

  public SketchesParams {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[" + NAME + "] requires [field]: the name of a field of type [neardup]");
    }
    Objects.requireNonNull(canonical, "canonical");
  }

  /** Reads what {@link #write} wrote. */
  public static SketchesParams read(WireInput in) throws IOException {
    return new SketchesParams(in.readString(), CanonicalForms.read(in));
  }

  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    CanonicalForms.write(out, canonical);
  }

  /** The extension's JSON object. */
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    if (!canonical.byScore()) {
      out.put("canonical", canonical.toString());
    }
    return out;
  }
}
