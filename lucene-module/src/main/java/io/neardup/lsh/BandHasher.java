package io.neardup.lsh;

import com.dynatrace.hash4j.hashing.HashStream64;
import com.dynatrace.hash4j.hashing.Hashing;
import io.neardup.sketch.Sketch;

/**
 * Hashes each band of a sketch to one 64-bit value. The band index is part of the hash input and of
 * the token ({@link io.neardup.token.TokenEncoding}), so equal values in different bands never
 * collide. A pure function of the sketch values: indexing and querying can never disagree. Not
 * thread-safe (it reuses a hash stream).
 */
public final class BandHasher {
  private final Banding banding;
  private final HashStream64 stream = Hashing.komihash5_0(0x62616e6473L).hashStream();
  private final long[] rowValues;

  public BandHasher(Banding banding) {
    this.banding = banding;
    this.rowValues = new long[banding.rows()];
  }

  /** The banding used. */
  public Banding banding() {
    return banding;
  }

  /** Hash of band {@code band} (0-based) of a sketch. */
  public long bandHash(Sketch sketch, int band) {
    int rows = banding.rows();
    int from = band * rows;
    for (int i = 0; i < rows; i++) {
      rowValues[i] = sketch.value(from + i);
    }
    return stream.reset().putInt(band).putInt(rows).putLongs(rowValues, 0, rows).getAsLong();
  }

  /**
   * Writes the hash of every band of a sketch into {@code out[0, bands)}.
   *
   * @throws IllegalArgumentException if the sketch has fewer values than bands × rows
   */
  public void bandHashes(Sketch sketch, long[] out) {
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
}
