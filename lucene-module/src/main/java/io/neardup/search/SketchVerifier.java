package io.neardup.search;

import io.neardup.document.NearDupFields;
import io.neardup.settings.NearDupSettings;
import io.neardup.signature.SimHash;
import io.neardup.sketch.Jaccard;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;

/**
 * The second phase of a near-duplicate search: whether a stored sketch is similar enough to a query
 * sketch, and how similar. {@link NearDuplicateQuery} verifies each band candidate with it; the
 * engines' lookup of many sketches at once (their ingest processors' shard search) does too, so
 * both accept exactly the same documents with exactly the same scores.
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
  private final boolean simHash;
  private final long fingerprint;
  private final int minMatches;
  private final int maxDistance;

  /**
   * @param sketch the query sketch, made with {@code settings.sketch()}
   * @param minSimilarity minimum estimated similarity, in (0, 1]
   */
  public SketchVerifier(
      NearDupFields fields, NearDupSettings settings, Sketch sketch, double minSimilarity) {
    this.fields = fields;
    this.settings = settings;
    this.sketchBytes = SketchFormat.encode(sketch);
    this.hashes = sketch.size();
    this.bits = sketch.parameters().bits();
    this.simHash = sketch.parameters().scheme().isSimHash();
    this.fingerprint = sketch.value(0);
    this.minMatches = Jaccard.minMatches(minSimilarity, hashes, bits);
    this.maxDistance = SimHash.maxDistance(minSimilarity);
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
    if (simHash) {
      if (SketchFormat.isEmpty(bytes, offset)) {
        return -1;
      }
      int d = SimHash.distance(fingerprint, SketchFormat.firstValue(bytes, offset));
      return d > maxDistance ? -1 : SimHash.similarity(d);
    }
    int matches = SketchFormat.countMatches(bytes, offset, sketchBytes, 0, settings.sketch());
    if (matches < minMatches) {
      return -1;
    }
    return Jaccard.fromMatches(matches, hashes, bits, Jaccard.DEFAULT_CONFIDENCE).estimate();
  }
}
