package io.neardup.search;

import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.shingle.ShingleSet;
import io.neardup.signature.SimHash;
import io.neardup.sketch.ExactMargin;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchComparison;
import io.neardup.sketch.SketchFormat;
import java.io.IOException;
import java.util.Objects;

/**
 * The second phase of a near-duplicate search: whether a stored sketch is similar enough to a query
 * sketch, and how similar. {@link NearDuplicateQuery} verifies each band candidate with it; the
 * engines' lookup of many sketches at once (their ingest processors' shard search) does too, so
 * both accept exactly the same documents with exactly the same scores.
 *
 * <p>With the query's shingle set ({@link #withShingles}), a candidate whose sketch falls within
 * the {@link ExactMargin} of the minimum similarity is decided by the exact Jaccard similarity of
 * the two sets instead, when the candidate has a stored set: documents indexed without one are
 * decided by the estimate, as before.
 *
 * <pre>{@code
 * SketchVerifier v = new SketchVerifier(fields, settings, sketch, 0.8);
 * double s = v.similarity(doc, stored.bytes, stored.offset, stored.length); // < 0: no match
 * }</pre>
 */
public final class SketchVerifier {
  private final NearDupFields fields;
  private final NearDupSettings settings;
  private final byte[] sketchBytes;
  private final int hashes;
  private final int bits;
  private final SketchComparison comparison;
  private final double minSimilarity;
  private final long fingerprint;
  private final int minMatches;
  private final int maxDistance;
  // the query's set, or its serialized form decoded at the first candidate near the threshold
  private volatile ShingleSet shingles;
  private final byte[] serializedShingles;
  private final ExactMargin margin;

  /** Reads a candidate's stored shingle set; one per thread. */
  @FunctionalInterface
  public interface StoredSet {
    /**
     * The current candidate's set, or null when it has none.
     *
     * @throws IllegalArgumentException if the stored bytes are not a set
     */
    ShingleSet read() throws IOException;
  }

  /**
   * @param sketch the query sketch, made with {@code settings.sketch()}
   * @param minSimilarity minimum estimated similarity, in (0, 1]
   */
  public SketchVerifier(
      NearDupFields fields, NearDupSettings settings, Sketch sketch, double minSimilarity) {
    this(fields, settings, sketch, SketchFormat.encode(sketch), minSimilarity);
  }

  /**
   * As {@link #SketchVerifier(NearDupFields, NearDupSettings, Sketch, double)}, given the sketch's
   * serialized form too (as {@link SketchFormat#encode} writes it), which is then not written
   * again.
   */
  public SketchVerifier(
      NearDupFields fields,
      NearDupSettings settings,
      Sketch sketch,
      byte[] serialized,
      double minSimilarity) {
    this.fields = fields;
    this.settings = settings;
    this.sketchBytes = serialized;
    this.hashes = sketch.size();
    this.bits = sketch.parameters().bits();
    this.comparison = sketch.parameters().scheme().comparison();
    this.fingerprint = sketch.value(0);
    this.minSimilarity = minSimilarity;
    this.minMatches = Jaccard.minMatches(minSimilarity, hashes, bits);
    this.maxDistance = SimHash.maxDistance(minSimilarity);
    this.shingles = null;
    this.serializedShingles = null;
    this.margin = null;
  }

  private SketchVerifier(SketchVerifier sketchOnly, ShingleSet shingles, byte[] serialized) {
    this.fields = sketchOnly.fields;
    this.settings = sketchOnly.settings;
    this.sketchBytes = sketchOnly.sketchBytes;
    this.hashes = sketchOnly.hashes;
    this.bits = sketchOnly.bits;
    this.comparison = sketchOnly.comparison;
    this.fingerprint = sketchOnly.fingerprint;
    this.minMatches = sketchOnly.minMatches;
    this.maxDistance = sketchOnly.maxDistance;
    this.shingles = shingles;
    this.serializedShingles = serialized;
    this.minSimilarity = sketchOnly.minSimilarity;
    this.margin = ExactMargin.of(minSimilarity, hashes, bits);
  }

