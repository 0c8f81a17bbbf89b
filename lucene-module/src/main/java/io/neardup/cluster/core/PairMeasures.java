package io.neardup.cluster.core;

import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSet;
import io.neardup.signature.MinM;
import io.neardup.signature.SimHash;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchParameters;

/**
 * The {@link PairMeasure}s of the methods neardup offers. Sets of 64-bit values are stored as two
 * ints per value, high half first.
 */
public final class PairMeasures {
  private PairMeasures() {}

  private static final PairMeasure EXACT_JACCARD =
      new PairMeasure() {
        @Override
        public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
          return CompactShingleSet.jaccard(a, lengthA, b, lengthB);
        }

        @Override
        public boolean canReach(int lengthA, int lengthB, double threshold) {
          return LengthRatio.canReach(lengthA, lengthB, threshold);
        }

        @Override
        public String describe() {
          return "exact Jaccard";
        }
      };

  /**
   * The exact Jaccard similarity of two ascending, distinct int sets (compact shingle sets, or
   * Broder's mod-n samples), with {@link LengthRatio} pruning.
   */
  public static PairMeasure exactJaccard() {
    return EXACT_JACCARD;
  }

  /**
   * How two sketches of these parameters compare: by the Hamming distance of their fingerprints for
   * SimHash ({@link #hamming()}), else by their Jaccard estimate ({@link #sketchEstimate}). The
   * sets are the sketch values, one int each, two for 64 bits.
   */
  public static PairMeasure forSketches(SketchParameters parameters) {
    return switch (parameters.scheme().comparison()) {
      case HAMMING -> hamming();
      case JACCARD_ESTIMATE -> sketchEstimate(parameters.hashes(), parameters.bits());
    };
  }

  /**
   * The Jaccard estimate of two sketches of {@code hashes} values of {@code bits} bits (one int per
   * value, two for 64 bits), exactly as {@code NearDuplicateQuery} decides: a pair reaches the
   * threshold when it has at least {@link Jaccard#minMatches} agreeing values.
   */
  public static PairMeasure sketchEstimate(int hashes, int bits) {
    return new SketchEstimate(hashes, bits);
  }

  /**
   * The sketch estimate, and near the threshold the exact Jaccard similarity of the shingle sets:
   * the engines' rule for a field with {@code verify: exact}. A record is the sketch's values as
   * {@link #sketchEstimate} reads them, then, if the document has a shingle set, its {@linkplain
   * ShingleSet#width() width} and its values ({@link #sketchAndSet}). A pair is decided by its
   * sketches when their agreement is outside the {@link ExactMargin} of the threshold or either
   * record has no set, else by the sets ({@link ShingleSet#jaccard(int[], int, int, int, int[],
   * int, int, int)}), which is then its similarity.
   */
  public static PairMeasure sketchThenSets(int hashes, int bits) {
    return new SketchThenSets(hashes, bits);
  }

  /**
   * The record of {@link #sketchThenSets}: the sketch's values, then the set's width and values;
   * the sketch's alone for a null set.
   */
  public static int[] sketchAndSet(Sketch sketch, ShingleSet set) {
    int s = Clusterer.sketchSetSize(sketch);
    int[] values = set == null ? null : set.values();
    int[] out = new int[values == null ? s : s + 1 + values.length];
    Clusterer.sketchSet(sketch, out);
    if (values != null) {
      out[s] = set.width();
      System.arraycopy(values, 0, out, s + 1, values.length);
    }
    return out;
  }

  private static final class SketchThenSets implements PairMeasure {
    private final int hashes;
    private final int bits;
    private final int sketchInts;
    private final SketchEstimate estimate;
    // the margin for the last threshold asked: one volatile read per pair
    private volatile Object[] margin = {Double.NaN, null, 0};

    SketchThenSets(int hashes, int bits) {
      this.hashes = hashes;
      this.bits = bits;
      this.sketchInts = bits == 64 ? 2 * hashes : hashes;
      this.estimate = new SketchEstimate(hashes, bits);
    }

    @Override
    public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
      return lengthA > sketchInts && lengthB > sketchInts
          ? sets(a, lengthA, b, lengthB)
          : estimate.similarity(a, sketchInts, b, sketchInts);
    }

    @Override
    public double ifReaches(int[] a, int lengthA, int[] b, int lengthB, double threshold) {
      Object[] cached = margin;
      if ((double) cached[0] != threshold) {
        cached =
            new Object[] {
              threshold,
              ExactMargin.of(threshold, hashes, bits),
              Math.max(1, Jaccard.minMatches(threshold, hashes, bits))
            };
        margin = cached;
      }
      int matches = estimate.countMatches(a, b, sketchInts);
      if (lengthA > sketchInts
          && lengthB > sketchInts
          && ((ExactMargin) cached[1]).needsExact(matches)) {
        double j = sets(a, lengthA, b, lengthB);
        return j >= threshold ? j : -1;
      }
      return matches < (int) cached[2] ? -1 : estimate.estimate(matches);
    }

    private double sets(int[] a, int lengthA, int[] b, int lengthB) {
      return ShingleSet.jaccard(
          a, sketchInts + 1, lengthA, a[sketchInts], b, sketchInts + 1, lengthB, b[sketchInts]);
    }

    @Override
    public String describe() {
      return "sketch estimate, exact Jaccard near the threshold";
    }
  }

  private static final class SketchEstimate implements PairMeasure {
    private final int hashes;
    private final int bits;
    // the least matches for the last threshold asked: one volatile read per pair
    private volatile double[] minMatches = {Double.NaN, 0};

    SketchEstimate(int hashes, int bits) {
      if (hashes < 1) {
        throw new IllegalArgumentException("hashes must be >= 1, got " + hashes);
      }
      this.hashes = hashes;
      this.bits = bits;
    }

    @Override
    public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
      return estimate(countMatches(a, b, lengthA));
    }

    @Override
    public double ifReaches(int[] a, int lengthA, int[] b, int lengthB, double threshold) {
      double[] cached = minMatches;
      if (cached[0] != threshold) {
        cached = new double[] {threshold, Math.max(1, Jaccard.minMatches(threshold, hashes, bits))};
        minMatches = cached;
      }
      int matches = countMatches(a, b, lengthA);
      return matches < cached[1] ? -1 : estimate(matches);
    }

    double estimate(int matches) {
      return Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
    }

    int countMatches(int[] a, int[] b, int length) {
      int matches = 0;
      if (bits == 64) {
        for (int i = 0; i < length; i += 2) {
          matches += a[i] == b[i] && a[i + 1] == b[i + 1] ? 1 : 0;
        }
      } else {
        for (int i = 0; i < length; i++) {
          matches += a[i] == b[i] ? 1 : 0;
        }
      }
      return matches;
    }

    @Override
    public String describe() {
      return "sketch estimate";
    }
  }

  /**
   * Broder's estimator of option 1 for two min-m sketches ({@link MinM}): |min_m(A ∪ B) ∩ A ∩ B| /
   * |min_m(A ∪ B)|.
   */
  public static PairMeasure minM(int m) {
    if (m < 1) {
      throw new IllegalArgumentException("m must be >= 1, got " + m);
    }
    return new PairMeasure() {
      @Override
      public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
        return MinM.estimate(a, lengthA, b, lengthB, m);
      }

      /**
       * Broder's count of common values per pair (000, steps 3 and 4): an estimate of at least t
       * needs t·|min_m(A ∪ B)| values of both sketches, and |min_m(A ∪ B)| is at least the longer
       * sketch; each shared value is a shared bucket key.
       */
      @Override
      public boolean canReach(int lengthA, int lengthB, int sharedKeys, double threshold) {
        return sharedKeys < 0
            || sharedKeys >= Math.ceil(threshold * Math.max(lengthA, lengthB) - 1e-9);
      }

      @Override
      public String describe() {
        return "min-" + m + " estimate";
      }
    };
  }

  private static final PairMeasure HAMMING =
      new PairMeasure() {
        @Override
        public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
          if (lengthA != 2 || lengthB != 2) {
            throw new IllegalArgumentException(
                "a SimHash fingerprint is 2 ints, got " + lengthA + " and " + lengthB);
          }
          return hammingSimilarity(SimHash.distance(join(a[0], a[1]), join(b[0], b[1])));
        }

        @Override
        public String describe() {
          return "Hamming distance";
        }
      };

  /**
   * The Hamming distance d of two 64-bit SimHash fingerprints (two ints each), reported as the
   * similarity 1 − d/64: the threshold {@link #hammingThreshold(int) hammingThreshold(h)} admits
   * exactly the pairs with d ≤ h.
   */
  public static PairMeasure hamming() {
    return HAMMING;
  }

  /** The similarity 1 − d/64 of fingerprints at Hamming distance d (exact in binary). */
  public static double hammingSimilarity(int distance) {
    return SimHash.similarity(distance);
  }

  /** The threshold that admits the pairs within Hamming distance h, in [0, 63]. */
  public static double hammingThreshold(int maxHamming) {
    if (maxHamming < 0 || maxHamming > 63) {
      throw new IllegalArgumentException("max-hamming must be in [0, 63], got " + maxHamming);
    }
    return hammingSimilarity(maxHamming);
  }

  private static final PairMeasure SHARED_SIGNATURE =
      new PairMeasure() {
        @Override
        public double similarity(int[] a, int lengthA, int[] b, int lengthB) {
          return sharesValue(a, lengthA, b, lengthB) ? 1 : 0;
        }

        @Override
        public String describe() {
          return "equal signature";
        }
      };

  /**
   * Signatures: 1 when two documents share any 64-bit signature (two ints each, ascending as signed
   * longs), else 0; run it at threshold 1. A document with one signature is thus equal to another
   * exactly when their signatures are equal.
   */
  public static PairMeasure sharedSignature() {
    return SHARED_SIGNATURE;
  }

  static boolean sharesValue(int[] a, int lengthA, int[] b, int lengthB) {
    int i = 0;
    int j = 0;
    while (i < lengthA && j < lengthB) {
      int c = Long.compare(join(a[i], a[i + 1]), join(b[j], b[j + 1]));
      if (c == 0) {
        return true;
      }
      if (c < 0) {
        i += 2;
      } else {
        j += 2;
      }
    }
    return false;
  }

  /** The 64-bit value of a high and a low int. */
  public static long join(int high, int low) {
    return ((long) high << 32) | (low & 0xFFFFFFFFL);
  }
}
