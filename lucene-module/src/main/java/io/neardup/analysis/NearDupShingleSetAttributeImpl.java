package io.neardup.analysis;

import java.util.Arrays;
import org.apache.lucene.util.AttributeImpl;
import org.apache.lucene.util.AttributeReflector;

/** Default implementation of {@link NearDupShingleSetAttribute}. */
public final class NearDupShingleSetAttributeImpl extends AttributeImpl
    implements NearDupShingleSetAttribute {
  private static final long[] NONE = new long[0];

  private long[] shingles = NONE;
  private int count;

  @Override
  public long[] shingles() {
    return shingles;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public void setShingles(long[] sortedDistinct, int count) {
    if (count < 0 || count > sortedDistinct.length) {
      throw new IllegalArgumentException(
          "count must be in [0, " + sortedDistinct.length + "], got " + count);
    }
    this.shingles = sortedDistinct;
    this.count = count;
  }

  @Override
  public void clear() {
    shingles = NONE;
    count = 0;
  }

  @Override
  public void reflectWith(AttributeReflector reflector) {
    reflector.reflect(NearDupShingleSetAttribute.class, "count", count);
  }

  @Override
  public void copyTo(AttributeImpl target) {
    ((NearDupShingleSetAttribute) target).setShingles(Arrays.copyOf(shingles, count), count);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NearDupShingleSetAttributeImpl o
        && count == o.count
        && Arrays.equals(shingles, 0, count, o.shingles, 0, o.count);
  }

  @Override
  public int hashCode() {
    int h = count;
    for (int i = 0; i < count; i++) {
      h = 31 * h + Long.hashCode(shingles[i]);
    }
    return h;
  }
}
