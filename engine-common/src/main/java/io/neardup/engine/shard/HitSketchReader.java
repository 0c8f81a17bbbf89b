package io.neardup.engine.shard;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.document.CanonicalKeys;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.util.BytesRef;

/**
 * Reads, on a shard, what the engines' collapse and sketch fetching need of a hit, from doc values
 * only (no stored fields, no {@code _source}): its serialized sketch, the value its canonical
 * policy compares, and its {@code _id} as the {@code neardup} field keeps it. Used for one leaf at
 * a time, documents in increasing order within a leaf; going back re-opens the leaf's doc values.
 */
public final class HitSketchReader {
  /**
   * The transient hit field in which both engines' fetch phases carry a hit's {@link #hitValues} to
   * the coordinating node, which removes it before the response leaves the node.
   */
  public static final String HIT_FIELD = "_neardup_sketch";

  private static final byte[] NO_SKETCH = new byte[0];

  private final String sketchField;
  private final String idField;
  private final String shinglesField;
  private final CanonicalPolicy canonical;
  private LeafReader leaf;
  private BinaryDocValues sketches;
  private BinaryDocValues ids;
  private BinaryDocValues shingles;
  private CanonicalKeys.LeafValues keys;
  private int lastDoc;
  private boolean hasSketch;
  private boolean hasId;
  private boolean hasShingles;

  /**
   * @param sketchField the Lucene field of the {@code neardup} field's sketches, null if the shard
   *     does not map the field (the coordinating node checked the mappings; an index without the
   *     field has no sketches)
   * @param idField the Lucene field of its ids, null likewise
   * @param canonical the policy whose field's value is read
   */
  public HitSketchReader(String sketchField, String idField, CanonicalPolicy canonical) {
    this(sketchField, idField, null, canonical);
  }

  /**
   * @param shinglesField the Lucene field of the documents' shingle sets, null if they are not read
   */
  public HitSketchReader(
      String sketchField, String idField, String shinglesField, CanonicalPolicy canonical) {
    this.sketchField = sketchField;
    this.idField = idField;
    this.shinglesField = shinglesField;
    this.canonical = canonical;
  }

  /** Moves to a leaf. */
  public void setLeaf(LeafReader reader) throws IOException {
    leaf = reader;
    open();
  }

  private void open() throws IOException {
    sketches = sketchField == null ? null : leaf.getBinaryDocValues(sketchField);
    ids = idField == null ? null : leaf.getBinaryDocValues(idField);
    shingles = shinglesField == null ? null : leaf.getBinaryDocValues(shinglesField);
    keys = CanonicalKeys.leafValues(leaf, canonical);
    lastDoc = -1;
  }

  /** Positions the reader on a document of the current leaf; call before the getters. */
  public void advance(int doc) throws IOException {
    if (doc <= lastDoc) {
      open(); // doc values iterate forwards only
    }
    lastDoc = doc;
    hasSketch = sketches != null && sketches.advanceExact(doc);
    hasId = ids != null && ids.advanceExact(doc);
    hasShingles = shingles != null && shingles.advanceExact(doc);
  }

  /**
   * The document's serialized sketch as doc values hold it (valid until the reader moves): empty if
   * it has none.
   */
  public BytesRef sketchBytes() throws IOException {
    return hasSketch ? sketches.binaryValue() : new BytesRef();
  }

  /** The document's {@code _id} bytes as doc values hold them (valid until the reader moves). */
  public BytesRef idBytes() throws IOException {
    return hasId ? ids.binaryValue() : new BytesRef();
  }

  /**
   * The document's serialized shingle set as doc values hold it (valid until the reader moves):
   * empty if it has none or the reader does not read sets.
   */
  public BytesRef shinglesBytes() throws IOException {
    return hasShingles ? shingles.binaryValue() : new BytesRef();
  }

  /** The document's serialized sketch: empty if it has none. */
  public byte[] sketch() throws IOException {
    if (!hasSketch) {
      return NO_SKETCH;
    }
    BytesRef b = sketches.binaryValue();
    byte[] copy = new byte[b.length];
    System.arraycopy(b.bytes, b.offset, copy, 0, b.length);
    return copy;
  }

  /**
   * The document's serialized shingle set: empty if it has none or the reader does not read sets.
   */
  public byte[] shingles() throws IOException {
    if (!hasShingles) {
      return NO_SKETCH;
    }
    BytesRef b = shingles.binaryValue();
    byte[] copy = new byte[b.length];
    System.arraycopy(b.bytes, b.offset, copy, 0, b.length);
    return copy;
  }

  /**
   * The value the canonical policy compares: a {@link Long}, a {@code byte[]} of a keyword or ip,
   * or null.
   */
  public Object key() throws IOException {
    return keys.value(lastDoc);
  }

  /**
   * The values a hit carries in the engines' sketch field: its sketch, the canonical value ("" for
   * none), its id and, when this reader reads shingle sets, its set; {@link #sketchOf}, {@link
   * #keyOf}, {@link #idOf} and {@link #shinglesOf} read them back.
   */
  public List<Object> hitValues() throws IOException {
    Object key = key();
    List<Object> values = new ArrayList<>(4);
    values.add(sketch());
    values.add(key == null ? "" : key);
    values.add(id());
    if (shinglesField != null) {
      values.add(shingles());
    }
    return values;
  }

  /**
   * The serialized sketch among a hit's {@link #hitValues} as they reach the coordinating node:
   * null if the hit carries no values (an empty sketch stays empty: a text without shingles).
   */
  public static byte[] sketchOf(List<Object> hitValues) {
    return hitValues.isEmpty() ? null : (byte[]) hitValues.get(0);
  }

  /** The {@code _id} among a hit's {@link #hitValues}: "" if it carries none. */
  public static String idOf(List<Object> hitValues) {
    return hitValues.size() > 2 ? (String) hitValues.get(2) : "";
  }

  /**
   * The canonical value among a hit's {@link #hitValues} as they reach the coordinating node: null
   * if it has none.
   */
  public static Object keyOf(List<Object> hitValues) {
    if (hitValues.size() < 2) {
      return null;
    }
    Object key = hitValues.get(1);
    return "".equals(key) ? null : key;
  }

  /**
   * The shingle set among a hit's {@link #hitValues} as they reach the coordinating node: null if
   * the hit carries none, or an empty one.
   */
  public static byte[] shinglesOf(List<Object> hitValues) {
    return hitValues.size() > 3 && hitValues.get(3) instanceof byte[] set && set.length > 0
        ? set
        : null;
  }

  /** The document's {@code _id}, or "" in indexes written before the field kept it. */
  public String id() throws IOException {
    return hasId ? ids.binaryValue().utf8ToString() : "";
  }
}
