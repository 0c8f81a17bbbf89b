package io.neardup.document;

import io.neardup.shingle.CompactShingleSet;
import io.neardup.shingle.ShingleSetFormat;
import io.neardup.sketch.Sketch;
import io.neardup.sketch.SketchFormat;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * What neardup knows about one analysed text: its band tokens, sketch, and optionally its
 * exact-duplicate token and shingle fingerprints. Turns into Lucene fields with {@link
 * #toFields(NearDupFields)}. Immutable; the serialized sketch and set are made once, when first
 * asked for, so that a text analysed before it is indexed (the engines' ingest processor) does not
 * pay for them twice.
 */
public final class NearDupDocument {
  private final List<String> bandTokens;
  private final Sketch sketch;
  private final String exactToken;
  private final long[] shingles;
  private volatile byte[] encodedSketch;
  private volatile EncodedSet encodedSet;

  private record EncodedSet(SetLayout layout, byte[] bytes) {}

  /** Band tokens: indexed for matching only; no frequencies, positions or norms. */
  public static final FieldType BAND_FIELD_TYPE;

  static {
    FieldType type = new FieldType();
    type.setIndexOptions(IndexOptions.DOCS);
    type.setOmitNorms(true);
    type.setTokenized(true);
    type.setStored(false);
    type.freeze();
    BAND_FIELD_TYPE = type;
  }

  /** How a document's shingle set is written, when it has one. */
  public enum SetLayout {
    /**
     * One term per shingle in the band field, and the set in {@link ShingleSetFormat#VERSION}: what
     * {@code shingles=true} asks of a standalone index.
     */
    TOKENS_AND_COMPACT,
    /** The set in {@link ShingleSetFormat#VERSION} only: the CLI's index. */
    COMPACT,
    /**
     * The set in {@link ShingleSetFormat#VERSION_DELTA} only, under two bytes per shingle: the
     * engines' fields with {@code verify: exact}.
     */
    DELTA
  }

  /**
   * @param bandTokens the band tokens, in band order
   * @param sketch the sketch
   * @param exactToken the exact-duplicate token, or null when not enabled
   * @param shingles the distinct shingle fingerprints in ascending order, or null when not enabled
   */
  public NearDupDocument(
      List<String> bandTokens, Sketch sketch, String exactToken, long[] shingles) {
    this.bandTokens = List.copyOf(bandTokens);
    this.sketch = sketch;
    this.exactToken = exactToken;
    this.shingles = shingles == null ? null : shingles.clone();
  }

  /** The band tokens, in band order. */
  public List<String> bandTokens() {
    return bandTokens;
  }

  /** The sketch. */
  public Sketch sketch() {
    return sketch;
  }

  /** The exact-duplicate token, or null when not enabled. */
  public String exactToken() {
    return exactToken;
  }

  /** The sketch as its doc values hold it ({@link SketchFormat}); not to be modified. */
  public byte[] encodedSketch() {
    byte[] bytes = encodedSketch;
    if (bytes == null) {
      bytes = SketchFormat.encode(sketch);
      encodedSketch = bytes;
    }
    return bytes;
  }

  /**
   * The shingle set as its doc values hold it when written as {@code layout} (the layouts with a
   * set only, not {@link SetLayout#TOKENS_AND_COMPACT}'s tokens), or null when the set is not
   * enabled; not to be modified.
   */
  public byte[] encodedSet(SetLayout layout) {
    if (shingles == null) {
      return null;
    }
    EncodedSet held = encodedSet;
    if (held != null && held.layout() == layout) {
      return held.bytes();
    }
    byte[] bytes;
    if (layout == SetLayout.DELTA) {
      int[] compact = new int[shingles.length];
      int size = CompactShingleSet.compact(shingles, shingles.length, compact);
      bytes = ShingleSetFormat.encodeDelta(compact, size);
    } else {
      bytes = ShingleSetFormat.encode(shingles, shingles.length);
    }
    encodedSet = new EncodedSet(layout, bytes);
    return bytes;
  }

  /** The Lucene fields of this document under the given names, shingle tokens included. */
  public List<IndexableField> toFields(NearDupFields fields) {
    return toFields(fields, SetLayout.TOKENS_AND_COMPACT);
  }

  /**
   * The Lucene fields of this document under the given names.
   *
   * @param shingleTokens whether the shingle fingerprints are also indexed as tokens (one term per
   *     shingle, as the analysis chain emits them); exact verification needs only the doc values
   */
  public List<IndexableField> toFields(NearDupFields fields, boolean shingleTokens) {
    return toFields(fields, shingleTokens ? SetLayout.TOKENS_AND_COMPACT : SetLayout.COMPACT);
  }

  /**
   * The Lucene fields of this document under the given names, its set written as {@code layout}.
   */
  public List<IndexableField> toFields(NearDupFields fields, SetLayout layout) {
    List<IndexableField> out = new ArrayList<>(4);
    List<String> indexed = new ArrayList<>(bandTokens);
    if (shingles != null && layout == SetLayout.TOKENS_AND_COMPACT) {
      for (long s : shingles) {
        indexed.add(io.neardup.token.TokenEncoding.shingleToken(s));
      }
    }
    out.add(new Field(fields.bandField(), new ListTokenStream(indexed), BAND_FIELD_TYPE));
    out.add(new BinaryDocValuesField(fields.sketchField(), new BytesRef(encodedSketch())));
    if (exactToken != null) {
      out.add(new KeywordField(fields.exactField(), exactToken, Field.Store.NO));
    }
    if (shingles != null) {
      out.add(new BinaryDocValuesField(fields.shinglesField(), new BytesRef(encodedSet(layout))));
    }
    return out;
  }

  /** The number of distinct shingles kept, 0 when the set is not enabled; without copying them. */
  public int shingleCount() {
    return shingles == null ? 0 : shingles.length;
  }

  /** The distinct shingle fingerprints in ascending order (a copy), or null when not enabled. */
  public long[] shingles() {
    return shingles == null ? null : shingles.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NearDupDocument d
        && bandTokens.equals(d.bandTokens)
        && sketch.equals(d.sketch)
        && java.util.Objects.equals(exactToken, d.exactToken)
        && java.util.Arrays.equals(shingles, d.shingles);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(
        bandTokens, sketch, exactToken, java.util.Arrays.hashCode(shingles));
  }

  @Override
  public String toString() {
    return "NearDupDocument[bandTokens="
        + bandTokens
        + ", sketch="
        + sketch
        + ", exactToken="
        + exactToken
        + ", shingles="
        + (shingles == null ? "null" : shingles.length + " fingerprints")
        + "]";
  }

  /**
   * Replays already computed tokens into the index, stacked at one position like the filter emits
   * them.
   */
  private static final class ListTokenStream extends TokenStream {
    private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
    private final PositionIncrementAttribute posIncAtt =
        addAttribute(PositionIncrementAttribute.class);
    private final List<String> tokens;
    private int next;

    ListTokenStream(List<String> tokens) {
      this.tokens = tokens;
    }

    @Override
    public boolean incrementToken() {
      if (next >= tokens.size()) {
        return false;
      }
      clearAttributes();
      termAtt.setEmpty().append(tokens.get(next));
      posIncAtt.setPositionIncrement(next == 0 ? 1 : 0);
      next++;
      return true;
    }

    @Override
    public void reset() {
      next = 0;
    }
  }
}
