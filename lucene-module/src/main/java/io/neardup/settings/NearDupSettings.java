package io.neardup.settings;

import io.neardup.lsh.Banding;
import io.neardup.param.Args;
import io.neardup.param.Parameter;
import io.neardup.param.ParameterException;
import io.neardup.shingle.ShingleUnit;
import io.neardup.signature.SimHash;
import io.neardup.sketch.SketchParameters;
import io.neardup.sketch.SketchScheme;
import java.util.Map;

/**
 * All settings of neardup's analysis: how sketches are made, how they are cut into bands, and which
 * extra tokens are emitted. Immutable; build with {@link #builder()} or {@link #parse(Map,
 * Parameter.Style)}.
 *
 * <pre>{@code
 * NearDupSettings s = NearDupSettings.builder().threshold(0.9).exact(true).build();
 * // word 5-shingles, 128 values, bands and rows chosen for 0.9: 10 bands x 12 rows
 * NearDupSettings simhash = NearDupSettings.builder().scheme(SketchScheme.SIMHASH).maxHamming(3).build();
 * // one 64-bit SimHash fingerprint, 4 blocks as band tokens, near-duplicates within 3 bits
 * }</pre>
 *
 * <p>With {@link SketchScheme#SIMHASH} the sketch is one 64-bit fingerprint ({@code hashes} 1,
 * {@code bits} 64) and the largest Hamming distance h of near-duplicates ({@code maxHamming},
 * default {@value SimHash#DEFAULT_MAX_HAMMING}, at most {@value SimHash#MAX_HAMMING}) replaces
 * bands, rows and threshold: the banding is h + 1 bands (blocks) of one row and the threshold is
 * the similarity 1 − h/64 ({@link SimHash#similarity(int)}).
 *
 * @param sketch the sketch parameters (shingles, hashes, bits, scheme, seed)
 * @param banding bands and rows, b·r ≤ hashes
 * @param threshold the similarity the bands were chosen for (when not given explicitly) and the
 *     default minimum similarity of queries
 * @param exact whether to emit the exact-duplicate token
 * @param shingles whether to emit one token per distinct shingle fingerprint
 */
