package io.neardup.engine.api;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.engine.param.NearDupField;
import io.neardup.engine.shard.HitSketchReader;
import java.util.List;
import java.util.function.Function;

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

  /** Whether hits carry their ids and canonical values only, without their sketches. */
  default boolean idsOnly() {
    return false;
  }

  /**
   * What a search asks its hits to carry: the parameters of its {@code neardup_collapse} extension,
   * else those of its {@code neardup_sketches}, else null.
   *
   * @param ext the search's extension of a name ({@link ExtParams}), null if it has none
   */
  static SketchSource of(Function<String, Object> ext) {
    for (String name : List.of(CollapseParams.NAME, SketchesParams.NAME)) {
      if (ext.apply(name) instanceof ExtParams<?> e && e.params() instanceof SketchSource s) {
        return s;
      }
    }
    return null;
  }

  /**
   * Reads what this asks of hits on a shard whose mapping gives its field the {@code neardup} field
   * {@code field} (null if it maps no such field there: no sketches).
   */
  default HitSketchReader hitReader(NearDupField field) {
    return field == null
        ? NearDupField.noSketches(canonical())
        : field.hitReader(canonical(), shingles(), idsOnly());
  }
}
