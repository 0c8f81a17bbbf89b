package io.neardup.analysis;

import io.neardup.settings.NearDupSettings;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.Sketcher;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute;
import org.apache.lucene.analysis.tokenattributes.TermToBytesRefAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.tests.analysis.BaseTokenStreamTestCase;
import org.apache.lucene.tests.util.TestUtil;
import org.apache.lucene.util.AttributeSource;
import org.apache.lucene.util.BytesRef;

public class TestNearDupTokenAttributeImpl extends BaseTokenStreamTestCase {

  private static Sketch sketch(long... fingerprints) {
    return new Sketcher(NearDupSettings.DEFAULT.sketch()).sketch(fingerprints);
  }

  public void testFactoryMakesOneObjectForTokenAndSketch() {
    AttributeSource source = new AttributeSource(NearDupTokenAttributeImpl.FACTORY);
    NearDupSketchAttribute sketch = source.addAttribute(NearDupSketchAttribute.class);
    assertTrue(sketch instanceof NearDupTokenAttributeImpl);
    assertSame(sketch, source.addAttribute(CharTermAttribute.class));
    assertSame(sketch, source.addAttribute(OffsetAttribute.class));
    assertSame(sketch, source.addAttribute(TypeAttribute.class));
    assertSame(sketch, source.addAttribute(PositionIncrementAttribute.class));
  }

  public void testClearEndCloneCopyAndEquality() {
    NearDupTokenAttributeImpl a = new NearDupTokenAttributeImpl();
    Sketch s = sketch(1, 2, 3);
    a.append("term");
    a.setOffset(2, 6);
    a.setSketch(s);

    NearDupTokenAttributeImpl clone = a.clone();
    assertEquals(a, clone);
    assertEquals(a.hashCode(), clone.hashCode());
    assertSame(s, clone.getSketch());
    assertEquals("term", clone.toString());

    NearDupTokenAttributeImpl other = new NearDupTokenAttributeImpl();
    a.copyTo(other);
    assertEquals(a, other);
    other.setSketch(sketch(4));
    assertFalse(a.equals(other));

    a.clear();
    assertNull(a.getSketch());
    assertEquals(0, a.length());
    clone.end();
    assertNull(clone.getSketch());
    assertEquals(0, clone.getPositionIncrement());
  }

  public void testReflection() {
    NearDupTokenAttributeImpl a = new NearDupTokenAttributeImpl();
    Sketch s = sketch(7);
    a.append("x");
    a.setOffset(0, 1);
    a.setType("word");
    a.setSketch(s);
    TestUtil.assertAttributeReflection(
        a,
        Map.of(
            CharTermAttribute.class.getName() + "#term", "x",
            TermToBytesRefAttribute.class.getName() + "#bytes", new BytesRef("x"),
            OffsetAttribute.class.getName() + "#startOffset", 0,
            OffsetAttribute.class.getName() + "#endOffset", 1,
            TypeAttribute.class.getName() + "#type", "word",
            PositionIncrementAttribute.class.getName() + "#positionIncrement", 1,
            PositionLengthAttribute.class.getName() + "#positionLength", 1,
            TermFrequencyAttribute.class.getName() + "#termFrequency", 1,
            NearDupSketchAttribute.class.getName() + "#sketch", s));
  }

  public void testDefaultAnalyzerHandsTheSketchThroughTheCombinedObject() throws Exception {
    try (Analyzer analyzer = new NearDupAnalyzer(NearDupSettings.DEFAULT);
        TokenStream ts = analyzer.tokenStream("f", "the quick brown fox jumps over the dog")) {
      NearDupSketchAttribute sketch = ts.addAttribute(NearDupSketchAttribute.class);
      assertTrue(sketch instanceof NearDupTokenAttributeImpl);
      ts.reset();
      int tokens = 0;
      while (ts.incrementToken()) {
        tokens++;
        assertNull("the sketch is set only at the end", sketch.getSketch());
      }
      ts.end();
      assertEquals(NearDupSettings.DEFAULT.banding().bands(), tokens);
      assertEquals(4, sketch.getSketch().shingleCount());
    }
  }
}
