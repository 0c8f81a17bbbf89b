package io.neardup.document;

import io.neardup.cluster.CanonicalPolicy;
import java.io.IOException;
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
 */
public final class CanonicalKeys {
  private final CanonicalPolicy policy;
  private final long[] numbers;
  private final byte[][] terms;
  private final boolean[] present;

  private CanonicalKeys(CanonicalPolicy policy, int n, boolean numeric) {
    this.policy = policy;
    this.numbers = numeric ? new long[n] : null;
    this.terms = numeric ? null : new byte[n][];
    this.present = new boolean[n];
  }

  /**
   * Loads the keys of the top-level documents {@code docs} (any order).
   *
   * @throws IllegalArgumentException if the policy's field exists without doc values
   */
  public static CanonicalKeys load(IndexReader reader, CanonicalPolicy policy, int[] docs)
      throws IOException {
    if (policy.byScore()) {
      return new CanonicalKeys(policy, 0, true);
    }
    DocValuesType type = docValuesType(reader, policy.field());
    boolean numeric = type == DocValuesType.NUMERIC || type == DocValuesType.SORTED_NUMERIC;
    CanonicalKeys keys = new CanonicalKeys(policy, docs.length, numeric);
    if (type == null) {
      return keys; // no document has the field: nobody has a value, ties decide
    }
    Reader[] values = new Reader[1];
    DocIdOrder.visit(
        reader.leaves(),
        docs,
        "documents",
        leaf -> values[0] = new Reader(leaf.reader(), policy, type),
        (idx, leaf, doc) -> values[0].read(doc, keys, idx));
    return keys;
  }

  /**
   * The policy's values of single documents of one leaf, for engines that read values hit by hit
   * (for example while fetching hits): documents must be read in increasing doc id order.
   *
   * @throws IllegalArgumentException if the policy's field exists without doc values
   */
  public static LeafValues leafValues(LeafReader reader, CanonicalPolicy policy)
      throws IOException {
    if (policy.byScore()) {
      return new LeafValues(null, policy);
    }
    FieldInfo info = reader.getFieldInfos().fieldInfo(policy.field());
    if (info == null) {
      return new LeafValues(null, policy);
    }
    checkDocValues(policy.field(), info);
    return new LeafValues(new Reader(reader, policy, info.getDocValuesType()), policy);
  }

  /** Values of one leaf; see {@link #leafValues}. */
  public static final class LeafValues {
    private final Reader reader;
    private final CanonicalKeys one;

    private LeafValues(Reader reader, CanonicalPolicy policy) {
      this.reader = reader;
      this.one =
          reader == null
              ? null
              : new CanonicalKeys(
                  policy, 1, reader.numeric != null || reader.sortedNumeric != null);
    }

    /**
     * The value that decides for document {@code doc} of the leaf, as {@link #key} gives it: a
     * {@link Long} for numeric fields, a {@code byte[]} for keyword fields, or null if the document
     * has no value. A multi-valued field gives its smallest value when ascending and its largest
     * when descending.
     */
    public Object value(int doc) throws IOException {
      if (reader == null) {
        return null;
      }
      one.present[0] = false;
      reader.read(doc, one, 0);
      if (!one.present[0]) {
        return null;
      }
      return one.numbers != null ? (Object) one.numbers[0] : one.terms[0];
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

  private static DocValuesType docValuesType(IndexReader reader, String field) {
    for (LeafReaderContext ctx : reader.leaves()) {
      FieldInfo info = ctx.reader().getFieldInfos().fieldInfo(field);
      if (info != null) {
        checkDocValues(field, info);
        return info.getDocValuesType();
      }
    }
    return null;
  }

  /**
   * The value of the i-th document that the policy compares: a {@link Long} for numeric fields, a
   * {@code byte[]} for keyword fields, or null if it has none (always by score).
   */
  public Object key(int i) {
    if (policy.byScore() || !present[i]) {
      return null;
    }
    return numbers != null ? (Object) numbers[i] : terms[i];
  }

  /**
   * Compares the i-th and j-th documents by the policy's field only, in the policy's {@linkplain
   * CanonicalPolicy#compare order}: negative if i is more canonical, 0 when the field does not
   * decide.
   */
  public int compare(int i, int j) {
    return policy.compare(key(i), key(j));
  }

  /** Reads one leaf's values in increasing doc order. */
  private static final class Reader {
    private final boolean ascending;
    private NumericDocValues numeric;
    private SortedNumericDocValues sortedNumeric;
    private SortedDocValues sorted;
    private SortedSetDocValues sortedSet;

    Reader(LeafReader reader, CanonicalPolicy policy, DocValuesType type) throws IOException {
      this.ascending = policy.ascending();
      String field = policy.field();
      switch (type) {
        case NUMERIC -> numeric = DocValues.getNumeric(reader, field);
        case SORTED_NUMERIC -> sortedNumeric = DocValues.getSortedNumeric(reader, field);
        case SORTED -> sorted = DocValues.getSorted(reader, field);
        case SORTED_SET -> sortedSet = DocValues.getSortedSet(reader, field);
        default -> throw new IllegalStateException("unexpected doc values type " + type);
      }
    }

    void read(int doc, CanonicalKeys keys, int idx) throws IOException {
      if (numeric != null) {
        if (numeric.advanceExact(doc)) {
          keys.numbers[idx] = numeric.longValue();
          keys.present[idx] = true;
        }
      } else if (sortedNumeric != null) {
        if (sortedNumeric.advanceExact(doc)) {
          int count = sortedNumeric.docValueCount();
          long v = sortedNumeric.nextValue();
          for (int i = 1; i < count; i++) {
            long next = sortedNumeric.nextValue();
            if (!ascending) {
              v = next; // values come in ascending order: the last is the largest
            }
          }
          keys.numbers[idx] = v;
          keys.present[idx] = true;
        }
      } else if (sorted != null) {
        if (sorted.advanceExact(doc)) {
          keys.terms[idx] = BytesRef.deepCopyOf(sorted.lookupOrd(sorted.ordValue())).bytes;
          keys.present[idx] = true;
        }
      } else if (sortedSet.advanceExact(doc)) {
        long ord = sortedSet.nextOrd();
        for (int i = 1; i < sortedSet.docValueCount(); i++) {
          long next = sortedSet.nextOrd();
          if (!ascending) {
            ord = next;
          }
        }
        keys.terms[idx] = BytesRef.deepCopyOf(sortedSet.lookupOrd(ord)).bytes;
        keys.present[idx] = true;
      }
    }
  }
}
