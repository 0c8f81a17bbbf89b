package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;

/**
 * A search extension that makes the fetch phase attach each hit's sketch and canonical value (and,
 * if asked, its shingle set): the engines' {@code neardup_collapse} and {@code neardup_sketches}.
 */
public interface SketchSource extends FieldParams {
  /** The {@code neardup} field whose sketches are attached. */
  @Override
  String field();

  /** The policy whose field's value is attached too (none for a policy by score). */
  CanonicalPolicy canonical();

  /** Whether hits also carry their shingle sets. */
  default boolean shingles() {
    return false;
  }
}
