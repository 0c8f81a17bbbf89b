package io.neardup.sketch;

import com.dynatrace.hash4j.similarity.ElementHashProvider;
import com.dynatrace.hash4j.similarity.SimilarityHashPolicy;
import com.dynatrace.hash4j.similarity.SimilarityHasher;
import io.neardup.signature.SimHash;
import java.util.Arrays;

/**
 * Computes the sketch of a set of shingle fingerprints. Not thread-safe: one instance per analysis
 * chain.
 *
 * <p>Fingerprints may contain duplicates; they do not change the values, but {@link #sketch(long[],
 * int, long)} takes the distinct count separately since callers usually have it from their own
 * deduplication.
 *
 * <p>A set can also be sketched element by element: {@link #clear()}, {@link #add(long)} for each
 * fingerprint, then {@link #finish(long)}. Every scheme keeps the fingerprints until {@code finish}
 * (8 bytes each). Repeats never change the sketch; with {@link SketchScheme#OPH} they cost almost
 * nothing, so callers may add fingerprints as they come ({@link #streams()}), while the other
 * schemes spend real work per element and are best given distinct fingerprints.
 *
 * <pre>{@code
 * Sketcher sketcher = new Sketcher(SketchParameters.DEFAULT);
 * sketcher.clear();
 * for (long fingerprint : fingerprints) sketcher.add(fingerprint);
 * Sketch sketch = sketcher.finish(fingerprints.length);
 * }</pre>
 */
public final class Sketcher {
  private final SketchParameters parameters;
  private final SimilarityHashPolicy policy;
  private final SimilarityHasher hasher;
  private final RehashedOnePermutation oph;
  private final ArrayProvider provider = new ArrayProvider();
  private final boolean simHash;
  private final long mask;
  private long[] buffer;
  private int added;

  public Sketcher(SketchParameters parameters) {
    this.parameters = parameters;
    this.policy = parameters.scheme().policy(parameters.hashes(), parameters.bits());
    this.hasher = policy == null ? null : policy.createHasher();
    this.simHash = parameters.scheme().isSimHash();
    this.oph = policy == null && !simHash ? new RehashedOnePermutation(parameters.hashes()) : null;
    this.buffer = oph == null ? new long[64] : null;
    this.mask = parameters.bits() == 64 ? -1L : (1L << parameters.bits()) - 1;
  }

  /** The parameters of the sketches made. */
  public SketchParameters parameters() {
    return parameters;
  }

  /**
   * Whether repeated fingerprints cost almost nothing to {@linkplain #add(long) add} (true for
   * {@link SketchScheme#OPH}), so callers need not deduplicate them first.
   */
  public boolean streams() {
    return oph != null;
  }

  /**
   * Sketches the fingerprints {@code fingerprints[0, count)}. Forgets any set being built with
   * {@link #add(long)}.
   *
   * @param distinctCount number of distinct fingerprints among them, recorded in the sketch
   */
  public Sketch sketch(long[] fingerprints, int count, long distinctCount) {
    if (count == 0) {
      clear();
      return Sketch.empty(parameters);
    }
    long[] values = new long[parameters.hashes()];
    if (oph != null) {
      oph.clear();
      for (int i = 0; i < count; i++) {
        oph.add(fingerprints[i]);
      }
      oph.values(values, mask);
      oph.clear();
    } else if (simHash) {
      values[0] = simHash(fingerprints, count);
    } else {
      hashed(fingerprints, count, values);
    }
    added = 0;
    return new Sketch(parameters, values, Math.max(1, distinctCount), false);
  }

  /** Sketches a set given as an array of distinct fingerprints. */
  public Sketch sketch(long... distinctFingerprints) {
    return sketch(distinctFingerprints, distinctFingerprints.length, distinctFingerprints.length);
  }

  /** Starts a new set for {@link #add(long)}. */
  public void clear() {
    if (oph != null && added > 0) {
      oph.clear();
    }
    added = 0;
  }

  /** Adds one fingerprint to the set being built; repeats do not change the sketch. */
  public void add(long fingerprint) {
    if (oph != null) {
      oph.add(fingerprint);
    } else {
      if (added == buffer.length) {
        buffer = Arrays.copyOf(buffer, added * 2);
      }
      buffer[added] = fingerprint;
    }
    added++;
  }

  /** Number of {@link #add(long)} calls since the last {@link #clear()}, repeats included. */
  public int addedCount() {
    return added;
  }

  /**
   * The sketch of the fingerprints added since the last {@link #clear()}, which starts a new set.
   *
   * @param shingleCount the number of distinct shingles to record in the sketch, at least 1 when
   *     fingerprints were added; {@link #addedCount()} if the caller did not deduplicate
   */
  public Sketch finish(long shingleCount) {
    if (added == 0) {
      return Sketch.empty(parameters);
    }
    long[] values = new long[parameters.hashes()];
    if (oph != null) {
      oph.values(values, mask);
    } else if (simHash) {
      values[0] = simHash(buffer, added);
    } else {
      hashed(buffer, added, values);
    }
    clear();
    return new Sketch(parameters, values, Math.max(1, shingleCount), false);
  }

  /**
   * The SimHash of the distinct fingerprints among {@code fingerprints[0, count)}: repeats must not
   * change the sketch, as with every scheme.
   */
  private long simHash(long[] fingerprints, int count) {
    long[] distinct = fingerprints == buffer ? buffer : Arrays.copyOf(fingerprints, count);
    Arrays.sort(distinct, 0, count);
    int n = 0;
    for (int i = 0; i < count; i++) {
      if (n == 0 || distinct[n - 1] != distinct[i]) {
        distinct[n++] = distinct[i];
      }
    }
    return SimHash.fingerprint(distinct, n);
  }

  private void hashed(long[] fingerprints, int count, long[] values) {
    byte[] signature = hasher.compute(provider.wrap(fingerprints, count));
    for (int i = 0; i < values.length; i++) {
      values[i] = policy.getComponent(signature, i) & mask;
    }
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
