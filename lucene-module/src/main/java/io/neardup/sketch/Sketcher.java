package io.neardup.sketch;

import com.dynatrace.hash4j.similarity.ElementHashProvider;
import com.dynatrace.hash4j.similarity.SimilarityHashPolicy;
import com.dynatrace.hash4j.similarity.SimilarityHasher;

/**
 * Computes the sketch of a set of shingle fingerprints. Not thread-safe: one instance per analysis
 * chain.
 *
 * <p>Fingerprints may contain duplicates; they do not change the values, but {@link #sketch(long[],
 * int, long)} takes the distinct count separately since callers usually have it from their own
 * deduplication.
 */
public final class Sketcher {
  private final SketchParameters parameters;
  private final SimilarityHashPolicy policy;
  private final SimilarityHasher hasher;
  private final ArrayProvider provider = new ArrayProvider();

  public Sketcher(SketchParameters parameters) {
    this.parameters = parameters;
    this.policy = parameters.scheme().policy(parameters.hashes(), parameters.bits());
    this.hasher = policy.createHasher();
  }

  /** The parameters of the sketches made. */
  public SketchParameters parameters() {
    return parameters;
  }

  /**
   * Sketches the fingerprints {@code fingerprints[0, count)}.
   *
   * @param distinctCount number of distinct fingerprints among them, recorded in the sketch
   */
  public Sketch sketch(long[] fingerprints, int count, long distinctCount) {
    if (count == 0) {
      return Sketch.empty(parameters);
    }
    byte[] signature = hasher.compute(provider.wrap(fingerprints, count));
    int k = parameters.hashes();
    long[] values = new long[k];
    long mask = parameters.bits() == 64 ? -1L : (1L << parameters.bits()) - 1;
    for (int i = 0; i < k; i++) {
      values[i] = policy.getComponent(signature, i) & mask;
    }
    return new Sketch(parameters, values, Math.max(1, distinctCount), false);
  }

  /** Sketches a set given as an array of distinct fingerprints. */
  public Sketch sketch(long... distinctFingerprints) {
    return sketch(distinctFingerprints, distinctFingerprints.length, distinctFingerprints.length);
  }

  private static final class ArrayProvider implements ElementHashProvider {
    private long[] values;
    private int count;

    ArrayProvider wrap(long[] values, int count) {
      this.values = values;
      this.count = count;
      return this;
    }

    @Override
    public long getElementHash(int elementIndex) {
      return values[elementIndex];
    }

    @Override
    public int getNumberOfElements() {
      return count;
    }
  }
}
