package io.neardup.document;

import io.neardup.sketch.SketchFormat;
import io.neardup.sketch.SketchParameters;

/**
 * The Lucene fields neardup writes for one logical field {@code name}:
 *
 * <ul>
 *   <li>{@code name}: band tokens (and shingle tokens when enabled), indexed with docs only and no
 *       norms;
 *   <li>{@code name.sketch}: the sketch, binary doc values in {@link
 *       io.neardup.sketch.SketchFormat};
 *   <li>{@code name.exact}: the exact-duplicate token, a keyword field with doc values (when
 *       enabled);
 *   <li>{@code name.shingles}: the sorted shingle fingerprints, binary doc values in {@link
 *       io.neardup.shingle.ShingleSetFormat} (when shingles are enabled).
 * </ul>
 *
 * @param name the logical field name
 */
public record NearDupFields(String name) {
  /** Default logical field name. */
  public static final String DEFAULT_NAME = "neardup";

  /** The default field names. */
  public static final NearDupFields DEFAULT = new NearDupFields(DEFAULT_NAME);

  public NearDupFields {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("field name must be non-empty, got [" + name + "]");
    }
  }

  /** Field of the band (and shingle) tokens. */
  public String bandField() {
    return name;
  }

  /** Binary doc values field of the serialized sketch. */
  public String sketchField() {
    return name + ".sketch";
  }

  /** Keyword field (with doc values) of the exact-duplicate token. */
  public String exactField() {
    return name + ".exact";
  }

  /**
   * Checks that a sketch stored in {@link #sketchField()} can be compared with sketches made with
   * {@code expected}, whose serialized form {@code reference} is (any sketch of those settings).
   * Only the headers are compared, not decoded: this runs for every stored sketch a search reads,
   * and Lucene verifies the checksums of its doc values files.
   *
   * @throws IllegalStateException with the precise reason (corrupted, unsupported format, other
   *     parameters), naming the document and the field
   */
  public void checkSketch(
      int doc, byte[] bytes, int offset, int length, byte[] reference, SketchParameters expected) {
    if (SketchFormat.hasSameSettings(bytes, offset, length, reference)) {
      return;
    }
    String prefix = "document " + doc + " in field [" + sketchField() + "] cannot be compared: ";
    try {
      SketchFormat.validate(bytes, offset, length, expected);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(prefix + e.getMessage(), e);
    }
    throw new IllegalStateException(prefix + "unexpected header");
  }

  /**
   * Binary doc values field of a document's cluster id, as an index stores its clusters ({@code
   * io.neardup.index.StoredClusters}); the counterpart of the engines' ingest field {@code
   * neardup_cluster}. Doc values, so that a reconcile or an append rewrites it in place.
   */
  public String clusterField() {
    return name + ".cluster";
  }

  /**
   * Numeric doc values field of a document's canonical flag (1 or 0); the counterpart of the
   * engines' ingest field {@code neardup_canonical}.
   */
  public String canonicalField() {
    return name + ".canonical";
  }

  /**
   * Binary doc values field, on the document whose id names a cluster, of the id of that cluster's
   * canonical when it is another document: finds a cluster's canonical without a scan.
   */
  public String canonicalIdField() {
    return name + ".canonical_id";
  }

  /** Binary doc values field of the serialized shingle set. */
  public String shinglesField() {
    return name + ".shingles";
  }
}
