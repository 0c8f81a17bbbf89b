package io.neardup.lsh;

import io.neardup.signature.SimHash;
import io.neardup.sketch.Sketch;
import io.neardup.util.Mix;

/**
 * Hashes each band of a sketch to one 64-bit value. The band index is part of the hash input and of
 * the token ({@link io.neardup.token.TokenEncoding}), so equal values in different bands never
 * collide. A pure function of the sketch values: indexing and querying can never disagree. Each
 * value is folded into the state by a 128-bit multiplication (high half xor low half), between
 * MurmurHash3 finalisers of the band index and of the result. Thread-safe.
 *
 * <p>A {@link io.neardup.sketch.SketchScheme#SIMHASH} sketch has one value, its fingerprint: its
 * bands are the b = h + 1 blocks of {@link SimHash#blockKeys}, so that fingerprints within Hamming
 * distance h share at least one (the banding has one row per band, which stands for the block).
 */
public final class BandHasher {
  private final Banding banding;
  private static final long SEED = 0x62616e6473L;

  /** Odd, with about half of its bits set in every byte. */
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

  public BandHasher(Banding banding) {
    this.banding = banding;
  }

  /** The banding used. */
  public Banding banding() {
    return banding;
  }

  /** Hash of band {@code band} (0-based) of a sketch. */
  public long bandHash(Sketch sketch, int band) {
    if (sketch.parameters().scheme().isSimHash()) {
      return SimHash.blockKeys(sketch.value(0), banding.bands() - 1)[band];
    }
    int rows = banding.rows();
    int from = band * rows;
    long h = Mix.fmix64(SEED ^ ((long) band << 32 | rows));
    for (int i = 0; i < rows; i++) {
      h = fold(h ^ sketch.value(from + i), MULTIPLIER);
    }
    return Mix.fmix64(h);
  }

  /**
   * Writes the hash of every band of a sketch into {@code out[0, bands)}.
   *
   * @throws IllegalArgumentException if the sketch has fewer values than bands × rows
   */
  public void bandHashes(Sketch sketch, long[] out) {
    if (sketch.parameters().scheme().isSimHash()) {
      long[] blocks = SimHash.blockKeys(sketch.value(0), banding.bands() - 1);
      System.arraycopy(blocks, 0, out, 0, blocks.length);
      return;
    }
    if (sketch.size() < banding.valuesUsed()) {
      throw new IllegalArgumentException(
          banding
              + " needs "
              + banding.valuesUsed()
              + " sketch values, the sketch has "
              + sketch.size());
    }
    for (int b = 0; b < banding.bands(); b++) {
      out[b] = bandHash(sketch, b);
    }
  }

  private static long fold(long x, long y) {
    return Math.unsignedMultiplyHigh(x, y) ^ (x * y);
  }
}
