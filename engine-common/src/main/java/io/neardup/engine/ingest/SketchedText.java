package io.neardup.engine.ingest;

import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the ingest processor knows of a document's text: its sketch and, for a field with {@code
 * verify: exact}, its shingle set as the field stores it ({@link
 * io.neardup.shingle.ShingleSetFormat#VERSION_DELTA}), by which pairs near the threshold are
 * decided.
 *
 * @param sketch the sketch
 * @param shingles the serialized shingle set, or null when the field verifies by sketch
 */
public record SketchedText(Sketch sketch, byte[] shingles) {
  public SketchedText {
    Objects.requireNonNull(sketch, "sketch");
  }

  /** A text known by its sketch alone. */
  public static SketchedText of(Sketch sketch) {
    return new SketchedText(sketch, null);
  }

  /** The shingle set, read; null when there is none. */
  public ShingleSet shingleSet() {
    return shingles == null ? null : new ShingleSet().read(shingles, 0, shingles.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SketchedText t
        && sketch.equals(t.sketch)
        && Arrays.equals(shingles, t.shingles);
  }

  @Override
  public int hashCode() {
    return 31 * sketch.hashCode() + Arrays.hashCode(shingles);
  }

  @Override
  public String toString() {
    return "SketchedText["
        + sketch
        + (shingles == null ? "" : ", " + shingles.length + " bytes of shingles")
        + "]";
  }
}