  /**
   * A verifier that decides candidates near the minimum similarity by the exact similarity of their
   * stored sets with {@code shingles}, the query text's set.
   *
   * @throws IllegalArgumentException for a SimHash sketch, whose similarity is not Jaccard's
   */
  public SketchVerifier withShingles(ShingleSet shingles) {
    checkSetsDecide();
    return new SketchVerifier(this, Objects.requireNonNull(shingles, "shingles"), null);
  }

  /**
   * As {@link #withShingles(ShingleSet)}, given the set serialized ({@link ShingleSet#read}'s
   * input): it is read only when a candidate falls near the minimum similarity, which most lookups
   * of a batch never meet.
   *
   * @throws IllegalArgumentException for a SimHash sketch
   */
  public SketchVerifier withShingles(byte[] serialized) {
    checkSetsDecide();
    return new SketchVerifier(this, null, Objects.requireNonNull(serialized, "serialized"));
  }

  private void checkSetsDecide() {
    if (!comparison.setsDecide()) {
      throw new IllegalArgumentException("exact verification needs a MinHash sketch, not simhash");
    }
  }

  /** Whether candidates near the minimum similarity are decided exactly. */
  public boolean exact() {
    return margin != null;
  }

  /** The margin of exact verification, or null when it is not done. */
  ExactMargin margin() {
    return margin;
  }

  /**
   * The query's shingle set, or null.
   *
   * @throws IllegalArgumentException if the serialized set given is not a set
   */
  ShingleSet shingles() {
    ShingleSet set = shingles;
    if (set == null && serializedShingles != null) {
      set = new ShingleSet().read(serializedShingles, 0, serializedShingles.length);
      shingles = set;
    }
    return set;
  }

  /** The query sketch, serialized. */
  byte[] sketchBytes() {
    return sketchBytes;
  }

  /** The fewest agreeing values of a near-duplicate (MinHash schemes). */
  int minMatches() {
    return minMatches;
  }

  /** The largest Hamming distance of a near-duplicate (SimHash). */
  int maxDistance() {
    return maxDistance;
  }

  /**
   * The estimated similarity of a stored sketch to the query sketch: the Jaccard estimate (or 1 −
   * d/64 for SimHash) when it reaches the minimum similarity, else −1.
   *
   * @param doc the document's number, for the message of an incompatible sketch
   * @throws IllegalStateException if the stored sketch was made with other parameters
   */
  public double similarity(int doc, byte[] bytes, int offset, int length) {
    fields.checkSketch(doc, bytes, offset, length, sketchBytes, settings.sketch());
    return switch (comparison) {
      case HAMMING -> {
        if (SketchFormat.isEmpty(bytes, offset)) {
          yield -1;
        }
        int d = SimHash.distance(fingerprint, SketchFormat.firstValue(bytes, offset));
        yield d > maxDistance ? -1 : SimHash.similarity(d);
      }
      case JACCARD_ESTIMATE -> {
        int matches = SketchFormat.countMatches(bytes, offset, sketchBytes, 0, settings.sketch());
        yield matches < minMatches
            ? -1
            : Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
      }
    };
  }

  /**
   * As {@link #similarity(int, byte[], int, int)}; for a verifier {@linkplain #withShingles with
   * the query's set}, a candidate within the margin is decided by the exact similarity of its set
   * (read from {@code stored} only then), which is also the score.
   */
  public double similarity(int doc, byte[] bytes, int offset, int length, StoredSet stored)
      throws IOException {
    if (margin == null) {
      return similarity(doc, bytes, offset, length);
    }
    fields.checkSketch(doc, bytes, offset, length, sketchBytes, settings.sketch());
    int matches = SketchFormat.countMatches(bytes, offset, sketchBytes, 0, settings.sketch());
    if (margin.needsExact(matches)) {
      ShingleSet set;
      try {
        set = stored.read();
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(
            "document " + doc + " in field [" + fields.shinglesField() + "]: " + e.getMessage(), e);
      }
      if (set != null && !SketchFormat.isEmpty(bytes, offset)) {
        double j = shingles().jaccard(set);
        return j >= minSimilarity ? j : -1;
      }
    }
    if (matches < minMatches) {
      return -1;
    }
    return Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
  }
}
