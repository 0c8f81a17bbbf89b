package io.neardup.document;

import io.neardup.canonical.CanonicalPolicy;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.BytesRef;

/**
 * The values a {@link CanonicalPolicy} compares, read from doc values for a set of documents, and
 * the order in which they make a document canonical. Numeric fields (numeric or sorted-numeric doc
 * values, e.g. {@code LongField}, dates as epoch millis) compare as numbers; keyword fields (sorted
 * or sorted-set doc values, e.g. ISO-8601 dates in a {@code KeywordField}) compare as bytes. A
 * multi-valued field contributes its smallest value when ascending and its largest when descending.
 * A chain of keys reads each key's field and combines the values ({@link CanonicalPolicy#key}).
 */
public final class CanonicalKeys {
  private final CanonicalPolicy policy;
  private final Object[] values;

  private CanonicalKeys(CanonicalPolicy policy, int n) {
    this.policy = policy;
    this.values = new Object[n];
  }

  /**
   * Loads the keys of the top-level documents {@code docs} (any order).
   *
   * @throws IllegalArgumentException if a key's field exists without doc values
   */
  public static CanonicalKeys load(IndexReader reader, CanonicalPolicy policy, int[] docs)
      throws IOException {
    if (policy.byScore()) {
      return new CanonicalKeys(policy, 0);
    }
    for (String field : policy.fields()) {
      checkDocValues(reader, field);
    }
    CanonicalKeys keys = new CanonicalKeys(policy, docs.length);
    LeafValues[] leaf = new LeafValues[1];
    DocIdOrder.visit(
        reader.leaves(),
        docs,
        "documents",
        ctx -> leaf[0] = leafValues(ctx.reader(), policy),
        (idx, ctx, doc) -> keys.values[idx] = leaf[0].value(doc));
    return keys;
  }

  /**
   * The policy's values of single documents of one leaf, for engines that read values hit by hit
   * (for example while fetching hits): documents must be read in increasing doc id order.
   *
   * @throws IllegalArgumentException if a key's field exists without doc values
   */
  public static LeafValues leafValues(LeafReader reader, CanonicalPolicy policy)
      throws IOException {
    List<CanonicalPolicy.Key> keys = policy.keys();
    Reader[] readers = new Reader[keys.size()];
    for (int k = 0; k < readers.length; k++) {
      String field = keys.get(k).field();
      FieldInfo info = reader.getFieldInfos().fieldInfo(field);
      if (info != null) {
        checkDocValues(field, info);
        readers[k] = new Reader(reader, keys.get(k), info.getDocValuesType());
      }
    }
    return new LeafValues(readers, policy);
  }

  /** Values of one leaf; see {@link #leafValues}. */
  public static final class LeafValues {
    private final Reader[] readers;
    private final CanonicalPolicy policy;
    private final Object[] one;

    private LeafValues(Reader[] readers, CanonicalPolicy policy) {
      this.readers = readers;
      this.policy = policy;
      this.one = new Object[readers.length];
    }

    /**
     * The value that decides for document {@code doc} of the leaf, as {@link #key} gives it: for
     * one key a {@link Long} for numeric fields, a {@code byte[]} for keyword fields, or null if
     * the document has no value (a multi-valued field gives its smallest value when ascending and
     * its largest when descending); for a chain, {@link CanonicalPolicy#key} of those.
     */
    public Object value(int doc) throws IOException {
      if (readers.length == 0) {
        return null;
      }
      for (int k = 0; k < readers.length; k++) {
        one[k] = readers[k] == null ? null : readers[k].read(doc);
      }
      return policy.key(one);
    }
  }

  private static void checkDocValues(String field, FieldInfo info) {
    if (info.getDocValuesType() == DocValuesType.NONE
        || info.getDocValuesType() == DocValuesType.BINARY) {
      throw new IllegalArgumentException(
          "canonical field ["
              + field
              + "] needs numeric or keyword doc values, it has "
              + info.getDocValuesType());
    }
  }

  private static void checkDocValues(IndexReader reader, String field) {
    for (LeafReaderContext ctx : reader.leaves()) {
      FieldInfo info = ctx.reader().getFieldInfos().fieldInfo(field);
      if (info != null) {
        checkDocValues(field, info);
        return;
      }
    }
  }

  /**
   * The value of the i-th document that the policy compares (see {@link LeafValues#value}), or null
   * if it has none (always by score).
   */
  public Object key(int i) {
    return policy.byScore() ? null : values[i];
  }

  /**
   * Compares the i-th and j-th documents by the policy's keys only, in the policy's {@linkplain
   * CanonicalPolicy#compare order}: negative if i is more canonical, 0 when the keys do not decide.
   */
  public int compare(int i, int j) {
    return policy.compare(key(i), key(j));
  }

  /** Reads one field's values of one leaf in increasing doc order. */
  private static final class Reader {
    private final boolean ascending;
    private NumericDocValues numeric;
    private SortedNumericDocValues sortedNumeric;
    private SortedDocValues sorted;
    private SortedSetDocValues sortedSet;

    Reader(LeafReader reader, CanonicalPolicy.Key key, DocValuesType type) throws IOException {
      this.ascending = key.ascending();
      String field = key.field();
      switch (type) {
        case NUMERIC -> numeric = DocValues.getNumeric(reader, field);
        case SORTED_NUMERIC -> sortedNumeric = DocValues.getSortedNumeric(reader, field);
        case SORTED -> sorted = DocValues.getSorted(reader, field);
        case SORTED_SET -> sortedSet = DocValues.getSortedSet(reader, field);
        default -> throw new IllegalStateException("unexpected doc values type " + type);
      }
    }

    /** The document's value: a Long, a byte[] or null. */
    Object read(int doc) throws IOException {
      if (numeric != null) {
        return numeric.advanceExact(doc) ? (Object) numeric.longValue() : null;
      } else if (sortedNumeric != null) {
        if (!sortedNumeric.advanceExact(doc)) {
          return null;
        }
        int count = sortedNumeric.docValueCount();
        long v = sortedNumeric.nextValue();
        for (int i = 1; i < count; i++) {
          long next = sortedNumeric.nextValue();
          if (!ascending) {
            v = next; // values come in ascending order: the last is the largest
          }
        }
        return v;
      } else if (sorted != null) {
        return sorted.advanceExact(doc)
            ? BytesRef.deepCopyOf(sorted.lookupOrd(sorted.ordValue())).bytes
            : null;
      } else if (sortedSet.advanceExact(doc)) {
        long ord = sortedSet.nextOrd();
        for (int i = 1; i < sortedSet.docValueCount(); i++) {
          long next = sortedSet.nextOrd();
          if (!ascending) {
            ord = next;
          }
        }
        return BytesRef.deepCopyOf(sortedSet.lookupOrd(ord)).bytes;
      }
      return null;
    }
  }
}