public record NearDupSettings(
    SketchParameters sketch, Banding banding, double threshold, boolean exact, boolean shingles) {

  /** By default no exact-duplicate token is emitted. */
  public static final boolean DEFAULT_EXACT = false;

  /** By default no shingle tokens are emitted. */
  public static final boolean DEFAULT_SHINGLES = false;

  /** The defaults: word 5-shingles, 128 values, threshold 0.8 (18 bands x 7 rows). */
  public static final NearDupSettings DEFAULT = builder().build();

  public NearDupSettings {
    if (sketch == null || banding == null) {
      throw new IllegalArgumentException("sketch parameters and banding are required");
    }
    Banding.checkThreshold(threshold);
    if (sketch.scheme().isSimHash()) {
      int h = banding.bands() - 1;
      if (banding.rows() != 1 || h > SimHash.MAX_HAMMING) {
        throw new IllegalArgumentException(
            "a simhash banding is max_hamming + 1 bands of 1 row, got " + banding);
      }
      if (threshold != SimHash.similarity(h)) {
        throw new IllegalArgumentException(
            "a simhash threshold is 1 - max_hamming/64 = "
                + SimHash.similarity(h)
                + ", got "
                + threshold);
      }
    } else {
      banding.checkFits(sketch.hashes());
    }
  }

  /**
   * The default threshold of a scheme: 0.8, or null for simhash, whose threshold follows from
   * max_hamming.
   */
  public static Double defaultThreshold(SketchScheme scheme) {
    return scheme != null && scheme.isSimHash() ? null : Banding.DEFAULT_THRESHOLD;
  }

  /**
   * The minimum similarity a query on a field of these settings asks for: {@code minSimilarity}
   * when given, else the similarity 1 − h/64 of {@code maxHamming} h (simhash fields only), else
   * the threshold.
   *
   * @throws ParameterException naming {@code maxHamming} when given with {@code minSimilarity}, on
   *     a field of another scheme, or above the field's own (pairs farther apart may share no
   *     block)
   */
  public double minSimilarity(Double minSimilarity, Integer maxHamming) {
    if (maxHamming == null) {
      return minSimilarity != null ? minSimilarity : threshold;
    }
    if (minSimilarity != null) {
      throw new ParameterException(
          Parameter.MAX_HAMMING, "unset when min_similarity is set", maxHamming);
    }
    if (!sketch.scheme().isSimHash()) {
      throw new ParameterException(
          Parameter.MAX_HAMMING,
          "unset on a field of scheme " + sketch.scheme().parameterValue() + " (simhash only)",
          maxHamming);
    }
    if (maxHamming < 0 || maxHamming > maxHamming()) {
      throw new ParameterException(
          Parameter.MAX_HAMMING,
          "an integer between 0 and the field's max_hamming (" + maxHamming() + ")",
          maxHamming);
    }
    return SimHash.similarity(maxHamming);
  }

  /**
   * The largest Hamming distance of near-duplicates of a {@link SketchScheme#SIMHASH} sketch.
   *
   * @throws IllegalStateException for the other schemes
   */
  public int maxHamming() {
    if (!sketch.scheme().isSimHash()) {
      throw new IllegalStateException(
          "max_hamming applies to scheme simhash only, the scheme is "
              + sketch.scheme().parameterValue());
    }
    return banding.bands() - 1;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads settings from a string map (factory arguments or index settings), removing the keys it
   * knows. Leftover keys are the caller's to reject or use.
   *
   * @throws ParameterException naming the first invalid parameter in the map's style
   */
  public static NearDupSettings parse(Map<String, String> map, Parameter.Style style) {
    return parse(map, style, b -> {});
  }

  /**
   * {@link #parse(Map, Parameter.Style)}, then {@code given} sets on the builder what the caller
   * holds as typed values already (a threshold read once by a command line, say), before the
   * settings are checked and built.
   *
   * @throws ParameterException naming the first invalid parameter in the map's style
   */
  public static NearDupSettings parse(
      Map<String, String> map, Parameter.Style style, java.util.function.Consumer<Builder> given) {
    Args args = new Args(map, style);
    Builder b = builder();
    try {
      String unit = args.takeChoice(Parameter.SHINGLE_UNIT, "word", "char");
      if (unit != null) {
        b.shingleUnit(ShingleUnit.parse(unit));
      }
      b.shingleSize(args.takeInt(Parameter.SHINGLE_SIZE, 1, SketchParameters.MAX_SHINGLE_SIZE));
      Integer hashes = args.takeInt(Parameter.HASHES, 1, SketchParameters.MAX_HASHES);
      if (hashes != null) {
        b.hashes(hashes);
      }
      String bits = args.takeChoice(Parameter.BITS, "8", "16", "32", "64");
      if (bits != null) {
        b.bits(Integer.parseInt(bits));
      }
      String scheme =
          args.takeChoice(Parameter.SCHEME, "superminhash", "minhash", "oph", "simhash");
      if (scheme != null) {
        b.scheme(SketchScheme.parse(scheme));
      }
      b.maxHamming(args.takeInt(Parameter.MAX_HAMMING, 0, SimHash.MAX_HAMMING));
      Long seed = args.takeLong(Parameter.SEED);
      if (seed != null) {
        b.seed(seed);
      }
      b.bands(args.takeInt(Parameter.BANDS, 1, SketchParameters.MAX_HASHES));
      b.rows(args.takeInt(Parameter.ROWS, 1, SketchParameters.MAX_HASHES));
      Double threshold = args.takeDouble(Parameter.THRESHOLD, 0, 1);
      if (threshold != null) {
        b.threshold(threshold);
      }
      Boolean exact = args.takeBoolean(Parameter.EXACT);
      if (exact != null) {
        b.exact(exact);
      }
      Boolean shingles = args.takeBoolean(Parameter.SHINGLES);
      if (shingles != null) {
        b.shingles(shingles);
      }
      given.accept(b);
      return b.build();
    } catch (ParameterException e) {
      throw e.withStyle(style);
    }
  }

  /**
   * Every parameter as a string map in the given style, such that {@link #parse(Map,
   * Parameter.Style)} gives these settings back. Used to record the settings of an index next to
   * its data.
   */
  public Map<String, String> toMap(Parameter.Style style) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    m.put(Parameter.SHINGLE_UNIT.name(style), sketch.shingleUnit().parameterValue());
    m.put(Parameter.SHINGLE_SIZE.name(style), Integer.toString(sketch.shingleSize()));
    m.put(Parameter.HASHES.name(style), Integer.toString(sketch.hashes()));
    m.put(Parameter.BITS.name(style), Integer.toString(sketch.bits()));
    m.put(Parameter.SCHEME.name(style), sketch.scheme().parameterValue());
    m.put(Parameter.SEED.name(style), Long.toString(sketch.seed()));
    if (sketch.scheme().isSimHash()) {
      m.put(Parameter.MAX_HAMMING.name(style), Integer.toString(maxHamming()));
    } else {
      m.put(Parameter.BANDS.name(style), Integer.toString(banding.bands()));
      m.put(Parameter.ROWS.name(style), Integer.toString(banding.rows()));
      m.put(Parameter.THRESHOLD.name(style), Double.toString(threshold));
    }
    m.put(Parameter.EXACT.name(style), Boolean.toString(exact));
    m.put(Parameter.SHINGLES.name(style), Boolean.toString(shingles));
    return m;
  }

  /** Builds {@link NearDupSettings}; unset values take the defaults. */
  public static final class Builder {
    private ShingleUnit shingleUnit = SketchParameters.DEFAULT_SHINGLE_UNIT;
    private Integer shingleSize;
    private Integer hashes;
    private Integer bits;
    private Integer maxHamming;
    private SketchScheme scheme = SketchParameters.DEFAULT_SCHEME;
    private long seed = SketchParameters.DEFAULT_SEED;
    private Integer bands;
    private Integer rows;
    private Double threshold;
    private boolean exact = DEFAULT_EXACT;
    private boolean shingles = DEFAULT_SHINGLES;

    private Builder() {}

    /** Word shingles or character k-grams; default word. */
    public Builder shingleUnit(ShingleUnit unit) {
      this.shingleUnit = unit;
      return this;
    }

    /** Units per shingle; null for the unit's default (5 words or 10 characters). */
    public Builder shingleSize(Integer size) {
      this.shingleSize = size;
      return this;
    }

    /** Number of sketch values k; default 128 (1 with scheme simhash). */
    public Builder hashes(Integer k) {
      this.hashes = k;
      return this;
    }

    /** Bits kept per sketch value: 8, 16, 32 (default) or 64 (the only choice with simhash). */
    public Builder bits(Integer b) {
      this.bits = b;
      return this;
    }

    /** Sketch scheme; default {@link SketchScheme#OPH}. */
    public Builder scheme(SketchScheme s) {
      this.scheme = s;
      return this;
    }

    /** Seed of the shingle hash. */
    public Builder seed(long s) {
      this.seed = s;
      return this;
    }

    /**
     * Number of bands; null to choose from the threshold (or from rows when only rows is given).
     */
    public Builder bands(Integer b) {
      this.bands = b;
      return this;
    }

    /**
     * Rows per band; null to choose from the threshold (or from bands when only bands is given).
     */
    public Builder rows(Integer r) {
      this.rows = r;
      return this;
    }

    /**
     * The largest Hamming distance h of near-duplicates, in [0, 32], with scheme simhash only; null
     * for the default {@value SimHash#DEFAULT_MAX_HAMMING}.
     */
    public Builder maxHamming(Integer h) {
      this.maxHamming = h;
      return this;
    }

    /** The similarity threshold in (0, 1]; default 0.8. Not with scheme simhash. */
    public Builder threshold(Double t) {
      this.threshold = t;
      return this;
    }

    /** Whether to emit the exact-duplicate token; default false. */
    public Builder exact(boolean e) {
      this.exact = e;
      return this;
    }

    /** Whether to emit one token per distinct shingle fingerprint; default false. */
    public Builder shingles(boolean s) {
      this.shingles = s;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws ParameterException naming the first invalid parameter
     */
    public NearDupSettings build() {
      int size =
          shingleSize != null ? shingleSize : SketchParameters.defaultShingleSize(shingleUnit);
      if (scheme == SketchScheme.SIMHASH) {
        return buildSimHash(size);
      }
      if (maxHamming != null) {
        throw new ParameterException(
            Parameter.MAX_HAMMING, "set with scheme simhash only", maxHamming);
      }
      int hashes = this.hashes != null ? this.hashes : SketchParameters.defaultHashes(scheme);
      int bits = this.bits != null ? this.bits : SketchParameters.defaultBits(scheme);
      double threshold = this.threshold != null ? this.threshold : Banding.DEFAULT_THRESHOLD;
      Banding.checkThreshold(threshold);
      SketchParameters sketch = new SketchParameters(shingleUnit, size, hashes, bits, scheme, seed);
      Banding banding;
      if (bands == null && rows == null) {
        banding = Banding.forThreshold(threshold, hashes);
      } else if (bands == null) {
        if (rows > hashes) {
          throw new ParameterException(Parameter.ROWS, "at most hashes (" + hashes + ")", rows);
        }
        banding = new Banding(hashes / rows, rows);
      } else if (rows == null) {
        if (bands > hashes) {
          throw new ParameterException(Parameter.BANDS, "at most hashes (" + hashes + ")", bands);
        }
        banding = new Banding(bands, hashes / bands);
      } else {
        banding = new Banding(bands, rows);
      }
      return new NearDupSettings(sketch, banding.checkFits(hashes), threshold, exact, shingles);
    }

    private NearDupSettings buildSimHash(int shingleSize) {
      for (Object[] unused :
          new Object[][] {
            {Parameter.BANDS, bands}, {Parameter.ROWS, rows}, {Parameter.THRESHOLD, threshold}
          }) {
        if (unused[1] != null) {
          throw new ParameterException(
              (Parameter) unused[0],
              "unset with scheme simhash, which takes max_hamming",
              unused[1]);
        }
      }
      int h = maxHamming != null ? maxHamming : SimHash.DEFAULT_MAX_HAMMING;
      if (h < 0 || h > SimHash.MAX_HAMMING) {
        throw new ParameterException(
            Parameter.MAX_HAMMING, "an integer between 0 and " + SimHash.MAX_HAMMING, h);
      }
      SketchParameters sketch =
          new SketchParameters(
              shingleUnit,
              shingleSize,
              hashes != null ? hashes : SketchParameters.defaultHashes(scheme),
              bits != null ? bits : SketchParameters.defaultBits(scheme),
              scheme,
              seed);
      return new NearDupSettings(
          sketch, new Banding(h + 1, 1), SimHash.similarity(h), exact, shingles);
    }
  }
}
