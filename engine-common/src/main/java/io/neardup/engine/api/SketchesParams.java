package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.wire.WireInput;
import io.neardup.engine.wire.WireOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code neardup_sketches} search extension's parameters: every hit carries its stored sketch
 * (and the value of the canonical field, if given, and its stored shingle set, if asked).
 *
 * <pre>{@code
 * "ext": {"neardup_sketches": {"field": "body.dup", "canonical": "published:asc", "shingles": true}}
 * }</pre>
 *
 * @param field the {@code neardup} field
 * @param canonical the policy whose field value is attached too
 * @param shingles whether hits also carry their shingle sets ({@code verify: exact} fields)
 * @param idsOnly whether hits carry their ids and canonical values without their sketches (a
 *     reconcile's pages of current assignments: ids from doc values, no stored fields read)
 */
public record SketchesParams(
    String field, CanonicalPolicy canonical, boolean shingles, boolean idsOnly)
    implements SketchSource {
  /** The extension's name in {@code ext}. */
  public static final String NAME = "neardup_sketches";

  public SketchesParams {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException(
          "[" + NAME + "] requires [field]: the name of a field of type [neardup]");
    }
    Objects.requireNonNull(canonical, "canonical");
  }

  /** Sketches and canonical values only. */
  public SketchesParams(String field, CanonicalPolicy canonical) {
    this(field, canonical, false);
  }

  /** Sketches, canonical values and, with {@code shingles}, shingle sets. */
  public SketchesParams(String field, CanonicalPolicy canonical, boolean shingles) {
    this(field, canonical, shingles, false);
  }

  /** Ids and canonical values, without sketches. */
  public static SketchesParams idsOnly(String field, CanonicalPolicy canonical) {
    return new SketchesParams(field, canonical, false, true);
  }

  /** Reads what {@link #write} wrote. */
  public static SketchesParams read(WireInput in) throws IOException {
    return new SketchesParams(
        in.readString(), CanonicalForms.read(in), in.readBoolean(), in.readBoolean());
  }

  @Override
  public void write(WireOutput out) throws IOException {
    out.writeString(field);
    CanonicalForms.write(out, canonical);
    out.writeBoolean(shingles);
    out.writeBoolean(idsOnly);
  }

  /** The extension's JSON object. */
  @Override
  public Map<String, Object> body() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("field", field);
    if (!canonical.byScore()) {
      out.put("canonical", canonical.toString());
    }
    if (shingles) {
      out.put("shingles", true);
    }
    if (idsOnly) {
      out.put("ids_only", true);
    }
    return out;
  }

  /** The keys of a request body, while they are parsed; {@link #build} checks them. */
  public static final class Spec {
    public String field;
    public CanonicalPolicy canonical = CanonicalPolicy.BEST_SCORE;
    public boolean shingles;
    public boolean idsOnly;

    /** Declares the body's keys on an engine's parser. */
    public static void declare(BodyKeys<Spec> keys) {
      keys.string("field", (spec, v) -> spec.field = v);
      keys.bool("shingles", (spec, v) -> spec.shingles = v);
      keys.bool("ids_only", (spec, v) -> spec.idsOnly = v);
      keys.canonical((spec, v) -> spec.canonical = v);
    }

    public SketchesParams build() {
      return new SketchesParams(field, canonical, shingles, idsOnly);
    }
  }
}
