package io.neardup.opensearch.collapse;

import io.neardup.cluster.CanonicalPolicy;
import io.neardup.document.CanonicalKeys;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import java.io.IOException;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.util.BytesRef;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.index.mapper.MapperService;

/**
 * Reads, on a shard, what collapsing needs of a hit, from doc values only (no stored fields, no
 * {@code _source}): its serialized sketch, the value its canonical policy compares, and its {@code
 * _id} as the {@code neardup} field keeps it. Used for one leaf at a time, documents in increasing
 * order within a leaf; going back re-opens the leaf's doc values.
 */
final class HitSketchReader {
  private static final byte[] NO_SKETCH = new byte[0];

  private final String sketchField;
  private final String idField;
  private final CanonicalPolicy canonical;
  private LeafReader leaf;
  private BinaryDocValues sketches;
  private BinaryDocValues ids;
  private CanonicalKeys.LeafValues keys;
  private int lastDoc;
  private boolean hasSketch;
  private boolean hasId;

  /**
   * @param context the shard's mappings
   * @param source the request's extension naming the field and the canonical policy
   */
  HitSketchReader(MapperService context, SketchSource source) {
    this(context.fieldType(source.field()), source.canonical());
  }

  /**
   * @param type the shard's mapped type of the {@code neardup} field, null if unmapped (the
   *     coordinating node checked the mappings; an index without the field has no sketches)
   * @param canonical the policy whose field's value is read
   */
  HitSketchReader(MappedFieldType type, CanonicalPolicy canonical) {
    this.sketchField = type instanceof NearDupFieldType t ? t.fields().sketchField() : null;
    this.idField = type instanceof NearDupFieldType t ? t.idField() : null;
    this.canonical = canonical;
  }

  /** Moves to a leaf. */
  void setLeaf(LeafReader reader) throws IOException {
    leaf = reader;
    open();
  }

  private void open() throws IOException {
    sketches = sketchField == null ? null : leaf.getBinaryDocValues(sketchField);
    ids = idField == null ? null : leaf.getBinaryDocValues(idField);
    keys = CanonicalKeys.leafValues(leaf, canonical);
    lastDoc = -1;
  }

  /** Positions the reader on a document of the current leaf; call before the getters. */
  void advance(int doc) throws IOException {
    if (doc <= lastDoc) {
      open(); // doc values iterate forwards only
    }
    lastDoc = doc;
    hasSketch = sketches != null && sketches.advanceExact(doc);
    hasId = ids != null && ids.advanceExact(doc);
  }

  /**
   * The document's serialized sketch as doc values hold it (valid until the reader moves): empty if
   * it has none.
   */
  BytesRef sketchBytes() throws IOException {
    return hasSketch ? sketches.binaryValue() : new BytesRef();
  }

  /** The document's {@code _id} bytes as doc values hold them (valid until the reader moves). */
  BytesRef idBytes() throws IOException {
    return hasId ? ids.binaryValue() : new BytesRef();
  }

  /** The document's serialized sketch: empty if it has none. */
  byte[] sketch() throws IOException {
    if (!hasSketch) {
      return NO_SKETCH;
    }
    BytesRef b = sketches.binaryValue();
    byte[] copy = new byte[b.length];
    System.arraycopy(b.bytes, b.offset, copy, 0, b.length);
    return copy;
  }

  /**
   * The value the canonical policy compares: a {@link Long}, a {@code byte[]} of a keyword or ip,
   * or null.
   */
  Object key() throws IOException {
    return keys.value(lastDoc);
  }

  /** The document's {@code _id}, or "" in indexes written before the field kept it. */
  String id() throws IOException {
    return hasId ? ids.binaryValue().utf8ToString() : "";
  }
}
