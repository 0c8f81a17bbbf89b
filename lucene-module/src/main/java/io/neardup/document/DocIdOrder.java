package io.neardup.document;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;

/**
 * Visits top-level documents given in any order (the hits of a search, say) in increasing doc id
 * order, leaf by leaf, as doc values iterators want: they only go forward. One sort of primitive
 * longs (doc id in the high half, position in the low half) orders them.
 *
 * <pre>{@code
 * DocIdOrder.visit(reader.leaves(), docs, "hits",
 *     leaf -> values = leaf.reader().getBinaryDocValues(field),
 *     (position, leaf, doc) -> { if (values.advanceExact(doc)) out[position] = ...; });
 * }</pre>
 */
public final class DocIdOrder {
  private DocIdOrder() {}

  /** Called when the walk enters a leaf, before its documents. */
  @FunctionalInterface
  public interface LeafVisitor {
    void enter(LeafReaderContext leaf) throws IOException;
  }

  /** Called for each document, in increasing doc id order. */
  @FunctionalInterface
  public interface DocVisitor {
    /**
     * @param position the document's index in the array given to {@link #visit}
     * @param leaf the leaf the document is in
     * @param doc the document's id within its leaf
     */
    void visit(int position, LeafReaderContext leaf, int doc) throws IOException;
  }

  /**
   * Visits {@code docs} (top-level doc ids of the reader whose leaves are given) in increasing doc
   * id order.
   *
   * @param what what the documents are, for errors: {@code "hits"}, {@code "documents"}
   * @throws IllegalArgumentException if a doc id is outside the leaves, or appears twice
   */
  public static void visit(
      List<LeafReaderContext> leaves, int[] docs, String what, LeafVisitor onLeaf, DocVisitor onDoc)
      throws IOException {
    int maxDoc =
        leaves.isEmpty()
            ? 0
            : leaves.get(leaves.size() - 1).docBase
                + leaves.get(leaves.size() - 1).reader().maxDoc();
    long[] byDoc = new long[docs.length];
    for (int i = 0; i < docs.length; i++) {
      if (docs[i] < 0 || docs[i] >= maxDoc) {
        throw new IllegalArgumentException(
            what
                + " must be documents of the searcher's index (maxDoc "
                + maxDoc
                + "), got doc ["
                + docs[i]
                + "]");
      }
      byDoc[i] = ((long) docs[i] << 32) | i;
    }
    Arrays.sort(byDoc);
    int leafIndex = -1;
    LeafReaderContext leaf = null;
    int previous = -1;
    for (long entry : byDoc) {
      int doc = (int) (entry >>> 32);
      if (doc == previous) {
        throw new IllegalArgumentException(
            what
                + " must be distinct documents of the searcher's index, got doc ["
                + doc
                + "] twice");
      }
      previous = doc;
      while (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
        leaf = leaves.get(++leafIndex);
        onLeaf.enter(leaf);
      }
      onDoc.visit((int) entry, leaf, doc - leaf.docBase);
    }
  }
}
