package io.neardup.sketch;

import com.dynatrace.hash4j.similarity.MinHashVersion;
import com.dynatrace.hash4j.similarity.SimilarityHashPolicy;
import com.dynatrace.hash4j.similarity.SimilarityHashing;
import com.dynatrace.hash4j.similarity.SuperMinHashVersion;
import java.util.Locale;
import java.util.Map;

/**
 * How a set of shingle fingerprints becomes k sketch values. Every MinHash scheme gives values
 * whose pairwise equality rate is an unbiased estimate of the Jaccard similarity of the two sets;
 * {@link #SIMHASH} gives one 64-bit fingerprint compared by Hamming distance. The algorithm
 * versions are pinned, and the scheme is recorded in every serialized sketch, so a library upgrade
 * can never silently change stored sketches.
 */
public enum SketchScheme {
  /**
   * SuperMinHash (Ertl, 2017, arXiv:1706.05698): one pass over the set, O(n + k log² k) instead of
   * O(n·k), and a smaller estimation error than classic MinHash for sets of up to a few times k
   * elements. The default.
   */
  SUPERMINHASH(1) {
    @Override
    SimilarityHashPolicy policy(int hashes, int bits) {
      return SimilarityHashing.superMinHash(hashes, bits, SuperMinHashVersion.V1);
    }
  },
  /** Classic MinHash with k independent hash functions (Broder, 1997): O(n·k) per document. */
  MINHASH(2) {
    @Override
    SimilarityHashPolicy policy(int hashes, int bits) {
      return SimilarityHashing.minHash(hashes, bits, MinHashVersion.V1);
    }
  },
  /**
   * One-permutation hashing (Li, Owen and Zhang 2012) whose empty bins are filled by rounds of
   * rehashing as in fast similarity sketching (Dahlgaard, Knudsen and Thorup 2017); see {@link
   * RehashedOnePermutation}. Each element goes into one of k bins and each bin keeps its smallest
   * hash; a set too small to fill every bin is hashed again, round after round, each bin keeping
   * its smallest (round, hash) pair. O(n + k log k) per document with a constant of one
   * multiplication and one branch-free minimum per element and round, and no deduplication needed:
   * callers may add repeated shingles. Id 3, retired, was an earlier variant with other values.
   *
   * <p>Each value agrees with probability J, like MinHash. Measured with k = 128
   * (JaccardAccuracyTest, set sizes 1 to 100 000): RMSE within the classic bound sqrt(J(1 − J)/k);
   * band collision rates (BandCollisionTest, 60 to 800 shingles) match 1 − (1 − s<sup>r</sup>)
   * <sup>b</sup> of independent values within the test margins.
   */
  OPH(4) {
    @Override
    SimilarityHashPolicy policy(int hashes, int bits) {
      return null;
    }
  },
  /**
   * Charikar's SimHash of the distinct shingle fingerprints, each of weight 1 ({@link
   * io.neardup.signature.SimHash#fingerprint(long[], int)}): one value of 64 bits, so {@code
   * hashes} is 1 and {@code bits} 64. Two sketches are compared by the Hamming distance d of their
   * fingerprints, on the similarity scale 1 − d/64, and the band tokens are the h + 1 blocks of
   * Manku, Jain and Das Sarma's search, so every pair within distance h shares one. O(64·n) per
   * document; 8 bytes stored.
   */
  SIMHASH(5) {
    @Override
    SimilarityHashPolicy policy(int hashes, int bits) {
      return null;
    }
  };

  private final int id;

  SketchScheme(int id) {
    this.id = id;
  }

  /**
   * Identifiers of schemes this version no longer computes, and what they were: sketches that carry
   * one are rejected with that explanation.
   */
  private static final Map<Integer, String> RETIRED =
      Map.of(
          3,
          "the one-permutation hashing of neardup development snapshots before 0.1.0, whose"
              + " values this version computes differently");

  /** The identifier written in the sketch format; never reused. */
  public int id() {
    return id;
  }

  /**
   * Whether this is {@link #SIMHASH}: one 64-bit fingerprint, which shapes its parameters, its
   * computation and its band tokens. How its sketches compare is {@link #comparison}.
   */
  public boolean isSimHash() {
    return this == SIMHASH;
  }

  /** How two sketches of this scheme are compared. */
  public SketchComparison comparison() {
    return this == SIMHASH ? SketchComparison.HAMMING : SketchComparison.JACCARD_ESTIMATE;
  }

  /** The parameter values of every scheme, for messages: {@code [superminhash, ..., simhash]}. */
  public static String choices() {
    StringBuilder sb = new StringBuilder("[");
    for (SketchScheme s : values()) {
      sb.append(sb.length() > 1 ? ", " : "").append(s.parameterValue());
    }
    return sb.append(']').toString();
  }

  /** The hash4j policy computing this scheme's values; null for schemes implemented here. */
  abstract SimilarityHashPolicy policy(int hashes, int bits);

  /** The lower-case name used in parameters. */
  public String parameterValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a parameter value ({@code superminhash}, {@code minhash}, {@code oph}, {@code simhash});
   * null if unknown.
   */
  public static SketchScheme parse(String value) {
    for (SketchScheme scheme : values()) {
      if (scheme.parameterValue().equals(value)) {
        return scheme;
      }
    }
    return null;
  }

  /** What a retired scheme identifier was, or null if {@code id} was never retired. */
  public static String retired(int id) {
    return RETIRED.get(id);
  }

  /** The scheme with the given format identifier; null if unknown. */
  public static SketchScheme byId(int id) {
    for (SketchScheme scheme : values()) {
      if (scheme.id == id) {
        return scheme;
      }
    }
    return null;
  }
}
