package io.neardup.analysis;

import io.neardup.sketch.Sketch;
import java.util.Objects;
import org.apache.lucene.util.AttributeImpl;
import org.apache.lucene.util.AttributeReflector;

/** Default implementation of {@link NearDupSketchAttribute}. */
public final class NearDupSketchAttributeImpl extends AttributeImpl
    implements NearDupSketchAttribute {
  private Sketch sketch;

  @Override
  public Sketch getSketch() {
    return sketch;
  }

  @Override
  public void setSketch(Sketch sketch) {
    this.sketch = sketch;
  }

  @Override
  public void clear() {
    sketch = null;
  }

  @Override
  public void reflectWith(AttributeReflector reflector) {
    reflector.reflect(NearDupSketchAttribute.class, "sketch", sketch);
  }

  @Override
  public void copyTo(AttributeImpl target) {
    ((NearDupSketchAttribute) target).setSketch(sketch);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NearDupSketchAttributeImpl o && Objects.equals(sketch, o.sketch);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(sketch);
  }
}
