package io.neardup.analysis;

import io.neardup.sketch.Sketch;
import org.apache.lucene.util.Attribute;

/**
 * The finished sketch of the whole text, set by {@link NearDupFilter} in {@code end()}: a document
 * builder reads it after consuming the stream and stores it (for example in binary doc values,
 * serialized with {@link io.neardup.sketch.SketchFormat}). Null before {@code end()}.
 */
public interface NearDupSketchAttribute extends Attribute {
  /** The sketch of the text, or null before the stream has ended. */
  Sketch getSketch();

  /** Sets the sketch. */
  void setSketch(Sketch sketch);
}
