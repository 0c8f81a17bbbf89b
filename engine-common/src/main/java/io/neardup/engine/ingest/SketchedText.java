package io.neardup.engine.ingest;

import io.neardup.shingle.ShingleSet;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
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
 * @param serialized the sketch as {@link SketchFormat} writes it, or null to write it when asked;
 *     the field's doc values and the index's lookup send the same bytes
 */
public record SketchedText(Sketch sketch, byte[] shingles, byte[] serialized) {
  public SketchedText {
    Objects.requireNonNull(sketch, "sketch");
  }

  /** A text known by its sketch and, unless null, its serialized shingle set. */
  public SketchedText(Sketch sketch, byte[] shingles) {
    this(sketch, shingles, null);
  }

  /** The serialized sketch. */
  public byte[] encodedSketch() {
    return serialized != null ? serialized : SketchFormat.encode(sketch);
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
