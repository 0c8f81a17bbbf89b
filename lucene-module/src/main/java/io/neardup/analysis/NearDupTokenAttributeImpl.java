package io.neardup.analysis;

import io.neardup.sketch.Sketch;
import java.util.Objects;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.PackedTokenAttributeImpl;
import org.apache.lucene.util.AttributeFactory;
import org.apache.lucene.util.AttributeImpl;
import org.apache.lucene.util.AttributeReflector;

/**
 * The token attributes of {@link PackedTokenAttributeImpl} (term, offsets, type, position increment
 * and length, term frequency) and {@link NearDupSketchAttribute} in one object. A tokenizer built
 * with {@link #FACTORY} then clears one attribute object per token instead of two, which a chain
 * ending in {@link NearDupFilter} would otherwise pay for every token of the text.
 *
 * <pre>{@code
 * Tokenizer tokenizer = new StandardTokenizer(NearDupTokenAttributeImpl.FACTORY);
 * }</pre>
 */
public final class NearDupTokenAttributeImpl extends PackedTokenAttributeImpl
    implements NearDupSketchAttribute {
  /**
   * Makes this class for the token attributes and the sketch attribute, and the default
   * implementations of any other attribute.
   */
  public static final AttributeFactory FACTORY =
      AttributeFactory.getStaticImplementation(
          TokenStream.DEFAULT_TOKEN_ATTRIBUTE_FACTORY, NearDupTokenAttributeImpl.class);

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
    super.clear();
    sketch = null;
  }

  @Override
  public void end() {
    super.end();
    sketch = null;
  }

  @Override
  public NearDupTokenAttributeImpl clone() {
    return (NearDupTokenAttributeImpl) super.clone();
  }

  @Override
  public void copyTo(AttributeImpl target) {
    super.copyTo(target);
    if (target instanceof NearDupSketchAttribute to) {
      to.setSketch(sketch);
    }
  }

  @Override
  public void reflectWith(AttributeReflector reflector) {
    super.reflectWith(reflector);
    reflector.reflect(NearDupSketchAttribute.class, "sketch", sketch);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NearDupTokenAttributeImpl o
        && super.equals(o)
        && Objects.equals(sketch, o.sketch);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + Objects.hashCode(sketch);
  }
}
