package io.neardup.opensearch.collapse;

import io.neardup.canonical.CanonicalPolicy;
import io.neardup.document.DocIdOrder;
import io.neardup.engine.shard.HitSketchReader;
import io.neardup.opensearch.mapper.NearDupFieldMapper.NearDupFieldType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.LeafFieldComparator;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.util.BigArrays;
import org.opensearch.index.fielddata.IndexFieldData;
import org.opensearch.index.mapper.MappedFieldType;
import org.opensearch.search.DocValueFormat;
import org.opensearch.search.MultiValueMode;
import org.opensearch.search.sort.BucketedSort;
import org.opensearch.search.sort.SortOrder;

/**
 * The comparator behind {@link NearDupWindowSortBuilder}: on the shard it orders nothing (every hit
 * compares equal, so the sorts before it and then the document order decide, as without it) and
 * gives each top hit the value {@link WindowHit#encode}, read from doc values only once the shard's
 * top hits are known; across shards those values break ties as OpenSearch does.
 */
final class WindowHitComparatorSource extends IndexFieldData.XFieldComparatorSource {
  private final MappedFieldType fieldType;
  private final CanonicalPolicy canonical;
  private final boolean shingles;
  private final byte[] shardOrder;

  /**
   * @param fieldType the shard's mapped type of the {@code neardup} field, null if unmapped
   * @param canonical the policy whose field's value each hit carries
   * @param shingles whether each hit carries its shingle set too
   * @param shardOrder the shard's {@link WindowHit#shardOrder}
   */
  WindowHitComparatorSource(
      MappedFieldType fieldType, CanonicalPolicy canonical, boolean shingles, byte[] shardOrder) {
    super(null, MultiValueMode.MIN, null);
    this.fieldType = fieldType;
    this.canonical = canonical;
    this.shingles = shingles;
    this.shardOrder = shardOrder;
  }

  @Override
  public SortField.Type reducedType() {
    return SortField.Type.STRING_VAL;
  }

  @Override
  public BucketedSort newBucketedSort(
      BigArrays bigArrays,
      SortOrder sortOrder,
      DocValueFormat format,
      int bucketSize,
      BucketedSort.ExtraData extra) {
    throw new IllegalArgumentException(
        "[" + NearDupWindowSortBuilder.NAME + "] sorts search hits only, not buckets");
  }

  @Override
  public FieldComparator<BytesRef> newComparator(
      String fieldname, int numHits, Pruning pruning, boolean reversed) {
    return new Comparator(numHits);
  }

  /**
   * The value {@link WindowHit#encode} of each of a shard's top hits, read from doc values leaf by
   * leaf in document order.
   *
   * @param leaves the leaves of the shard's reader
   * @param topDocs the hits, as document numbers of that reader, in any order
   * @return each hit's value, in the order of {@code topDocs}
   */
  BytesRef[] values(List<LeafReaderContext> leaves, int[] topDocs) {
    BytesRef[] values = new BytesRef[topDocs.length];
    HitSketchReader reader = NearDupFieldType.hitReader(fieldType, canonical, shingles);
    try {
      DocIdOrder.visit(
          leaves,
          topDocs,
          "hits",
          leaf -> reader.setLeaf(leaf.reader()),
          (i, leaf, doc) -> {
            reader.advance(doc);
            values[i] =
                WindowHit.encode(
                    shardOrder,
                    leaf.docBase + doc,
                    reader.sketchBytes(),
                    reader.key(),
                    reader.idBytes(),
                    reader.shinglesBytes());
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return values;
  }

  private final class Comparator extends FieldComparator<BytesRef> {
    private final LeafReaderContext[] leaves;
    private final int[] docs;
    private final BytesRef[] values;
    private boolean read;

    Comparator(int numHits) {
      leaves = new LeafReaderContext[numHits];
      docs = new int[numHits];
      values = new BytesRef[numHits];
    }

    @Override
    public int compare(int slot1, int slot2) {
      return 0;
    }

    @Override
    public void setTopValue(BytesRef value) {
      throw new IllegalArgumentException(
          "[" + NearDupWindowSortBuilder.NAME + "] cannot be used with [search_after]");
    }

    @Override
    public BytesRef value(int slot) {
      if (!read) {
        readAll();
      }
      return values[slot];
    }

    /**
     * Reads the values of every filled slot at once, leaf by leaf in document order, as doc values
     * iterate: the collector asks for them in rank order once the top hits are known.
     */
    private void readAll() {
      int filled = 0;
      int[] slotOf = new int[leaves.length];
      int[] topDocs = new int[leaves.length];
      for (int slot = 0; slot < leaves.length; slot++) {
        if (leaves[slot] != null) {
          slotOf[filled] = slot;
          topDocs[filled++] = leaves[slot].docBase + docs[slot];
        }
      }
      if (filled > 0) {
        BytesRef[] read =
            values(
                ReaderUtil.getTopLevelContext(leaves[slotOf[0]]).leaves(),
                Arrays.copyOf(topDocs, filled));
        for (int i = 0; i < filled; i++) {
          values[slotOf[i]] = read[i];
        }
      }
      read = true;
    }

    @Override
    public LeafFieldComparator getLeafComparator(LeafReaderContext context) {
      return new LeafFieldComparator() {
        @Override
        public void setBottom(int slot) {}

        @Override
        public int compareBottom(int doc) {
          return 0;
        }

        @Override
        public int compareTop(int doc) {
          return 0;
        }

        @Override
        public void copy(int slot, int doc) {
          leaves[slot] = context;
          docs[slot] = doc;
          read = false;
        }

        @Override
        public void setScorer(Scorable scorer) {}
      };
    }
  }
}
