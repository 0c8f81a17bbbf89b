package io.neardup.sketch;

import com.dynatrace.hash4j.hashing.Hashing;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.shingle.ShingleUnit;

/**
 * Everything that decides a document's sketch values: two sketches can only be compared when these
 * are equal. The {@link #settingsHash()} is written into every serialized sketch so that mixing is
 * detected.
 *
 * @param shingleUnit words or characters
 * @param shingleSize units per shingle
 * @param hashes number of sketch values k
 * @param bits bits kept per value: 64, or 8/16/32 for compact storage
 * @param scheme how values are computed
 * @param seed seed of the shingle hash
 */
public record SketchParameters(
    ShingleUnit shingleUnit,
    int shingleSize,
    int hashes,
    int bits,
    SketchScheme scheme,
    long seed) {

  /** Default shingle size for word shingles. */
  public static final int DEFAULT_WORD_SHINGLE_SIZE = 5;

  /**
   * Default shingle size for character shingles (the 10-character shingles of text normalisation
   * practice).
   */
  public static final int DEFAULT_CHAR_SHINGLE_SIZE = 10;

  /** Largest shingle size. */
  public static final int MAX_SHINGLE_SIZE = 256;

  /** Default number of sketch values. */
  public static final int DEFAULT_HASHES = 128;

  /** Largest number of sketch values. */
  public static final int MAX_HASHES = 1024;

  /**
   * Default bits per value. 32 bits halve the storage of 64 while the chance that two different
   * values agree by accident (2<sup>-32</sup>) is far below any estimation error.
   */
  public static final int DEFAULT_BITS = 32;

  /** Default sketch scheme. */
  public static final SketchScheme DEFAULT_SCHEME = SketchScheme.OPH;

  /** Default seed. */
  public static final long DEFAULT_SEED = 0x6e65617264757031L;

  /** The number of values of a {@link SketchScheme#SIMHASH} sketch: one fingerprint. */
  public static final int SIMHASH_HASHES = 1;

  /** The bits of a {@link SketchScheme#SIMHASH} fingerprint. */
  public static final int SIMHASH_BITS = 64;

  /** Default shingle unit. */
  public static final ShingleUnit DEFAULT_SHINGLE_UNIT = ShingleUnit.WORD;

  /** The defaults: word 5-shingles, 128 values of 32 bits, one-permutation hashing (OPH). */
  public static final SketchParameters DEFAULT =
      new SketchParameters(
          DEFAULT_SHINGLE_UNIT,
          DEFAULT_WORD_SHINGLE_SIZE,
          DEFAULT_HASHES,
          DEFAULT_BITS,
          DEFAULT_SCHEME,
          DEFAULT_SEED);

  /** Validates every field; errors name the parameter, the rule and the value. */
  public SketchParameters {
    if (shingleUnit == null) {
      throw new ParameterException(Parameter.SHINGLE_UNIT, "one of [word, char]", null);
    }
    if (scheme == null) {
      throw new ParameterException(Parameter.SCHEME, "one of " + SketchScheme.choices(), null);
    }
    if (scheme.isSimHash() && hashes != SIMHASH_HASHES) {
      throw new ParameterException(
          Parameter.HASHES, SIMHASH_HASHES + " with scheme simhash (one fingerprint)", hashes);
    }
    if (scheme.isSimHash() && bits != SIMHASH_BITS) {
      throw new ParameterException(
          Parameter.BITS, SIMHASH_BITS + " with scheme simhash (one fingerprint)", bits);
    }
    if (shingleSize < 1 || shingleSize > MAX_SHINGLE_SIZE) {
      throw new ParameterException(
          Parameter.SHINGLE_SIZE, "between 1 and " + MAX_SHINGLE_SIZE, shingleSize);
    }
    if (hashes < 1 || hashes > MAX_HASHES) {
      throw new ParameterException(Parameter.HASHES, "between 1 and " + MAX_HASHES, hashes);
    }
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
      throw new ParameterException(Parameter.BITS, "one of [8, 16, 32, 64]", bits);
    }
  }

  /** The default number of values of a scheme: {@value #SIMHASH_HASHES} for simhash, else 128. */
  public static int defaultHashes(SketchScheme scheme) {
    return scheme != null && scheme.isSimHash() ? SIMHASH_HASHES : DEFAULT_HASHES;
  }

  /** The default bits per value of a scheme: {@value #SIMHASH_BITS} for simhash, else 32. */
  public static int defaultBits(SketchScheme scheme) {
    return scheme != null && scheme.isSimHash() ? SIMHASH_BITS : DEFAULT_BITS;
  }

  /** The default shingle size for a unit. */
  public static int defaultShingleSize(ShingleUnit unit) {
    return unit == ShingleUnit.CHAR ? DEFAULT_CHAR_SHINGLE_SIZE : DEFAULT_WORD_SHINGLE_SIZE;
  }

  /** Bytes one value takes in the serialized sketch. */
  public int bytesPerValue() {
    return bits / 8;
  }

  /**
   * A 64-bit hash of every field, stored in each sketch to detect sketches made with other
   * settings.
   */
  public long settingsHash() {
    return Hashing.komihash5_0()
        .hashStream()
        .putInt(shingleUnit.ordinal())
        .putInt(shingleSize)
        .putInt(hashes)
        .putInt(bits)
        .putInt(scheme.id())
        .putLong(seed)
        .getAsLong();
  }

  /** Returns a copy with another shingle unit. */
  public SketchParameters withShingleUnit(ShingleUnit unit) {
    return new SketchParameters(unit, shingleSize, hashes, bits, scheme, seed);
  }

  /** Returns a copy with another shingle size. */
  public SketchParameters withShingleSize(int size) {
    return new SketchParameters(shingleUnit, size, hashes, bits, scheme, seed);
  }

  /** Returns a copy with another number of values. */
  public SketchParameters withHashes(int k) {
    return new SketchParameters(shingleUnit, shingleSize, k, bits, scheme, seed);
  }

  /** Returns a copy with another value width. */
  public SketchParameters withBits(int b) {
    return new SketchParameters(shingleUnit, shingleSize, hashes, b, scheme, seed);
  }

  /** Returns a copy with another scheme. */
  public SketchParameters withScheme(SketchScheme s) {
    return new SketchParameters(shingleUnit, shingleSize, hashes, bits, s, seed);
  }

  /** Returns a copy with another seed. */
  public SketchParameters withSeed(long s) {
    return new SketchParameters(shingleUnit, shingleSize, hashes, bits, scheme, s);
  }

  @Override
  public String toString() {
    return "shingleUnit="
        + shingleUnit.parameterValue()
        + ", shingleSize="
        + shingleSize
        + ", hashes="
        + hashes
        + ", bits="
        + bits
        + ", scheme="
        + scheme.parameterValue()
        + ", seed="
        + seed;
  }
}
